import { useState } from 'react';
import { setContentPicture } from '../../../api/adminContent.js';
import Img from '../../../common/components/Img.jsx';
import { useApiCall } from '../../../common/useApiCall.js';
import { useT } from '../../../i18n/index.js';
import { useNotify } from '../../ui/useNotify.js';
import { Button, Panel } from '../fields.jsx';

/**
 * The one picture of a saved category, brand (its logo) or banner: replace or remove. The BFF
 * checks the content; its answer (with the new version) goes to `onSaved`.
 */
export default function ContentPicture({ kind, obj, onSaved }) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);

  const run = async (file) => {
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await call((api) => setContentPicture(api, kind, obj.id, file, obj.version)));
      notify('success', t(file ? 'admin.content.picture.saved' : 'admin.content.picture.removed'));
    } catch (error) {
      const message = error?.data?.errors?.image?.[0] || error.message;
      setProblem(message);
      notify('error', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('admin.content.picture')} testId="content-picture">
      <div className="flex flex-wrap items-center gap-4">
        <Img
          src={obj.avatar}
          alt=""
          width={160}
          height={96}
          className="h-24 w-40 rounded object-contain ring-1 ring-gray-200"
        />
        <div className="space-y-2">
          <label className="inline-flex cursor-pointer items-center rounded-md bg-white px-4 py-2 text-sm font-medium ring-1 ring-gray-300 hover:bg-gray-50">
            {busy ? t('admin.image.uploading') : t('admin.content.picture.choose')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="sr-only"
              disabled={busy}
              data-testid="content-picture-input"
              onChange={(e) => {
                const [file] = e.target.files;
                e.target.value = '';
                if (file) run(file);
              }}
            />
          </label>
          {obj.avatar && (
            <Button small kind="danger" disabled={busy} onClick={() => run(null)}>
              {t('admin.content.picture.remove')}
            </Button>
          )}
          <p className="text-xs text-gray-500">{t('admin.content.picture.rules')}</p>
        </div>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {problem}
        </p>
      )}
    </Panel>
  );
}
