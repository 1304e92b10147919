import { useT } from '../../i18n/index.js';
import { Button } from './fields.jsx';

/**
 * A save refused because another came first (412): the BFF's words, and a reload that is asked
 * for. Every console editor shows it; `reloadKey` names what its button reloads.
 */
export default function StaleNotice({ message, onReload, reloadKey = 'admin.content.reload' }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="rounded-md bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
      data-testid="stale-notice"
    >
      <p>{message}</p>
      <p className="mt-1 text-amber-800">{t('admin.stale.keep')}</p>
      <Button className="mt-3" onClick={onReload} data-testid="stale-reload">
        {t(reloadKey)}
      </Button>
    </div>
  );
}
