import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

// /healthz and /readyz of the SSR process: answered by it (never proxied to the BFF), not cached;
// ready only when the BFF's own /readyz says so.
function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let bffReady = true;
let bff;
const seen = [];
beforeAll(async () => {
  bff = await listen(
    http.createServer((req, res) => {
      seen.push(req.url);
      res.writeHead(bffReady ? 200 : 503, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: bffReady ? 'ok' : 'unavailable' }));
    }),
  );
});
afterAll(() => new Promise((r) => bff.close(r)));

async function ssrWith(bffUrl) {
  const app = createApp({ bffUrl, getTemplate: async () => '', getEntry: async () => ({}) });
  const server = await listen(http.createServer(app));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

describe('health', () => {
  it('is alive without asking the BFF', async () => {
    const ssr = await ssrWith('http://127.0.0.1:1');
    const res = await fetch(`${ssr.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
    await ssr.close();
  });

  it('is ready when the BFF is, and says so when it is not or cannot be reached', async () => {
    const ssr = await ssrWith(`http://127.0.0.1:${bff.address().port}`);
    bffReady = true;
    let res = await fetch(`${ssr.url}/readyz`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok', checks: { bff: 'ok' } }]);
    expect(seen.at(-1)).toBe('/readyz');
    bffReady = false;
    res = await fetch(`${ssr.url}/readyz`);
    expect([res.status, await res.json()]).toEqual([503, { status: 'unavailable', checks: { bff: 'not ready' } }]);
    await ssr.close();

    const down = await ssrWith('http://127.0.0.1:1');
    res = await fetch(`${down.url}/readyz`);
    expect([res.status, await res.json()]).toEqual([503, { status: 'unavailable', checks: { bff: 'unreachable' } }]);
    await down.close();
  });
});
