import { useT } from '../../i18n/index.js';
import { Button } from './fields.jsx';

/** Previous / next through a page of the BFF ({ current_page, last_page }) kept in the screen's state. */
export default function PagedNav({ page, onPage }) {
  const t = useT();
  if (!page || page.last_page <= 1) return null;
  return (
    <div className="mt-3 flex items-center justify-end gap-2 text-sm">
      <Button small disabled={page.current_page <= 1} onClick={() => onPage(page.current_page - 1)}>
        {t('page.prev')}
      </Button>
      <span className="text-gray-600">
        {page.current_page} / {page.last_page}
      </span>
      <Button small disabled={page.current_page >= page.last_page} onClick={() => onPage(page.current_page + 1)}>
        {t('page.next')}
      </Button>
    </div>
  );
}
