// Media files (product pictures, logos) served by this process from the media folder the BFF
// writes (MEDIA_ROOT, else $VAR_DIR/media), so a picture never waits on a gunicorn worker. A name
// the folder lacks falls through to the BFF's /media (another storage, a file written since).
// With object storage (MEDIA_STORAGE=s3) pictures come from the store's or a CDN's URL instead.
import path from 'node:path';
import express from 'express';

const ONE_YEAR_S = 365 * 24 * 3600;

/** The media folder of the embedded set-up, as the BFF's bff/config.py finds it. */
export function mediaRoot(env = process.env, root = process.cwd()) {
  if (env.MEDIA_ROOT) return path.resolve(env.MEDIA_ROOT);
  return path.resolve(env.VAR_DIR || path.join(root, 'var'), 'media');
}

/** express.static over the folder: names carry a content hash (bff/media/storage.py), so immutable. */
export function mediaFiles(folder) {
  return express.static(folder, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: true,
    setHeaders: (res) => res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`),
  });
}
