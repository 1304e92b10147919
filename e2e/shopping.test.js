// Shopping in Chromium against the real stack: a member fills the cart (one
// product with a variant), changes quantities, checks out to China and to
// Auckland with the right fees, pays on the sandbox payment page and sees the
// order paid; another order is cancelled; a New Zealand address in Chinese is refused.
// Each test builds its own state (its own browser context, a member of its own registered
// through the API, its own cart and orders), so one failure never cascades into the next.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { hydrated, launchBrowser, openPage } from './browser.js';
import { SHANGHAI, choosePlace, fillRecipient } from './checkoutForm.js';

let stack;
let browser;
const products = {};
const PASSWORD = 'kiwi2026';
let members = 0;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  const find = async (term) => {
    const { products: page } = await bffJson(
      stack,
      `/api/product/search/?searchTerm=${encodeURIComponent(term)}`,
      'localhost',
      'POST',
    );
    const product = page.data.find((p) => p.name.includes(term));
    assert.ok(product, term);
    return product;
  };
  products.clover = await find('三叶草蜂蜜'); // no variants, 620 g
  products.umf10 = await find('UMF10+'); // variants 250克 / 500克 (650 g) / 1公斤
  products.umf10Of500 = products.umf10.product_variants.find((v) => v.name === '500克');
  assert.ok(products.umf10Of500, 'UMF10+ has a 500克 variant');
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

const pathOf = (page) => new URL(page.url()).pathname;

/** The BFF as this member (or a guest), straight, for building a test's state. */
async function api(member, method, path, body) {
  const headers = { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json' };
  if (member?.token) headers.Authorization = `Bearer ${member.token}`;
  const res = await fetch(`${stack.bffUrl}${path}`, { method, headers, body: body && JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${path}: HTTP ${res.status} ${await res.clone().text()}`);
  return res.json();
}

/** A fresh tab with helpers bound to it. */
async function newTab() {
  const tab = await openPage(browser);
  const { page } = tab;
  return {
    ...tab,
    async visit(path) {
      await page.goto(`${stack.baseUrl}${path}`, { waitUntil: 'load' });
      await hydrated(page);
    },
    async toast(type, text) {
      await page.getByTestId(`toast-${type}`).filter({ hasText: text }).first().waitFor({ timeout: 10000 });
    },
    async cartCount(expected) {
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="cart-count"]')?.textContent === String(n),
        expected,
        { timeout: 10000 },
      );
    },
    /** Nothing went wrong in this tab, and nothing left for the demo site_url on port 3000. */
    async finish() {
      assert.deepEqual(tab.problems, [], 'console errors or warnings');
      assert.deepEqual(stack.decoy.hits, [], 'requests reached port 3000 instead of this stack');
      await tab.close();
    },
  };
}

/** A member of this test's own (registered through the API), signed in through the login page. */
async function memberTab(cart = []) {
  members += 1;
  const member = { name: `买家${members}`, email: `shopper${members}.${process.pid}@example.com` };
  await api(null, 'POST', '/api/auth/register', {
    name: member.name,
    email: member.email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    acceptTerms: true,
  });
  member.token = (await api(null, 'POST', '/api/auth/login', { email: member.email, password: PASSWORD })).data.token;
  assert.ok(member.token, 'login answers a token');
  for (const [product, quantity, variant] of cart) {
    await api(member, 'POST', '/api/cart/add', { product_id: product.id, quantity, variant_id: variant?.id ?? null });
  }
  const tab = await newTab();
  const { page } = tab;
  await tab.visit('/login');
  const login = page.getByTestId('login-page');
  await login.getByLabel('电子邮件地址').fill(member.email);
  await login.getByLabel('密码').fill(PASSWORD);
  await login.getByRole('button', { name: '登录' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
  await page.getByTestId('greeting').waitFor();
  return { ...tab, member };
}

async function createOrder(tab) {
  const { page } = tab;
  await page.getByTestId('create-order').click();
  await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
  return (await page.getByTestId('order-number').textContent()).trim();
}

const AUCKLAND = {
  name: 'Amy Li',
  phone: '0211234567',
  country: 'New Zealand',
  city: 'Auckland',
  address: '1 Queen Street',
};

/** Check out what is in the member's cart to `recipient` from the checkout page. */
async function checkOut(tab, recipient) {
  await tab.visit('/checkout');
  await tab.page.getByTestId('checkout-page').waitFor();
  await fillRecipient(tab.page, recipient);
  return createOrder(tab);
}

/** Pay an order on the sandbox payment page, from its summary page. */
async function payOnSandbox(tab, orderNumber) {
  const { page } = tab;
  await page.getByTestId('order-pay').click();
  await page.waitForURL(/\/api\/payment\/sandbox\//, { timeout: 15000 });
  assert.equal((await page.locator('#order-number').textContent()).trim(), orderNumber);
  await page.locator('#pay').click();
  await page.waitForURL((url) => url.pathname === `/order-summary/${orderNumber}`, { timeout: 15000 });
  await hydrated(page);
  await page.getByTestId('order-thanks').filter({ hasText: '我们已收到您的付款' }).waitFor({ timeout: 15000 });
}

describe('shopping', () => {
  test('a guest is asked to log in; a member with an empty cart is told so', async () => {
    const guest = await newTab();
    await guest.visit(`/product/${products.clover.id}`);
    await guest.page.getByTestId('add-to-cart').click();
    await guest.toast('info', '请先登录');
    await guest.finish();

    const tab = await memberTab();
    await tab.cartCount(0);
    await tab.page.getByTestId('cart-button').click();
    await tab.toast('info', '购物车是空的');
    assert.equal(await tab.page.getByTestId('cart-drawer').count(), 0);
    await tab.finish();
  });

  test('adds a product from its card and one with a variant and quantity from its page', async () => {
    const tab = await memberTab();
    const { page, visit, toast, cartCount } = tab;
    await visit(`/search-product?q=${encodeURIComponent('三叶草蜂蜜')}`);
    const card = page.getByTestId('product-card').filter({ hasText: products.clover.name });
    await card.hover();
    await card.getByTestId('card-add-to-cart').click();
    await toast('success', '已加入购物车');
    await cartCount(1);
    // Products with variants have no add button on their card.
    await card.getByTestId('card-favorite').click();
    await toast('success', '已加入收藏');
    assert.equal(await card.getByTestId('card-favorite').getAttribute('aria-pressed'), 'true');

    await visit(`/product/${products.umf10.id}`);
    await page.getByRole('button', { name: '500克' }).click();
    await page
      .getByTestId('quantity')
      .getByRole('button', { name: /增加|\+/ })
      .click();
    await page.getByTestId('add-to-cart').click();
    await toast('success', '已加入购物车');
    await cartCount(3);
    const { carts } = (await api(tab.member, 'GET', '/api/cart')).data;
    assert.deepEqual(
      carts.map((c) => [c.product_id, c.variant_id ?? null, c.quantity]).sort(),
      [
        [products.clover.id, null, 1],
        [products.umf10.id, products.umf10Of500.id, 2],
      ].sort(),
    );
    await tab.finish();
  });

  test('changes quantities in the slide-over', async () => {
    const tab = await memberTab([
      [products.clover, 1],
      [products.umf10, 2, products.umf10Of500],
    ]);
    const { page, cartCount } = tab;
    await cartCount(3);
    await page.getByTestId('cart-button').click();
    const drawer = page.getByTestId('cart-drawer');
    await drawer.waitFor();
    assert.match(await drawer.textContent(), /购物车/);
    assert.match(await drawer.textContent(), /运费在结算时计算/);
    const clover = drawer.getByTestId('cart-line').filter({ hasText: products.clover.name });
    const honey = drawer.getByTestId('cart-line').filter({ hasText: 'UMF10+' });
    // A line of 1 shows remove instead of decrease.
    assert.equal(await clover.getByTestId('line-decrease').count(), 0);
    assert.equal(await clover.getByTestId('line-remove').count(), 1);
    await clover.getByTestId('line-increase').click();
    await cartCount(4);
    await honey.getByTestId('line-decrease').click();
    await cartCount(3);
    assert.equal(await clover.getByRole('link').first().getAttribute('href'), `/product/${products.clover.id}`);
    await drawer.getByTestId('cart-checkout').click();
    await page.getByTestId('checkout-page').waitFor();
    assert.equal(pathOf(page), '/checkout');
    await tab.finish();
  });

  test('checks out to China with the per-kilogram fee, then pays on the sandbox page', async () => {
    const tab = await memberTab([
      [products.clover, 2],
      [products.umf10, 1, products.umf10Of500],
    ]);
    const { page, cartCount } = tab;
    await tab.visit('/checkout');
    await page.getByTestId('checkout-page').waitFor();
    // 2 × 620 g + 1 × 650 g = 1890 g; 1.89 kg × NZ$12.00 = NZ$22.68.
    await fillRecipient(tab.page, SHANGHAI);
    assert.equal(await page.getByTestId('shipping-method').inputValue(), 'oversea-direct');
    assert.equal((await page.getByTestId('summary-weight').textContent()).trim(), '1890 克');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$22\.68/);
    await choosePlace(page, ['新疆维吾尔自治区', '乌鲁木齐市', '天山区']);
    // Special area: 1.89 kg × NZ$25.00 = NZ$47.25.
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$47\.25/);
    // A 上海 address mentioning 新疆 in its text pays the normal rate: the place decides.
    await choosePlace(page, SHANGHAI.place);
    await page.locator('#recipient-address').fill('新疆路1号');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$22\.68/);
    await page.getByTestId('sender-toggle').click();
    await page.locator('#sender-name').fill('Amy');
    const paidOrder = await createOrder(tab);
    await cartCount(0);
    assert.match(await page.getByTestId('order-thanks').textContent(), /请尽快完成付款/);
    assert.match(await page.getByTestId('order-shipping').textContent(), /NZ\$22\.68/);

    // The sandbox page and the way back stay on this test's origin (not the demo site_url,
    // http://localhost:3000, where another storefront or the stack's decoy may answer).
    const origin = new URL(stack.baseUrl).origin;
    await page.getByTestId('order-pay').click();
    await page.waitForURL(/\/api\/payment\/sandbox\//, { timeout: 15000 });
    assert.equal(new URL(page.url()).origin, origin);
    assert.equal((await page.locator('#order-number').textContent()).trim(), paidOrder);
    await page.locator('#pay').click();
    await page.waitForURL((url) => url.pathname === `/order-summary/${paidOrder}`, { timeout: 15000 });
    assert.equal(new URL(page.url()).origin, origin);
    await hydrated(page);
    await page.getByTestId('order-thanks').filter({ hasText: '我们已收到您的付款' }).waitFor({ timeout: 15000 });
    assert.equal((await page.getByTestId('order-status').textContent()).trim(), '已付款');
    assert.equal(await page.getByTestId('order-pay').count(), 0);
    await tab.finish();
  });

  test('refuses a New Zealand address in Chinese, then checks out to Auckland with the flat fee', async () => {
    const tab = await memberTab([[products.clover, 1]]);
    const { page } = tab;
    await tab.cartCount(1);
    await tab.visit('/checkout');
    await page.getByTestId('checkout-page').waitFor();
    await fillRecipient(tab.page, { ...AUCKLAND, address: '皇后街1号' });
    // New Zealand offers local post then pickup, the first preselected.
    assert.deepEqual(
      await page
        .getByTestId('shipping-method')
        .locator('option')
        .evaluateAll((os) => os.map((o) => o.value)),
      ['local-direct', 'local-pick'],
    );
    assert.equal(await page.getByTestId('shipping-method').inputValue(), 'local-direct');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$8\.00/);
    await page.getByTestId('create-order').click();
    assert.equal(
      await page.getByTestId('error-recipient-address').textContent(),
      '地址不正确，请使用英文填写地址信息。',
    );
    assert.equal(pathOf(page), '/checkout');

    await page.locator('#recipient-address').fill('1 Queen Street');
    await page.locator('#recipient-city').fill('Wellington');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$15\.00/);
    await page.locator('#recipient-city').fill('Auckland');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$8\.00/);
    await createOrder(tab);
    assert.match(await page.getByTestId('order-shipping').textContent(), /NZ\$8\.00/);
    await tab.finish();
  });

  test('cancels the unpaid order from the list and finds the paid one under its filter', async () => {
    const tab = await memberTab([
      [products.clover, 2],
      [products.umf10, 1, products.umf10Of500],
    ]);
    const { page, visit, toast } = tab;
    const paidOrder = await checkOut(tab, SHANGHAI);
    await payOnSandbox(tab, paidOrder);
    await api(tab.member, 'POST', '/api/cart/add', { product_id: products.clover.id, quantity: 1, variant_id: null });
    const cancelledOrder = await checkOut(tab, AUCKLAND);
    await visit('/order-list?status=unpaid');
    const card = page.locator(`[data-testid="order-card"][data-order-number="${cancelledOrder}"]`);
    await card.waitFor();
    assert.equal((await card.getByTestId('order-status').textContent()).trim(), '待付款');
    assert.match(await card.getByTestId('order-updated').textContent(), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(await card.getByTestId('order-progress-bar').evaluate((el) => el.style.width), '37.5%');
    assert.equal((await card.getByTestId('order-pay').textContent()).trim(), '微信/支付宝支付');
    await card.getByTestId('order-cancel').click();
    await toast('success', '取消订单成功。');
    await card.waitFor({ state: 'detached' });

    await page.getByTestId('filter-cancelled').click();
    const cancelled = page.locator(`[data-testid="order-card"][data-order-number="${cancelledOrder}"]`);
    await cancelled.waitFor();
    assert.equal((await cancelled.getByTestId('order-status').textContent()).trim(), '已取消');
    assert.equal(await cancelled.getByTestId('order-progress').getAttribute('data-cancelled'), 'true');

    await page.getByTestId('filter-paid').click();
    const paid = page.locator(`[data-testid="order-card"][data-order-number="${paidOrder}"]`);
    await paid.waitFor();
    assert.equal(await paid.getByTestId('order-cancel').count(), 0);
    assert.equal(await paid.getByTestId('order-progress-bar').evaluate((el) => el.style.width), '62.5%');
    await paid.getByTestId('order-detail-link').click();
    await page.getByTestId('order-detail-page').waitFor();
    assert.equal((await page.getByTestId('order-status').textContent()).trim(), '已付款');
    assert.equal(await page.getByTestId('order-line').count(), 2);
    await tab.finish();
  });

  test('keeps an address book with the modal form', async () => {
    const tab = await memberTab();
    const { page, visit } = tab;
    await visit('/address-management');
    await page.getByTestId('address-book-page').waitFor();
    await page.getByTestId('address-new').click();
    const modal = page.getByTestId('address-modal');
    assert.equal(await modal.locator('#recipient-country').inputValue(), '中国');
    await modal.getByTestId('address-submit').click();
    assert.equal(await page.getByTestId('error-recipient-name').textContent(), '请输入收件人姓名');
    await modal.locator('#recipient-name').fill('张三');
    await modal.locator('#recipient-phone').fill('13900000000');
    await choosePlace(modal, ['北京市', '北京市', '朝阳区']);
    await modal.locator('#recipient-address').fill('建国路1号');
    await modal.getByTestId('address-submit').click();
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('address-item').filter({ hasText: '张三' }).waitFor();

    await visit('/choose-address');
    await page.getByTestId('choose-address-page').waitFor();
    await page.getByTestId('address-item').first().waitFor();
    // The member's only address is the default one, listed first with its badge.
    const first = page.getByTestId('address-item').first();
    await first.waitFor();
    assert.match(await first.textContent(), /张三/);
    assert.equal(await first.getByTestId('address-default').count(), 1);
    await tab.finish();
  });
});
