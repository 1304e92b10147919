// Promotions in Chromium against the real stack (issue 25.1): the owner creates a discount code
// and a 满减 tier in the console; a member's checkout refuses a bad code (in Chinese, the cart
// kept), applies the good one, shows what each rule saved, and the order and the sandbox
// payment charge exactly that total.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { adminTab, hydrated, launchBrowser, openPage } from './browser.js';
import { SHANGHAI, fillRecipient } from './checkoutForm.js';

let stack;
let browser;
const products = {};
const PASSWORD = 'kiwi2026';

async function api(token, method, path, body) {
  const headers = { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.bffUrl}${path}`, { method, headers, body: body && JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${path}: HTTP ${res.status} ${await res.clone().text()}`);
  return res.json();
}

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
  products.clover = await find('三叶草蜂蜜'); // NZ$12.90, 620 g
  products.umf10 = await find('UMF10+');
  products.umf10Of500 = products.umf10.product_variants.find((v) => v.name === '500克'); // NZ$79.90, 650 g
  assert.ok(products.umf10Of500);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('promotions', () => {
  test('the owner creates a code and a 满减 tier; a checkout shows both savings and is charged that total', async () => {
    // The owner, in the console.
    const owner = await adminTab(browser, stack.baseUrl);
    const console_ = owner.page;
    await console_.goto(`${stack.baseUrl}/admin/promotions`, { waitUntil: 'load' });
    await hydrated(console_);
    const codes = console_.getByTestId('promotions-codes');
    await codes.getByTestId('promo-code').fill('kiwi10');
    await codes.getByLabel('类型').selectOption('percent');
    await codes.getByTestId('promo-value').fill('10');
    await codes.getByTestId('promo-usage_limit').fill('100');
    await codes.getByTestId('promo-per_member_limit').fill('1');
    await codes.getByTestId('create-codes').click();
    await codes.getByTestId('codes-row').filter({ hasText: 'KIWI10' }).waitFor();
    assert.match(await codes.getByTestId('promo-used').textContent(), /0 \/ 100/);

    const tiers = console_.getByTestId('promotions-tiers');
    await tiers.getByTestId('promo-threshold').fill('100');
    await tiers.getByTestId('promo-saving').fill('15');
    await tiers.getByTestId('create-tiers').click();
    await tiers.getByTestId('tiers-row').filter({ hasText: '满 NZ$100.00 减 NZ$15.00' }).waitFor();

    // A member with 2 × clover (25.80) and a 500克 UMF10+ (79.90): NZ$105.70 of items, 1890 g.
    const email = `promo.${process.pid}@example.com`;
    await api(null, 'POST', '/api/auth/register', {
      name: '优惠买家',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      acceptTerms: true,
    });
    const token = (await api(null, 'POST', '/api/auth/login', { email, password: PASSWORD })).data.token;
    await api(token, 'POST', '/api/cart/add', { product_id: products.clover.id, quantity: 2 });
    await api(token, 'POST', '/api/cart/add', {
      product_id: products.umf10.id,
      quantity: 1,
      variant_id: products.umf10Of500.id,
    });
    const shopper = await openPage(browser);
    const { page } = shopper;
    await page.goto(`${stack.baseUrl}/login`, { waitUntil: 'load' });
    await hydrated(page);
    const login = page.getByTestId('login-page');
    await login.getByLabel('电子邮件地址').fill(email);
    await login.getByLabel('密码').fill(PASSWORD);
    await login.getByRole('button', { name: '登录' }).click();
    await page.getByTestId('greeting').waitFor();
    await page.goto(`${stack.baseUrl}/checkout`, { waitUntil: 'load' });
    await hydrated(page);
    await page.getByTestId('checkout-page').waitFor();
    await fillRecipient(page, SHANGHAI);
    const summary = page.getByTestId('checkout-summary');

    // The 满减 applies by itself.
    await summary.getByTestId('summary-discount-tier').filter({ hasText: '−NZ$15.00' }).waitFor();
    assert.match(await summary.textContent(), /满 NZ\$100\.00 减 NZ\$15\.00/);

    // A code that does not exist: its reason in Chinese, nothing lost.
    await page.getByTestId('promo-code-input').fill('nope');
    await page.getByTestId('promo-code-apply').click();
    await page.getByTestId('promo-code-error').filter({ hasText: '优惠码“NOPE”不存在' }).waitFor();
    assert.equal(await summary.getByTestId('cart-line').count(), 2);

    // The owner's code, typed in lower case.
    await page.getByTestId('promo-code-input').fill('kiwi10');
    await page.getByTestId('promo-code-apply').click();
    await page.getByTestId('promo-code-applied').filter({ hasText: 'KIWI10' }).waitFor();
    assert.equal(await page.getByTestId('promo-code-error').count(), 0);
    // 10 % of what the tier leaves: (105.70 - 15.00) × 10 % = 9.07.
    await summary.getByTestId('summary-discount-code').filter({ hasText: '−NZ$9.07' }).waitFor();
    assert.match(await summary.getByTestId('summary-shipping').textContent(), /NZ\$22\.68/);
    // 105.70 - 15.00 - 9.07 + 22.68 = 104.31; ¥ once from it at 4.30: 448.533 → ¥448.5.
    const total = await summary.getByTestId('summary-total').textContent();
    assert.match(total, /NZ\$104\.31/);
    assert.match(total, /¥448\.5/);

    await page.getByTestId('create-order').click();
    await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
    const number = (await page.getByTestId('order-number').textContent()).trim();
    const { order } = await api(token, 'GET', `/api/order/${number}`);
    assert.equal(order.total_price, 104.31);
    assert.deepEqual(
      order.discounts.map((d) => [d.kind, d.amount]),
      [
        ['tier', 15],
        ['code', 9.07],
      ],
    );

    // Charged that total: the payment page asks for it.
    await page.getByTestId('order-pay').click();
    await page.waitForURL(/\/api\/payment\/sandbox\//, { timeout: 15000 });
    const amount = await page.locator('#amount').textContent();
    assert.match(amount, /NZ\$104\.31/);
    assert.match(amount, /448\.5/);

    // The console shows the code's use.
    await console_.reload({ waitUntil: 'load' });
    await hydrated(console_);
    const row = codes.getByTestId('codes-row').filter({ hasText: 'KIWI10' });
    await row.getByTestId('promo-used').filter({ hasText: '1 / 100' }).waitFor();
    await row.getByTestId('promo-uses').click();
    await row.getByText(number).waitFor();
    // Paused, a code is refused.
    await row.getByTestId('promo-pause').click();
    await row.getByTestId('promo-status').filter({ hasText: '已暂停' }).waitFor();

    assert.deepEqual(shopper.problems, [], 'console errors or warnings (shopper)');
    assert.deepEqual(owner.problems, [], 'console errors or warnings (owner)');
    await shopper.close();
    await owner.close();
  });
});
