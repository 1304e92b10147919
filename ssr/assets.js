import fs from 'node:fs';
import path from 'node:path';

/** Hashed files never change: cache for a year. Others (no-picture.svg and such) briefly. */
export function assetHeaders(res, filePath) {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
}

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * Sends the build's precompressed copies (frontend/scripts/precompress.js): a request for
 * /assets/x.js from a browser that accepts Brotli gets x.js.br as is, with its own type and
 * Content-Encoding, so no file is compressed per request. Put it before the static server
 * (`assets`), which then serves the copy with `assetHeaders` and `precompressedHeaders`.
 */
export function precompressed(root) {
  const copies = new Set();
  if (fs.existsSync(root)) {
    for (const file of walk(root)) {
      if (/\.(?:br|gz)$/.test(file)) copies.add(`/${path.relative(root, file).split(path.sep).join('/')}`);
    }
  }
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !TYPES[path.extname(req.path)]) return next();
    const accepted = req.headers['accept-encoding'] || '';
    res.vary('Accept-Encoding');
    for (const [encoding, suffix] of ENCODINGS) {
      if (copies.has(req.path + suffix) && new RegExp(`\\b${encoding}\\b`).test(accepted)) {
        res.locals.precompressed = { encoding, type: TYPES[path.extname(req.path)] };
        req.url = req.path + suffix + (req.url.slice(req.path.length) || '');
        break;
      }
    }
    return next();
  };
}

/** setHeaders of the static server for a precompressed copy: the original's type, its encoding. */
export function precompressedHeaders(res) {
  const copy = res.locals?.precompressed;
  if (!copy) return;
  res.setHeader('Content-Type', copy.type);
  res.setHeader('Content-Encoding', copy.encoding);
}
