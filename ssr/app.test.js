import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { assetHeaders } from './assets.js';

function listen(app) {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

let bff;
let bffSeen;
let server;
let base;

beforeAll(async () => {
  bffSeen = [];
  bff = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      bffSeen.push({
        url: req.url,
        method: req.method,
        host: req.headers['x-site-host'],
        auth: req.headers.authorization,
        body,
      });
      res.writeHead(req.url.startsWith('/api/missing') ? 404 : 200, {
        'Content-Type': 'application/json',
        'Cache-Control': 'max-age=5',
      });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise((r) => bff.listen(0, '127.0.0.1', r));
  const app = createApp({
    bffUrl: `http://127.0.0.1:${bff.address().port}`,
    getTemplate: async () =>
      '<html lang="<!--app-lang-->"><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>',
    getEntry: async () => ({
      render: async ({ url, origin }) => {
        if (url === '/go') return { status: 302, redirect: '/store-not-found' };
        if (url === '/admin')
          return { status: 200, html: '<p>shell</p>', head: '', lang: 'zh-CN', state: {}, noindex: true };
        if (url === '/crash') throw new Error('boom');
        // A page the size of a real one (compression skips bodies under 1 KB).
        if (url === '/big')
          return { status: 200, html: `<ul>${'<li>商品</li>'.repeat(500)}</ul>`, head: '', lang: 'zh-CN', state: {} };
        return {
          status: url === '/' ? 200 : 404,
          html: `<p>${origin}${url}</p>`,
          head: '<title>x</title>',
          lang: 'zh-CN',
          state: { s: 1 },
        };
      },
      renderSeoFile: async (name, { origin }) => ({ type: 'text/plain', body: `${name} for ${origin}` }),
    }),
  });
  server = await listen(app);
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(() => {
  server.close();
  bff.close();
});

describe('ssr app', () => {
  it('renders pages with their status and document', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<p>${base}/</p>`);
    expect(html).toContain('window.__PRELOADED_STATE__={"s":1}');
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
  });

  it('says noindex in a header too when the page does, and only then', async () => {
    expect((await fetch(`${base}/admin`)).headers.get('x-robots-tag')).toBe('noindex');
    expect((await fetch(`${base}/`)).headers.get('x-robots-tag')).toBe(null);
  });

  it('redirects when the render says so', async () => {
    const res = await fetch(`${base}/go`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/store-not-found');
  });

  it('answers 500 with a plain page when rendering throws', async () => {
    const res = await fetch(`${base}/crash`);
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('出错了');
  });

  it('proxies /api with method, body, status and the site host', async () => {
    const res = await fetch(`${base}/api/cart/add?x=1`, {
      method: 'POST',
      body: 'product_id=1',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(bffSeen.at(-1)).toEqual({
      url: '/api/cart/add?x=1',
      method: 'POST',
      host: '127.0.0.1',
      auth: 'Bearer t',
      body: 'product_id=1',
    });
    expect((await fetch(`${base}/api/missing`)).status).toBe(404);
  });

  it('keeps a browser-sent X-Site-Host', async () => {
    await fetch(`${base}/media/a.png`, { headers: { 'X-Site-Host': 'en.localhost' } });
    expect(bffSeen.at(-1)).toMatchObject({ url: '/media/a.png', host: 'en.localhost' });
  });

  it('answers a missing file with a plain 404 and the strict CSP, never the 404 page', async () => {
    // Issue 28, finding 12: a missing asset got the page's CSP (and a rendered page).
    for (const path of ['/assets/index-gone.js', '/assets/x/y.css', '/favicon.ico', '/no-picture.svg']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('Not found');
    }
    // A page that is not there is still the rendered 404 page with its nonce.
    const page = await fetch(`${base}/nothing`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-security-policy')).toContain("'nonce-");
  });

  it('serves robots.txt for the requesting host', async () => {
    expect(await (await fetch(`${base}/robots.txt`)).text()).toBe(`robots.txt for ${base}`);
  });

  it('compresses rendered pages', async () => {
    // node's fetch would decompress on its own: read the raw bytes with http.get.
    const raw = await new Promise((resolve, reject) => {
      http
        .get(`${base}/big`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers.vary).toContain('Accept-Encoding');
    const page = zlib.gunzipSync(raw.body).toString('utf8');
    const plain = await (await fetch(`${base}/big`, { headers: { 'Accept-Encoding': 'identity' } })).text();
    expect(page).toContain('<li>商品</li>'.repeat(500));
    const withoutNonce = (html) => html.replace(/nonce="[^"]*"/g, 'nonce=""'); // one per answer
    expect(withoutNonce(page)).toBe(withoutNonce(plain));
    expect(raw.body.length).toBeLessThan(Buffer.byteLength(page) / 10);
  });
});

describe('ssr app with the BFF down', () => {
  it('answers API calls with 503 JSON', async () => {
    const app = createApp({ bffUrl: 'http://127.0.0.1:1', getTemplate: async () => '', getEntry: async () => ({}) });
    const down = await listen(app);
    const res = await fetch(`http://127.0.0.1:${down.address().port}/api/shop`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Service unavailable', code: 'bff_unavailable' });
    down.close();
  });
});

describe('asset cache headers', () => {
  it('are immutable for hashed assets only', () => {
    const headers = {};
    const res = {
      setHeader: (k, v) => {
        headers[k] = v;
      },
    };
    assetHeaders(res, '/x/dist/client/assets/index-abc.js');
    expect(headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    assetHeaders(res, '/x/dist/client/no-picture.svg');
    expect(headers['Cache-Control']).toBe('public, max-age=3600');
  });
});
