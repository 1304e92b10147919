import http from 'node:http';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createApiClient } from './api/http.js';
import { fetchShop } from './api/catalog.js';
import { fetchSitemap } from './api/content.js';
import { createAppStore, publicState } from './app/store.js';
import { createRoutes, loaderContext, privatePaths } from './app/routes.jsx';
import Hydrated from './app/Hydrated.jsx';
import { installLazyFolders } from './app/texts.js';
import { FIRST_TEXTS } from './app/textLoader.js';
import { SHOPPING_TEXTS } from './app/shoppingTexts.js';
import { buildHead, renderHead, siteOrigin } from './app/head.js';
import { languageOf } from './i18n/index.js';
import { renderRobots, renderSitemapXml } from './app/sitemap.js';

// The server renders every page: all the shopper's texts from the start.
installLazyFolders(SHOPPING_TEXTS);

// The route table and its static handler, built once for every render: building the handler
// (flattening and ranking every route's branches, compiling their paths) was a tenth of an uncached
// page's render (node --cpu-prof, issue 27). Each render hands the loaders its own API client and
// store as the request context (createRoutes), so renders running at once share nothing else.
const routes = createRoutes();
const handler = createStaticHandler(routes);

// Shared by all renders (it holds sockets, no shopper data). Idle sockets close
// after 2 s, before the BFF's keep-alive limit, so none is reused as it closes.
const bffAgent = new http.Agent({ keepAlive: true, timeout: 2000 });

// Every feature module a route may load lazily, by its default export, so a render names the
// chunks of the pages it rendered (the SSR preloads them: ssr/preload.js) without the route table
// naming each module twice. The server's alone; the console's screens are its own chunk, which the
// server never renders.
const PAGE_MODULES = new Map(
  Object.entries(
    import.meta.glob(['/src/features/*/*.jsx', '!**/*.test.jsx', '!/src/features/admin/**'], { eager: true }),
  )
    .filter(([, module]) => module.default)
    .map(([file, module]) => [module.default, file.slice(1)]),
);

/** The module ('src/features/account/LoginPage.jsx') of the page a matched route rendered, if any. */
export const pageChunk = (route) => PAGE_MODULES.get(route.element?.type);

// Shop settings, the category menu and footer articles change rarely and every
// page needs them: a render may reuse them for a short while (layoutCacheMs),
// keyed by shop host. Only shops that exist are kept, so a flood of made-up
// Host headers cannot grow it.
const layoutCache = new Map();
const LAYOUT_CACHE_MAX = 500;
// Once a host's copy expires, the first render fetches the layout again and the renders beside it
// keep using the expired copy, for at most this long (ssr/pageCache.js counts it in a page's age).
// Every render that found it expired used to fetch it: under load, a burst of three BFF calls a
// render every layoutCacheMs.
export const LAYOUT_REFRESH_MS = 500;

function cachedLayout(host, now) {
  const hit = layoutCache.get(host);
  if (!hit) return null;
  if (hit.expires > now) return hit.shop;
  if (now - hit.expires < LAYOUT_REFRESH_MS) {
    if (hit.refreshing) return hit.shop;
    hit.refreshing = true; // this render's; a failed one leaves the copy to its end above
    return null;
  }
  layoutCache.delete(host);
  return null;
}

function keepLayout(host, shop, ttl, now) {
  if (!ttl || !shop.info || shop.error) return;
  if (layoutCache.size >= LAYOUT_CACHE_MAX) layoutCache.delete(layoutCache.keys().next().value);
  layoutCache.set(host, { shop: { ...shop, loading: false }, expires: now + ttl });
}

/**
 * Render one page request. A fresh store and API client per call: nothing
 * leaks between shoppers or shops.
 * origin: the public origin of the request (http://host:port); bffUrl: where the BFF listens;
 * layoutCacheMs: how long shop settings may be reused (0: fetch them every time).
 * nonce: the page's CSP nonce, for the router's hydration-data script.
 * requestId: sent to the BFF on every call (X-Request-Id), so both processes log the page view under it.
 * Returns { redirect, status } or { status, html, head, lang, state, noindex, chunks }, each with
 * route (the matched route's template, '/product/:id') and bffCalls (for the SSR's metrics).
 */
export async function render({ url, origin, bffUrl, signal, layoutCacheMs = 0, nonce, requestId }) {
  const siteHost = new URL(origin).hostname;
  let bffCalls = 0;
  const onRequest = () => {
    bffCalls += 1;
  };
  const api = createApiClient({ baseURL: bffUrl, siteHost, httpAgent: bffAgent, requestId, onRequest });
  const now = Date.now();
  const cached = layoutCacheMs ? cachedLayout(siteHost, now) : null;
  const store = createAppStore({ api, preloadedState: cached ? { shop: cached } : undefined });
  const context = await handler.query(new Request(new URL(url, origin), { signal }), {
    requestContext: loaderContext({ api, store }),
  });
  if (context instanceof Response) {
    return { status: context.status, redirect: context.headers.get('Location'), route: 'redirect', bffCalls };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} nonce={nonce} />
        <Hydrated />
      </Provider>
    </StrictMode>,
  );
  if (!cached) keepLayout(siteHost, store.getState().shop, layoutCacheMs, now);
  const shop = store.getState().shop.info;
  const matches = context.matches.map((m) => ({
    route: m.route,
    params: m.params,
    data: context.loaderData[m.route.id],
  }));
  const head = buildHead({ shop, matches, url, origin });
  if (context.statusCode !== 200) head.noindex = true;
  return {
    status: context.statusCode,
    html,
    head: renderHead(head),
    lang: head.lang,
    state: publicState(store.getState()),
    // Also said as a header (X-Robots-Tag), which crawlers read before any HTML.
    noindex: head.noindex,
    route: routeTemplate(context.matches),
    bffCalls,
    // The shop's language's texts and the matched lazy routes' modules, for the SSR to preload
    // their chunks (ssr/preload.js): the client entry loads them before it hydrates.
    // No shop (an unknown host): its page says so in both languages.
    chunks: [
      ...(shop ? [FIRST_TEXTS[languageOf(shop)]] : Object.values(FIRST_TEXTS)),
      ...context.matches.map((m) => pageChunk(m.route)).filter(Boolean),
    ],
  };
}

/**
 * The paths the SSR's page cache never keeps: the route table's private routes, each with what
 * lies below it (ssr/pageCache.js; ssr/server.js hands them over).
 */
export const privatePagePaths = () => privatePaths(routes);

/** The matched routes' paths joined: '/product/:id' ('/' for home), a label of bounded count. */
export function routeTemplate(matches = []) {
  const parts = matches.map((m) => m.route?.path).filter((p) => p && p !== '/');
  return `/${parts.join('/')}`.replace(/\/+/g, '/');
}

/** robots.txt and sitemap.xml of the shop on this host. */
export async function renderSeoFile(name, { origin, bffUrl, requestId }) {
  const siteHost = new URL(origin).hostname;
  const api = createApiClient({ baseURL: bffUrl, siteHost, httpAgent: bffAgent, requestId });
  const site = siteOrigin(await fetchShop(api), origin);
  if (name === 'robots.txt') return { type: 'text/plain; charset=utf-8', body: renderRobots(site) };
  return { type: 'application/xml; charset=utf-8', body: renderSitemapXml(await fetchSitemap(api), site) };
}
