import Pagination from '../../common/components/Pagination.jsx';
import { useT } from '../../i18n/index.js';

// The console's paged lists (products, content, orders, customers) share one frame: the table with
// its header row, a line when the page is empty, and the total and pages below.

/** `head`: the header cells; `children`: the table's <tbody>; `empty`: the loaded page has no rows. */
export function ListTable({ list, empty, head, children }) {
  const t = useT();
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-gray-100">
      <table className="min-w-full text-left text-sm">
        <thead className="bg-gray-50 text-xs uppercase text-gray-500">
          <tr>{head}</tr>
        </thead>
        {children}
      </table>
      {list.loaded && empty && <p className="p-6 text-center text-sm text-gray-500">{t('admin.empty')}</p>}
    </div>
  );
}

/** How many rows the list holds in all, and its pages. */
export function ListFooter({ list, page }) {
  const t = useT();
  if (!list.data) return null;
  return (
    <>
      <p className="text-xs text-gray-500">{t('admin.total', { n: list.data.total })}</p>
      <Pagination page={page} totalPages={list.data.last_page} />
    </>
  );
}
