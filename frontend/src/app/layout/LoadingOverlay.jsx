import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { selectIsLoading } from '../../features/ui/loadingSlice.js';

// The fade-in delay keeps quick requests from flashing the overlay.
export default function LoadingOverlay() {
  const t = useT();
  const loading = useSelector(selectIsLoading);
  if (!loading) return null;
  return (
    <div
      className="fixed inset-0 z-[60] flex items-center justify-center bg-white/60 opacity-0 [animation:fade-in_150ms_ease-out_200ms_forwards]"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-gray-300 border-t-rose-600" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
