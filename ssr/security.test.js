// Security headers on every kind of answer (ssr/security.js), the page CSP's nonce, and 414.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { assetHeaders } from './assets.js';
import { PERMISSIONS_POLICY, SANDBOX_CSP, STRICT_CSP } from './security.js';

const TEMPLATE =
  '<!doctype html><html lang="<!--app-lang-->"><head><!--app-head-->' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/chunk-def.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
  '<body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

let bff;
let bffSeen;
let client;
let server;
let base;

function listen(app) {
  return new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
}

beforeAll(async () => {
  bffSeen = [];
  bff = http.createServer((req, res) => {
    bffSeen.push(req.url);
    if (req.url.startsWith('/media/')) {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end('png');
    } else if (req.url.startsWith('/api/payment/sandbox/')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<form method="post"><button>Pay</button></form>');
    } else if (req.url === '/api/own-page') {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" });
      res.end('<p>own</p>');
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    }
  });
  await new Promise((r) => bff.listen(0, '127.0.0.1', r));
  client = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-security-'));
  fs.mkdirSync(path.join(client, 'assets'));
  fs.writeFileSync(path.join(client, 'assets/index-abc.js'), 'console.log(1)');
  const app = createApp({
    bffUrl: `http://127.0.0.1:${bff.address().port}`,
    maxUrlBytes: 200,
    assets: express.static(client, { index: false, setHeaders: assetHeaders }),
    getTemplate: async () => TEMPLATE,
    getEntry: async () => ({
      render: async ({ url, nonce }) => {
        if (url === '/crash') throw new Error('boom');
        return {
          status: url === '/' ? 200 : 404,
          // Page data is never given the nonce, whatever slipped into it.
          // The router's hydration script is the render's own: it gets the nonce through render().
          html: `<p>page</p><script>alert(1)</script><script nonce="${nonce}">window.__staticRouterHydrationData={}</script>`,
          head: '<title>x</title><script type="application/ld+json">{"@type":"Product"}</script>',
          state: { s: 1 },
        };
      },
      renderSeoFile: async () => ({ type: 'text/plain', body: 'User-agent: *' }),
    }),
  });
  server = await listen(app);
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(() => {
  server.close();
  bff.close();
  fs.rmSync(client, { recursive: true, force: true });
});

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

function expectCommon(res) {
  for (const [name, value] of Object.entries(COMMON)) expect(res.headers.get(name), name).toBe(value);
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('strict-transport-security')).toBeNull();
  expect(res.headers.get('x-powered-by')).toBeNull();
}

/** Directive name → value of a CSP header. */
function directives(csp) {
  return Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

const noncesIn = (html) => [...html.matchAll(/<(?:script|style|link)\b[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);

describe('every answer', () => {
  const cases = [
    ['page', '/', 200, 'text/html'],
    ['404 page', '/nothing', 404, 'text/html'],
    ['error page', '/crash', 500, 'text/html'],
    ['static asset', '/assets/index-abc.js', 200, 'javascript'],
    ['robots.txt', '/robots.txt', 200, 'text/plain'],
    ['API JSON via the proxy', '/api/shop', 200, 'application/json'],
    ['media via the proxy', '/media/a.png', 200, 'image/png'],
    ['sandbox payment page via the proxy', '/api/payment/sandbox/tok', 200, 'text/html'],
  ];
  it.each(cases)('%s carries the security headers', async (_name, url, status, type) => {
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain(type);
    expectCommon(res);
  });

  it('is strict where nothing is rendered: assets, robots.txt, API and media answers', async () => {
    for (const url of ['/assets/index-abc.js', '/robots.txt', '/api/shop', '/media/a.png']) {
      expect((await fetch(`${base}${url}`)).headers.get('content-security-policy'), url).toBe(STRICT_CSP);
    }
  });

  it('lets the sandbox payment page have its inline style, nothing else', async () => {
    const res = await fetch(`${base}/api/payment/sandbox/tok`);
    expect(res.headers.get('content-security-policy')).toBe(SANDBOX_CSP);
    expect(directives(SANDBOX_CSP)).toMatchObject({
      'default-src': "'none'",
      'style-src': "'unsafe-inline'",
      'frame-ancestors': "'none'",
    });
  });

  it('passes a CSP the BFF sent on through, untouched', async () => {
    const res = await fetch(`${base}/api/own-page`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('are there on 503 JSON when the BFF is down', async () => {
    const app = createApp({ bffUrl: 'http://127.0.0.1:1', getTemplate: async () => '', getEntry: async () => ({}) });
    const down = await listen(app);
    const res = await fetch(`http://127.0.0.1:${down.address().port}/api/shop`);
    expect(res.status).toBe(503);
    expectCommon(res);
    expect(res.headers.get('content-security-policy')).toBe(STRICT_CSP);
    down.close();
  });
});

describe('answers Express makes itself', () => {
  it('keep the headers: another method on a page address, a refused asset path', async () => {
    const post = await fetch(`${base}/terms`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toEqual({ message: 'Method not allowed', code: 'method_not_allowed' });
    expectCommon(post);
    expect(post.headers.get('content-security-policy')).toBe(STRICT_CSP);
  });

  it('keep the headers on an error from a middleware (500 JSON)', async () => {
    const app = createApp({
      bffUrl: 'http://127.0.0.1:1',
      getTemplate: async () => '',
      getEntry: async () => ({}),
      assets: (req, res, next) => next(Object.assign(new Error('disk'), { status: 500 })),
    });
    const broken = await listen(app);
    const res = await fetch(`http://127.0.0.1:${broken.address().port}/assets/a.js`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal error', code: 'internal_error' });
    expectCommon(res);
    expect(res.headers.get('content-security-policy')).toBe(STRICT_CSP);
    broken.close();
  });
});

describe('page CSP', () => {
  it('has a fresh nonce per answer, the one on the state script and every template script', async () => {
    const seen = new Set();
    for (const url of ['/', '/', '/nothing']) {
      const res = await fetch(`${base}${url}`);
      const csp = directives(res.headers.get('content-security-policy'));
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp['script-src'])[1];
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      expect(seen.has(nonce)).toBe(false);
      seen.add(nonce);
      expect(csp['script-src']).toBe(`'self' 'nonce-${nonce}' 'strict-dynamic'`);
      expect(csp['style-src-elem']).toBe(`'self' 'nonce-${nonce}'`);
      const html = await res.text();
      expect(html).toContain(`<script nonce="${nonce}">window.__PRELOADED_STATE__=`);
      expect(html).toContain(`<script nonce="${nonce}" type="module" crossorigin src="/assets/index-abc.js">`);
      expect(html).toContain(`<link nonce="${nonce}" rel="modulepreload"`);
      expect(html).toContain(`<link nonce="${nonce}" rel="stylesheet"`);
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      // Entry script, modulepreload, stylesheet, the router's script, the state script.
      expect(noncesIn(html)).toEqual([nonce, nonce, nonce, nonce, nonce]);
      // What the render produced is left alone: the JSON-LD data block and anything injected.
      expect(html).toContain('<script type="application/ld+json">');
      expect(html).toContain('<p>page</p><script>alert(1)</script>');
    }
  });

  it('allows what the shop uses and no inline script', async () => {
    const res = await fetch(`${base}/`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'style-src-attr': "'unsafe-inline'",
      'img-src': "'self' data: blob: https:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(csp['script-src']).not.toContain('unsafe');
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('covers the 500 page: its style carries the nonce', async () => {
    const res = await fetch(`${base}/crash`);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy'))[1];
    const html = await res.text();
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(noncesIn(html)).toEqual([nonce]);
  });

  it('lets only the dev server (Vite HMR socket) connect to websockets', async () => {
    const app = createApp({
      dev: true,
      bffUrl: 'http://127.0.0.1:1',
      getTemplate: async () => TEMPLATE,
      getEntry: async () => ({ render: async () => ({ status: 200 }) }),
    });
    const dev = await listen(app);
    const res = await fetch(`http://127.0.0.1:${dev.address().port}/`);
    expect(directives(res.headers.get('content-security-policy'))['connect-src']).toBe("'self' ws: wss:");
    dev.close();
  });
});

describe('over HTTPS (X-Forwarded-Proto from the local proxy)', () => {
  it('adds HSTS to every answer and upgrade-insecure-requests to pages', async () => {
    const https = { 'X-Forwarded-Proto': 'https' };
    for (const url of ['/', '/assets/index-abc.js', '/api/shop', '/media/a.png', '/robots.txt']) {
      const res = await fetch(`${base}${url}`, { headers: https });
      expect(res.headers.get('strict-transport-security'), url).toBe('max-age=31536000; includeSubDomains');
    }
    const page = await fetch(`${base}/`, { headers: https });
    expect(directives(page.headers.get('content-security-policy'))).toHaveProperty('upgrade-insecure-requests');
    const plain = await fetch(`${base}/`, { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('over-long URLs', () => {
  it('get 414 JSON from the SSR process, before the BFF or the renderer sees them', async () => {
    const before = bffSeen.length;
    for (const url of [
      `/api/product/${'x'.repeat(300)}`,
      `/media/${'x'.repeat(300)}.png`,
      `/search-product?q=${'x'.repeat(300)}`,
    ]) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(414);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ message: expect.any(String), code: 'uri_too_long' });
      expectCommon(res);
    }
    expect(bffSeen.length).toBe(before);
  });

  it('counts bytes, and a URL at the limit passes', async () => {
    const atLimit = `/api/x?q=${'a'.repeat(200 - '/api/x?q='.length)}`;
    expect((await fetch(`${base}${atLimit}`)).status).toBe(200);
    // 3 bytes per percent-encoded… and per raw multi-byte character.
    expect((await fetch(`${base}/api/x?q=${'%E4%B8%AD'.repeat(25)}`)).status).toBe(414);
  });
});
