import { useT } from '../../i18n/index.js';
import StaleNotice from './StaleNotice.jsx';

/** Why a console editor's save was refused (useEditor's `failure`): stale, or any other problem. */
export function SaveFailure({ failure, onReload, reloadKey }) {
  if (!failure) return null;
  if (failure.kind === 'stale') {
    return <StaleNotice message={failure.message} onReload={onReload} reloadKey={reloadKey} />;
  }
  return (
    <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="save-problem">
      {failure.message}
    </p>
  );
}

/** An editor whose object has not arrived: loading, or why it cannot be read. */
export function EditorLoading({ remote }) {
  const t = useT();
  return remote.error ? (
    <p role="alert" className="text-sm text-rose-700">
      {remote.error.message}
    </p>
  ) : (
    <p className="text-sm text-gray-500">{t('admin.loading')}</p>
  );
}
