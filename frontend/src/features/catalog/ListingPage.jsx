import { useLoaderData } from 'react-router';
import ProductGrid from './ProductGrid.jsx';
import SortBar from '../../common/components/SortBar.jsx';
import Pagination from '../../common/components/Pagination.jsx';
import Img from '../../common/components/Img.jsx';
import { useT } from '../../i18n/index.js';

/** Category, search, best, newest, brand and banner listings share this screen. */
export default function ListingPage() {
  const t = useT();
  const { kind, title, products, page, totalPages, sort, banner, q } = useLoaderData();
  const heading =
    kind === 'search'
      ? q
        ? t('search.title', { q })
        : t('search.titleEmpty')
      : kind === 'best'
        ? t('listing.best')
        : kind === 'newest'
          ? t('listing.newest')
          : title;
  return (
    <div className="pt-6">
      {kind === 'banner' && banner?.avatar && (
        <div className="mb-6 aspect-[3/1] overflow-hidden rounded-2xl bg-gray-200" data-testid="banner-header">
          <Img
            src={banner.avatar}
            srcSet={banner.avatar_srcset}
            alt={banner.name || ''}
            width={1200}
            height={400}
            eager
            className="h-full w-full object-cover"
          />
        </div>
      )}
      <header className="mb-4">
        <h1 className="text-2xl font-semibold" data-testid="listing-title">
          {heading}
        </h1>
        {kind === 'brand' && (
          <p className="mt-1 text-sm text-gray-600" data-testid="brand-tagline">
            {t('brand.tagline')}
          </p>
        )}
      </header>
      <div className="mb-4">
        <SortBar sort={sort} />
      </div>
      <ProductGrid products={products} emptyText={t('listing.empty')} headingLevel={2} />
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}
