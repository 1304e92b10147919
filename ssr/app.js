import express from 'express';
import compression from 'compression';
import { createProxy } from './proxy.js';
import { limitBodySize } from './bodyLimit.js';
import { errorDocument, renderDocument } from './html.js';
import { createPageCache } from './pageCache.js';
import {
  createNonce,
  limitUrlLength,
  MAX_URL_BYTES,
  pageSecurityPolicy,
  securityHeaderSet,
  securityHeaders,
} from './security.js';
import { createLogger, requestIdOf, requestLine, requestLineWriter, requestLogging } from './logging.js';
import { createMetrics } from './metrics.js';

/**
 * The Express app; server.js decides dev or production wiring.
 * options.bffUrl         where the BFF listens
 * options.getTemplate    (url, chunks) => Promise<string> the index.html to fill, preloading the
 *                        chunks of the page's lazy routes (the render's `chunks`; ssr/preload.js)
 * options.getEntry       () => Promise<{ render, renderSeoFile }> the server entry
 * options.assets         middleware serving client files (production) or Vite's (dev)
 * options.onError        (error) => void, for Vite's stack-trace fixing in dev
 * options.layoutCacheMs  how long a render may reuse a shop's settings and menus
 * options.maxUrlBytes    longer URLs are answered 414 (JSON)
 * options.dev            Vite's dev server is in front (the page CSP lets its HMR socket connect)
 * options.logger         pino logger of the request lines (ssr/logging.js)
 * options.metrics        ssr/metrics.js's; app.locals.metrics, which server.js serves on its own port
 * options.pageCache      { freshMs, staleMs } to keep guests' pages (ssr/pageCache.js); off when null
 * options.media          middleware serving /media files itself (ssr/media.js); else all go to the BFF
 * options.criticalCss    (html) => the CSS a page's markup uses, inlined in its head (ssr/criticalCss.js)
 */
export function createApp({
  bffUrl,
  getTemplate,
  getEntry,
  assets = null,
  onError = () => {},
  layoutCacheMs = 0,
  maxUrlBytes = MAX_URL_BYTES,
  dev = false,
  logger = createLogger(),
  metrics = createMetrics(),
  pageCache = null,
  media = null,
  criticalCss = null,
}) {
  const app = express();

  /** One page, rendered into its document with a fresh nonce: { status, body, headers, ... }. */
  async function renderPage({ url, origin, secure, requestId, log }, signal) {
    const nonce = createNonce();
    // Pages (404 and 500 too) replace the strict CSP with one that lets the nonced scripts run.
    const csp = pageSecurityPolicy(nonce, { secure, dev });
    try {
      const { render } = await getEntry();
      const result = await render({ url, origin, bffUrl, signal, layoutCacheMs, nonce, requestId });
      const seen = { route: result.route, bffCalls: result.bffCalls };
      if (result.redirect) return { ...seen, status: result.status || 302, redirect: result.redirect };
      const template = await getTemplate(url, result.chunks || []);
      const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp };
      if (result.noindex) headers['X-Robots-Tag'] = 'noindex';
      return {
        ...seen,
        status: result.status,
        noindex: result.noindex,
        headers,
        body: renderDocument(template, criticalCss ? { ...result, css: criticalCss(result.html) } : result, nonce),
        // For the page cache, which sends each hit with a nonce of its own in its place.
        nonce,
      };
    } catch (error) {
      onError(error);
      if (log) log.error({ err: error }, 'render failed');
      else console.error('render failed', url, error);
      return {
        status: 500,
        failed: true,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp },
        body: errorDocument(500, nonce),
      };
    }
  }
  app.disable('x-powered-by');
  // Behind a load balancer the public host and scheme arrive in X-Forwarded-*.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  // First: every answer is one JSON line with its request id, counted and timed.
  app.use(requestLogging({ logger, trusted: app.get('trust proxy fn') }));
  app.use(metrics.middleware);
  app.locals.metrics = metrics;
  getEntry = metrics.instrumentEntry(getEntry);

  // Before everything: every answer carries the headers (ssr/security.js), and no over-long
  // URL reaches the BFF (gunicorn would refuse it in HTML) or the renderer.
  app.use(securityHeaders());
  app.use(limitUrlLength(maxUrlBytes));
  // Guests' pages from memory (ssr/pageCache.js): a hit is answered in front of Express (below),
  // a miss renders here, before anything else is done for it.
  const cache = pageCache ? createPageCache({ ...pageCache, render: (target) => renderPage(target) }) : null;
  if (cache) app.use(cache.middleware);

  // Liveness and readiness (docker-compose, an orchestrator): answered here, never proxied or
  // cached; ready means the BFF answers its own /readyz (database, Redis) within 2 seconds.
  app.get('/healthz', (req, res) => res.set('Cache-Control', 'no-store').json({ status: 'ok' }));
  app.get('/readyz', async (req, res) => {
    let bff = 'unreachable';
    try {
      const headers = { 'X-Request-Id': req.id };
      const answer = await fetch(`${bffUrl}/readyz`, { headers, signal: AbortSignal.timeout(2000) });
      bff = answer.ok ? 'ok' : 'not ready';
    } catch {
      // unreachable: said below
    }
    const ready = bff === 'ok';
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ok' : 'unavailable', checks: { bff } });
  });

  const proxy = createProxy(bffUrl);
  if (media) app.use('/media', media);
  // A body over the call's limit is refused here (413), never half sent to the BFF.
  app.use(['/api', '/media'], limitBodySize(), (req, res) => proxy(req, res));

  // WeChat's domain check file (公众号 JS接口安全域名 / 网页授权域名: MP_verify_<code>.txt at the
  // site's root), the one the shop's owner entered, from the BFF.
  app.get(/^\/MP_verify_[A-Za-z0-9]{1,40}\.txt$/, (req, res) => {
    req.originalUrl = `/api/wechat/verify-file${req.path}`;
    return proxy(req, res);
  });

  app.use(compression());
  if (assets) app.use(assets);

  const originOf = (req) => `${req.protocol}://${req.get('host')}`;

  app.get(['/robots.txt', '/sitemap.xml'], async (req, res) => {
    try {
      const { renderSeoFile } = await getEntry();
      const file = await renderSeoFile(req.path.slice(1), { origin: originOf(req), bffUrl, requestId: req.id });
      res.set('Cache-Control', 'public, max-age=3600').type(file.type).send(file.body);
    } catch (error) {
      const status = error?.status === 404 ? 404 : 503;
      res
        .status(status)
        .type('text/plain')
        .send(status === 404 ? 'Not found' : 'Service unavailable');
    }
  });

  // A file the static server does not have (an old bundle's chunk, a mistyped icon) is not a page:
  // a plain 404 keeping the strict CSP of every non-page answer, never the 404 page and its CSP.
  app.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isFilePath(req.path)) return next();
    return res.status(404).set('Cache-Control', 'no-cache').type('text/plain').send('Not found');
  });

  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const target = { url: req.originalUrl, origin: originOf(req), secure: req.secure, requestId: req.id, log: req.log };
    // Already rendered by the page cache, which then found it not cacheable.
    const page = res.locals.renderedPage || (await renderPage(target, controller.signal));
    Object.assign(res.locals, { route: page.route, bffCalls: page.bffCalls });
    if (res.headersSent) return undefined;
    if (page.redirect) return res.redirect(page.status, page.redirect);
    return res
      .status(page.status)
      .set({ ...page.headers, 'Cache-Control': 'no-cache', Vary: 'Host' })
      .send(page.body);
  });

  // What is left (another method on a page address, an asset the static server refused): JSON,
  // keeping the security headers, where Express's last-resort HTML would swap in its own CSP.
  app.use((req, res) => {
    res.status(405).set('Allow', 'GET, HEAD').json({ message: 'Method not allowed', code: 'method_not_allowed' });
  });
  app.use((error, req, res, _next) => {
    const status = error?.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) req.log.error({ err: error }, 'request failed');
    if (res.headersSent) return res.destroy();
    return res.status(status).json({
      message: status === 500 ? 'Internal error' : 'Bad request',
      code: status === 500 ? 'internal_error' : 'bad_request',
    });
  });
  if (cache) answerHitsFirst(app, cache, { logger, metrics });
  return app;
}

/** A file's address, not a page's: under /assets/, or a last segment with a dot (favicon.ico). */
export function isFilePath(path) {
  return path.startsWith('/assets/') || path.slice(path.lastIndexOf('/') + 1).includes('.');
}

/**
 * Page cache hits answered before Express does any work: the app's handler (what app.listen and
 * http.createServer(app) call) first asks the cache's front, which sends a hit with the headers
 * the middleware above would have set (securityHeaderSet: the same helmet run once; the request
 * id by the same rule), logs the same line and counts the same metrics. Anything else goes on
 * to Express unchanged.
 */
function answerHitsFirst(app, cache, { logger, metrics }) {
  const trusted = app.get('trust proxy fn');
  // Stored page -> Map of `method status state` -> what a hit's answer records: the metrics'
  // series and a logger with the line's lasting fields bound, both looked up once, not per hit.
  const hitRecords = new WeakMap();
  // As a flat list (writeHead's cheapest form), which repeats a name rather than replacing it:
  // without the strict CSP, which the page's own (with the answer's nonce) replaces.
  const flat = ({ 'Content-Security-Policy': _strict, ...headers }) => Object.entries(headers).flat();
  const headers = {
    false: flat(securityHeaderSet({ secure: false })),
    true: flat(securityHeaderSet({ secure: true })),
  };
  const front = cache.front({
    // Express's req.protocol: X-Forwarded-Proto only from a trusted proxy.
    protocolOf(req) {
      const own = req.socket.encrypted ? 'https' : 'http';
      const forwarded = req.headers['x-forwarded-proto'];
      if (!forwarded || !trusted(req.socket.remoteAddress, 0)) return own;
      return forwarded.split(',')[0].trim();
    },
    baseHeaders: (secure) => headers[secure],
    requestIdOf: (req) => requestIdOf(req, trusted),
    answered(req, res, { requestId, started, route, cache: state, bffCalls, entry }) {
      const ms = performance.now() - started;
      let records = hitRecords.get(entry);
      if (!records) {
        records = new Map();
        hitRecords.set(entry, records);
      }
      const key = `${req.method} ${res.statusCode} ${state}`;
      let record = records.get(key);
      if (!record) {
        const { duration_ms: _, ...same } = requestLine(req, res, 0, { route, bffCalls });
        record = {
          count: metrics.recorder({ method: req.method, route, status: res.statusCode, cache: state }),
          // The line's fields every such hit of this page shares, serialised once (the same
          // line pino writes, ssr/logging.js): a hit's line adds its request id and time.
          log: requestLineWriter(logger, same),
        };
        records.set(key, record);
      }
      record.count(ms / 1000);
      record.log(requestId, Math.round(ms));
    },
  });
  const handle = app.handle;
  app.handle = function handleAfterPageCache(req, res, callback) {
    if (front(req, res)) return undefined;
    return handle.call(this, req, res, callback);
  };
}
