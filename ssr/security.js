// Security headers for every answer of the SSR process: pages, static assets,
// robots.txt/sitemap.xml and whatever it proxies from the BFF (/api/*, /media/*).
//
//   every answer   X-Content-Type-Options, Referrer-Policy, X-Frame-Options: DENY,
//                  Cross-Origin-Opener-Policy, Permissions-Policy, and a strict CSP
//                  (nothing may load, nothing may frame it); HSTS over HTTPS only
//   pages          a CSP with a fresh nonce per answer (pageSecurityPolicy below)
//   the sandbox    its BFF-made payment page gets exactly what it uses (inline style, a form to itself)
//   BFF's own CSP  passes through the proxy unchanged (the BFF knows its page best)
import crypto from 'node:crypto';
import helmet from 'helmet';

/**
 * Longest URL (path and query, in bytes) the shop answers; longer ones get 414 JSON here.
 * Below gunicorn's default limit_request_line (4094 bytes for the whole request line, method
 * and protocol included), so a proxied URL is never refused by gunicorn with its own HTML 414.
 */
export const MAX_URL_BYTES = 4000;

/**
 * What nothing in the shop uses, named as Chromium knows them (it warns on any name it does not).
 * Payment happens on the provider's page (a redirect), not through the Payment Request API.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  // The product page's share button copies the link.
  'clipboard-write=(self)',
].join(', ');

/** Nothing may load and nothing may frame: API JSON, media, assets, robots.txt. */
export const STRICT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The built-in sandbox provider's payment page (bff/payments/routes.py) has an inline <style>
 * and a form posting to itself, answered with a 303 to the shop's site_url. No form-action:
 * browsers check that redirect against it too, and site_url need not be this origin (the demo
 * shop's is http://localhost:3000 wherever the tests run). Test-only: production never offers it.
 */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";
const SANDBOX_PATH = '/api/payment/sandbox/';

// Random bytes drawn 4 KiB at a time (as crypto.randomUUID does): a page cache hit draws a nonce
// too, and one call to the CSPRNG per answer cost more than the rest of the hit.
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let used = pool.length;

/** 16 random bytes, base64 (24 characters): a fresh one for every page. */
export function createNonce() {
  if (used >= pool.length) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  const nonce = pool.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

/**
 * The CSP of a rendered page (also the 404 and the 500 page).
 * secure: served over HTTPS (adds upgrade-insecure-requests); dev: Vite's dev server is in front.
 */
export function pageSecurityPolicy(nonce, { secure = false, dev = false } = {}) {
  const directives = [
    "default-src 'self'",
    // Only the template's own scripts and the state script carry the nonce; 'strict-dynamic' lets
    // what they load (chunks, Vite's preloads) run. Browsers without it fall back to 'self'.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React renders style="" attributes on the server (sliders, progress bars): attributes only.
    // <style> and stylesheets need 'self' or the nonce. Browsers that know neither -elem nor -attr
    // (Safari before 15.4) read style-src alone.
    "style-src 'self' 'unsafe-inline'",
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    // Media is same-origin (/media); rich text (product details, articles) may show https images.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Vite's HMR websocket listens on its own port in middleware mode: dev only.
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Headers every answer carries; the page handler and the proxy may replace the CSP. */
export function securityHeaders() {
  const common = helmet({
    // Set below: the strict one here, the page's in the page handler (app.js).
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Product images may be shown by other sites (mail clients, share cards): no CORP.
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set below, over HTTPS only: over plain HTTP browsers ignore it and it only confuses.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31536000, includeSubDomains: true, preload: false });
  return function security(req, res, next) {
    common(req, res, (error) => {
      if (error) return next(error);
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      res.setHeader('Content-Security-Policy', req.path.startsWith(SANDBOX_PATH) ? SANDBOX_CSP : STRICT_CSP);
      if (req.secure) return hsts(req, res, next);
      return next();
    });
  };
}

/**
 * The headers securityHeaders() sets on a page's answer, as an object: the page cache's front
 * (ssr/pageCache.js) sends them itself, without Express. Worked out by running that middleware
 * once against a recording answer, so the two can never differ.
 */
export function securityHeaderSet({ secure = false } = {}) {
  const headers = {};
  const res = {
    setHeader: (name, value) => {
      headers[name] = value;
    },
    getHeader: (name) => headers[name],
    removeHeader: (name) => {
      delete headers[name];
    },
  };
  let failed = null;
  securityHeaders()({ path: '/', secure, method: 'GET', headers: {} }, res, (error) => {
    failed = error || null;
  });
  if (failed) throw failed;
  return headers;
}

/** 414 JSON for URLs longer than maxBytes, before anything is proxied or rendered. */
export function limitUrlLength(maxBytes = MAX_URL_BYTES) {
  return function urlLength(req, res, next) {
    if (Buffer.byteLength(req.originalUrl) <= maxBytes) return next();
    // Bilingual like the last-resort error page: the shop's language is not known before a BFF call.
    return res.status(414).json({ message: '网址太长。The address is too long.', code: 'uri_too_long' });
  };
}
