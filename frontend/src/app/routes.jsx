import { lazy } from 'react';
import Layout from './layout/Layout.jsx';
import Toasts from './layout/Toasts.jsx';
import { PageError, RootError } from './ErrorPages.jsx';
import { guard, listQuery, notFound, routeErrorFrom, STORE_NOT_FOUND_PATH } from './loaderUtils.js';
import {
  articleDescription,
  articleJsonLd,
  organizationJsonLd,
  brandPageJsonLd,
  breadcrumbJsonLd,
  listingDescription,
  productImagePath,
  productJsonLd,
} from '../features/catalog/seo.js';
import { selectViewer } from '../features/account/userSlice.js';
import { shopLoaded } from '../features/shop/shopSlice.js';
import { searchTextChanged } from '../features/search/searchSlice.js';
import StoreNotFoundPage from '../features/content/StoreNotFoundPage.jsx';
import * as catalog from '../api/catalog.js';
import { fetchArticle } from '../api/content.js';
import { ApiError } from '../api/client.js';
import { installLazyTexts, loadShoppingTexts } from './texts.js';

// A page: its path, title key, and how to load its element. The sign-in, account and checkout
// pages are each a chunk of their own (route-level code splitting: a shopper's first load on the
// home, a listing or a product carries none of them), loaded when the route first matches: on the
// server by the static handler, in the browser before hydration for the page it opens on
// (entry-client.jsx, loadLazyMatches) and on navigation otherwise.
const page = (path, chunk, load, titleKey) => ({ path, chunk, load, titleKey });
const SIGN_IN_PAGES = [
  page(
    'login',
    'src/features/account/LoginPage.jsx',
    () => import('../features/account/LoginPage.jsx').then((m) => <m.default />),
    'auth.login',
  ),
  page(
    'register',
    'src/features/account/RegisterPage.jsx',
    () => import('../features/account/RegisterPage.jsx').then((m) => <m.default />),
    'auth.register',
  ),
  page(
    'forgot-password',
    'src/features/account/ForgotPasswordPage.jsx',
    () => import('../features/account/ForgotPasswordPage.jsx').then((m) => <m.default />),
    'auth.forgotTitle',
  ),
  page(
    'reset-password',
    'src/features/account/ResetPasswordPage.jsx',
    () => import('../features/account/ResetPasswordPage.jsx').then((m) => <m.default />),
    'auth.resetTitle',
  ),
  page(
    'admin/login',
    'src/features/account/LoginPage.jsx',
    () => import('../features/account/LoginPage.jsx').then((m) => <m.default admin />),
    'auth.adminTitle',
  ),
];
// Behind the sign-in guard (SPEC section 2), inside the account layout.
const ACCOUNT_PAGES = [
  page(
    'user-profile',
    'src/features/account/ProfilePage.jsx',
    () => import('../features/account/ProfilePage.jsx').then((m) => <m.default />),
    'account.profile',
  ),
  page(
    'favorite',
    'src/features/favorites/FavoritesPage.jsx',
    () => import('../features/favorites/FavoritesPage.jsx').then((m) => <m.default />),
    'account.favorite',
  ),
  page(
    'order-list',
    'src/features/orders/OrderListPage.jsx',
    () => import('../features/orders/OrderListPage.jsx').then((m) => <m.default />),
    'account.orders',
  ),
  page(
    'order-detail/:id',
    'src/features/orders/OrderDetailPage.jsx',
    () => import('../features/orders/OrderDetailPage.jsx').then((m) => <m.default />),
    'account.orders',
  ),
  page(
    'choose-address',
    'src/features/addresses/AddressBook.jsx',
    () => import('../features/addresses/AddressBook.jsx').then((m) => <m.default titleKey="address.choose" choosing />),
    'address.choose',
  ),
  page(
    'address-management',
    'src/features/addresses/AddressBook.jsx',
    () => import('../features/addresses/AddressBook.jsx').then((m) => <m.default titleKey="account.addresses" />),
    'account.addresses',
  ),
];
// Behind the guard too, full width (no account menu).
const SHOPPING_PAGES = [
  page(
    'checkout',
    'src/features/checkout/CheckoutPage.jsx',
    () => import('../features/checkout/CheckoutPage.jsx').then((m) => <m.default />),
    'checkout.title',
  ),
  page(
    'order-summary/:orderNumber',
    'src/features/orders/OrderSummaryPage.jsx',
    () => import('../features/orders/OrderSummaryPage.jsx').then((m) => <m.default />),
    'order.summaryTitle',
  ),
  page(
    'payment-info',
    'src/features/payment/PaymentInfoPage.jsx',
    () => import('../features/payment/PaymentInfoPage.jsx').then((m) => <m.default />),
    'payment.title',
  ),
  page(
    'pay/:orderNumber',
    'src/features/payment/PayPage.jsx',
    () => import('../features/payment/PayPage.jsx').then((m) => <m.default />),
    'pay.title',
  ),
  page(
    'wechat-callback',
    'src/features/payment/WechatCallbackPage.jsx',
    () => import('../features/payment/WechatCallbackPage.jsx').then((m) => <m.default />),
    'pay.title',
  ),
];
const SEARCH_PATH = 'search-product';

// The catalogue's screens (and the terms and privacy pages): a chunk each too, so the home page's
// first load carries no product page and a product's no home page; each route's loader stays here
// and runs while its chunk loads. The SSR preloads the chunk of the page it rendered.
const CATALOG_PAGES = {
  home: page('', 'src/features/catalog/HomePage.jsx', () =>
    import('../features/catalog/HomePage.jsx').then((m) => <m.default />),
  ),
  listing: page('', 'src/features/catalog/ListingPage.jsx', () =>
    import('../features/catalog/ListingPage.jsx').then((m) => <m.default />),
  ),
  product: page('', 'src/features/catalog/ProductPage.jsx', () =>
    import('../features/catalog/ProductPage.jsx').then((m) => <m.default />),
  ),
  terms: page('', 'src/features/content/StaticPage.jsx', () =>
    import('../features/content/StaticPage.jsx').then((m) => <m.default kind="terms" />),
  ),
  privacy: page('', 'src/features/content/StaticPage.jsx', () =>
    import('../features/content/StaticPage.jsx').then((m) => <m.default kind="privacy" />),
  ),
};
// Frames and pages no shopper's first page shows (issue 27: the first load carries only what the
// first paint and the first tap need): the sign-in guard and the account frame, the console's
// guard, an article. Each is a chunk loaded when its route matches, as the
// pages above are; `chunk` names it for the SSR's preload (entry-server.jsx, ssr/preload.js).
const FRAMES = {
  requireAuth: page('', 'src/features/account/RequireAuth.jsx', () =>
    import('../features/account/RequireAuth.jsx').then((m) => <m.default />),
  ),
  accountLayout: page('', 'src/features/account/AccountLayout.jsx', () =>
    import('../features/account/AccountLayout.jsx').then((m) => <m.default />),
  ),
  requireAdmin: page('', 'src/features/account/RequireAdmin.jsx', () =>
    import('../features/account/RequireAdmin.jsx').then((m) => <m.default />),
  ),
  article: page('', 'src/features/content/ArticlePage.jsx', () =>
    import('../features/content/ArticlePage.jsx').then((m) => [
      <m.default key="page" />,
      <m.ArticleError key="error" otherwise={<PageError />} />,
    ]),
  ),
};
/** A frame's lazy element, and the handle naming its chunk beside `handle`. */
const lazyFrame = ({ chunk, load }, handle = {}) => ({
  lazy: async () => ({ element: await load() }),
  handle: { ...handle, chunk },
});

/** A catalogue route's lazy element and the handle naming its chunk. */
const catalogScreen = ({ chunk, load }, meta) => ({
  lazy: async () => ({ element: await load() }),
  handle: { meta, chunk },
});

// The owner's console: its own chunk (with its texts), asked for only once the admin guard has
// let an admin through, so a shopper's pages never download it. Its screens load their data in
// the browser; the server answers /admin/* with the guard's noindex shell and calls no BFF.
const loadConsole = () =>
  Promise.all([import('../features/admin/index.js'), loadShoppingTexts()]).then(([module]) => {
    installLazyTexts('admin', module.strings);
    installLazyTexts('adminOrders', module.orderStrings);
    installLazyTexts('adminCustomers', module.customerStrings);
    return module;
  });
const consoleScreen = (name) => lazy(() => loadConsole().then((module) => ({ default: module[name] })));
const AdminLayout = consoleScreen('AdminLayout');
const ProductListPage = consoleScreen('ProductListPage');
const ProductEditorPage = consoleScreen('ProductEditorPage');
const AuditPage = consoleScreen('AuditPage');
const PaymentProvidersPage = consoleScreen('PaymentProvidersPage');
const AdminNotFound = consoleScreen('AdminNotFound');
const [AdminOrders, AdminOrder, AdminDashboard, AdminCustomers, AdminCustomer] = [
  'OrderListPage',
  'OrderDetailPage',
  'DashboardPage',
  'CustomerListPage',
  'CustomerDetailPage',
].map(consoleScreen);
const ContentListPage = consoleScreen('ContentListPage');
const ContentEditorPage = consoleScreen('ContentEditorPage');
const SettingsPage = consoleScreen('SettingsPage');
const BulkPage = consoleScreen('BulkPage');
const ShippingPage = consoleScreen('ShippingPage');
const PackingSlipsPage = consoleScreen('PackingSlipsPage');
// Titled in the browser by the console's layout; the server's head is the parent route's.
const ADMIN_PAGES = [
  { index: true, element: <ProductListPage /> },
  { path: 'products', element: <ProductListPage /> },
  { path: 'products/new', element: <ProductEditorPage /> },
  { path: 'products/:id', element: <ProductEditorPage /> },
  { path: 'audit', element: <AuditPage /> },
  { path: 'dashboard', element: <AdminDashboard /> },
  { path: 'orders', element: <AdminOrders /> },
  { path: 'orders/:number', element: <AdminOrder /> },
  { path: 'shipping', element: <ShippingPage /> },
  { path: 'packing-slips', element: <PackingSlipsPage /> },
  { path: 'customers', element: <AdminCustomers /> },
  { path: 'customers/:id', element: <AdminCustomer /> },
  { path: 'payments', element: <PaymentProvidersPage /> },
  { path: 'content/:kind', element: <ContentListPage /> },
  { path: 'content/:kind/:id', element: <ContentEditorPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'bulk', element: <BulkPage /> },
  { path: '*', element: <AdminNotFound /> },
];

/** Paths of the pages no crawler should visit (robots.txt, app/sitemap.js): signed-in, sign-in, search results. */
export const PRIVATE_PATHS = [...ACCOUNT_PAGES, ...SHOPPING_PAGES, ...SIGN_IN_PAGES]
  .map(({ path }) => path)
  .concat(SEARCH_PATH);

// `chunk`: the page's module, whose built chunks the SSR preloads (ssr/preload.js, Vite's manifest).
const noindexPage = ({ path, chunk, load, titleKey }) => ({
  path,
  lazy: async () => ({ element: await load() }),
  handle: { meta: ({ t }) => ({ title: t(titleKey), noindex: true }), chunk },
});
/** A sign-in page or a signed-in shopper's: its texts (and title) arrive with it. */
const shoppingPage = (page) => {
  const route = noindexPage(page);
  const { lazy: loadPage } = route;
  return { ...route, lazy: () => Promise.all([loadPage(), loadShoppingTexts()]).then(([loaded]) => loaded) };
};

/** The lazy pages, for the test that each one's chunk is the module it loads. */
export const LAZY_PAGES = [
  ...SIGN_IN_PAGES,
  ...ACCOUNT_PAGES,
  ...SHOPPING_PAGES,
  ...Object.values(CATALOG_PAGES),
  ...Object.values(FRAMES),
];

const plain = (url, page) => (page > 1 ? `${url.pathname}?page=${page}` : url.pathname);

/** Meta of a listing: sorted variants canonicalise to the plain listing. */
const listingMeta =
  (titleOf) =>
  ({ data, t, url }) => ({
    title: titleOf(data, t),
    canonicalPath: plain(url, data?.page || 1),
  });
const titledListingMeta = listingMeta((data) => data?.title);

const categoryMeta = ({ data, t, url }) => ({
  ...titledListingMeta({ data, t, url }),
  description: listingDescription(data, t),
  jsonLd: data
    ? [
        (site) =>
          breadcrumbJsonLd(
            [
              { name: t('nav.home'), path: '/' },
              { name: data.title, path: url.pathname },
            ],
            site,
          ),
      ]
    : [],
});
const brandMeta = ({ data, t, url }) => ({
  ...titledListingMeta({ data, t, url }),
  // The brand's own words when it has them, for its listing's description.
  description: listingDescription(data, t, data?.brand?.tagline),
  image: data?.brand?.avatar || undefined,
  jsonLd: data?.brand
    ? [
        (site) => brandPageJsonLd(data.brand, site, url.pathname),
        (site) =>
          breadcrumbJsonLd(
            [
              { name: t('nav.home'), path: '/' },
              { name: data.title, path: url.pathname },
            ],
            site,
          ),
      ]
    : [],
});
const bannerMeta = ({ data, t, url }) => ({
  ...titledListingMeta({ data, t, url }),
  image: data?.banner?.avatar || undefined,
});
const searchMeta = ({ data, t }) => ({
  title: data?.q ? t('search.title', { q: data.q }) : t('search.titleEmpty'),
  noindex: true,
});

function productMeta({ data, t }) {
  const product = data?.product;
  // A product that is not there (404): the title says what was not found.
  if (!product) return { title: t('product.notFound'), noindex: true };
  const crumbs = [{ name: t('nav.home'), path: '/' }];
  if (product.category) crumbs.push({ name: product.category.name, path: `/category/${product.category.id}` });
  crumbs.push({ name: product.name, path: `/product/${product.id}` });
  return {
    title: product.name,
    description: product.description || undefined,
    image: productImagePath(product) || undefined,
    type: 'product',
    jsonLd: [(site) => productJsonLd(product, site), (site) => breadcrumbJsonLd(crumbs, site)],
  };
}

const homeMeta = ({ shop }) => ({
  jsonLd: [
    (site) => ({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: shop?.shop_name,
      url: `${site}/`,
      // The site search box in results: the search page takes the words as ?q=.
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${site}/search-product?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    }),
    (site) => organizationJsonLd(shop, site),
  ],
});

/**
 * A listing route: its loader calls `fetch` with the sort and page of the URL
 * and returns one shape for every listing screen.
 */
function listing(path, kind, fetch, meta) {
  return {
    path,
    loader: ({ params, request }) =>
      guard(async () => {
        const query = listQuery(request);
        const sort = catalog.normaliseSort(query.sort);
        const page = catalog.normalisePage(query.page);
        const result = await fetch(params, { sort, page }, query);
        return { kind, sort, page, q: query.q, banner: null, brand: null, title: '', ...result };
      }),
    ...catalogScreen(CATALOG_PAGES.listing, meta),
  };
}

/** The catalogue's listings; `viewer()` is the signed-in member whose prices they show, or null. */
function listingRoutes({ api, store, viewer }) {
  const search = (params, query, raw) => {
    const text = raw.q.trim();
    // The search text is shared state: the header box shows it on the server and in the browser.
    store.dispatch(searchTextChanged(text));
    return text ? catalog.searchProducts(api, text, query, viewer()) : { products: [], totalPages: 1 };
  };
  return [
    listing('category/:id', 'category', (p, q) => catalog.fetchCategoryProducts(api, p.id, q, viewer()), categoryMeta),
    listing(
      'best-product',
      'best',
      (p, q) => catalog.fetchBest(api, q, viewer()),
      listingMeta((d, t) => t('listing.best')),
    ),
    listing(
      'newest-product',
      'newest',
      (p, q) => catalog.fetchNewest(api, q, viewer()),
      listingMeta((d, t) => t('listing.newest')),
    ),
    listing(SEARCH_PATH, 'search', search, searchMeta),
    listing('brand/:id', 'brand', (p, q) => catalog.fetchBrandProducts(api, p.id, q, viewer()), brandMeta),
    listing('banner-products/:id', 'banner', (p, q) => catalog.fetchBannerProducts(api, p.id, q, viewer()), bannerMeta),
  ];
}

// Cards in each of the home page's rows: all the BFF is asked for.
const HOME_CARDS = 8;

function homeRoute({ api, viewer }) {
  const loader = () =>
    guard(async () => {
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
    });
  return { index: true, loader, ...catalogScreen(CATALOG_PAGES.home, homeMeta) };
}

const productRoute = ({ api, viewer }) => ({
  path: 'product/:id',
  loader: ({ params }) => guard(async () => ({ product: await catalog.fetchProduct(api, params.id, viewer()) })),
  ...catalogScreen(CATALOG_PAGES.product, productMeta),
});

const contentRoutes = ({ api }) => [
  {
    path: 'article/:id',
    loader: ({ params }) => guard(async () => ({ article: await fetchArticle(api, params.id) })),
    lazy: async () => {
      const [element, errorElement] = await FRAMES.article.load();
      return { element, errorElement };
    },
    handle: {
      chunk: FRAMES.article.chunk,
      meta: ({ data, t, shop }) => ({
        title: data?.article?.title || t('article.notFound'),
        description: (data?.article && articleDescription(data.article)) || undefined,
        type: data?.article ? 'article' : undefined,
        noindex: data?.article ? undefined : true,
        jsonLd: data?.article ? [(site) => articleJsonLd(data.article, site, shop)] : [],
      }),
    },
  },
  { path: 'terms', ...catalogScreen(CATALOG_PAGES.terms, ({ t }) => ({ title: t('terms.title') })) },
  { path: 'privacy-policy', ...catalogScreen(CATALOG_PAGES.privacy, ({ t }) => ({ title: t('privacy.title') })) },
];

/** The guarded pages: the server and a browser without its session yet render a neutral shell. */
const privateRoutes = () => ({
  ...lazyFrame(FRAMES.requireAuth),
  children: [
    { ...lazyFrame(FRAMES.accountLayout), children: ACCOUNT_PAGES.map(shoppingPage) },
    ...SHOPPING_PAGES.map(shoppingPage),
  ],
});

/** /admin/*: outside the storefront's layout and its shop loader (no BFF call on the server). */
const adminRoutes = () => ({
  path: 'admin',
  ...lazyFrame(FRAMES.requireAdmin, { meta: ({ t }) => ({ title: t('auth.consoleTitle'), noindex: true }) }),
  children: [{ element: <AdminLayout overlays={<Toasts />} />, children: ADMIN_PAGES }],
});

const notFoundRoute = () => ({
  path: '*',
  loader: () => {
    throw notFound();
  },
  element: null,
  handle: { meta: ({ t }) => ({ title: t('notFound.title'), noindex: true }) },
});

/** The layout's loader: the shop settings, once per store (a render may bring them from its cache). */
const shopLoader = (store) => async () => {
  if (!store.getState().shop.info) {
    const result = await store.dispatch(shopLoaded());
    if (shopLoaded.rejected.match(result)) {
      const { message, status, code } = result.payload || {};
      throw routeErrorFrom(new ApiError(message || 'Shop failed to load', { status: status ?? 0, code }));
    }
  }
  return null;
};

/**
 * The one route table of both entries. Loaders close over this render's API
 * client and store: the server runs them once; the browser hydrates from their
 * results and runs them only on later navigations.
 */
export function createRoutes({ api, store }) {
  // Signed in, catalogue calls use the member family (member prices); the server is always a guest.
  const viewer = () => selectViewer(store.getState());
  const pages = [
    homeRoute({ api, viewer }),
    ...listingRoutes({ api, store, viewer }),
    productRoute({ api, viewer }),
    ...contentRoutes({ api }),
    ...SIGN_IN_PAGES.map(shoppingPage),
    privateRoutes(),
    notFoundRoute(),
  ];
  return [
    {
      path: STORE_NOT_FOUND_PATH,
      element: <StoreNotFoundPage />,
      handle: { meta: () => ({ title: 'Store not found', noindex: true }) },
    },
    adminRoutes(),
    {
      id: 'root',
      path: '/',
      loader: shopLoader(store),
      // Shop settings do not change while a shopper browses; load them once.
      shouldRevalidate: () => false,
      element: <Layout />,
      errorElement: <RootError />,
      children: [{ id: 'pages', errorElement: <PageError />, children: pages }],
    },
  ];
}
