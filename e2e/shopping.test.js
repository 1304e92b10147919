// Shopping in Chromium against the real stack: a member fills the cart (one
// product with a variant), changes quantities, checks out to China and to
// Auckland with the right fees, pays on the sandbox payment page and sees the
// order paid; another order is cancelled; a New Zealand address in Chinese is refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { hydrated, launchBrowser, openPage, screenshot } from './browser.js';

let stack;
let browser;
let tab;
const products = {};

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
  tab = await openPage(browser);
});

after(async () => {
  await tab?.close();
  await browser?.close();
  await stack?.stop();
});

const pathOf = (page) => new URL(page.url()).pathname;

async function visit(path) {
  await tab.page.goto(`${stack.baseUrl}${path}`, { waitUntil: 'load' });
  await hydrated(tab.page);
}

async function toast(type, text) {
  await tab.page.getByTestId(`toast-${type}`).filter({ hasText: text }).first().waitFor({ timeout: 10000 });
}

async function cartCount(expected) {
  await tab.page.waitForFunction(
    (n) => document.querySelector('[data-testid="cart-count"]')?.textContent === String(n),
    expected,
    { timeout: 10000 },
  );
}

async function fillRecipient(values) {
  const { page } = tab;
  await page.locator('#recipient-name').fill(values.name);
  await page.locator('#recipient-phone').fill(values.phone);
  await page.locator('#recipient-country').selectOption(values.country);
  await page.locator('#recipient-city').fill(values.city);
  await page.locator('#recipient-address').fill(values.address);
}

async function createOrder() {
  const { page } = tab;
  await page.getByTestId('create-order').click();
  await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
  return (await page.getByTestId('order-number').textContent()).trim();
}

describe('shopping journey', () => {
  let paidOrder;
  let cancelledOrder;

  test('a guest is asked to log in; the member logs in and the cart icon rules hold', async () => {
    const { page } = tab;
    await visit(`/product/${products.clover.id}`);
    await page.getByTestId('add-to-cart').click();
    await toast('info', '请先登录');

    await visit('/login');
    const login = page.getByTestId('login-page');
    await login.getByLabel('电子邮件地址').fill('member@example.com');
    await login.getByLabel('密码').fill('demo1234');
    await login.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
    await page.getByTestId('greeting').waitFor();
    await cartCount(0);
    await page.getByTestId('cart-button').click();
    await toast('info', '购物车是空的');
    assert.equal(await page.getByTestId('cart-drawer').count(), 0);
  });

  test('adds a product from its card and one with a variant and quantity from its page', async () => {
    const { page } = tab;
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
  });

  test('changes quantities in the slide-over', async () => {
    const { page } = tab;
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
    await screenshot(page, 'cart-drawer');
    await drawer.getByTestId('cart-checkout').click();
    await page.getByTestId('checkout-page').waitFor();
    assert.equal(pathOf(page), '/checkout');
  });

  test('checks out to China with the per-kilogram fee, then pays on the sandbox page', async () => {
    const { page } = tab;
    // 2 × 620 g + 1 × 650 g = 1890 g; 1.89 kg × NZ$12.00 = NZ$22.68.
    await fillRecipient({
      name: '王小明',
      phone: '13800000000',
      country: '中国',
      city: '上海',
      address: '浦东新区世纪大道1号',
    });
    assert.equal(await page.getByTestId('shipping-method').inputValue(), 'oversea-direct');
    assert.equal((await page.getByTestId('summary-weight').textContent()).trim(), '1890 克');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$22\.7/);
    await page.locator('#recipient-city').fill('新疆乌鲁木齐');
    // Special area: 1.89 kg × NZ$25.00 = NZ$47.25.
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$47\.3/);
    await page.locator('#recipient-city').fill('上海');
    await page.locator('#sender-name').fill('Amy');
    await screenshot(page, 'checkout-china');
    paidOrder = await createOrder();
    await cartCount(0);
    assert.match(await page.getByTestId('order-thanks').textContent(), /请尽快完成付款/);
    assert.match(await page.getByTestId('order-shipping').textContent(), /NZ\$22\.7/);

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
  });

  test('refuses a New Zealand address in Chinese, then checks out to Auckland with the flat fee', async () => {
    const { page } = tab;
    await visit(`/product/${products.clover.id}`);
    await page.getByTestId('add-to-cart').click();
    await toast('success', '已加入购物车');
    await cartCount(1);
    await visit('/checkout');
    await page.getByTestId('checkout-page').waitFor();
    await fillRecipient({
      name: 'Amy Li',
      phone: '0211234567',
      country: 'New Zealand',
      city: 'Auckland',
      address: '皇后街1号',
    });
    // New Zealand offers local post then pickup, the first preselected.
    assert.deepEqual(
      await page
        .getByTestId('shipping-method')
        .locator('option')
        .evaluateAll((os) => os.map((o) => o.value)),
      ['local-direct', 'local-pick'],
    );
    assert.equal(await page.getByTestId('shipping-method').inputValue(), 'local-direct');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$8\.0/);
    await page.getByTestId('create-order').click();
    assert.equal(
      await page.getByTestId('error-recipient-address').textContent(),
      '地址不正确，请使用英文填写地址信息。',
    );
    assert.equal(pathOf(page), '/checkout');

    await page.locator('#recipient-address').fill('1 Queen Street');
    await page.locator('#recipient-city').fill('Wellington');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$15\.0/);
    await page.locator('#recipient-city').fill('Auckland');
    assert.match(await page.getByTestId('summary-shipping').textContent(), /NZ\$8\.0/);
    cancelledOrder = await createOrder();
    assert.match(await page.getByTestId('order-shipping').textContent(), /NZ\$8\.0/);
  });

  test('cancels the unpaid order from the list and finds the paid one under its filter', async () => {
    const { page } = tab;
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
    await screenshot(page, 'order-detail');
  });

  test('keeps an address book with the modal form', async () => {
    const { page } = tab;
    await visit('/address-management');
    await page.getByTestId('address-book-page').waitFor();
    await page.getByTestId('address-new').click();
    const modal = page.getByTestId('address-modal');
    assert.equal(await modal.locator('#recipient-country').inputValue(), '中国');
    await modal.getByTestId('address-submit').click();
    assert.equal(await page.getByTestId('error-recipient-name').textContent(), '请输入收件人姓名');
    await modal.locator('#recipient-name').fill('张三');
    await modal.locator('#recipient-phone').fill('13900000000');
    await modal.locator('#recipient-city').fill('北京');
    await modal.locator('#recipient-address').fill('朝阳区建国路1号');
    await modal.getByTestId('address-submit').click();
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('address-item').filter({ hasText: '张三' }).waitFor();

    await visit('/choose-address');
    await page.getByTestId('choose-address-page').waitFor();
    await page.getByTestId('address-item').first().waitFor();
    assert.ok((await page.getByTestId('address-default').count()) >= 1);
  });

  test('no console errors or warnings on the way', () => {
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
  });

  test('nothing left for the demo site_url on port 3000', () => {
    assert.deepEqual(stack.decoy.hits, [], 'requests reached port 3000 instead of this stack');
  });
});
