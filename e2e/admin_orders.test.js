// The owner's order console in Chromium against the real stack, with direct payment off (the
// shopper pays by the shop's QR codes): a member checks out; the admin finds the order, marks it
// paid with the payment's reference, ships it with a tracking number, and the shopper's order page
// shows 已发货 with that number; a partial refund is recorded against the payment; a member level
// given in the console changes the shopper's price on their next page. The shopper's mails of the
// order's life are in the outbox under the stack's VAR_DIR. Staff notes and tags are found by the
// order list and never reach the shopper's page; the dashboard shows today's figures.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { adminOfQrShop, bffCall, demoProduct, startStack } from './stack.js';
import { adminTab, hydrated, launchBrowser, openPage } from './browser.js';
import { SHANGHAI, fillRecipient } from './checkoutForm.js';

let stack;
let browser;
let clover;
let lozenge; // has a member price, so a member level changes what a member pays
const PASSWORD = 'kiwi2026';

const call = (...args) => bffCall(stack, ...args);

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  clover = await demoProduct(stack, '三叶草', '三叶草蜂蜜 500克');
  lozenge = await demoProduct(stack, '润喉糖', '润喉糖 柠檬味');
  assert.ok(lozenge.member_price > 0, 'the demo honey drops, with a member price');
  // The shop takes payment by its QR codes.
  await adminOfQrShop(stack);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

let members = 0;
/** A member of this test's own with `clover` in the cart, signed in through the login page. */
async function shopper(quantity = 1) {
  members += 1;
  const member = { name: `扫码买家${members}`, email: `qr${members}.${process.pid}@example.com` };
  await call(null, 'POST', '/api/auth/register', {
    name: member.name,
    email: member.email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    acceptTerms: true,
  });
  const login = await call(null, 'POST', '/api/auth/login', { email: member.email, password: PASSWORD });
  member.token = (await login.json()).data.token;
  await call(member.token, 'POST', '/api/cart/add', { product_id: clover.id, quantity });
  const tab = await openPage(browser);
  await tab.page.goto(`${stack.baseUrl}/login`, { waitUntil: 'load' });
  await hydrated(tab.page);
  const form = tab.page.getByTestId('login-page');
  await form.getByLabel('电子邮件地址').fill(member.email);
  await form.getByLabel('密码').fill(PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await tab.page.getByTestId('greeting').waitFor({ timeout: 15000 });
  return { ...tab, member };
}

async function checkOut(tab) {
  const { page } = tab;
  await page.goto(`${stack.baseUrl}/checkout`, { waitUntil: 'load' });
  await hydrated(page);
  await page.getByTestId('checkout-page').waitFor();
  await fillRecipient(page, SHANGHAI);
  await page.getByTestId('create-order').click();
  await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
  return (await page.getByTestId('order-number').textContent()).trim();
}

/** Take an order action from the detail page: open its form, fill `fields` (test id suffix -> value), confirm. */
async function act(page, action, fields, status) {
  await page.getByTestId(`action-${action}`).click();
  const form = page.getByTestId('action-form');
  for (const [name, value] of Object.entries(fields)) await form.getByTestId(`action-${name}`).fill(value);
  await form.getByTestId('action-submit').click();
  await page.getByTestId('action-form').waitFor({ state: 'detached' });
  if (status) await page.getByTestId('admin-order-status').filter({ hasText: status }).waitFor();
}

/** A header's text: unfolded, its RFC 2047 encoded words (UTF-8, base64) decoded. */
function headerText(raw) {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded.replace(/(=\?utf-8\?b\?[^?]*\?=\s*)+/gi, (words) =>
    Buffer.concat([...words.matchAll(/=\?utf-8\?b\?([^?]*)\?=/gi)].map((m) => Buffer.from(m[1], 'base64'))).toString(
      'utf8',
    ),
  );
}

/** The outbox's mails to `email`, in the order they were written: [{ subject, body }]. */
function mailsTo(email) {
  const outbox = path.join(stack.tmp, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((name) => ({
      text: fs.readFileSync(path.join(outbox, name), 'utf8'),
      at: fs.statSync(path.join(outbox, name)).mtimeMs,
    }))
    .filter(({ text }) => text.includes(`To: ${email}`))
    .map(({ text, at }) => ({
      at,
      subject: headerText(text.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)[1]),
      body: text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    }))
    .sort((a, b) => a.at - b.at);
}

async function waitForMails(email, count) {
  const deadline = Date.now() + 15000;
  while (mailsTo(email).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return mailsTo(email);
}

describe('the owner console: orders and customers', () => {
  test('a QR-paid order is marked paid, shipped and partly refunded; the shopper sees 已发货 with the tracking number', async () => {
    const buyer = await shopper(2);
    const number = await checkOut(buyer);
    // Direct payment is off: the pay button leads to the manual payment instructions.
    await buyer.page.getByTestId('order-pay').click();
    await buyer.page.waitForURL((url) => url.pathname === '/payment-info', { timeout: 15000 });

    const owner = await adminTab(browser, stack.baseUrl);
    const { page } = owner;
    await page.getByRole('link', { name: '订单' }).click();
    await page.getByTestId('admin-orders').waitFor();
    await page.getByTestId('orders-q').fill(buyer.member.email);
    await page.getByTestId('orders-q').press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1);
    assert.equal(await page.getByTestId('order-status').textContent(), '待付款');
    await page.getByRole('link', { name: number }).click();
    await page.getByTestId('admin-order').waitFor();

    // Shipping first is refused by the server with the reason in Chinese.
    assert.equal(await page.getByTestId('action-ship').count(), 0, 'ship is not offered while unpaid');
    await act(page, 'mark_paid', { reference: 'WX-QR-0001' }, '已付款');
    assert.match(await page.getByTestId('payment-record').textContent(), /WX-QR-0001/);
    await act(page, 'ship', { shipping_company: '顺丰速运', tracking_number: 'SF1300000001' }, '已发货');
    assert.match(await page.getByTestId('order-tracking').textContent(), /SF1300000001/);

    await buyer.page.goto(`${stack.baseUrl}/order-detail/${number}`, { waitUntil: 'load' });
    await hydrated(buyer.page);
    await buyer.page.getByTestId('order-detail-page').waitFor();
    await buyer.page.getByTestId('order-status').filter({ hasText: '已发货' }).waitFor();
    assert.equal(await buyer.page.getByTestId('order-tracking').textContent(), 'SF1300000001');

    // A partial refund, recorded against the payment.
    await act(page, 'refund', { amount: '5.00', reason: '包装破损，部分退款' }, '已发货');
    assert.match(await page.getByTestId('order-refunded').textContent(), /5\.00/);
    assert.match(await page.getByTestId('refund-record').textContent(), /包装破损/);
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 375, `the order's page fits 375 px (scrollWidth ${overflow})`);
    await page.setViewportSize({ width: 1280, height: 900 });
    const history = await page.getByTestId('history-entry').locator('strong').allTextContents();
    assert.deepEqual(history, ['下单', '标记已付款', '发货', '退款']);

    // A staff note and tags (issue 25.5): kept on the order, found by the list, never shown to the shopper.
    const notes = page.getByTestId('staff-notes');
    await notes.getByLabel('备注', { exact: true }).fill('顾客要求用礼品袋包装');
    await page.getByTestId('order-note-add').click();
    await page.getByTestId('order-note').filter({ hasText: '顾客要求用礼品袋包装' }).waitFor();
    await page.getByTestId('order-tags-input').fill('礼品，加急');
    await page.getByTestId('order-tags-save').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="order-tags-input"]')?.value === '加急 礼品');
    await page.getByRole('link', { name: '订单', exact: true }).click();
    // Each filter's own answer is awaited: the unfiltered list already holds this one order.
    const listed = (param, value) =>
      page.waitForResponse((res) => {
        const url = new URL(res.url());
        return url.pathname === '/api/admin/orders' && url.searchParams.get(param) === value;
      });
    const byNote = listed('q', '礼品袋');
    await page.getByTestId('orders-q').fill('礼品袋');
    await page.getByTestId('orders-q').press('Enter');
    assert.equal((await (await byNote).json()).orders.data.length, 1, 'the order found by its note');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1);
    const byTag = listed('tag', '加急');
    await page.getByTestId('order-tags').getByRole('button', { name: '#加急' }).click();
    assert.deepEqual(
      (await (await byTag).json()).orders.data.map((o) => o.order_number),
      [number],
      'the order found by its tag',
    );
    await page.getByTestId('tag-filter').waitFor();
    assert.equal(await page.getByRole('link', { name: number }).count(), 1, 'the order found by its note and tag');
    await buyer.page.reload({ waitUntil: 'load' });
    await hydrated(buyer.page);
    await buyer.page.getByTestId('order-detail-page').waitFor();
    const shown = await buyer.page.content();
    assert.ok(!shown.includes('礼品袋') && !shown.includes('加急'), "the shopper's page has no staff note or tag");

    const mails = await waitForMails(buyer.member.email, 4);
    console.log(`[outbox] the mails of order ${number}:\n${mails.map((m) => `  ${m.subject}`).join('\n')}`);
    assert.deepEqual(
      // Each is sent off the request thread: which of two quick steps' mails lands first is open.
      mails.map((m) => m.subject.split(' - ')[0]).sort(),
      [
        `我们已收到您的订单 ${number}`,
        `订单 ${number} 已付款`,
        `订单 ${number} 已发货`,
        `订单 ${number} 已退款 NZ$5.00`,
      ].sort(),
    );
    assert.match(mails.find((m) => m.subject.includes('已发货')).body, /SF1300000001/);

    // Two people on one order (the version rule): someone else refunds NZ$1.00 on the order as it
    // is now, while this page still shows it as before. This page's refund is refused as made on
    // a stale copy (412, in Chinese) and nothing of it is applied.
    await page.getByRole('link', { name: number }).click();
    await page.getByTestId('admin-order').waitFor();
    const login = await call(null, 'POST', '/api/admin/login', { email: 'admin@example.com', password: 'admin1234' });
    const token = (await login.json()).data.token;
    const read = await call(token, 'GET', `/api/admin/orders/${number}`);
    await call(
      token,
      'POST',
      `/api/admin/orders/${number}/refunds`,
      { amount: '1.00', reason: '另一位同事的退款' },
      { 'If-Match': read.headers.get('etag') },
    );
    await page.getByTestId('action-refund').click();
    const form = page.getByTestId('action-form');
    await form.getByTestId('action-amount').fill('2.00');
    await form.getByTestId('action-reason').fill('过期页面上的退款');
    await form.getByTestId('action-submit').click();
    await page.getByTestId('action-problem').filter({ hasText: '订单在您打开之后已被修改' }).waitFor();
    const now = await (await call(token, 'GET', `/api/admin/orders/${number}`)).json();
    assert.equal(now.order.refunded_amount, 6, 'the stale refund of 2.00 was not applied (5.00 + 1.00)');
    assert.deepEqual(
      owner.problems.filter((p) => !/412|Precondition/.test(p)),
      [],
      'console errors or warnings (admin)',
    );
    assert.deepEqual(buyer.problems, [], 'console errors or warnings (shopper)');
    await owner.close();
    await buyer.close();
  });

  test("a member level given in the console changes the shopper's price on their next page", async () => {
    const buyer = await shopper();
    const product = `${stack.baseUrl}/product/${lozenge.id}`;
    await buyer.page.goto(product, { waitUntil: 'load' });
    await hydrated(buyer.page);
    const price = buyer.page.getByTestId('product-price').getByTestId('price-nzd');
    await buyer.page.waitForFunction(() => document.querySelector('[data-testid="product-price"]'));
    assert.equal(await price.textContent(), 'NZ$12.90');

    const owner = await adminTab(browser, stack.baseUrl);
    const { page } = owner;
    await page.getByRole('link', { name: '顾客' }).click();
    await page.getByTestId('admin-customers').waitFor();
    await page.getByTestId('customers-q').fill(buyer.member.email);
    await page.getByTestId('customers-q').press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="customer-row"]').length === 1);
    await page.getByRole('link', { name: buyer.member.name }).click();
    await page.getByTestId('admin-customer').waitFor();
    await page.getByLabel('会员等级').selectOption({ label: '金卡会员（90%）' });
    await page.getByTestId('membership-save').click();
    await page.getByTestId('toast-success').filter({ hasText: '会员设置已保存' }).first().waitFor();

    await buyer.page.goto(product, { waitUntil: 'load' });
    await hydrated(buyer.page);
    await buyer.page.waitForFunction(
      () =>
        document.querySelector('[data-testid="product-price"] [data-testid="price-nzd"]')?.textContent === 'NZ$11.61',
      null,
      { timeout: 15000 },
    );
    assert.deepEqual(owner.problems, [], 'console errors or warnings (admin)');
    assert.deepEqual(buyer.problems, [], 'console errors or warnings (shopper)');
    await owner.close();
    await buyer.close();
  });

  test('the dashboard draws the sales chart and lists the orders to ship', async () => {
    const owner = await adminTab(browser, stack.baseUrl);
    const { page } = owner;
    await page.getByRole('link', { name: '概览' }).click();
    await page.getByTestId('admin-dashboard').waitFor();
    await page.locator('[data-testid="sales-chart"][data-ready="true"]').waitFor({ timeout: 15000 });
    await page.getByTestId('dashboard-top').waitFor();
    // Today's figures in NZ$ and yuan, and counts that open the order list filtered to them.
    const today = page.getByTestId('dashboard-today');
    assert.match(await today.getByTestId('sales-month').textContent(), /NZ\$\d+\.\d{2}.*¥\d+\.\d/);
    assert.match(await page.getByTestId('dashboard-low-stock').locator('h2, h3').first().textContent(), /不超过 5 件/);
    await today.getByTestId('count-to_ship').click();
    await page.getByTestId('admin-orders').waitFor();
    assert.equal(new URL(page.url()).search, '?status=paid');
    assert.deepEqual(owner.problems, [], 'console errors or warnings');
    await owner.close();
  });
});
