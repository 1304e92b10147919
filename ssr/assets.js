import path from 'node:path';

/** Hashed files never change: cache for a year. Others (no-picture.svg and such) briefly. */
export function assetHeaders(res, filePath) {
  const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
}
