import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSelector } from 'react-redux';
import { useT } from '../../i18n/index.js';
import { useRemote } from '../../common/useRemote.js';
import ProductGrid from '../catalog/ProductGrid.jsx';
import Pagination from '../../common/components/Pagination.jsx';
import SortBar from '../../common/components/SortBar.jsx';
import { SORTS } from '../../api/paths.js';
import { fetchFavorites } from '../../api/favorites.js';
import { selectFavoriteIds } from './favoriteSlice.js';

/** /favorite: the wish list with the sort bar and numbered pages. */
export default function FavoritesPage() {
  const t = useT();
  const [params] = useSearchParams();
  const sort = SORTS.includes(params.get('sort')) ? params.get('sort') : '';
  const page = Math.max(1, Number.parseInt(params.get('page'), 10) || 1);
  const { data, reload } = useRemote((api) => fetchFavorites(api, { sort, page }), [sort, page]);
  // A heart un-ticked on this page: the list follows.
  const ids = useSelector(selectFavoriteIds).join(',');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reload();
  }, [ids, reload]);
  const products = (data?.favorites || []).map((f) => f.product).filter(Boolean);
  return (
    <section className="space-y-4" data-testid="favorites-page">
      <h1 className="text-xl font-semibold">{t('account.favorite')}</h1>
      <SortBar sort={sort} />
      {data && <ProductGrid products={products} emptyText={t('favorite.empty')} headingLevel={2} />}
      <Pagination page={page} totalPages={data?.lastPage || 1} />
    </section>
  );
}
