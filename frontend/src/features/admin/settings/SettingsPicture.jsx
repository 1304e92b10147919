import { useState } from 'react';
import { setSettingsImage } from '../../../api/adminContent.js';
import Img from '../../../common/components/Img.jsx';
import { useApiCall } from '../../../common/useApiCall.js';
import { useT } from '../../../i18n/index.js';
import { useNotify } from '../../ui/useNotify.js';
import { Button } from '../fields.jsx';

/** One picture setting (logo, icon, QR code...): replaced or cleared at once, on its own call. */
export default function SettingsPicture({ field, settings, onSettings }) {
  const t = useT();
  const notify = useNotify();
  const call = useApiCall();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const run = async (file) => {
    setBusy(true);
    setProblem(null);
    try {
      onSettings(await call((api) => setSettingsImage(api, field, file)));
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
    <div className="rounded-md p-3 ring-1 ring-gray-200" data-testid={`picture-${field}`}>
      <p className="mb-2 text-sm font-medium text-gray-700">{t(`admin.settings.picture.${field}`)}</p>
      <Img
        src={settings[field]}
        alt=""
        width={128}
        height={128}
        className="h-32 w-32 rounded object-contain ring-1 ring-gray-100"
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <label className="inline-flex cursor-pointer items-center rounded-md bg-white px-2.5 py-1 text-xs font-medium ring-1 ring-gray-300 hover:bg-gray-50">
          {busy ? t('admin.image.uploading') : t('admin.content.picture.choose')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              const [file] = e.target.files;
              e.target.value = '';
              if (file) run(file);
            }}
          />
        </label>
        {settings[field] && (
          <Button small kind="danger" disabled={busy} onClick={() => run(null)}>
            {t('admin.content.picture.remove')}
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-xs text-rose-700">
          {problem}
        </p>
      )}
    </div>
  );
}
