// The owner's daily work on a 375 px phone (issue 24, "Done when"), in Chromium against the real
// stack with the shop taking payment by its QR codes: three paid orders are shipped by uploading
// the courier's tracking file; their customs file is exported with the ID numbers whole and the
// export is in the audit log; a shopper's QR page shows the order's number and amount and takes
// 「我已付款」; the shopper's order shows the same yuan total after the owner changes the rate; the
// unpaid time-out passes (the orders' clock set back, then the release the scheduler runs) and leaves
// that order waiting while an unclaimed one is released; the owner confirms it from the dashboard's
// 「待确认收款」 queue, then cancels it with a refund of the whole amount.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { adminOfQrShop, bffCall, demoProduct, startStack } from './stack.js';
import { adminTab, hydrated, launchBrowser, openPage } from './browser.js';
import { SHANGHAI, fillRecipient } from './checkoutForm.js';

const PASSWORD = 'kiwi2026';
const ID_NUMBER = '11010519491231002X'; // GB 11643's own example
let stack;
let browser;
let clover;
let adminToken;

const call = (...args) => bffCall(stack, ...args);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Asynchronous: a blocked event loop would miss the BFF closing its idle keep-alive sockets.
const run = promisify(execFile);

/** Time passing for the stack: the orders placed `days` ago (their clock's start set back). */
async function age(numbers, days) {
  const script = [
    'import sqlite3, sys',
    'from datetime import UTC, datetime, timedelta',
    "at = (datetime.now(UTC) - timedelta(days=float(sys.argv[2]))).strftime('%Y-%m-%d %H:%M:%S.%f')",
    'db = sqlite3.connect(sys.argv[1])',
    "db.executemany('UPDATE orders SET created_at = ? WHERE order_number = ?', [(at, n) for n in sys.argv[3:]])",
    'db.commit()',
  ].join('\n');
  const db = path.join(stack.tmp, 'e2e.sqlite');
  await run(path.join(ROOT, '.venv/bin/python'), ['-c', script, db, String(days), ...numbers]);
}

/** The scheduler's round (docker-compose runs this command; `make start` the same on a thread). */
async function releaseUnpaid() {
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:///${path.join(stack.tmp, 'e2e.sqlite')}`,
    VAR_DIR: stack.tmp,
    FLASK_DEBUG: '0',
    PAYMENT_SANDBOX_ENABLED: '1',
  };
  const flask = path.join(ROOT, '.venv/bin/flask');
  const { stdout } = await run(flask, ['--app', 'bff.app:create_app', 'release-unpaid-orders'], { cwd: ROOT, env });
  return stdout;
}

const adminOrder = async (number) =>
  (await (await call(adminToken, 'GET', `/api/admin/orders/${number}`)).json()).order;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  clover = await demoProduct(stack, '三叶草', '三叶草蜂蜜 500克');
  adminToken = await adminOfQrShop(stack);
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
  test('ship three orders from a tracking file, export their customs file, confirm a QR payment after the time-out, cancel and refund it', async () => {
    const buyer = await shopper();
    const numbers = [];
    for (let i = 0; i < 3; i += 1) numbers.push(await checkOut(buyer));
    for (const number of numbers) {
      const { total_price: amount, version } = await adminOrder(number);
      await call(
        adminToken,
        'POST',
        `/api/admin/orders/${number}/mark-paid`,
        { amount, reference: `QR-${number}` },
        { 'If-Match': `W/"${version}"` },
      );
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
    const { total_price: qrTotal, yuan_total: qrYuan } = await adminOrder(qr);
    assert.equal(await buyer.page.getByTestId('claim-amount-yuan').textContent(), `¥${Number(qrYuan).toFixed(1)}`);
    assert.match(await buyer.page.getByTestId('claim-amount').textContent(), new RegExp(`NZ\\$${qrTotal.toFixed(2)}`));
    await buyer.page.getByTestId('claim-paid').click();
    await buyer.page.getByTestId('claim-done').waitFor();

    // The shopper's order keeps its yuan total when the owner changes the exchange rate.
    await buyer.page.goto(`${stack.baseUrl}/order-detail/${qr}`, { waitUntil: 'load' });
    await hydrated(buyer.page);
    const yuanShown = () => buyer.page.getByTestId('order-total').getByTestId('price-yuan').textContent();
    const yuanBefore = await yuanShown();
    const settings = await call(adminToken, 'GET', '/api/admin/settings');
    const { shop_exchange_rate: rate } = (await settings.json()).settings;
    await call(
      adminToken,
      'PATCH',
      '/api/admin/settings',
      { shop_exchange_rate: (Number(rate) + 0.5).toFixed(4) },
      { 'If-Match': settings.headers.get('etag') },
    );
    await buyer.page.reload({ waitUntil: 'load' });
    await hydrated(buyer.page);
    assert.equal(await yuanShown(), yuanBefore, 'the same yuan total after the rate changed');

    // The time-out passes: the claimed order waits for the owner, an unclaimed one as old is released.
    const unclaimed = await checkOut(buyer);
    await age([qr, unclaimed], 3); // the demo shop's time-out is a day
    assert.match(await releaseUnpaid(), new RegExp(`Released 1 unpaid order\\(s\\): ${unclaimed}`));
    assert.equal((await adminOrder(unclaimed)).status, 'cancelled');
    assert.equal((await adminOrder(qr)).status, 'unpaid');

    // The owner confirms it from the dashboard's queue.
    await page.getByRole('link', { name: '概览' }).click();
    await page.getByTestId('dashboard-awaiting').getByRole('link', { name: qr }).click();
    await page.getByTestId('payment-claim').waitFor();
    await page.getByTestId('action-mark_paid').click();
    await page.getByTestId('action-reference').fill(`QR-${qr}`);
    await page.getByTestId('action-submit').click();
    await page.getByTestId('admin-order-status').filter({ hasText: '已付款' }).waitFor();
    await fitsThePhone(page, 'the confirmed order');
    assert.equal((await adminOrder(qr)).paid_amount, qrTotal);

    // Cancel-and-refund: the whole amount back (the refundable amount shown beside the empty field).
    await page.getByTestId('action-cancel').click();
    const form = page.getByTestId('action-form');
    await form.getByText(`可退金额：${qrTotal.toFixed(2)}`).waitFor();
    assert.equal(await page.getByTestId('action-refund_amount').inputValue(), '');
    await form.getByLabel('原因', { exact: true }).fill('顾客要求取消');
    await page.getByTestId('action-refund_amount').fill(qrTotal.toFixed(2));
    await page.getByTestId('action-submit').click();
    await page.getByTestId('admin-order-status').filter({ hasText: '已取消' }).waitFor();
    await fitsThePhone(page, 'the cancelled and refunded order');
    const refunded = await adminOrder(qr);
    assert.equal(refunded.status, 'cancelled');
    assert.equal(refunded.refunded_amount, qrTotal);
    const board = await (await call(adminToken, 'GET', '/api/admin/dashboard')).json();
    assert.ok(!board.money_held.some((o) => o.order_number === qr), 'no money held on the refunded order');
    assert.deepEqual(owner.problems, [], 'console errors or warnings (admin)');
    assert.deepEqual(buyer.problems, [], 'console errors or warnings (shopper)');
    await owner.close();
    await buyer.close();
  });
});
