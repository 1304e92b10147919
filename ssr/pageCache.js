// Guest HTML cache: pages rendered for guests are kept a few seconds per origin + URL, stored
// gzip-compressed, and served with stale-while-revalidate, before Express does any other work.
//
// What is cached: GET/HEAD of a page (not /api, /media, assets, health) by a request that holds no
// session (no Authorization header, no session cookie), outside the private routes (account,
// checkout, payment, sign-in, console: the route table's, `privatePaths` below), answered 200 (and indexable, or the first page of search results)
// or 404. Everything else renders every time, as before. The shop is chosen by the host, which
// also decides the language, so origin + URL is the whole key.
//
// How fresh: a page is fresh for `freshMs` (served as is), then stale for `staleMs` more (served
// at once while one render refreshes it in the background), then gone. So a page is never older
// than freshMs + staleMs plus the age of what its render read (the SSR's layout cache,
// SSR_LAYOUT_CACHE_MS and the half second it may be used while one render refreshes it, and the
// BFF's shop cache, SHOP_CACHE_SECONDS): 2 + 3 + 2.5 + 2 s by default, under the 10 s in which an
// owner's change must show on every replica. Each replica keeps its
// own copy; nothing needs telling.
//
// The CSP nonce: every answer, a hit too, carries a fresh one, as a render does. A nonce shared by
// every shopper for seconds would be one anybody can read (fetch the page) and then use in markup
// they get into a page, which is what the nonce is there to stop. So the page is kept split where
// its render's nonce stood, each piece compressed once (ssr/nonceDocument.js), and a hit sends the
// pieces with a new nonce between them and in the CSP header: no recompression, no rewriting of
// the HTML, a few microseconds (the pieces are kept joined in one buffer, the nonce written over
// the render's; an answer's buffer is used again once that answer has gone out, never while it is
// being sent, so no two answers share a nonce). SECURITY.md says so.
//
// The hit path: `front` answers a fresh or stale hit before Express sees the request (app.js puts
// it in front of the app's handler), with the headers Express would have set (security headers,
// request id) and the same log line and metrics; misses, and everything else, go on to Express,
// where `middleware` renders and stores.
import { answerBody, giveBack, keepDocument, keptBytes } from './nonceDocument.js';
import { createNonce } from './security.js';

const NOT_PAGES = ['/api/', '/media/', '/assets/', '/healthz', '/readyz', '/robots.txt', '/sitemap.xml'];
const SEARCH_PATH = '/search-product';
const GZIP = /\bgzip\b/;
const NO_HEADERS = [];
export const SESSION_COOKIES = ['sf_renew'];
// Worked out once: this runs first on every request.
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIES.join('|')})=`);
const NOT_PAGE_PATHS = NOT_PAGES.map((prefix) => prefix.replace(/\/$/, ''));

const under = (path, prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/** A guest's GET or HEAD: no Authorization header, no session cookie. */
export function guestRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers.authorization) return false;
  const { cookie } = req.headers;
  return !cookie || !SESSION_COOKIE.test(cookie);
}

/**
 * May this request be answered from (and its page stored in) the shared cache? `privatePaths`:
 * the route table's private paths (cacheableUrl).
 */
export function cacheableRequest(req, privatePaths) {
  return guestRequest(req) && cacheableUrl(req.originalUrl || req.url, privatePaths);
}

/**
 * A page's URL whose answer is the same for every guest (not an asset, the API, a private page).
 * `privatePaths`: the route table's private pages, each with what lies below it ('/admin',
 * '/order-detail': frontend/src/app/routes.jsx privatePaths, handed over by the server entry).
 * Account, checkout, payment and sign-in pages, and the console, each render a neutral shell or a
 * form, and some carry secrets in the URL (reset tokens); a shopper's copy is never shared.
 */
export function cacheableUrl(url, privatePaths) {
  const path = url.split('?')[0];
  // A file (favicon.ico, no-picture.svg): the static server's, never a page.
  if (path.slice(path.lastIndexOf('/') + 1).includes('.')) return false;
  if (NOT_PAGES.some((prefix, i) => url.startsWith(prefix) || url === NOT_PAGE_PATHS[i])) return false;
  if (privatePaths.some((prefix) => under(url, prefix))) return false;
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
 * options.render       ({ url, origin, secure }) => Promise<page>, where page is
 *                      { status, body, headers, noindex?, redirect?, failed? } (ssr/app.js renderPage)
 * options.privatePaths the route table's private paths, never kept (the server entry's
 *                      privatePagePaths(): frontend/src/app/routes.jsx)
 * options.freshMs, options.staleMs, options.maxBytes (compressed bytes kept, oldest dropped first)
 * options.now          clock, for tests
 */
export function createPageCache({
  render,
  privatePaths,
  freshMs = 2000,
  staleMs = 3000,
  maxBytes = 64 * 1024 * 1024,
  now = Date.now,
}) {
  // No list, no cache: a cache that knew no private page would share a shopper's.
  if (!Array.isArray(privatePaths) || !privatePaths.length) throw new Error('the page cache needs the private paths');
  const control = cacheControl(freshMs, staleMs);
  const entries = new Map(); // key -> { kept, csp, status, headers, storedAt, size }; oldest first
  const pending = new Map(); // key -> Promise of the entry being rendered
  let bytes = 0;

  const drop = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };

  function store(key, page) {
    const { 'Content-Security-Policy': csp, ...headers } = page.headers;
    const kept = keepDocument(page.body, page.nonce);
    const entry = {
      kept,
      // The CSP header in pieces too: the nonce goes between them.
      csp: csp.split(page.nonce),
      status: page.status,
      headers,
      route: page.route,
      bffCalls: page.bffCalls,
      forms: [], // headerForm's
      storedAt: now(),
      size: keptBytes(kept) + 1024,
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

  // The front's headers before a page's own (security headers), by https or not: its baseHeaders.
  let frontHeaders = () => NO_HEADERS;

  /**
   * The headers of every answer of `entry` in `state` (HIT, STALE, MISS), gzip or not, as one flat
   * [name, value, ...] list (what writeHead takes), after the front's headers for `via` ('http',
   * 'https': the front's answers) or none (null: Express's), with the three values each answer
   * fills in left blank at `id` (the front's request id; -1 for Express's), `csp` and `length`.
   * Worked out once per entry and form, not per hit, so a hit copies one list (two
   * concatenations of lists cost it more, through V8's slow path).
   */
  function headerForm(entry, state, gzip, via) {
    const index =
      (via === 'https' ? 12 : via === 'http' ? 6 : 0) +
      (state === 'HIT' ? 0 : state === 'STALE' ? 2 : 4) +
      (gzip ? 1 : 0);
    if (!entry.forms[index]) {
      const base = via ? [...frontHeaders(via === 'https'), 'X-Request-Id', ''] : [];
      const list = base.concat(
        Object.entries({
          ...entry.headers,
          'Cache-Control': control,
          Vary: 'Host, Accept-Encoding',
          'X-Cache': state,
          ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
        }).flat(),
        ['Content-Security-Policy', '', 'Content-Length', ''],
      );
      entry.forms[index] = { list, id: via ? base.length - 1 : -1, csp: list.length - 3, length: list.length - 1 };
    }
    return entry.forms[index];
  }

  /**
   * The stored page with a fresh nonce: { status, headers (flat list), body, gzip } (body: one
   * buffer, null for HEAD). A client that takes gzip gets the kept gzip member with the nonce in
   * it; one that does not, the stored plain copy, never a decompression (answerBody). `via` and
   * `requestId`: the front's 'http' or 'https' and its request id (headerForm); null for Express.
   */
  function answer(req, entry, state, via = null, requestId = '') {
    const nonce = createNonce();
    const gzip = GZIP.test(req.headers['accept-encoding'] || '');
    const { kept } = entry;
    const body = req.method === 'HEAD' ? null : answerBody(kept, gzip, nonce);
    const form = headerForm(entry, state, gzip, via);
    const headers = form.list.slice();
    if (form.id >= 0) headers[form.id] = requestId;
    headers[form.csp] = entry.csp.join(nonce);
    headers[form.length] = String(body ? body.length : (gzip ? kept.gzip : kept.plain).bytes.length);
    return { status: entry.status, headers, body, gzip };
  }

  /** An answer's body in one write, its buffer given back for the next answer once all is sent. */
  const sendBody = (res, entry, { body, gzip }) => {
    if (!body) return res.end();
    return res.end(body, () => giveBack(entry.kept, gzip, body));
  };

  /** A flat [name, value, ...] list as an object (Express's res.set). */
  const asObject = (flat) => {
    const object = {};
    for (let i = 0; i < flat.length; i += 2) object[flat[i]] = flat[i + 1];
    return object;
  };

  /** A fresh or stale entry for `key` ({ entry, state }), refreshing a stale one; else null. */
  function lookup(key, target) {
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Infinity;
    if (age < freshMs) return { entry, state: 'HIT' };
    if (age < freshMs + staleMs) {
      refresh(key, target).catch((error) => console.error('page refresh failed', key, error));
      return { entry, state: 'STALE' };
    }
    if (entry) drop(key);
    return null;
  }

  // The request's log line and metrics name the page's route, whoever rendered it; only a miss
  // rendered it for this request (a stale page is refreshed apart from it). Written into `into`
  // (Express's res.locals, or the front's record of a hit): spreading it into a new object took
  // V8's slow path per hit.
  const seen = (entry, state, into) => {
    into.route = entry.route;
    into.cache = state;
    into.bffCalls = state === 'MISS' ? entry.bffCalls : 0;
    return into;
  };

  function send(req, res, entry, state) {
    seen(entry, state, res.locals);
    const reply = answer(req, entry, state);
    res.status(reply.status).set(asObject(reply.headers));
    return sendBody(res, entry, reply);
  }

  /**
   * A request listener's first step (app.js): answers a fresh or stale hit at once and returns
   * true, else returns false and leaves the request alone.
   * protocolOf(req)     'http' or 'https', as Express would say (its trust proxy setting)
   * baseHeaders(secure) the headers every answer carries (security headers), as a flat list
   * requestIdOf(req)    the answer's request id
   * answered(req, res, { requestId, route, cache, bffCalls, started, entry }) after the answer: log
   *                     line, metrics (`entry`: the stored page, the same object for all its hits)
   */
  function front({ protocolOf, baseHeaders, requestIdOf, answered }) {
    frontHeaders = baseHeaders;
    return function pageCacheFront(req, res) {
      if (!entries.size || !guestRequest(req)) return false;
      const started = performance.now();
      const protocol = protocolOf(req);
      const origin = `${protocol}://${req.headers.host}`;
      const key = `${origin}${req.url}`;
      // Only a cacheable URL's page was ever stored (the middleware checks it): a key not here
      // needs no check, and one here has passed it.
      if (!entries.has(key)) return false;
      const requestId = requestIdOf(req);
      const target = { url: req.url, origin, secure: protocol === 'https', requestId };
      const found = lookup(key, target);
      if (!found) return false;
      const { entry, state } = found;
      const reply = answer(req, entry, state, target.secure ? 'https' : 'http', requestId);
      res.writeHead(reply.status, reply.headers);
      sendBody(res, entry, reply);
      answered(req, res, seen(entry, state, { requestId, started, entry }));
      return true;
    };
  }

  async function middleware(req, res, next) {
    if (!cacheableRequest(req, privatePaths)) return next();
    const target = {
      url: req.originalUrl,
      origin: `${req.protocol}://${req.get('host')}`,
      secure: req.secure,
      requestId: req.id,
    };
    const key = `${target.origin}${target.url}`;
    const found = lookup(key, target);
    if (found) return send(req, res, found.entry, found.state);
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

  return { middleware, front, size: () => entries.size, bytes: () => bytes, clear: () => entries.clear() };
}
