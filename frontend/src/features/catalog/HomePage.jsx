import { Link, useLoaderData } from 'react-router';
import { useSelector } from 'react-redux';
import ProductGrid from './ProductGrid.jsx';
import Img from '../../common/components/Img.jsx';
import BannerSlider from './BannerSlider.jsx';
import BrandCarousel from './BrandCarousel.jsx';
import { useT } from '../../i18n/index.js';
import { selectShop } from '../shop/shopSlice.js';

function Row({ title, to, products, testId }) {
  const t = useT();
  return (
    <section className="mt-10" data-testid={testId}>
      <div className="mb-4 flex items-end justify-between">
        <h2 className="text-xl font-semibold">{title}</h2>
        <Link to={to} className="text-sm text-rose-600 hover:underline">
          {t('home.viewAll')} ›
        </Link>
      </div>
      <ProductGrid products={products} emptyText={t('listing.empty')} />
    </section>
  );
}

function Incentives() {
  const shop = useSelector(selectShop) || {};
  const items = [1, 2, 3]
    .map((n) => ({
      name: shop[`shop_incentive_name${n}`],
      image: shop[`shop_incentive_image${n}`],
      description: shop[`shop_incentive_description${n}`],
    }))
    .filter((item) => item.name);
  if (!shop.shop_incentive_title && !items.length) return null;
  return (
    <section className="mt-12 rounded-2xl bg-white px-6 py-10 ring-1 ring-gray-100" data-testid="incentives">
      <h2 className="text-center text-xl font-semibold">{shop.shop_incentive_title}</h2>
      <div className="mt-8 grid gap-8 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.name} className="text-center">
            <Img src={item.image} alt="" width={64} height={64} className="mx-auto h-16 w-16 object-contain" />
            <h3 className="mt-4 font-medium">{item.name}</h3>
            <p className="mt-2 text-sm text-gray-600">{item.description}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

export default function HomePage() {
  const t = useT();
  const { banners, brands, newest, best } = useLoaderData();
  const shop = useSelector(selectShop);
  return (
    <div className="pt-4">
      {/* The page's one h1, for screen readers and search engines: the banner says it visually. */}
      <h1 className="sr-only">{shop?.shop_name}</h1>
      <BannerSlider banners={banners} />
      <Row title={t('home.newProducts')} to="/newest-product" products={newest} testId="new-products" />
      <Row title={t('home.hotProducts')} to="/best-product" products={best} testId="hot-products" />
      <BrandCarousel brands={brands.filter((b) => b.is_featured !== false && b.is_featured !== 0)} />
      <Incentives />
    </div>
  );
}
