// The route table as the features give it (features/<feature>/routes.js): each lazy page names
// its chunk for the SSR's preload, and the SSR's page cache (ssr/pageCache.js) keeps none of its
// private pages, the cache's list being the server entry's, taken from the table.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheableUrl } from '../../../ssr/pageCache.js';
import { pageChunk, privatePagePaths } from '../entry-server.jsx';
import { createRoutes } from './routes.jsx';

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every route of the table, its lazy part loaded as the static handler would: its full path,
 * handle, the chunk of its page (if lazy) and the chunks of the frames around it.
 */
async function flatten(list, parent = '', frames = []) {
  const found = await Promise.all(
    list.map(async (route) => {
      const loaded = route.lazy ? { ...route, ...(await route.lazy()) } : route;
      const full = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
      const chunk = route.lazy ? pageChunk(loaded) : undefined;
      const here = {
        path: full || '/',
        handle: route.handle || {},
        chunk,
        frames,
        lazy: !!route.lazy,
        index: route.index,
        // A page of its own (a frame around pages has neither path nor index).
        page: Boolean(route.path || route.index),
      };
      const around = chunk ? [...frames, chunk] : frames;
      const below = route.children ? await flatten(route.children, full === '/' ? '' : full, around) : [];
      return [here, ...below];
    }),
  );
  return found.flat();
}

let ALL;
beforeAll(async () => {
  ALL = await flatten(createRoutes({ api: {}, store: { getState: () => ({}), dispatch: () => {} } }));
});

/** A URL of a route's path: each parameter (and a catch-all) filled in. */
const urlOf = (route) => route.path.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');
const behind = (frame) => ALL.filter((route) => route.page && route.frames.includes(frame));
const cached = (route) => cacheableUrl(urlOf(route), privatePagePaths());

describe('the route table', () => {
  it('has each path once', () => {
    const paths = ALL.filter((r) => r.lazy && r.page && !r.index).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("names each lazy page's module, which the SSR preloads", () => {
    const lazy = ALL.filter((route) => route.lazy);
    expect(lazy.length).toBeGreaterThanOrEqual(28);
    for (const route of lazy) {
      expect(route.chunk, route.path).toMatch(/^src\/features\/\w+\/\w+\.jsx$/);
      expect(fs.existsSync(path.join(frontend, route.chunk)), route.chunk).toBe(true);
    }
    const chunkOf = (p) => ALL.find((route) => route.path === p && route.lazy)?.chunk;
    expect(chunkOf('/login')).toBe('src/features/account/LoginPage.jsx');
    expect(chunkOf('/admin/login')).toBe('src/features/account/LoginPage.jsx');
    expect(chunkOf('/product/:id')).toBe('src/features/catalog/ProductPage.jsx');
    expect(chunkOf('/pay/:orderNumber')).toBe('src/features/payment/PayPage.jsx');
    expect(ALL.find((route) => route.index && route.lazy)?.chunk).toBe('src/features/catalog/HomePage.jsx');
  });

  it('keeps every member-only page out of the page cache (the sign-in guard, the console)', () => {
    const members = behind('src/features/account/RequireAuth.jsx');
    const owners = behind('src/features/account/RequireAdmin.jsx');
    expect(members.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/user-profile',
        '/favorite',
        '/order-detail/:id',
        '/checkout',
        '/order-summary/:orderNumber',
        '/pay/:orderNumber',
        '/wechat-callback',
      ]),
    );
    expect(owners.map((r) => r.path)).toEqual(expect.arrayContaining(['/admin/orders/:number', '/admin/*']));
    for (const route of [...members, ...owners]) expect(cached(route), route.path).toBe(false);
  });

  it('keeps the sign-in pages and every noindex page but search results out of it', () => {
    const noindex = ALL.filter((r) => r.handle.head === 'noindex' && !['/search-product', '/*'].includes(r.path));
    expect(noindex.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/login', '/reset-password', '/admin/join', '/store-not-found']),
    );
    for (const route of noindex) expect(cached(route), route.path).toBe(false);
    expect(cacheableUrl('/reset-password?token=t', privatePagePaths())).toBe(false);
  });

  it('lets the public pages in', () => {
    const open = ['/', '/product/1', '/category/1', '/brand/1', '/article/1', '/terms', '/search-product?q=a'];
    for (const url of open) expect(cacheableUrl(url, privatePagePaths()), url).toBe(true);
  });

  it('gives the cache each private route with what lies below it', () => {
    expect(privatePagePaths()).toEqual(
      expect.arrayContaining(['/admin', '/store-not-found', '/order-detail', '/order-summary', '/pay', '/login']),
    );
    expect(privatePagePaths().every((p) => !p.includes(':'))).toBe(true);
  });
});
