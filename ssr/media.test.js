// Media files from the folder the BFF writes, without a trip to the BFF (ssr/media.js).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from './app.js';
import { mediaFiles, mediaRoot } from './media.js';

let bff;
let bffSeen;
let server;
let base;
let folder;

beforeAll(async () => {
  bffSeen = [];
  bff = http.createServer((req, res) => {
    bffSeen.push(req.url);
    res.writeHead(200, { 'Content-Type': 'image/png' });
    res.end('from the bff');
  });
  await new Promise((r) => bff.listen(0, '127.0.0.1', r));
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-media-'));
  folder = path.join(parent, 'media');
  fs.mkdirSync(path.join(folder, 'products'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'products/p1.abc123.png'), 'from the folder');
  fs.writeFileSync(path.join(parent, 'secret.txt'), 'outside');
  const app = createApp({
    bffUrl: `http://127.0.0.1:${bff.address().port}`,
    getTemplate: async () => '',
    getEntry: async () => ({ render: async () => ({ status: 200, html: '' }) }),
    media: mediaFiles(folder),
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(() => {
  server.close();
  bff.close();
  fs.rmSync(path.dirname(folder), { recursive: true, force: true });
});

it('serves a picture from the folder, immutable, without asking the BFF', async () => {
  const res = await fetch(`${base}/media/products/p1.abc123.png`);
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('from the folder');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(bffSeen).toEqual([]);
});

it('leaves a name the folder lacks to the BFF', async () => {
  const res = await fetch(`${base}/media/products/new.png`);
  expect(await res.text()).toBe('from the bff');
  expect(bffSeen).toEqual(['/media/products/new.png']);
});

it('never reads outside the folder', async () => {
  const res = await fetch(`${base}/media/..%2fsecret.txt`);
  expect(await res.text()).not.toBe('outside');
});

it('finds the folder as the BFF does', () => {
  expect(mediaRoot({ MEDIA_ROOT: '/srv/m' }, '/repo')).toBe('/srv/m');
  expect(mediaRoot({ VAR_DIR: '/data' }, '/repo')).toBe('/data/media');
  expect(mediaRoot({}, '/repo')).toBe('/repo/var/media');
});
