// Guest HTML cache: pages rendered for guests are kept a few seconds per origin + URL, stored
// gzip-compressed, and served with stale-while-revalidate, before Express does any other work.
//
// What is cached: GET/HEAD of a page (not /api, /media, assets, health) by a request that holds no
// session (no Authorization header, no session cookie), outside the private routes (account,
// checkout, sign-in, console), answered 200 (and indexable, or the first page of search results)
// or 404. Everything else renders every time, as before. The shop is chosen by the host, which
// also decides the language, so origin + URL is the whole key.
//
// How fresh: a page is fresh for `freshMs` (served as is), then stale for `staleMs` more (served
// at once while one render refreshes it in the background), then gone. So a page is never older
// than freshMs + staleMs plus the age of what its render read (the SSR's layout cache,
// SSR_LAYOUT_CACHE_MS, and the BFF's shop cache, SHOP_CACHE_SECONDS): 2 + 3 + 2 + 2 s by default,
// under the 10 s in which an owner's change must show on every replica. Each replica keeps its
// own copy; nothing needs telling.
//
// The CSP nonce: a cached page keeps the nonce it was rendered with (its CSP header is stored
// beside it) for those few seconds, as any shared cache (a CDN) would. SECURITY.md says why that
// is acceptable: the page's own markup is what the nonce allows, and it cannot change without a
// new render, which draws a new nonce.
import zlib from 'node:zlib';

// Account, checkout and sign-in pages, and the console: each renders a neutral shell or a form,
// and some carry secrets in the URL (reset tokens); a shopper's copy is never shared.
export const PRIVATE_PREFIXES = [
  '/admin',
  '/user-profile',
  '/favorite',
  '/order-list',
  '/order-detail',
  '/choose-address',
  '/address-management',
  '/checkout',
  '/order-summary',
  '/payment-info',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/store-not-found',
];
const NOT_PAGES = ['/api/', '/media/', '/assets/', '/healthz', '/readyz', '/robots.txt', '/sitemap.xml'];
const SEARCH_PATH = '/search-product';
export const SESSION_COOKIES = ['sf_renew'];

const under = (path, prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/** May this request be answered from (and its page stored in) the shared cache? */
export function cacheableRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers.authorization) return false;
  const cookie = req.headers.cookie || '';
  if (SESSION_COOKIES.some((name) => new RegExp(`(?:^|;\\s*)${name}=`).test(cookie))) return false;
  const url = req.originalUrl || req.url;
  const path = url.split('?')[0];
  // A file (favicon.ico, no-picture.svg): the static server's, never a page.
  if (path.slice(path.lastIndexOf('/') + 1).includes('.')) return false;
  if (NOT_PAGES.some((prefix) => url.startsWith(prefix) || url === prefix.replace(/\/$/, ''))) return false;
  if (PRIVATE_PREFIXES.some((prefix) => under(url, prefix))) return false;
  if (under(url, SEARCH_PATH)) {
    const page = new URL(url, 'http://x').searchParams.get('page');
    if (page && page !== '1') return false;
  }
  return true;
}

/** May this rendered page be stored? 200 (indexable, or search results) or 404; nothing else. */
export function cacheablePage(url, page) {
  if (page.redirect || page.failed) return false;
  if (page.status === 404) return true;
  if (page.status !== 200) return false;
  return !page.noindex || under(url, SEARCH_PATH);
}

/** The Cache-Control of a page: shared caches (a CDN) may keep it as long as this cache does. */
export function cacheControl(freshMs, staleMs) {
  return `public, max-age=0, s-maxage=${Math.floor(freshMs / 1000)}, stale-while-revalidate=${Math.floor(staleMs / 1000)}`;
}

/**
 * options.render   ({ url, origin, secure }) => Promise<page>, where page is
 *                  { status, body, headers, noindex?, redirect?, failed? } (ssr/app.js renderPage)
 * options.freshMs, options.staleMs, options.maxBytes (compressed bytes kept, oldest dropped first)
 * options.now      clock, for tests
 */
export function createPageCache({
  render,
  freshMs = 2000,
  staleMs = 3000,
  maxBytes = 64 * 1024 * 1024,
  now = Date.now,
}) {
  const entries = new Map(); // key -> { gzip, status, headers, storedAt, size }; oldest first
  const pending = new Map(); // key -> Promise of the entry being rendered
  let bytes = 0;

  const drop = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };

  function store(key, page) {
    const gzip = zlib.gzipSync(page.body, { level: 6 });
    const entry = {
      gzip,
      status: page.status,
      headers: page.headers,
      route: page.route,
      bffCalls: page.bffCalls,
      storedAt: now(),
      size: gzip.length + 512,
    };
    drop(key);
    entries.set(key, entry);
    bytes += entry.size;
    while (bytes > maxBytes && entries.size > 1) drop(entries.keys().next().value);
    return entry;
  }

  /** One render per key at a time: concurrent misses and refreshes share it. */
  function refresh(key, target) {
    if (pending.has(key)) return pending.get(key);
    const run = render(target)
      .then((page) => {
        if (cacheablePage(target.url, page)) return { entry: store(key, page), page };
        drop(key);
        return { entry: null, page };
      })
      .finally(() => pending.delete(key));
    pending.set(key, run);
    return run;
  }

  function send(req, res, entry, state) {
    // The request's log line and metrics name the page's route, whoever rendered it; only a miss
    // rendered it for this request (a stale page is refreshed apart from it).
    Object.assign(res.locals, { route: entry.route, cache: state, bffCalls: state === 'MISS' ? entry.bffCalls : 0 });
    res.status(entry.status).set(entry.headers);
    res.set({ 'Cache-Control': cacheControl(freshMs, staleMs), Vary: 'Host, Accept-Encoding', 'X-Cache': state });
    if (/\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
      res.set({ 'Content-Encoding': 'gzip', 'Content-Length': String(entry.gzip.length) });
      return req.method === 'HEAD' ? res.end() : res.end(entry.gzip);
    }
    const plain = zlib.gunzipSync(entry.gzip);
    res.set('Content-Length', String(plain.length));
    return req.method === 'HEAD' ? res.end() : res.end(plain);
  }

  async function middleware(req, res, next) {
    if (!cacheableRequest(req)) return next();
    const target = {
      url: req.originalUrl,
      origin: `${req.protocol}://${req.get('host')}`,
      secure: req.secure,
      requestId: req.id,
    };
    const key = `${target.origin}${target.url}`;
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Infinity;
    if (age < freshMs) return send(req, res, entry, 'HIT');
    if (age < freshMs + staleMs) {
      refresh(key, target).catch((error) => console.error('page refresh failed', key, error));
      return send(req, res, entry, 'STALE');
    }
    if (entry) drop(key);
    try {
      const { entry: stored, page } = await refresh(key, target);
      if (stored) return send(req, res, stored, 'MISS');
      // Not cacheable after all (a redirect, an error, a noindex page): answered as rendered.
      res.locals.renderedPage = page;
      return next();
    } catch (error) {
      return next(error);
    }
  }

  return { middleware, size: () => entries.size, bytes: () => bytes, clear: () => entries.clear() };
}
