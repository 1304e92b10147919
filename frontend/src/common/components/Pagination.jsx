import { Link, useLocation } from 'react-router';
import { paginationCells } from '../pagination.js';
import { useT } from '../../i18n/index.js';
import { listingHref } from './SortBar.jsx';

// Where a cell shows: both widths, from the `sm` breakpoint only, or below it only.
const SHOWN = { both: 'flex', wide: 'hidden sm:flex', phone: 'flex sm:hidden' };
const shownOn = ({ wide, phone }) => SHOWN[wide && phone ? 'both' : wide ? 'wide' : 'phone'];

/**
 * Numbered pages: the first two, the last two and two each side of the current page; on a phone
 * (below `sm`) the first, the current and the last, so the row never wraps at 320 px (issue 30.7).
 */
export default function Pagination({ page, totalPages }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const cells = paginationCells(page, totalPages);
  if (!cells.length) return null;
  const cell = 'h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm';
  const link = (p, label, key, shown = 'flex') => (
    <Link
      key={key}
      to={listingHref(pathname, search, { page: p })}
      aria-label={label}
      className={`${shown} ${cell} bg-white ring-1 ring-gray-200 hover:bg-gray-100`}
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
      {cells.map((c, i) =>
        c.item === 'ellipsis' ? (
          <span key={`e${i}`} className={`${shownOn(c)} ${cell} text-gray-400`}>
            …
          </span>
        ) : c.item === page ? (
          <span key={c.item} aria-current="page" className={`${shownOn(c)} ${cell} bg-gray-900 text-white`}>
            {c.item}
          </span>
        ) : (
          link(c.item, String(c.item), c.item, shownOn(c))
        ),
      )}
      {page < totalPages && link(page + 1, t('page.next'), 'next')}
    </nav>
  );
}
