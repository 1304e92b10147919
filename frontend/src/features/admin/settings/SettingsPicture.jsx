import { setSettingsImage } from '../../../api/adminContent.js';
import Img from '../../../common/components/Img.jsx';
import { useT } from '../../../i18n/index.js';
import { Button } from '../fields.jsx';
import { PictureChooser, usePictureUpload } from '../PictureUpload.jsx';

/** One picture setting (logo, icon, QR code...): replaced or cleared at once, on its own call. */
export default function SettingsPicture({ field, settings, onSettings }) {
  const t = useT();
  const { busy, problem, run } = usePictureUpload(
    (api, file) => setSettingsImage(api, field, file, settings.version),
    onSettings,
  );
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
        <PictureChooser busy={busy} onFile={run} className="px-2.5 py-1 text-xs" />
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
