// One language per shop (issue 13): the English shop's screens and error states show no
// Chinese but its data (product names, categories, articles, the shop's own settings) and
// the 中国 country option; the Chinese shop's error messages are Chinese.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render } from '../entry-server.jsx';
import { startFixtureBff } from '../test/fixtureBff.js';
import { installedTables, translator } from '../i18n/index.js';
import './texts.js';

const CJK = /[\u3000-\u9fff\uff00-\uffef]/;
// Data, not interface text: the recipient country values of SPEC section 9.
const DATA_TEXTS = ['中国'];

let bff;
beforeAll(async () => {
  bff = await startFixtureBff();
});
afterAll(() => bff.close());
beforeEach(() => {
  bff.calls.length = 0;
});

const decode = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The visible texts and attribute values of rendered HTML (scripts, which carry data, left out). */
function textsOf(html) {
  const bare = html.replace(/<script\b[\s\S]*?<\/script>/g, '');
  const attributes = [...bare.matchAll(/\s[\w:-]+="([^"]*)"/g)].map((m) => m[1]);
  const nodes = bare.split(/<[^>]*>/);
  return [...attributes, ...nodes].map((t) => decode(t).trim()).filter(Boolean);
}

/** Every string the fixture BFF answered during the render: the shop's data. */
async function dataTexts() {
  const strings = new Set(DATA_TEXTS);
  const walk = (value) => {
    if (typeof value === 'string') {
      for (const piece of decode(value).split(/<[^>]*>/)) if (piece.trim()) strings.add(piece.trim());
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const call of [...bff.calls]) {
    const query = new URLSearchParams(call.query).toString();
    const res = await fetch(`${bff.url}${call.path}${query ? `?${query}` : ''}`, {
      method: call.method,
      headers: { 'X-Site-Host': call.host },
    });
    walk(await res.json().catch(() => null));
  }
  return [...strings].sort((a, b) => b.length - a.length);
}

/** Texts of the page that hold Chinese once the shop's data is taken out. */
async function chineseOf(r) {
  const data = await dataTexts();
  return [...textsOf(r.head), ...textsOf(r.html)]
    .map((text) => data.reduce((rest, d) => rest.split(d).join(' '), text))
    .filter((rest) => CJK.test(rest));
}

const SCREENS = [
  '/',
  '/product/1',
  '/category/5',
  '/search-product?q=honey',
  '/best-product',
  '/newest-product',
  '/brand/7',
  '/banner-products/1',
  '/article/3',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=a&email=a%40b.co',
  '/reset-password',
  '/terms',
  '/privacy-policy',
  '/checkout',
  '/order-list',
  '/admin/login',
];
const ERROR_STATES = ['/no-such-page', '/product/999', '/article/999', '/category/999'];

describe('the English shop shows no Chinese', () => {
  it.each([...SCREENS, ...ERROR_STATES])('%s', async (url) => {
    const r = await render({ url, origin: 'http://en.test:3000', bffUrl: bff.url });
    expect(r.lang).toBe('en');
    expect(await chineseOf(r)).toEqual([]);
  });

  it('has no Chinese in any English text, messages and toasts included', () => {
    const { en } = installedTables();
    expect(Object.entries(en).filter(([, text]) => CJK.test(text))).toEqual([]);
  });

  it('catches Chinese where it is (the check itself)', async () => {
    const r = await render({ url: '/', origin: 'http://shop.test:3000', bffUrl: bff.url });
    expect((await chineseOf(r)).length).toBeGreaterThan(0);
  });
});

describe('the Chinese shop shows its messages in Chinese', () => {
  it.each([
    'auth.loginFailed',
    'auth.registerFailed',
    'auth.sessionExpired',
    'auth.serverError',
    'auth.emailNotRegistered',
    'auth.resetFailed',
    'auth.resetMismatch',
    'address.nz',
    'checkout.noShippingBlocked',
    'order.cancelled',
  ])('%s', (key) => {
    expect(translator('zh')(key)).toMatch(CJK);
  });
});
