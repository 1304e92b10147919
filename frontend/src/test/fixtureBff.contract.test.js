// The fake BFF answers in the real BFF's shape: every answer's field names, all the way down,
// equal those in contract/bff_shapes.json, which bff/tests/catalog/test_fixture_contract.py
// takes from the real BFF (and fails on when the BFF changes). A renamed field fails here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureBff } from './fixtureBff.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const contract = JSON.parse(fs.readFileSync(path.join(here, 'contract/bff_shapes.json'), 'utf8'));

// The same calls as the pytest, with the fake's ids.
const CALLS = {
  shop: ['GET', '/api/shop'],
  categories: ['GET', '/api/category'],
  articles: ['GET', '/api/article'],
  article: ['GET', '/api/article/3'],
  banners: ['GET', '/api/banner'],
  brands: ['GET', '/api/brand'],
  newest: ['GET', '/api/product/new/?page=1'],
  best: ['GET', '/api/product/best/?page=1'],
  search: ['POST', '/api/product/search/?searchTerm=x'],
  product: ['GET', '/api/product/1'],
  category: ['GET', '/api/category/5?page=1'],
  brand: ['GET', '/api/brand/7?page=1'],
  banner_products: ['GET', '/api/banner-products/1?page=1'],
  sitemap: ['GET', '/api/sitemap'],
};

/** Field names all the way down, as the pytest computes them (lists merged, values null). */
export function shape(value) {
  if (Array.isArray(value)) {
    const merged = value.reduce((acc, item) => merge(acc, shape(item)), null);
    return merged === null ? [] : [merged];
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shape(value[key])]),
    );
  }
  return null;
}

function merge(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length || b.length ? [merge(a[0] ?? null, b[0] ?? null)] : [];
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return Object.fromEntries(keys.map((key) => [key, merge(a[key] ?? null, b[key] ?? null)]));
  }
  return b === null ? a : b;
}

/**
 * Where the fake's shape differs from the real one: every object has exactly the real fields;
 * an empty list or a null value in the fake holds no fields to compare.
 */
export function mismatches(fake, real, at = '') {
  if (fake === null || (Array.isArray(fake) && fake.length === 0)) return [];
  if (Array.isArray(fake)) {
    return Array.isArray(real) && real.length ? mismatches(fake[0], real[0], `${at}[]`) : [`${at}: a list here`];
  }
  if (typeof fake === 'object') {
    if (!real || typeof real !== 'object' || Array.isArray(real)) return [`${at}: an object here`];
    const missing = Object.keys(real)
      .filter((key) => !(key in fake))
      .map((key) => `${at}.${key} missing`);
    const extra = Object.keys(fake)
      .filter((key) => !(key in real))
      .map((key) => `${at}.${key} not in the BFF's answer`);
    const inner = Object.keys(fake)
      .filter((key) => key in real)
      .flatMap((key) => mismatches(fake[key], real[key], `${at}.${key}`));
    return [...missing, ...extra, ...inner];
  }
  return [];
}

let bff;
beforeAll(async () => {
  bff = await startFixtureBff();
});
afterAll(() => bff.close());

describe('the fake BFF follows the real contract', () => {
  it('covers every call the contract file lists', () => {
    expect(Object.keys(CALLS)).toEqual(contract.calls);
  });

  for (const [name, [method, url]] of Object.entries(CALLS)) {
    it(`${method} ${url} has the real answer's fields`, async () => {
      const res = await fetch(`${bff.url}${url}`, { method, headers: { 'X-Site-Host': 'shop.test' } });
      expect(res.status).toBe(200);
      expect(mismatches(shape(await res.json()), contract.shapes[name])).toEqual([]);
    });
  }
});
