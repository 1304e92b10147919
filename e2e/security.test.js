// Security headers and the page CSP against the real stack: every page type at desktop width and
// at 375 px renders and hydrates with no CSP violation (browser.js fails a test on any), its
// scripts carry the answer's nonce, it cannot be framed, and markup slipped into a page cannot
// run script. Assets, API answers and media carry the headers; over-long URLs get 414 JSON.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { hydrated, launchBrowser, openPage, rewriteAnswer, takeCspViolations } from './browser.js';

let stack;
let browser;
let pages;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  const first = async (url, pick) => pick(await bffJson(stack, url));
  const product = await first('/api/product/new/?page=1', (r) => r.products.data[0]);
  const category = await first('/api/category', (r) => r.data.categories[0].category.subcategories[0]);
  const brand = await first('/api/brand', (r) => r.brands[0]);
  const banner = await first('/api/banner', (r) => r.banners.find((b) => !b.link_url));
  const article = await first('/api/article', (r) => r.data.articles[0]);
  // [path, status]: guest views; private pages render a shell and send the guest to sign in.
  pages = [
    ['/', 200],
    [`/category/${category.id}`, 200],
    ['/best-product', 200],
    ['/newest-product', 200],
    [`/search-product?q=${encodeURIComponent(product.name.slice(0, 2))}`, 200],
    [`/brand/${brand.id}`, 200],
    [`/banner-products/${banner.id}`, 200],
    [`/product/${product.id}`, 200],
    [`/article/${article.id}`, 200],
    ['/terms', 200],
    ['/privacy-policy', 200],
    ['/login', 200],
    ['/register', 200],
    ['/forgot-password', 200],
    ['/admin/login', 200],
    ['/order-list', 200],
    ['/checkout', 200],
    ['/product/987654321', 404],
    ['/no-such-page', 404],
  ];
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

function assertCommon(headers, what) {
  for (const [name, value] of Object.entries(COMMON)) assert.equal(headers[name], value, `${what}: ${name}`);
  assert.match(headers['permissions-policy'], /camera=\(\)/, `${what}: permissions-policy`);
  assert.match(headers['content-security-policy'], /frame-ancestors 'none'/, `${what}: frame-ancestors`);
  assert.equal(headers['strict-transport-security'], undefined, `${what}: no HSTS over plain HTTP`);
}

const headersOf = (res) => Object.fromEntries(res.headers.entries());

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['375 px', { width: 375, height: 812 }],
]) {
  describe(`every page type at ${label}`, () => {
    test('renders and hydrates under the nonce CSP with no violation, every script carrying the nonce', async () => {
      const tab = await openPage(browser, viewport);
      for (const [path, status] of pages) {
        const response = await tab.page.goto(`${stack.baseUrl}${path}`, { waitUntil: 'load' });
        assert.equal(response.status(), status, path);
        const headers = await response.allHeaders();
        assertCommon(headers, path);
        const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'])?.[1];
        assert.ok(nonce, `${path}: CSP nonce`);
        assert.doesNotMatch(headers['content-security-policy'], /script-src[^;]*unsafe/, path);
        await hydrated(tab.page);
        const scripts = await tab.page.evaluate(() =>
          [...document.scripts]
            .filter((s) => !s.type || s.type === 'module' || s.type === 'text/javascript')
            .map((s) => s.nonce),
        );
        assert.ok(scripts.length >= 2, `${path}: entry and state scripts`);
        assert.deepEqual(
          scripts,
          scripts.map(() => nonce),
          `${path}: script nonces`,
        );
      }
      // The 404 documents themselves are the only expected console errors.
      assert.deepEqual(
        tab.problems.filter((p) => !/404/.test(p)),
        [],
        'console errors or warnings',
      );
      await tab.close();
    });
  });
}

describe('the page CSP at work', () => {
  test('a page cannot be framed, not even the login page', async () => {
    const tab = await openPage(browser);
    const refused = tab.page.waitForEvent('console', {
      predicate: (message) => message.text().includes('frame-ancestors'),
      timeout: 15000,
    });
    await tab.page.setContent(`<iframe src="${stack.baseUrl}/login" width="400" height="300"></iframe>`);
    await refused;
    const frame = tab.page.frames().find((f) => f !== tab.page.mainFrame());
    assert.ok(frame);
    assert.equal(await frame.evaluate(() => document.getElementById('root')).catch(() => null), null);
    const violations = await takeCspViolations(tab.page);
    assert.ok(
      violations.some((v) => v.includes('frame-ancestors')),
      violations.join('\n') || 'no frame-ancestors violation',
    );
    await tab.close();
  });

  test('markup slipped into a page cannot run script: no nonce, no inline handler', async () => {
    const tab = await openPage(browser);
    await tab.context.route(
      `${stack.baseUrl}/terms`,
      rewriteAnswer(async (response) => ({
        body: (await response.text()).replace(
          '<body>',
          '<body><script>window.__xss = 1</script><img src="/no-picture.svg" onload="window.__xss = 2">',
        ),
      })),
    );
    await tab.page.goto(`${stack.baseUrl}/terms`, { waitUntil: 'load' });
    await hydrated(tab.page);
    assert.equal(await tab.page.evaluate(() => window.__xss), undefined);
    const violations = await takeCspViolations(tab.page);
    assert.ok(
      violations.some((v) => v.startsWith('script-src-elem blocked inline')),
      violations.join('\n'),
    );
    assert.ok(
      violations.some((v) => v.startsWith('script-src-attr blocked inline')),
      violations.join('\n'),
    );
    await tab.close();
  });
});

describe('other answers', () => {
  test('assets, robots.txt, API JSON and media carry the headers and the strict CSP', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`)).text();
    const script = /<script[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)[1];
    const image = /src="(\/media\/[^"]+)"/.exec(html)[1];
    for (const path of [script, '/no-picture.svg', '/robots.txt', '/api/shop', image]) {
      const res = await fetch(`${stack.baseUrl}${path}`);
      assert.equal(res.status, 200, path);
      const headers = headersOf(res);
      assertCommon(headers, path);
      assert.equal(headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'", path);
    }
  });

  test('HSTS when the proxy in front says HTTPS', async () => {
    const res = await fetch(`${stack.baseUrl}/api/shop`, { headers: { 'X-Forwarded-Proto': 'https' } });
    assert.equal(res.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  });

  test('an over-long URL gets 414 JSON from the SSR process, not HTML from gunicorn', async () => {
    // 4090 bytes still fits gunicorn's request line (4094); 9000 would not fit in it at all.
    for (const length of [4090, 9000]) {
      for (const prefix of ['/api/shop?q=', '/search-product?q=']) {
        const res = await fetch(`${stack.baseUrl}${prefix}${'x'.repeat(length - prefix.length)}`);
        assert.equal(res.status, 414, `${prefix} ${length}`);
        assert.deepEqual(await res.json(), { message: '网址太长。The address is too long.', code: 'uri_too_long' });
      }
    }
  });
});
