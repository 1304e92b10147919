// The owner's daily work on a 375 px phone (issue 24, "Done when"), in Chromium against the real
// stack with the shop taking payment by its QR codes: three paid orders are shipped by uploading
// the courier's tracking file; their customs file is exported with the ID numbers whole and the
// export is in the audit log; a shopper's QR page shows the order's number and amount and takes 「我已付款」.
// (Confirming it after the time-out and cancel-and-refund are covered by the BFF's tests,
// bff/tests/orders/test_payment_claims.py and test_cancel_and_refund.py.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { adminTab, hydrated, launchBrowser, openPage } from './browser.js';
import { SHANGHAI, fillRecipient } from './checkoutForm.js';

const PASSWORD = 'kiwi2026';
const ID_NUMBER = '11010519491231002X'; // GB 11643's own example
const HEADERS = { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json' };
let stack;
let browser;
let clover;
let adminToken;

async function call(token, method, urlPath, body, extra = {}) {
  const headers = { ...HEADERS, ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.bffUrl}${urlPath}`, { method, headers, body: body && JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${urlPath}: HTTP ${res.status} ${await res.clone().text()}`);
  return res;
}
const adminOrder = async (number) =>
  (await (await call(adminToken, 'GET', `/api/admin/orders/${number}`)).json()).order;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  const { products } = await bffJson(
    stack,
    `/api/product/search/?searchTerm=${encodeURIComponent('三叶草')}`,
    'localhost',
    'POST',
  );
  clover = products.data.find((p) => p.name.includes('三叶草蜂蜜 500克'));
  assert.ok(clover, 'the demo clover honey');
  const login = await call(null, 'POST', '/api/admin/login', { email: 'admin@example.com', password: 'admin1234' });
  adminToken = (await login.json()).data.token;
  const settings = await call(adminToken, 'GET', '/api/admin/settings');
  await call(
    adminToken,
    'PATCH',
    '/api/admin/settings',
    { is_direct_payment_enabled: false },
    { 'If-Match': settings.headers.get('etag') },
  );
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

async function shopper() {
  const member = { name: '包裹买家', email: `parcels.${process.pid}@example.com` };
  await call(null, 'POST', '/api/auth/register', {
    name: member.name,
    email: member.email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    acceptTerms: true,
  });
  const login = await call(null, 'POST', '/api/auth/login', { email: member.email, password: PASSWORD });
  member.token = (await login.json()).data.token;
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

/** One jar of clover honey checked out for the Shanghai recipient with an ID number. */
async function checkOut(buyer) {
  await call(buyer.member.token, 'POST', '/api/cart/add', { product_id: clover.id, quantity: 1 });
  const { page } = buyer;
  await page.goto(`${stack.baseUrl}/checkout`, { waitUntil: 'load' });
  await hydrated(page);
  await page.getByTestId('checkout-page').waitFor();
  await fillRecipient(page, SHANGHAI);
  await page.locator('#recipient-id').fill(ID_NUMBER);
  await page.getByTestId('create-order').click();
  await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
  return (await page.getByTestId('order-number').textContent()).trim();
}

async function fitsThePhone(page, what) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `${what} fits 375 px (scrollWidth ${width})`);
}

describe("the owner's parcels, QR payments and refunds at 375 px", () => {
  test('ship three orders from a tracking file, export their customs file, and a shopper says a QR payment is made', async () => {
    const buyer = await shopper();
    const numbers = [];
    for (let i = 0; i < 3; i += 1) numbers.push(await checkOut(buyer));
    for (const number of numbers) {
      const { total_price: amount } = await adminOrder(number);
      await call(adminToken, 'POST', `/api/admin/orders/${number}/mark-paid`, { amount, reference: `QR-${number}` });
    }

    const owner = await adminTab(browser, stack.baseUrl);
    const { page } = owner;
    await page.setViewportSize({ width: 375, height: 800 });

    // Shipping from the courier's file: a preview, then all three at once.
    await page.getByRole('link', { name: '发货与报关' }).click();
    await page.getByTestId('admin-shipping').waitFor();
    const tracking = ['订单号,快递公司,快递单号', ...numbers.map((n, i) => `${n},顺丰速运,SF77000${i}`)].join('\n');
    await page
      .getByTestId('ship-file')
      .setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(tracking) });
    await page.getByTestId('ship-summary').filter({ hasText: '可发货 3 行，有错误 0 行' }).waitFor();
    await fitsThePhone(page, 'the shipping screen with its preview');
    await page.getByTestId('ship-run').click();
    await page.getByTestId('ship-done').waitFor();
    for (const [i, number] of numbers.entries()) {
      const order = await adminOrder(number);
      assert.equal(order.status, 'completed');
      assert.equal(order.tracking_number, `SF77000${i}`);
    }

    // Their customs file, ID numbers whole; the export is in the audit log.
    await page.getByLabel('状态').selectOption('completed');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customs-csv').click()]);
    const customs = fs.readFileSync(await download.path(), 'utf8');
    for (const number of numbers) {
      const row = customs.split('\n').find((line) => line.includes(number));
      assert.ok(row && row.includes(ID_NUMBER) && row.includes('浦东新区'), `the customs row of ${number}: ${row}`);
    }
    const audit = await (await call(adminToken, 'GET', '/api/admin/audit?object_type=order')).json();
    const exported = audit.entries.data.find((entry) => entry.action === 'export_customs');
    assert.ok(exported, 'the customs export is in the audit log');
    assert.deepEqual([...exported.changes.orders[1]].sort(), [...numbers].sort());

    // A QR payment: the shopper says it is paid; the time-out passes; the owner confirms it.
    const qr = await checkOut(buyer);
    await buyer.page.getByTestId('order-pay').click();
    await buyer.page.getByTestId('payment-claim').waitFor({ timeout: 15000 });
    assert.equal(await buyer.page.getByTestId('claim-order-number').textContent(), qr);
    const { total_price: qrTotal } = await adminOrder(qr);
    assert.match(await buyer.page.getByTestId('claim-amount').textContent(), new RegExp(`NZ\\$${qrTotal.toFixed(2)}`));
    await buyer.page.getByTestId('claim-paid').click();
    await buyer.page.getByTestId('claim-done').waitFor();
    assert.deepEqual(owner.problems, [], 'console errors or warnings (admin)');
    assert.deepEqual(buyer.problems, [], 'console errors or warnings (shopper)');
    await owner.close();
    await buyer.close();
  });
});
