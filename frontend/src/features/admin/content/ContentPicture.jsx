import { setContentPicture } from '../../../api/adminContent.js';
import Img from '../../../common/components/Img.jsx';
import { useT } from '../../../i18n/index.js';
import { Button, Panel } from '../fields.jsx';
import { PictureChooser, usePictureUpload } from '../PictureUpload.jsx';

/**
 * The one picture of a saved category, brand (its logo) or banner: replace or remove. The BFF
 * checks the content; its answer (with the new version) goes to `onSaved`.
 */
export default function ContentPicture({ kind, obj, onSaved }) {
  const t = useT();
  const { busy, problem, run } = usePictureUpload(
    (api, file) => setContentPicture(api, kind, obj.id, file, obj.version),
    onSaved,
  );

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
          <PictureChooser busy={busy} onFile={run} className="px-4 py-2 text-sm" testId="content-picture-input" />
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
