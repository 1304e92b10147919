import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { CloseIcon } from '../../common/components/Icons.jsx';
import { useT } from '../../i18n/index.js';
import { TOAST_MS, selectToasts, toastDismissed } from '../../features/ui/toastSlice.js';

const STYLE = {
  success: 'bg-emerald-600',
  error: 'bg-rose-600',
  info: 'bg-gray-800',
};

function Toast({ toast }) {
  const t = useT();
  const dispatch = useDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid={`toast-${toast.type}`}
      className={`pointer-events-auto flex items-center gap-3 rounded-lg px-4 py-3 text-sm text-white shadow-lg ${STYLE[toast.type]}`}
    >
      <span className="flex-1">{toast.message}</span>
      <button
        type="button"
        aria-label={t('toast.dismiss')}
        onClick={() => dispatch(toastDismissed(toast.id))}
        className="opacity-80 hover:opacity-100"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  );
}

/** At the bottom of the screen: at the top they covered the header and the cart's first line. Above a
 * phone's sticky checkout bar. */
export default function Toasts() {
  const toasts = useSelector(selectToasts);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-24 z-[70] flex flex-col items-center gap-2 px-4 md:bottom-8"
      data-testid="toasts"
    >
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
