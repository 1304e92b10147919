// WeChat Pay through the acquirer Airwallex (issue 23 item 4) in Chromium, against the fake
// Airwallex (bff/tests/fakes/airwallex.py, from Airwallex's API reference) served with the other
// fake gateways (bff/tests/fakes/serve.py). The demo shop has only Airwallex switched on, as a New
// Zealand company would: a shopper inside WeChat pays on Airwallex's official-account page (WeChat
// Pay's JSAPI there) and the webhook pays the order; the owner then refunds part of it from the
// console, and the refund settles by Airwallex's refund webhook; a desktop shopper pays by the QR
// code, whose webhook is lost, and the pay page's check reads the intent back.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { adminTab, hydrated, launchBrowser } from './browser.js';
import { api as bffApi, checkOut, configure as configureOn, shopper as shopperOn, startFakes } from './payers.js';

let stack;
let browser;
let fakes;
let stopFakes;
let product;

const api = (member, method, url, body) => bffApi(stack, member, method, url, body);
const configure = (kind, fields) => configureOn(stack, kind, fields);
const shopper = (device) => shopperOn(stack, browser, product, device, 'awx');

before(async () => {
  ({ info: fakes, stop: stopFakes } = await startFakes());
  stack = await startStack({ AIRWALLEX_API_BASE: fakes.airwallex });
  await configure('airwallex', fakes.airwallexFields);
  // Airwallex posts every event to the one notification URL the owner registered in its web app.
  const endpoint = encodeURIComponent(`${stack.bffUrl}/api/payment/notify/airwallex`);
  await fetch(`${fakes.airwallex}/_fake/deliver-to?url=${endpoint}&host=localhost`, { method: 'POST' });
  browser = await launchBrowser();
  const { products: page } = await bffJson(stack, `/api/product/search/?searchTerm=三叶草蜂蜜`, 'localhost', 'POST');
  product = page.data[0];
  assert.ok(product);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  stopFakes?.();
});

/** Check out the cart to Shanghai, then on to the pay page; answers the order number. */
async function checkOutAndPay(tab) {
  const orderNumber = await checkOut(tab);
  await tab.page.getByTestId('order-pay').click();
  await tab.page.waitForURL((url) => url.pathname === `/pay/${orderNumber}`, { timeout: 15000 });
  return orderNumber;
}

async function seesPaid(tab, orderNumber) {
  const { page } = tab;
  await page.waitForURL((url) => url.pathname === `/order-summary/${orderNumber}`, { timeout: 30000 });
  await page.getByTestId('order-thanks').filter({ hasText: '我们已收到您的付款' }).waitFor({ timeout: 15000 });
  const { order } = await api(tab.member, 'GET', `/api/order/${orderNumber}`);
  assert.equal(order.status, 'paid');
  return order;
}

async function finish(tab) {
  assert.deepEqual(tab.problems, [], 'console errors or warnings');
  await tab.close();
}

describe('WeChat Pay through Airwallex', () => {
  test('inside WeChat: Airwallex official-account page, paid by the webhook; the owner refunds part', async () => {
    const tab = await shopper('wechat');
    const { page } = tab;
    const orderNumber = await checkOutAndPay(tab);
    await page.getByTestId('pay-with-wechat_pay').waitFor();
    assert.equal(await page.locator('[data-testid^="pay-with-"]').count(), 1); // WeChat Pay only
    assert.match(await page.getByTestId('pay-with-wechat_pay').textContent(), /微信支付/);
    await page.getByTestId('pay-with-wechat_pay').click();
    await page.waitForURL((url) => url.origin === fakes.airwallex, { timeout: 15000 }); // Airwallex's page in WeChat
    assert.equal(await page.getByTestId('airwallex-flow').textContent(), 'official_account');
    const { order } = await api(tab.member, 'GET', `/api/order/${orderNumber}`);
    assert.equal(
      await page.getByTestId('airwallex-amount').textContent(),
      `NZD ${Number(order.total_price).toFixed(2)}`,
    );
    await page.getByTestId('airwallex-pay').click();
    await seesPaid(tab, orderNumber);

    const owner = await adminTab(browser, stack.baseUrl);
    const open = async () => {
      await owner.page.goto(`${stack.baseUrl}/admin/orders/${orderNumber}`, { waitUntil: 'load' });
      await hydrated(owner.page);
    };
    // The page as read once its order has loaded (the order is fetched after hydration: reading
    // at once would see the loading text, and reloading again would never let it load).
    const refundStateShown = async () => {
      await open();
      await owner.page.getByTestId('refund-state').first().waitFor({ timeout: 15000 });
      return owner.page.getByTestId('refund-state').first().textContent();
    };
    await open();
    await owner.page.getByTestId('action-refund').click();
    const form = owner.page.getByTestId('action-form');
    await form.getByTestId('action-amount').fill('10.00');
    await form.getByTestId('action-reason').fill('少发一罐');
    await form.getByTestId('action-submit').click();
    await owner.page.getByTestId('refund-state').first().waitFor({ timeout: 15000 });
    // Airwallex answers RECEIVED; its refund.settled webhook follows: the page read again says so.
    // (The fake retries an unanswered webhook for about a minute, as Airwallex keeps retrying.)
    const deadline = Date.now() + 60000;
    while (!/已退款/.test(await refundStateShown())) {
      if (Date.now() > deadline) {
        const { items } = await (await fetch(`${fakes.airwallex}/_fake/deliveries`)).json();
        assert.fail(`the refund never settled; the webhooks sent: ${JSON.stringify(items)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.match(await owner.page.getByTestId('order-refunded').textContent(), /10\.00/);
    await owner.close();

    await tab.visit(`/order-detail/${orderNumber}`);
    await page.getByTestId('order-refund').filter({ hasText: '已退款' }).waitFor({ timeout: 15000 });
    await finish(tab);
  });

  test('desktop: a QR code; the webhook is lost and the pay page reads the intent back', async () => {
    const tab = await shopper('desktop');
    const orderNumber = await checkOutAndPay(tab);
    await tab.page.getByTestId('pay-with-wechat_pay').click();
    await tab.page.getByTestId('pay-qr').waitFor({ timeout: 15000 });
    // The shopper scans with WeChat and pays; Airwallex's webhook never arrives.
    const paid = await fetch(`${fakes.airwallex}/_fake/scan?merchant_order_id=${orderNumber}&notify=0`, {
      method: 'POST',
    });
    assert.equal(paid.status, 200, await paid.text());
    await seesPaid(tab, orderNumber);
    await finish(tab);
  });
});
