// The build's precompressed copies are sent as they are (ssr/assets.js), chosen by Accept-Encoding.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from './app.js';
import { assetHeaders, precompressed, precompressedHeaders } from './assets.js';

const SOURCE = `console.log(${JSON.stringify('商品'.repeat(2000))});`;
let client;
let server;
let base;

beforeAll(async () => {
  client = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-assets-'));
  fs.mkdirSync(path.join(client, 'assets'));
  const file = path.join(client, 'assets/index-abc.js');
  fs.writeFileSync(file, SOURCE);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SOURCE));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SOURCE));
  fs.writeFileSync(path.join(client, 'assets/small.css'), 'a{}');
  const app = createApp({
    bffUrl: 'http://127.0.0.1:9',
    getTemplate: async () => '',
    getEntry: async () => ({ render: async () => ({ status: 404, html: '' }) }),
    assets: [
      precompressed(client),
      express.static(client, {
        index: false,
        setHeaders: (res, f) => {
          assetHeaders(res, f);
          precompressedHeaders(res);
        },
      }),
    ],
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(() => {
  server.close();
  fs.rmSync(client, { recursive: true, force: true });
});

function get(pathname, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, status: res.statusCode, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

it('sends the Brotli copy to a browser that takes it, as JavaScript, cached for a year', async () => {
  const res = await get('/assets/index-abc.js', 'gzip, deflate, br');
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers.vary).toContain('Accept-Encoding');
  expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SOURCE);
  expect(res.body.length).toBe(fs.statSync(path.join(client, 'assets/index-abc.js.br')).size);
});

it('sends the gzip copy where Brotli is not taken, and the file itself where neither is', async () => {
  const gzip = await get('/assets/index-abc.js', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(SOURCE);
  const plain = await get('/assets/index-abc.js', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(SOURCE);
});

it('leaves files without copies to the static server', async () => {
  const res = await get('/assets/small.css', 'br');
  expect(res.status).toBe(200);
  expect(res.body.toString()).toBe('a{}');
  expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
});
