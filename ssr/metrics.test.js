import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { createMetrics, serveMetrics } from './metrics.js';

// Prometheus text: requests by route template (never the raw path), render time and BFF calls
// per render; on a port of its own, so the public port never answers /metrics.
function listen(server, port = 0) {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

let bff;
let ssr;
let base;
let metrics;
let metricsServer;
let metricsUrl;

beforeAll(async () => {
  bff = await listen(
    http.createServer((req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')),
  );
  metrics = createMetrics();
  const entry = {
    render: async ({ url }) => ({
      status: url.startsWith('/product/') ? 200 : 404,
      html: '',
      head: '',
      state: {},
      route: url.startsWith('/product/') ? '/product/:id' : '*',
      bffCalls: 3,
    }),
  };
  const app = createApp({
    bffUrl: `http://127.0.0.1:${bff.address().port}`,
    getTemplate: async () => '<!--app-html-->',
    getEntry: async () => entry,
    metrics,
  });
  ssr = await listen(http.createServer(app));
  base = `http://127.0.0.1:${ssr.address().port}`;
  const port = await freePort();
  metricsServer = serveMetrics(metrics, { port, host: '127.0.0.1' });
  await new Promise((r) => metricsServer.once('listening', r));
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(async () => {
  for (const server of [ssr, bff, metricsServer]) await new Promise((r) => server.close(r));
});

const sample = (text, name, labels) => {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').at(-1)) : 0;
};

describe('metrics', () => {
  it('counts and times requests by route template, renders and their BFF calls', async () => {
    for (const id of [1, 2, 3]) await fetch(`${base}/product/${id}`);
    await fetch(`${base}/no-such-page`);
    await fetch(`${base}/api/cart`);
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'ssr_http_requests_total', { route: '/product/:id', status: '200' })).toBe(3);
    expect(sample(text, 'ssr_http_requests_total', { route: '*', status: '404' })).toBe(1);
    expect(sample(text, 'ssr_http_requests_total', { route: '/api/*', status: '200' })).toBe(1);
    expect(sample(text, 'ssr_http_request_duration_seconds_count', { route: '/product/:id' })).toBe(3);
    expect(sample(text, 'ssr_render_duration_seconds_count', { route: '/product/:id' })).toBe(3);
    expect(sample(text, 'ssr_bff_calls_per_render_sum', { route: '/product/:id' })).toBe(9);
    expect(sample(text, 'ssr_bff_calls_per_render_bucket', { route: '/product/:id', le: '3' })).toBe(3);
    expect(text).toContain('ssr_process_resident_memory_bytes');
    expect(text).not.toContain('/product/1');
  });

  it("counts guests' pages by what the page cache did, under their route", async () => {
    const cached = createMetrics({ processMetrics: false });
    const entry = {
      render: async () => ({ status: 200, html: '', head: '', state: {}, route: '/product/:id', bffCalls: 2 }),
    };
    const app = createApp({
      bffUrl: `http://127.0.0.1:${bff.address().port}`,
      getTemplate: async () => '<!--app-html-->',
      getEntry: async () => entry,
      metrics: cached,
      pageCache: { freshMs: 60_000, staleMs: 60_000, privatePaths: ['/admin'] },
    });
    const server = await listen(http.createServer(app));
    try {
      const url = `http://127.0.0.1:${server.address().port}/product/7`;
      for (let i = 0; i < 3; i += 1) expect((await fetch(url)).headers.get('x-cache')).toBe(i ? 'HIT' : 'MISS');
      const text = await cached.registry.metrics();
      expect(sample(text, 'ssr_page_cache_total', { route: '/product/:id', state: 'MISS' })).toBe(1);
      expect(sample(text, 'ssr_page_cache_total', { route: '/product/:id', state: 'HIT' })).toBe(2);
      // Only the miss rendered, with its two BFF calls.
      expect(sample(text, 'ssr_bff_calls_per_render_sum', { route: '/product/:id' })).toBe(2);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('reads counts kept between reads once: a second read without requests shows the same, a third the new ones', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const hit = metrics.recorder({ method: 'GET', route: '/product/:id', status: 200, cache: 'HIT' });
    const counts = async () => {
      const text = await metrics.registry.metrics();
      return [
        sample(text, 'ssr_http_requests_total', { route: '/product/:id', status: '200' }),
        sample(text, 'ssr_page_cache_total', { route: '/product/:id', state: 'HIT' }),
        sample(text, 'ssr_http_request_duration_seconds_count', { route: '/product/:id' }),
      ];
    };
    // A series shows from its first use, at 0, as prom-client's own do.
    expect(await metrics.registry.metrics()).toContain('ssr_page_cache_total{route="/product/:id",state="HIT"} 0');
    hit(0.001);
    hit(0.002);
    expect(await counts()).toEqual([2, 2, 2]);
    expect(await counts()).toEqual([2, 2, 2]);
    hit(0.003);
    metrics.record({ method: 'GET', route: '/product/:id', status: 200, seconds: 0.004, cache: 'MISS' });
    expect(await counts()).toEqual([4, 3, 4]);
  });

  it('is not answered on the public port', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(await res.text()).not.toContain('ssr_http_requests_total');
  });
});
