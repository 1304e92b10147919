// The catalogue's routes: the home page, the listings (search too) and a product. Each page is a
// chunk of its own, so the home page's first load carries no product page and a product's no
// home page; each route's loader runs while its chunk loads. app/routes.jsx assembles every
// feature's routes (the fields: features/account/routes.js) and runs each `load` with the
// render's API client, store and viewer (the signed-in member whose prices the calls show, or
// null), mapping BFF failures to router answers. `title` is a function of { data, params, t }
// (app/title.js), `head` the name of the server's part of the page's head (description,
// canonical link, JSON-LD: app/pageHeads.js).
import * as catalog from '../../api/catalog.js';
import { listQuery } from '../../common/loaderUtils.js';
import { searchTextChanged } from '../search/searchSlice.js';

export const SEARCH_PATH = 'search-product';

// Cards in each of the home page's rows: all the BFF is asked for.
const HOME_CARDS = 8;

async function home({ api, viewer }) {
  const [banners, brands, newest, best] = await Promise.all([
    catalog.fetchBanners(api),
    catalog.fetchBrands(api),
    catalog.fetchNewest(api, { sort: '', page: 1, limit: HOME_CARDS }, viewer()),
    catalog.fetchBest(api, { page: 1, limit: HOME_CARDS }, viewer()),
  ]);
  return {
    banners,
    brands,
    newest: newest.products.slice(0, HOME_CARDS),
    best: best.products.slice(0, HOME_CARDS),
  };
}

const listingTitle = ({ data }) => data?.title;
const searchTitle = ({ data, t }) => (data?.q ? t('search.title', { q: data.q }) : t('search.titleEmpty'));

/**
 * A listing route: its loader calls `fetch(context, params, { sort, page }, query)` with the sort
 * and page of the URL and returns one shape for every listing screen.
 */
const listing = (path, kind, fetch, title, head) => ({
  path,
  page: () => import('./ListingPage.jsx'),
  title,
  head,
  load: async (context) => {
    const query = listQuery(context.request);
    const sort = catalog.normaliseSort(query.sort);
    const page = catalog.normalisePage(query.page);
    const result = await fetch(context, context.params, { sort, page }, query);
    return { kind, sort, page, q: query.q, banner: null, brand: null, title: '', ...result };
  },
});

function search({ api, store, viewer }, params, query, raw) {
  const text = raw.q.trim();
  // The search text is shared state: the header box shows it on the server and in the browser.
  store.dispatch(searchTextChanged(text));
  return text ? catalog.searchProducts(api, text, query, viewer()) : { products: [], totalPages: 1 };
}

export const ROUTES = [
  { index: true, page: () => import('./HomePage.jsx'), head: 'home', load: home },
  listing(
    'category/:id',
    'category',
    ({ api, viewer }, p, q) => catalog.fetchCategoryProducts(api, p.id, q, viewer()),
    listingTitle,
    'category',
  ),
  listing(
    'best-product',
    'best',
    ({ api, viewer }, p, q) => catalog.fetchBest(api, q, viewer()),
    ({ t }) => t('listing.best'),
    'listing',
  ),
  listing(
    'newest-product',
    'newest',
    ({ api, viewer }, p, q) => catalog.fetchNewest(api, q, viewer()),
    ({ t }) => t('listing.newest'),
    'listing',
  ),
  listing(SEARCH_PATH, 'search', search, searchTitle, 'noindex'),
  listing(
    'brand/:id',
    'brand',
    ({ api, viewer }, p, q) => catalog.fetchBrandProducts(api, p.id, q, viewer()),
    listingTitle,
    'brand',
  ),
  listing(
    'banner-products/:id',
    'banner',
    ({ api, viewer }, p, q) => catalog.fetchBannerProducts(api, p.id, q, viewer()),
    listingTitle,
    'banner',
  ),
  {
    path: 'product/:id',
    page: () => import('./ProductPage.jsx'),
    title: ({ data, t }) => data?.product?.name ?? t('product.notFound'),
    head: 'product',
    load: async ({ api, viewer, params }) => ({ product: await catalog.fetchProduct(api, params.id, viewer()) }),
  },
];
