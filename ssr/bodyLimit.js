// The largest request body each proxied call takes, refused here with 413 before anything is
// sent to the BFF. Without it, a body over the BFF's limit raced the BFF's own 413: gunicorn
// answers and closes while the body is still being written, and the write's EPIPE often came
// first, so the shopper got 503 `bff_unavailable` instead of 413.
//
// The figures are the BFF's (bff/config.py MAX_CONTENT_LENGTH and the views' @max_body_size:
// bff/catalog/admin_routes.py UPLOAD_LIMIT, bff/catalog/admin_bulk_routes.py, bff/admin_crud/routes.py,
// bff/settings/admin_routes.py); the BFF still checks each view's exact one.

const KIB = 1024;
const MIB = 1024 * KIB;
const PICTURE = 8 * MIB + 64 * KIB;

export const DEFAULT_BODY_LIMIT = MIB;
export const BODY_LIMITS = [
  [/^\/api\/admin\/products\/\d+\/images\/?$/, 5 * 8 * MIB + 64 * KIB],
  [/^\/api\/admin\/products\/import(?:\/preview)?\/?$/, 4 * MIB + 64 * KIB],
  [/^\/api\/admin\/settings\/images\/[^/]+\/?$/, PICTURE],
  [/^\/api\/admin\/[a-z-]+\/\d+\/picture\/?$/, PICTURE],
];
// A refused body is read and thrown away (so the client, still sending, reads the 413 rather
// than a reset connection) up to this much; past it the connection is closed.
const DRAIN_LIMIT = 64 * MIB;

/** The body limit of a path (the URL's path, without its query). */
export function bodyLimitFor(path) {
  for (const [pattern, limit] of BODY_LIMITS) if (pattern.test(path)) return limit;
  return DEFAULT_BODY_LIMIT;
}

const pathOf = (req) => (req.originalUrl || req.url).split('?', 1)[0];

/** Answer 413 JSON (bilingual like the 414: the shop's language needs a BFF call) and drain. */
export function refuseTooLarge(req, res) {
  if (!res.headersSent) {
    res.status(413).set('Connection', 'close').json({
      message: '提交的内容太大。The request body is too large.',
      code: 'payload_too_large',
    });
  }
  let drained = 0;
  req.on('data', (chunk) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}

/** 413 for a body whose Content-Length is over the path's limit, before it is proxied. */
export function limitBodySize(limitFor = bodyLimitFor) {
  return function bodySize(req, res, next) {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limitFor(pathOf(req))) return refuseTooLarge(req, res);
    return next();
  };
}

/**
 * Counts a streamed body (no Content-Length: chunked) as it is proxied; `onOver()` once it passes
 * the path's limit. Returns a function that tells whether it did.
 */
export function watchBodySize(req, onOver, limitFor = bodyLimitFor) {
  const limit = limitFor(pathOf(req));
  let seen = 0;
  let over = false;
  req.on('data', (chunk) => {
    seen += chunk.length;
    if (!over && seen > limit) {
      over = true;
      onOver();
    }
  });
  return () => over;
}
