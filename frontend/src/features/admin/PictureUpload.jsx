import { useState } from 'react';
import { useApiCall } from '../../common/useApiCall.js';
import { useT } from '../../i18n/index.js';
import { useNotify } from '../ui/useNotify.js';

/**
 * Replacing or removing one picture on its own call (`send(api, file)`, file null to remove):
 * busy while it runs, the BFF's answer to `onSaved`, the BFF's word on a refused file in `problem`.
 */
export function usePictureUpload(send, onSaved) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);

  const run = async (file) => {
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await call((api) => send(api, file)));
      notify('success', t(file ? 'admin.content.picture.saved' : 'admin.content.picture.removed'));
    } catch (error) {
      const message = error?.data?.errors?.image?.[0] || error.message;
      setProblem(message);
      notify('error', message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

/** The "choose a picture" button: a label around a hidden file input, one file at a time. */
export function PictureChooser({ busy, onFile, className, testId }) {
  const t = useT();
  return (
    <label
      className={`inline-flex cursor-pointer items-center rounded-md bg-white font-medium ring-1 ring-gray-300 hover:bg-gray-50 ${className}`}
    >
      {busy ? t('admin.image.uploading') : t('admin.content.picture.choose')}
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        disabled={busy}
        data-testid={testId}
        onChange={(e) => {
          const [file] = e.target.files;
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
