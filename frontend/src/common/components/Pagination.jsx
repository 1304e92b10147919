import { Link, useLocation } from 'react-router';
import { paginationItems } from '../display.js';
import { useT } from '../../i18n/index.js';
import { listingHref } from './SortBar.jsx';

export default function Pagination({ page, totalPages }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const items = paginationItems(page, totalPages);
  if (!items.length) return null;
  const cell = 'flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm';
  const link = (p, label, key) => (
    <Link
      key={key}
      to={listingHref(pathname, search, { page: p })}
      aria-label={label}
      className={`${cell} bg-white ring-1 ring-gray-200 hover:bg-gray-100`}
    >
      {key === 'prev' ? '‹' : key === 'next' ? '›' : p}
    </Link>
  );
  return (
    <nav
      aria-label={t('page.label')}
      className="mt-8 flex flex-wrap items-center justify-center gap-1"
      data-testid="pagination"
    >
      {page > 1 && link(page - 1, t('page.prev'), 'prev')}
      {items.map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`e${i}`} className={`${cell} text-gray-400`}>
            …
          </span>
        ) : item === page ? (
          <span key={item} aria-current="page" className={`${cell} bg-gray-900 text-white`}>
            {item}
          </span>
        ) : (
          link(item, String(item), item)
        ),
      )}
      {page < totalPages && link(page + 1, t('page.next'), 'next')}
    </nav>
  );
}
