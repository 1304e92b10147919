// What the accounts design needs from the proxy (docs/api.md, "Sessions"): the
// renewal cookie both ways, the renewed-token header back, the browser's
// address appended to X-Forwarded-For (the BFF's per-IP rate limits read it).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

let bff;
let seen;
let server;
let base;

beforeAll(async () => {
  bff = http.createServer((req, res) => {
    seen = { cookie: req.headers.cookie, xff: req.headers['x-forwarded-for'] };
    res.setHeader('Set-Cookie', ['sf_renew=abc; Path=/api; HttpOnly; SameSite=Strict', 'other=1; Path=/']);
    res.setHeader('X-Renewed-Token', 'fresh.jwt');
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: 'Unauthenticated.', code: 'unauthenticated' }));
  });
  await new Promise((r) => bff.listen(0, '127.0.0.1', r));
  const app = createApp({
    bffUrl: `http://127.0.0.1:${bff.address().port}`,
    getTemplate: async () => '',
    getEntry: async () => ({}),
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(() => {
  server.close();
  bff.close();
});

describe('session headers through the proxy', () => {
  it('passes Cookie up and every Set-Cookie and X-Renewed-Token down, status and body unchanged', async () => {
    const res = await fetch(`${base}/api/user/product/1`, { headers: { Cookie: 'sf_renew=old; a=b' } });
    expect(seen.cookie).toBe('sf_renew=old; a=b');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
    expect(res.headers.getSetCookie()).toEqual([
      'sf_renew=abc; Path=/api; HttpOnly; SameSite=Strict',
      'other=1; Path=/',
    ]);
    expect(res.headers.get('x-renewed-token')).toBe('fresh.jwt');
  });

  it('appends the connecting address to X-Forwarded-For', async () => {
    await fetch(`${base}/api/check-login-status`);
    expect(seen.xff).toBe('127.0.0.1');
    await fetch(`${base}/api/check-login-status`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(seen.xff).toBe('203.0.113.9, 127.0.0.1');
  });
});
