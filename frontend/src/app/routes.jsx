import { createElement, lazy } from 'react';
import Layout from './layout/Layout.jsx';
import Toasts from './layout/Toasts.jsx';
import { PageError, RootError } from './ErrorPages.jsx';
import { guard, notFound, routeErrorFrom, STORE_NOT_FOUND_PATH } from '../common/loaderUtils.js';
import { selectViewer } from '../features/account/userSlice.js';
import { shopLoaded } from '../features/shop/shopSlice.js';
import StoreNotFoundPage from '../features/content/StoreNotFoundPage.jsx';
import { ApiError } from '../api/client.js';
import { installLazyTexts, loadFirstTexts, loadShoppingTexts } from './textLoader.js';
import { FRAMES, ROUTES as ACCOUNT } from '../features/account/routes.js';
import { ROUTES as ADDRESSES } from '../features/addresses/routes.js';
import { SCREENS } from '../features/admin/routes.js';
import { ROUTES as CATALOG, SEARCH_PATH } from '../features/catalog/routes.js';
import { ROUTES as CHECKOUT } from '../features/checkout/routes.js';
import { ROUTES as CONTENT } from '../features/content/routes.js';
import { ROUTES as FAVORITES } from '../features/favorites/routes.js';
import { ROUTES as ORDERS } from '../features/orders/routes.js';
import { ROUTES as PAYMENT } from '../features/payment/routes.js';

// The route table, assembled from each feature's routes (features/<feature>/routes.js: path,
// loader, title and head, and the page's module, written there once). Every page is a chunk of its
// own (route-level code splitting: a shopper's first load on the home, a listing or a product
// carries none of the others), loaded when its route first matches: on the server by the static
// handler, in the browser before hydration for the page it opens on (entry-client.jsx,
// loadLazyMatches) and on navigation otherwise. The server names the chunks of the pages it
// rendered for the SSR's preload (entry-server.jsx pageChunk, ssr/preload.js). `handle.private`
// marks the routes (and what lies below them) that the SSR's page cache never keeps
// (privatePaths, ssr/pageCache.js).
const ROUTES = [...ACCOUNT, ...FAVORITES, ...CHECKOUT, ...ORDERS, ...ADDRESSES, ...PAYMENT, ...CATALOG, ...CONTENT];
// A page in a frame is behind the sign-in guard, so private whatever its flag says.
const PRIVATE = ROUTES.filter((route) => route.private || route.frame);
/** The private pages in `frame` ('account', 'member'), or outside any (the sign-in pages). */
const inFrame = (frame) => PRIVATE.filter((route) => route.frame === frame);

/** Paths of the pages no crawler should visit (robots.txt, app/sitemap.js): signed-in, sign-in, search results. */
export const hiddenPaths = () =>
  [...inFrame('account'), ...inFrame('member'), ...inFrame()].map(({ path }) => path).concat(SEARCH_PATH);

/**
 * A page's lazy part, with `handle`: its module's default export with the route's `props` as its
 * element, and the export the route names as its `error` element.
 */
const lazyPage = ({ page, props, error }, handle = {}) => ({
  lazy: () =>
    page().then((m) => ({
      element: createElement(m.default, props),
      ...(error && { errorElement: createElement(m[error], { otherwise: <PageError /> }) }),
    })),
  handle,
});

/**
 * A private page (sign-in, or a signed-in shopper's): noindex, titled by its `titleKey`, never in
 * the page cache; its texts (and title) arrive with it.
 */
const privatePage = (route) => {
  const { lazy: loadPage, handle } = lazyPage(route, {
    title: ({ t }) => t(route.titleKey),
    head: 'noindex',
    private: true,
  });
  return {
    path: route.path,
    lazy: () => Promise.all([loadPage(), loadShoppingTexts()]).then(([loaded]) => loaded),
    handle,
  };
};

/**
 * A public page: its loader runs the feature's `load` with this render's API client, store and
 * viewer (`contextOf` the loader's arguments: createRoutes), mapping BFF failures to router
 * answers; `title` and `head` as the feature gives them.
 */
const publicPage = (route, contextOf) => ({
  ...(route.index ? { index: true } : { path: route.path }),
  ...(route.load && { loader: (args) => guard(() => route.load({ ...contextOf(args), ...args })) }),
  ...lazyPage(route, { title: route.title, head: route.head }),
});

// The owner's console: its own chunk (with its texts), asked for only once the admin guard has
// let an admin through, so a shopper's pages never download it. Its screens load their data in
// the browser; the server answers /admin/* with the guard's noindex shell and calls no BFF, so
// the page's language is not known before hydration: the console brings both languages' texts.
const loadConsole = () =>
  Promise.all([
    import('../features/admin/index.js'),
    loadShoppingTexts(),
    loadFirstTexts('zh'),
    loadFirstTexts('en'),
  ]).then(([module]) => {
    installLazyTexts('admin', module.strings);
    installLazyTexts('adminOrders', module.orderStrings);
    installLazyTexts('adminCustomers', module.customerStrings);
    installLazyTexts('adminPromotions', module.promotionStrings);
    return module;
  });
const consoleScreens = {};
/** A console screen by its export's name: one lazy component each, shared by its routes. */
const consoleScreen = (name) =>
  consoleScreens[name] ||
  (consoleScreens[name] = lazy(() => loadConsole().then((module) => ({ default: module[name] }))));
const AdminLayout = consoleScreen('AdminLayout');

/** The guarded pages: the server and a browser without its session yet render a neutral shell. */
const memberRoutes = () => ({
  ...lazyPage({ page: FRAMES.requireAuth }),
  children: [
    { ...lazyPage({ page: FRAMES.accountLayout }), children: inFrame('account').map(privatePage) },
    ...inFrame('member').map(privatePage),
  ],
});

/** /admin/*: outside the storefront's layout and its shop loader (no BFF call on the server). */
const adminRoutes = () => ({
  path: 'admin',
  ...lazyPage(
    { page: FRAMES.requireAdmin },
    { title: ({ t }) => t('auth.consoleTitle'), head: 'noindex', private: true },
  ),
  children: [
    {
      element: <AdminLayout overlays={<Toasts />} />,
      children: SCREENS.map(({ screen, ...route }) => ({ ...route, element: createElement(consoleScreen(screen)) })),
    },
  ],
});

const notFoundRoute = () => ({
  path: '*',
  loader: () => {
    throw notFound();
  },
  element: null,
  handle: { title: ({ t }) => t('notFound.title'), head: 'noindex' },
});

/** The layout's loader: the shop settings, once per store (a render may bring them from its cache). */
const shopLoader = (contextOf) => async (args) => {
  const { store } = contextOf(args);
  if (!store.getState().shop.info) {
    const result = await store.dispatch(shopLoaded());
    if (shopLoaded.rejected.match(result)) {
      const { message, status, code } = result.payload || {};
      throw routeErrorFrom(new ApiError(message || 'Shop failed to load', { status: status ?? 0, code }));
    }
  }
  return null;
};

/** What the pages' loaders are given besides the router's arguments: an API client, a store and the viewer. */
export function loaderContext({ api, store }) {
  // Signed in, catalogue calls use the member family (member prices); the server is always a guest.
  return { api, store, viewer: () => selectViewer(store.getState()) };
}

/**
 * The one route table of both entries. The browser's one router binds its API client and store
 * here (`bound`); the server's table, built once and shared by every render, binds none: each
 * render hands its loaders its own client and store as the request context (entry-server.jsx,
 * loaderContext), which the router gives every loader as `context`. The server runs the loaders
 * once; the browser hydrates from their results and runs them only on later navigations.
 */
export function createRoutes(bound = null) {
  const fixed = bound && loaderContext(bound);
  const contextOf = fixed ? () => fixed : ({ context }) => context;
  const pages = [
    ...ROUTES.filter((route) => !PRIVATE.includes(route)).map((route) => publicPage(route, contextOf)),
    ...inFrame().map(privatePage),
    memberRoutes(),
    notFoundRoute(),
  ];
  return [
    {
      path: STORE_NOT_FOUND_PATH,
      element: <StoreNotFoundPage />,
      handle: { title: () => 'Store not found', head: 'noindex', private: true },
    },
    adminRoutes(),
    {
      id: 'root',
      path: '/',
      loader: shopLoader(contextOf),
      // Shop settings do not change while a shopper browses; load them once.
      shouldRevalidate: () => false,
      element: <Layout />,
      errorElement: <RootError />,
      children: [{ id: 'pages', errorElement: <PageError />, children: pages }],
    },
  ];
}

/**
 * The paths the SSR's page cache never keeps (ssr/pageCache.js; the server entry hands them to
 * it): every route of the table marked private, as the part of its path before the first
 * parameter, each covering what lies below it ('/order-detail' for 'order-detail/:id', '/admin').
 */
export function privatePaths(routes, parent = '') {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    if (route.handle?.private) return [path.split('/:')[0].split('/*')[0]];
    return route.children ? privatePaths(route.children, path === '/' ? '' : path) : [];
  });
}
