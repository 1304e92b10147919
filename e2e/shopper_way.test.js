// The shopper's way through (issues 30 and 24, prices as charged), in Chromium against the real
// stack: on a 375 px phone a listing's last card opens its product at the top and Back returns to
// the card; the English (New Zealand) shop leads with NZ$ and starts checkout on New Zealand; a
// NZ$45.95 product shows NZ$45.95 on its card, in the cart and in the order; issue 30.7's smaller
// things: on a 360 px phone the product's buttons share one row and the page numbers one line, the
// brand carousel's tiles are even and all in view at 1000 px, deleting an address asks first.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { hydrated, launchBrowser, openPage, rewriteAnswer, settled } from './browser.js';

let stack;
let browser;
const PASSWORD = 'kiwi2026';
let members = 0;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

async function call(host, method, path, body, token, extra = {}) {
  const headers = { 'X-Site-Host': host, 'Content-Type': 'application/json', ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.bffUrl}${path}`, { method, headers, body: body && JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${path}: HTTP ${res.status} ${await res.clone().text()}`);
  return { json: await res.json(), etag: res.headers.get('etag') };
}

/** A member of the test's own in shop `host`, with a token for the API. */
async function newMember(host) {
  members += 1;
  const member = { name: `Kiwi ${members}`, email: `way${members}.${process.pid}@example.com` };
  const body = { ...member, password: PASSWORD, password_confirmation: PASSWORD, acceptTerms: true };
  await call(host, 'POST', '/api/auth/register', body);
  member.token = (
    await call(host, 'POST', '/api/auth/login', { email: member.email, password: PASSWORD })
  ).json.data.token;
  return member;
}

async function signedIn(origin, member, path, viewport) {
  const tab = await openPage(browser, viewport);
  await tab.page.goto(`${origin}/login?redirect=${encodeURIComponent(path)}`, { waitUntil: 'load' });
  await hydrated(tab.page);
  const login = tab.page.getByTestId('login-page');
  await login.locator('input[type="email"]').fill(member.email);
  await login.locator('input[type="password"]').fill(PASSWORD);
  await login.locator('button[type="submit"]').click();
  await tab.page.waitForURL((url) => url.pathname === path);
  await tab.page.getByTestId('greeting').waitFor();
  return tab;
}

describe('scroll as a shopper expects (375 px)', () => {
  test("a listing's last card opens the product at the top; Back returns to the card", async () => {
    const tab = await openPage(browser, { width: 375, height: 812, isMobile: true });
    const { page } = tab;
    await page.goto(`${stack.baseUrl}/newest-product`, { waitUntil: 'load' });
    await hydrated(page);
    const last = page.getByTestId('product-card').last();
    await last.scrollIntoViewIfNeeded();
    await settled(page);
    const listY = await page.evaluate(() => window.scrollY);
    assert.ok(listY > 500, `scrolled down the list (${listY})`);
    const name = await last.getByTestId('product-name').textContent();
    await last.getByTestId('product-name').click();
    await page.waitForURL((url) => url.pathname.startsWith('/product/'));
    await page.getByTestId('product-price').waitFor();
    await settled(page);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the product opens at its top');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/newest-product');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 40, listY, { timeout: 10000 });
    const card = page.getByTestId('product-card').filter({ hasText: name }).last();
    const box = await card.boundingBox();
    assert.ok(box && box.y < 812 && box.y + box.height > 0, 'the card is on screen again');
    // A guest's heart asks to sign in, as the cart icon does, and comes back here (issue 30.7).
    await page.getByTestId('card-favorite').first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/newest-product');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/newest-product');
    await hydrated(page);
    // A page number or a footer link opens its page at the top too.
    await page.locator('footer a[href^="/article/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/article/'));
    // The URL changes before the new page commits (a transition) and scrolls to the top.
    await page.getByTestId('article-title').waitFor();
    await settled(page);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'a footer link opens its page at the top');
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });
});

describe('the English (New Zealand) shop', () => {
  test('leads with NZ$ and starts checkout on New Zealand, its methods first', async () => {
    const host = 'en.localhost';
    const product = (await bffJson(stack, '/api/product/new/?page=1', host)).products.data.find(
      (p) => !p.product_variants?.length && p.virtual_inventory > 0,
    );
    const member = await newMember(host);
    await call(host, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1, variant_id: null }, member.token);
    const tab = await signedIn(stack.enUrl, member, '/checkout', { width: 1366, height: 900 });
    const { page } = tab;
    await page.getByTestId('checkout-page').waitFor();
    assert.equal(await page.locator('#recipient-country').inputValue(), 'New Zealand');
    const options = await page.locator('#recipient-country option').allTextContents();
    assert.deepEqual(options.slice(1), ['New Zealand', '中国']);
    const total = page.getByTestId('summary-total');
    const first = await total.locator('[data-price] > span').first().textContent();
    assert.match(first, /^NZ\$\d+\.\d\d$/, `the total leads with NZ$: ${first}`);
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });
});

describe('prices as charged', () => {
  test('a NZ$45.95 product shows NZ$45.95 on its card, in the cart and in the order', async () => {
    const host = 'localhost';
    const admin = (await call(host, 'POST', '/api/auth/login', { email: 'admin@example.com', password: 'admin1234' }))
      .json.data.token;
    const product = (await bffJson(stack, '/api/product/new/?page=1', host)).products.data.find(
      (p) => !p.product_variants?.length && p.virtual_inventory > 2 && !Number(p.discount),
    );
    const { etag } = await call(host, 'GET', `/api/admin/products/${product.id}`, null, admin);
    await call(host, 'PATCH', `/api/admin/products/${product.id}`, { price: '45.95' }, admin, { 'If-Match': etag });

    const member = await newMember(host);
    await call(host, 'POST', '/api/cart/add', { product_id: product.id, quantity: 3, variant_id: null }, member.token);
    const tab = await signedIn(stack.baseUrl, member, '/newest-product', { width: 375, height: 812, isMobile: true });
    const { page } = tab;
    const card = page.getByTestId('product-card').filter({ hasText: product.name }).first();
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[data-testid="product-card"]')].some(
          (c) =>
            c.textContent.includes(name) && c.querySelector('[data-testid="price-nzd"]')?.textContent === 'NZ$45.95',
        ),
      product.name,
      { timeout: 15000 },
    );
    assert.equal(await card.getByTestId('price-nzd').textContent(), 'NZ$45.95');
    await page.goto(`${stack.baseUrl}/checkout`, { waitUntil: 'load' });
    await page.getByTestId('checkout-page').waitFor();
    const line = page.getByTestId('checkout-summary').getByTestId('cart-line');
    assert.equal(await line.getByTestId('price-nzd').textContent(), 'NZ$45.95');
    const subtotal = page.getByTestId('summary-subtotal').getByTestId('price-nzd');
    assert.equal(await subtotal.textContent(), 'NZ$137.85');
    // The order, placed through the API as the checkout sends it, shows what it charges.
    const created = await call(
      host,
      'POST',
      '/api/order/create',
      {
        cartItems: [{ product_id: product.id, quantity: 3, variant_id: null }],
        shippingInfo: {
          shipping_name: 'Jane Doe',
          shipping_contact: '0211234567',
          shipping_country: 'New Zealand',
          shipping_city: 'Auckland',
          shipping_address: '1 Queen St',
          shipping_type: 'local-pick',
        },
        totalAmount: '137.85',
        shippingCost: '0.00',
      },
      member.token,
    );
    const order = created.json.order;
    await page.goto(`${stack.baseUrl}/order-detail/${order.order_number}`, { waitUntil: 'load' });
    const lines = page.getByTestId('order-line');
    await lines.first().waitFor();
    assert.equal(await lines.first().getByTestId('price-nzd').textContent(), 'NZ$45.95');
    const total = page.getByTestId('order-total');
    assert.equal(await total.getByTestId('price-nzd').textContent(), 'NZ$137.85');
    assert.equal(await total.getByTestId('price-yuan').textContent(), `¥${Number(order.yuan_total).toFixed(1)}`);
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });
});

describe("issue 30.7's smaller things", () => {
  const PHONE = { width: 360, height: 740, isMobile: true };
  const box = (locator) => locator.boundingBox();

  test("on a 360 px phone the product's add, heart and share buttons share one row", async () => {
    const tab = await openPage(browser, PHONE);
    const { page } = tab;
    await page.goto(`${stack.baseUrl}/product/10`, { waitUntil: 'load' });
    await hydrated(page);
    const [add, heart, share] = await Promise.all(
      ['add-to-cart', 'product-favorite', 'share'].map((id) => box(page.getByTestId(id))),
    );
    assert.equal(heart.y, add.y, "the heart is on the add button's row");
    assert.equal(share.y, add.y, "the share button is on the add button's row");
    assert.ok(share.x + share.width <= 360 - 8, `the share button is in view (right edge ${share.x + share.width})`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'nothing wider than the phone');
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });

  test('on a 360 px phone the page numbers of a 20-page listing stay on one line', async () => {
    const tab = await openPage(browser, PHONE);
    const { page } = tab;
    await page.goto(`${stack.baseUrl}/newest-product`, { waitUntil: 'load' });
    // The session known first: its check's own work is over before the clicks.
    await settled(page);
    // The demo catalogue has 4 pages: the BFF's answers to the browser say 20 (the products as sent).
    const listing = (url) => new URL(url).pathname === '/api/product/new/';
    await page.route(
      listing,
      rewriteAnswer(async (response) => {
        const json = await response.json();
        json.products.last_page = 20;
        return { json };
      }),
    );
    const nav = page.getByTestId('pagination');
    for (const shown of ['2', '3', '4', '5']) {
      // Each step waits on what it did: the page's own call answered, then the address and the
      // current page number (a failure says which of them never came).
      const answered = page.waitForResponse(
        (res) => listing(res.url()) && new URL(res.url()).searchParams.get('page') === shown,
      );
      await nav.getByRole('link', { name: '下一页' }).click();
      await answered;
      await page.waitForURL((url) => url.searchParams.get('page') === shown);
      await nav.locator('[aria-current="page"]', { hasText: shown }).waitFor();
    }
    const row = await box(nav);
    const current = await box(nav.locator('[aria-current="page"]'));
    assert.ok(row.height <= current.height + 4, `the page numbers are one line (${row.height} px high)`);
    assert.ok(row.x >= 0 && row.x + row.width <= 360, 'the page numbers are in view');
    const visible = await nav.locator('a:visible, span:visible').allTextContents();
    assert.deepEqual(visible, ['‹', '1', '…', '5', '…', '20', '›']);
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });

  test("the brand carousel's tiles are even and the sixth is in view at 1000 px; its arrows move it", async () => {
    const tab = await openPage(browser, { width: 1000, height: 800 });
    const { page } = tab;
    await page.goto(`${stack.baseUrl}/`, { waitUntil: 'load' });
    await hydrated(page);
    const carousel = page.getByTestId('brand-carousel');
    const frame = await box(carousel.getByTestId('brand-track').locator('xpath=..'));
    const tiles = await carousel.getByTestId('brand-tile').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, width: r.width, height: r.height };
      }),
    );
    assert.ok(tiles.length >= 6, `at least six brands (${tiles.length})`);
    assert.equal(new Set(tiles.map((t) => Math.round(t.width))).size, 1, `even widths ${JSON.stringify(tiles)}`);
    assert.equal(new Set(tiles.map((t) => Math.round(t.height))).size, 1, `even heights ${JSON.stringify(tiles)}`);
    const sixth = tiles[5];
    assert.ok(sixth.x + sixth.width <= frame.x + frame.width + 0.5, 'the sixth tile is whole in view');
    // At 700 px four are shown: the next arrow moves the track by a step.
    await page.setViewportSize({ width: 700, height: 800 });
    const before = (await box(carousel.getByTestId('brand-tile').first())).x;
    await carousel.getByRole('button', { name: '下一张' }).click();
    await page.waitForFunction(
      (x) => document.querySelector('[data-testid="brand-tile"]').getBoundingClientRect().x < x - 50,
      before,
      { timeout: 15000 },
    );
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });

  test('deleting an address asks first: Cancel keeps it, a second tap deletes it', async () => {
    const host = 'localhost';
    const member = await newMember(host);
    for (const name of ['王小明', '李华']) {
      await call(
        host,
        'POST',
        '/api/shipping-addresses/create',
        {
          shipping_name: name,
          shipping_contact: '0211234567',
          shipping_country: 'New Zealand',
          shipping_city: 'Auckland',
          shipping_address: '1 Queen Street',
          shipping_id: '',
        },
        member.token,
      );
    }
    const tab = await signedIn(stack.baseUrl, member, '/address-management', PHONE);
    const { page } = tab;
    const deletes = [];
    page.on('request', (req) => req.url().includes('/shipping-addresses/delete/') && deletes.push(req.url()));
    const items = page.getByTestId('address-item');
    await items.nth(1).waitFor();
    const lihua = items.filter({ hasText: '李华' });
    await lihua.getByTestId('address-delete').click();
    const question = lihua.getByTestId('address-delete-question');
    await question.waitFor();
    assert.match(await question.textContent(), /李华/);
    assert.equal(await items.count(), 2, 'one tap deletes nothing');
    await question.getByTestId('address-delete-no').click();
    await question.waitFor({ state: 'detached' });
    assert.equal(await items.count(), 2, 'Cancel keeps the address');
    assert.deepEqual(deletes, [], 'nothing was sent');
    await lihua.getByTestId('address-delete').click();
    await lihua.getByTestId('address-delete-yes').click();
    await page.getByTestId('toast-success').filter({ hasText: '地址已删除' }).waitFor();
    await lihua.waitFor({ state: 'detached' });
    assert.equal(await items.count(), 1);
    assert.equal(deletes.length, 1);
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });
});
