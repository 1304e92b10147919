// The guest HTML cache (ssr/pageCache.js) inside the real Express app: what is kept, for how long,
// for whom, and what never is.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { cacheableRequest, createPageCache } from './pageCache.js';

// The shape of the route table's private paths (frontend/src/app/routes.jsx privatePaths; the
// frontend's routes test checks the real table's against cacheableUrl).
const PRIVATE = ['/admin', '/checkout', '/favorite', '/login', '/order-detail', '/pay', '/reset-password'];
const TEMPLATE = '<html><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>';
let clock = 0;
let renders = [];
let version = 1;
let server;
let base;

beforeAll(async () => {
  const app = createApp({
    bffUrl: 'http://127.0.0.1:9',
    getTemplate: async () => TEMPLATE,
    getEntry: async () => ({
      render: async ({ url, origin }) => {
        renders.push(`${origin}${url}`);
        const path = url.split('?')[0];
        if (path === '/go') return { status: 302, redirect: '/elsewhere' };
        if (path === '/crash') throw new Error('boom');
        if (path === '/hidden') return { status: 200, html: '<p>shell</p>', noindex: true };
        if (path === '/search-product') return { status: 200, html: `<p>results ${url}</p>`, noindex: true };
        const status = path === '/missing' ? 404 : 200;
        return { status, html: `<p>${origin}${url} v${version}</p>`, head: '<title>x</title>', state: { v: version } };
      },
    }),
    pageCache: { freshMs: 2000, staleMs: 3000, now: () => clock, privatePaths: PRIVATE },
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(() => server.close());

beforeEach(() => {
  // A new time far from the last test's, so every test starts with nothing fresh in the cache.
  clock += 1_000_000;
  renders = [];
});

/** GET through node:http (fetch would hide Content-Encoding), the body decoded. */
function get(path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const gzip = res.headers['content-encoding'] === 'gzip';
        resolve({
          status: res.statusCode,
          headers: res.headers,
          raw,
          body: (gzip ? zlib.gunzipSync(raw) : raw).toString(),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resolves once `check()` holds (a background refresh has landed), polling the event loop. */
async function until(check) {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

const nonceOf = (res) => /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])[1];
/** The document with its answer's nonce taken out: what every answer of one stored page shares. */
const withoutNonce = (res) => res.body.split(nonceOf(res)).join('NONCE');
// What differs between two answers of one page by design.
const PER_ANSWER = ['date', 'x-request-id', 'content-security-policy', 'x-cache', 'content-length', 'connection'];
const lasting = (res) => Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.includes(name)));

describe('a guest page', () => {
  it('is rendered once, then served from the cache, gzip-compressed, each answer with a nonce of its own', async () => {
    const first = await get('/product/1', { 'accept-encoding': 'gzip' });
    const second = await get('/product/1', { 'accept-encoding': 'gzip' });
    const third = await get('/product/1', { 'accept-encoding': 'gzip' });
    expect(renders).toEqual([`${base}/product/1`]);
    expect([first, second, third].map((res) => res.headers['x-cache'])).toEqual(['MISS', 'HIT', 'HIT']);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.body).toContain('<p>');
    // The same document, but no two answers share a nonce: nobody can learn the next shopper's.
    expect(new Set([first, second, third].map(nonceOf)).size).toBe(3);
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    expect(withoutNonce(third)).toBe(withoutNonce(first));
    expect(second.body).not.toContain(nonceOf(first));
    // The answer's CSP names the nonce its scripts carry, everywhere the render put one.
    expect(second.body).toContain(`<script nonce="${nonceOf(second)}">window.__PRELOADED_STATE__`);
    expect(second.body.split(nonceOf(second)).length).toBe(first.body.split(nonceOf(first)).length);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=3');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is sent plain to a client that takes no gzip, and HEAD gets no body', async () => {
    await get('/plain');
    const plain = await get('/plain', { 'accept-encoding': 'identity' });
    expect(plain.headers['x-cache']).toBe('HIT');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('/plain v');
    const head = await get('/plain', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
  });

  it('is answered on a hit with every header of the render, the security headers included', async () => {
    const miss = await get('/article/1', { 'accept-encoding': 'gzip' });
    const hit = await get('/article/1', { 'accept-encoding': 'gzip' });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(lasting(hit)).toEqual(lasting(miss));
    expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers['x-request-id']).not.toBe(miss.headers['x-request-id']);
    expect(hit.headers['content-security-policy'].split(nonceOf(hit)).join('N')).toBe(
      miss.headers['content-security-policy'].split(nonceOf(miss)).join('N'),
    );
    expect(Number(hit.headers['content-length'])).toBe(hit.raw.length);
  });

  it('is answered over HTTPS (a trusted proxy says so) with HSTS and the HTTPS policy', async () => {
    const https = { 'accept-encoding': 'gzip', 'x-forwarded-proto': 'https' };
    const miss = await get('/article/2', https);
    const hit = await get('/article/2', https);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(hit.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(lasting(hit)).toEqual(lasting(miss));
    // Kept apart from the plain-HTTP page (its origin differs).
    const plain = await get('/article/2', { 'accept-encoding': 'gzip' });
    expect(plain.headers['x-cache']).toBe('MISS');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('is kept per host', async () => {
    await get('/');
    const other = await get('/', { host: `en.localhost:${server.address().port}` });
    expect(other.headers['x-cache']).toBe('MISS');
    expect(other.body).toContain('en.localhost');
    expect(renders).toHaveLength(2);
  });

  it('once stale is served at once while one render refreshes it, and a change shows within seconds', async () => {
    await get('/category/1');
    version += 1;
    clock += 2500; // past fresh, within stale
    const stale = await get('/category/1');
    expect(stale.headers['x-cache']).toBe('STALE');
    expect(stale.body).toContain(`v${version - 1}`);
    await until(() => renders.length === 2);
    const fresh = await get('/category/1');
    expect(fresh.headers['x-cache']).toBe('HIT');
    expect(fresh.body).toContain(`v${version}`);
  });

  it('too old is never served: it is rendered again before answering', async () => {
    await get('/brand/1');
    version += 1;
    clock += 5000; // fresh 2 s + stale 3 s
    const again = await get('/brand/1');
    expect(again.headers['x-cache']).toBe('MISS');
    expect(again.body).toContain(`v${version}`);
  });

  it('is rendered once for concurrent first requests', async () => {
    const answers = await Promise.all([get('/newest-product'), get('/newest-product'), get('/newest-product')]);
    expect(renders).toHaveLength(1);
    expect(new Set(answers.map(withoutNonce)).size).toBe(1);
  });

  it('404 is cached too', async () => {
    await get('/missing');
    const again = await get('/missing');
    expect(again.status).toBe(404);
    expect(again.headers['x-cache']).toBe('HIT');
  });
});

describe('never cached', () => {
  const twice = async (path, headers = {}) => {
    const first = await get(path, headers);
    const second = await get(path, headers);
    return { first, second };
  };

  it('a request with a token or a session cookie', async () => {
    for (const headers of [{ authorization: 'Bearer x' }, { cookie: 'a=1; sf_renew=secret' }]) {
      renders = [];
      const { second } = await twice('/product/2', headers);
      expect(renders).toHaveLength(2);
      expect(second.headers['x-cache']).toBeUndefined();
      expect(second.headers['cache-control']).toBe('no-cache');
    }
  });

  it('private routes', async () => {
    for (const path of ['/checkout', '/admin/products', '/login', '/reset-password?token=t', '/order-detail/3']) {
      renders = [];
      await twice(path);
      expect(renders, path).toHaveLength(2);
    }
  });

  it('errors, redirects and noindex pages, and search results beyond the first page', async () => {
    for (const path of ['/crash', '/go', '/hidden', '/search-product?q=a&page=2']) {
      renders = [];
      const { second } = await twice(path);
      expect(renders, path).toHaveLength(2);
      expect(second.headers['cache-control'] ?? '', path).not.toContain('public');
    }
    expect((await get('/crash')).status).toBe(500);
    expect((await get('/go')).headers.location).toBe('/elsewhere');
  });

  it('but the first page of search results is', async () => {
    renders = [];
    await twice('/search-product?q=honey');
    expect(renders).toHaveLength(1);
  });
});

describe('createPageCache', () => {
  it('refuses to start without the private paths', () => {
    expect(() => createPageCache({ render: async () => ({}) })).toThrow(/private paths/);
    expect(() => createPageCache({ render: async () => ({}), privatePaths: [] })).toThrow(/private paths/);
  });
});

describe('cacheableRequest', () => {
  const req = (url, headers = {}, method = 'GET') => ({ method, originalUrl: url, headers });
  it('takes guests’ page requests only', () => {
    expect(cacheableRequest(req('/'), PRIVATE)).toBe(true);
    expect(cacheableRequest(req('/product/1?x=1'), PRIVATE)).toBe(true);
    expect(cacheableRequest(req('/', { cookie: 'theme=dark' }), PRIVATE)).toBe(true);
    expect(cacheableRequest(req('/', {}, 'POST'), PRIVATE)).toBe(false);
    expect(cacheableRequest(req('/api/shop'), PRIVATE)).toBe(false);
    expect(cacheableRequest(req('/media/a.jpg'), PRIVATE)).toBe(false);
    expect(cacheableRequest(req('/no-picture.svg'), PRIVATE)).toBe(false);
    expect(cacheableRequest(req('/sitemap.xml'), PRIVATE)).toBe(false);
    expect(cacheableRequest(req('/favorite'), PRIVATE)).toBe(false);
    expect(cacheableRequest(req('/favorites-of-the-week'), PRIVATE)).toBe(true);
    expect(cacheableRequest(req('/pay/ORDER1'), PRIVATE)).toBe(false);
    expect(cacheableRequest(req('/payment-info'), PRIVATE)).toBe(true); // not under '/pay'
    expect(cacheableRequest(req('/search-product?q=a&page=1'), PRIVATE)).toBe(true);
    expect(cacheableRequest(req('/search-product?q=a&page=3'), PRIVATE)).toBe(false);
  });
});
