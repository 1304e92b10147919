// Dev or production wiring of the Express app. `node ssr/server.js [--dev]`
// PORT (default 3000), HOST (default all interfaces), BFF_URL (default http://127.0.0.1:5000),
// SSR_LAYOUT_CACHE_MS (default 2000 in production), SSR_PAGE_FRESH_MS and SSR_PAGE_STALE_MS (guest
// page cache, default 2000 and 3000 in production; 0 turns it off): see ssr/pageCache.js.
// METRICS_PORT (default 9464, 0: off) and METRICS_HOST (default 127.0.0.1): Prometheus text at /metrics
// there, never on the public port.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import express from 'express';
import { createApp } from './app.js';
import { createLogger } from './logging.js';
import { serveMetrics } from './metrics.js';
import { assetHeaders, precompressed, precompressedHeaders } from './assets.js';
import { mediaFiles, mediaRoot } from './media.js';
import { withPreloads } from './preload.js';
import { criticalCss, deferStylesheets } from './criticalCss.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const frontend = path.resolve(here, '../frontend');
const dev = process.argv.includes('--dev') || process.env.NODE_ENV === 'development';
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const bffUrl = process.env.BFF_URL || 'http://127.0.0.1:5000';
// Shop settings and menus may be reused for this long in production (0 turns it off).
// Short, as a page may be cached on top of it: an owner's change shows within 10 s (ssr/pageCache.js).
const layoutCacheMs = dev ? 0 : Number(process.env.SSR_LAYOUT_CACHE_MS ?? 2000);
const pageFreshMs = Number(process.env.SSR_PAGE_FRESH_MS ?? 2000);
const pageCache =
  dev || pageFreshMs <= 0 ? null : { freshMs: pageFreshMs, staleMs: Number(process.env.SSR_PAGE_STALE_MS ?? 3000) };
const logger = createLogger();

/** Middleware running `handlers` only for paths that name a file (a dot in the last segment). */
function onlyFiles(handlers) {
  const files = express.Router();
  files.use(handlers);
  return (req, res, next) => (/\.[^/]*$/.test(req.path) ? files(req, res, next) : next());
}

async function production() {
  const client = path.join(frontend, 'dist/client');
  // The stylesheets load without blocking the first paint, which each page's own rules make
  // (ssr/criticalCss.js, from the build's index of the stylesheet).
  const template = deferStylesheets(await fs.readFile(path.join(client, 'index.html'), 'utf8'));
  const manifest = JSON.parse(await fs.readFile(path.join(client, '.vite/manifest.json'), 'utf8'));
  const cssIndex = JSON.parse(await fs.readFile(path.join(client, '.vite/critical-css.json'), 'utf8'));
  const entry = await import(pathToFileURL(path.join(frontend, 'dist/server/entry-server.js')).href);
  return createApp({
    bffUrl,
    logger,
    layoutCacheMs,
    // The pages never kept: the route table's private ones (frontend/src/app/routes.jsx).
    pageCache: pageCache && { ...pageCache, privatePaths: entry.privatePagePaths() },
    // Pictures from the media folder, not through gunicorn (MEDIA_FROM_BFF=1 turns it off).
    media: process.env.MEDIA_FROM_BFF === '1' ? null : mediaFiles(mediaRoot(process.env, path.resolve(here, '..'))),
    getTemplate: async (url, chunks) => withPreloads(template, manifest, chunks),
    getEntry: async () => entry,
    criticalCss: criticalCss(cssIndex),
    // The build's Brotli and gzip copies, else the file (ssr/assets.js). Every file the build
    // writes has an extension: a page's path (/product/7) skips the lookups (a stat each).
    assets: onlyFiles([
      precompressed(client),
      express.static(client, {
        index: false,
        setHeaders: (res, file) => {
          assetHeaders(res, file);
          precompressedHeaders(res);
        },
      }),
    ]),
  });
}

async function development() {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: frontend,
    configFile: path.join(frontend, 'vite.config.js'),
    // Vite's hot-reload socket listens on a port of its own: 24678 unless VITE_HMR_PORT says
    // otherwise (the browser tests give each dev server a free one, so two runs never meet).
    server: { middlewareMode: true, hmr: { port: Number(process.env.VITE_HMR_PORT) || 24678 } },
    appType: 'custom',
  });
  return createApp({
    dev: true,
    bffUrl,
    logger,
    getTemplate: async (url) =>
      vite.transformIndexHtml(url, await fs.readFile(path.join(frontend, 'index.html'), 'utf8')),
    getEntry: () => vite.ssrLoadModule('/src/entry-server.jsx'),
    assets: vite.middlewares,
    onError: (error) => vite.ssrFixStacktrace(error),
  });
}

const app = dev ? await development() : await production();
const server = app.listen(port, host, () => {
  const { port: actual } = server.address();
  logger.info(
    `storefront ssr (${dev ? 'dev' : 'production'}) on http://${host || 'localhost'}:${actual} -> BFF ${bffUrl}`,
  );
});
const metricsPort = Number(process.env.METRICS_PORT ?? 9464);
const metricsHost = process.env.METRICS_HOST || '127.0.0.1';
const metricsServer = serveMetrics(app.locals.metrics, {
  port: metricsPort,
  host: metricsHost,
  onError: (error) => logger.error({ err: error }, `metrics not served on ${metricsHost}:${metricsPort}`),
});
const stop = () => {
  metricsServer?.close();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
