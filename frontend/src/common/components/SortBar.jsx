import { Link, useLocation } from 'react-router';
import { SORTS, DEFAULT_SORT } from '../../api/paths.js';
import { useT } from '../../i18n/index.js';

export function listingHref(pathname, search, changes) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value == null || value === '' || (key === 'page' && Number(value) === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

export default function SortBar({ sort }) {
  const t = useT();
  const { pathname, search } = useLocation();
  // No sort in the URL is the list's own order, shown as the default choice.
  const current = SORTS.includes(sort) ? sort : DEFAULT_SORT;
  return (
    <nav aria-label={t('sort.label')} className="-mx-1 flex gap-1 overflow-x-auto pb-1 text-sm" data-testid="sort-bar">
      {SORTS.map((s) => (
        <Link
          key={s}
          to={listingHref(pathname, search, { sort: s, page: 1 })}
          preventScrollReset
          aria-current={s === current ? 'true' : undefined}
          className={`whitespace-nowrap rounded-full px-3 py-1.5 ${s === current ? 'bg-gray-900 text-white' : 'bg-white text-gray-700 ring-1 ring-gray-200 hover:bg-gray-100'}`}
        >
          {t(`sort.${s}`)}
        </Link>
      ))}
    </nav>
  );
}
