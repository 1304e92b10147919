// Real payments in Chromium against the local fake gateways (bff/tests/fakes/serve.py): the demo
// shop has WeChat Pay and Alipay configured through `flask payments configure`; each test checks
// out an order of its own and pays it as a shopper on a desktop, on a phone or inside WeChat:
// WeChat Pay Native (a QR code whose notification never comes: settled by the query), H5, JSAPI
// after WeChat's silent sign-in, Alipay's page; inside WeChat only WeChat Pay is offered; a New
// Zealand shopper sees cards first and pays on Stripe Checkout's hosted page (the fake Stripe),
// then the owner refunds part of it and the shopper's order page says it is refunded; the owner
// gives Alipay to Antom in the console, a shopper pays on Antom's cashier page, the owner refunds
// part of it.
// WeChat Pay is an overseas merchant account (charged in NZD), and in the last test a mainland one
// (charged in yuan at the shop's rate, which the pay page says before the shopper chooses).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { fillRecipient } from './checkoutForm.js';
import { api as bffApi, checkOut, configure as configureOn, shopper as shopperOn, startFakes } from './payers.js';

const AUCKLAND = {
  name: 'Aroha Ngata',
  phone: '021 555 0123',
  country: 'New Zealand',
  city: 'Auckland',
  address: '12 Queen Street, Auckland CBD 1010',
};
import { adminTab, hydrated, launchBrowser } from './browser.js';

let stack;
let browser;
let fakes;
let stopFakes;
let product;

const api = (member, method, url, body) => bffApi(stack, member, method, url, body);
const configure = (kind, fields) => configureOn(stack, kind, fields);
const shopper = (device) => shopperOn(stack, browser, product, device);

before(async () => {
  ({ info: fakes, stop: stopFakes } = await startFakes());
  stack = await startStack({
    WECHATPAY_GATEWAY_URL: fakes.wechat,
    WECHATPAY_GLOBAL_GATEWAY_URL: fakes.wechatGlobal,
    WECHAT_OAUTH_URL: fakes.wechat,
    WECHAT_API_URL: fakes.wechat,
    ALIPAY_GATEWAY_URL: fakes.alipay,
    STRIPE_API_BASE: fakes.stripe,
    ANTOM_GATEWAY_URL: fakes.antom,
  });
  await configure('wechat_pay', fakes.wechatFields);
  await configure('alipay', fakes.alipayFields);
  await configure('stripe', fakes.stripeFields);
  await configure('antom', fakes.antomFields);
  // Stripe posts every event to the one endpoint the owner registered in its Dashboard.
  const endpoint = encodeURIComponent(`${stack.bffUrl}/api/payment/notify/stripe`);
  await fetch(`${fakes.stripe}/_fake/deliver-to?url=${endpoint}&host=localhost`, { method: 'POST' });
  // The gateways notify the BFF itself (the demo shop's site_url is not this stack).
  await fetch(`${fakes.wechat}/_fake/deliver-to?url=${encodeURIComponent(stack.bffUrl)}`, { method: 'POST' });
  await fetch(`${fakes.alipayBase}/_fake/deliver-to?url=${encodeURIComponent(stack.bffUrl)}`, { method: 'POST' });
  await fetch(`${fakes.antom}/_fake/deliver-to?url=${encodeURIComponent(stack.bffUrl)}`, { method: 'POST' });
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

/** From the order summary's pay button to the payment page, then a provider's button. */
async function choose(tab, orderNumber, provider) {
  const { page } = tab;
  await page.getByTestId('order-pay').click();
  await page.waitForURL((url) => url.pathname === `/pay/${orderNumber}`, { timeout: 15000 });
  await page.getByTestId(`pay-with-${provider}`).click();
}

async function seesPaid(tab, orderNumber) {
  const { page } = tab;
  await page.waitForURL((url) => url.pathname === `/order-summary/${orderNumber}`, { timeout: 30000 });
  await page.getByTestId('order-thanks').filter({ hasText: '我们已收到您的付款' }).waitFor({ timeout: 15000 });
  const { order } = await api(tab.member, 'GET', `/api/order/${orderNumber}`);
  assert.equal(order.status, 'paid');
}

async function finish(tab, expected = []) {
  // A 409 the page answers itself (WeChat sign-in first) is logged by Chromium as a failed load.
  const problems = tab.problems.filter((p) => !expected.some((e) => p.includes(e)));
  assert.deepEqual(problems, [], 'console errors or warnings');
  await tab.close();
}

/** The owner refunds `amount` of a paid order from its page in the console; it ends refunded. */
async function refundPart(orderNumber, amount) {
  const owner = await adminTab(browser, stack.baseUrl);
  await owner.page.goto(`${stack.baseUrl}/admin/orders/${orderNumber}`, { waitUntil: 'load' });
  await hydrated(owner.page);
  await owner.page.getByTestId('action-refund').click();
  const form = owner.page.getByTestId('action-form');
  await form.getByTestId('action-amount').fill(amount);
  await form.getByTestId('action-reason').fill('Jar arrived chipped');
  await form.getByTestId('action-submit').click();
  await owner.page.getByTestId('refund-state').filter({ hasText: '已退款' }).waitFor({ timeout: 15000 });
  assert.match(await owner.page.getByTestId('order-refunded').textContent(), new RegExp(amount.replace('.', '\\.')));
  await owner.close();
}

/** The owner chooses, in the console's payment settings, which provider takes Alipay ('' the default). */
async function alipayThrough(provider) {
  const tab = await adminTab(browser, stack.baseUrl);
  const { page } = tab;
  await page.goto(`${stack.baseUrl}/admin/payments`, { waitUntil: 'load' });
  await hydrated(page);
  const panel = page.getByTestId('payment-methods');
  await panel.getByLabel('支付宝').selectOption(provider);
  await panel.getByRole('button', { name: '保存' }).click();
  await page.getByTestId('toast-success').filter({ hasText: '支付设置已保存' }).waitFor({ timeout: 10000 });
  const serving = provider === 'antom' ? 'Antom' : '支付宝';
  await panel.getByTestId('payment-method-serving-alipay').filter({ hasText: serving }).waitFor();
  await finish(tab);
}

describe('payments', () => {
  test('desktop: WeChat Pay shows a QR code; a lost notification is settled by the query', async () => {
    const tab = await shopper('desktop');
    const orderNumber = await checkOut(tab);
    await choose(tab, orderNumber, 'wechat_pay');
    await tab.page.getByTestId('pay-qr').waitFor({ timeout: 15000 });
    // The shopper scans and pays; WeChat Pay's notification never arrives.
    const paid = await fetch(`${fakes.wechat}/_fake/pay?out_trade_no=${orderNumber}-N&notify=0`, { method: 'POST' });
    assert.equal(paid.status, 200);
    await seesPaid(tab, orderNumber);
    await finish(tab);
  });

  test('phone browser: WeChat Pay H5, back to the shop, paid by the notification', async () => {
    const tab = await shopper('phone');
    const orderNumber = await checkOut(tab);
    await choose(tab, orderNumber, 'wechat_pay');
    await tab.page.waitForURL((url) => url.pathname === '/_fake/h5', { timeout: 15000 });
    await tab.page.locator('#wechat-h5-pay').click();
    await seesPaid(tab, orderNumber);
    await finish(tab);
  });

  test('inside WeChat: silent sign-in for the openid, then JSAPI', async () => {
    const tab = await shopper('wechat');
    // WeChat's in-app bridge: paying asks the fake gateway to pay the prepay id, then says ok.
    await tab.context.exposeBinding('__fakeWechatPay', async (_source, prepayId) => {
      await fetch(`${fakes.wechat}/_fake/pay?prepay_id=${prepayId}`, { method: 'POST' });
    });
    await tab.context.addInitScript(() => {
      window.WeixinJSBridge = {
        invoke(name, params, done) {
          window
            .__fakeWechatPay(params.package.replace('prepay_id=', ''))
            .then(() => done({ err_msg: `${name === 'getBrandWCPayRequest' ? 'get_brand_wcpay_request' : name}:ok` }));
        },
      };
    });
    const orderNumber = await checkOut(tab);
    await choose(tab, orderNumber, 'wechat_pay');
    await seesPaid(tab, orderNumber);
    await finish(tab, ['status of 409']);
  });

  test('desktop: Alipay page pay, back to the shop, paid', async () => {
    const tab = await shopper('desktop');
    const orderNumber = await checkOut(tab);
    await choose(tab, orderNumber, 'alipay');
    await tab.page.waitForURL((url) => url.pathname === '/gateway.do', { timeout: 15000 });
    await tab.page.locator('#alipay-pay').click();
    await seesPaid(tab, orderNumber);
    await finish(tab);
  });

  test('inside WeChat, the pay page offers WeChat Pay only', async () => {
    const tab = await shopper('wechat');
    const orderNumber = await checkOut(tab);
    await tab.page.getByTestId('order-pay').click();
    await tab.page.waitForURL((url) => url.pathname === `/pay/${orderNumber}`, { timeout: 15000 });
    await tab.page.getByTestId('pay-with-wechat_pay').waitFor();
    assert.equal(await tab.page.locator('[data-testid^="pay-with-"]').count(), 1);
    await finish(tab);
  });

  test('a New Zealand shopper pays by card on Stripe Checkout first; the owner refunds part of it', async () => {
    const tab = await shopper('phone');
    const { page } = tab;
    await tab.visit('/checkout');
    await fillRecipient(page, AUCKLAND);
    await page.locator('[data-testid="create-order"]:visible, [data-testid="create-order-bar"]:visible').click();
    await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
    const orderNumber = (await page.getByTestId('order-number').textContent()).trim();
    await page.getByTestId('order-pay').click();
    await page.waitForURL((url) => url.pathname === `/pay/${orderNumber}`, { timeout: 15000 });
    const methods = page.locator('[data-testid^="pay-with-"]');
    await methods.first().waitFor();
    assert.equal(await methods.first().getAttribute('data-testid'), 'pay-with-card'); // cards first
    await page.getByTestId('pay-with-card').click();
    await page.waitForURL((url) => url.origin === fakes.stripe, { timeout: 15000 }); // Stripe's hosted page
    const { order } = await api(tab.member, 'GET', `/api/order/${orderNumber}`);
    assert.match(await page.getByTestId('stripe-amount').textContent(), new RegExp(`NZD ${order.total_price}`));
    await page.getByTestId('stripe-card').fill('4242 4242 4242 4242');
    await page.getByTestId('stripe-pay').click();
    await seesPaid(tab, orderNumber);

    await refundPart(orderNumber, '10.00');

    await tab.visit(`/order-detail/${orderNumber}`);
    await page.getByTestId('order-refund').filter({ hasText: '已退款' }).waitFor({ timeout: 15000 });
    await finish(tab);
  });

  test('the owner sees which keys are set, never their values, and saves with the version', async () => {
    const tab = await adminTab(browser, stack.baseUrl);
    const { page } = tab;
    await page.getByRole('link', { name: '支付设置' }).click();
    const wechat = page.getByTestId('payment-provider-wechat_pay');
    await wechat.waitFor();
    assert.equal(await wechat.getByLabel('商户号').inputValue(), fakes.wechatFields.mchid);
    assert.ok(await wechat.getByLabel(/^开启/).isChecked());
    assert.equal(await wechat.getByText('已设置；留空保持不变').count(), 4);
    const html = await page.content();
    assert.ok(!html.includes(fakes.wechatFields.apiv3_key), 'the APIv3 key never reaches the page');
    assert.ok(!html.includes(fakes.alipayFields.app_private_key.slice(0, 40)), 'nor a private key');
    assert.equal(await wechat.getByLabel('账户类型').inputValue(), 'global');
    const alipay = page.getByTestId('payment-provider-alipay');
    await alipay.getByLabel('收款币种（默认 NZD）').selectOption('NZD');
    await alipay.getByRole('button', { name: '保存' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '支付设置已保存' }).waitFor({ timeout: 10000 });
    await finish(tab);
  });

  test('desktop, a mainland WeChat Pay account: the page says the yuan charged, the QR code charges it', async () => {
    await fetch(`${fakes.wechat}/_fake/account?api=domestic`, { method: 'POST' });
    await configure('wechat_pay', { api: 'domestic' });
    try {
      const tab = await shopper('desktop');
      const orderNumber = await checkOut(tab);
      const { order } = await api(tab.member, 'GET', `/api/order/${orderNumber}`);
      // The order's yuan total (its NZD total at its own rate, to the jiao, as its pages show it).
      const fen = Math.round(Number(order.yuan_total) * 100);
      const yuan = (fen / 100).toFixed(2);
      await tab.page.getByTestId('order-pay').click();
      await tab.page.waitForURL((url) => url.pathname === `/pay/${orderNumber}`, { timeout: 15000 });
      const said = tab.page.getByTestId('pay-charge-wechat_pay');
      await said.filter({ hasText: `将收取人民币 ¥${yuan}` }).waitFor({ timeout: 15000 });
      await tab.page.getByTestId('pay-with-wechat_pay').click();
      await tab.page
        .getByTestId('pay-qr-charge')
        .filter({ hasText: `¥${yuan}` })
        .waitFor({ timeout: 15000 });
      const txn = await (await fetch(`${fakes.wechat}/_fake/transaction?out_trade_no=${orderNumber}-N`)).json();
      assert.deepEqual(txn.amount, { total: fen, currency: 'CNY' });
      const paid = await fetch(`${fakes.wechat}/_fake/pay?out_trade_no=${orderNumber}-N`, { method: 'POST' });
      assert.equal(paid.status, 200);
      await seesPaid(tab, orderNumber);
      await finish(tab);
    } finally {
      await fetch(`${fakes.wechat}/_fake/account?api=global`, { method: 'POST' });
      await configure('wechat_pay', { api: 'global' });
    }
  });

  test("the owner gives Alipay to Antom: a shopper pays on Antom's cashier, the owner refunds part", async () => {
    await alipayThrough('antom');
    try {
      const tab = await shopper('desktop');
      const orderNumber = await checkOut(tab);
      await choose(tab, orderNumber, 'alipay');
      await tab.page.waitForURL((url) => url.origin === fakes.antom, { timeout: 15000 }); // Antom's cashier
      const { order } = await api(tab.member, 'GET', `/api/order/${orderNumber}`);
      assert.equal(
        await tab.page.getByTestId('antom-amount').textContent(),
        `NZD ${Number(order.total_price).toFixed(2)}`,
      );
      await tab.page.getByTestId('antom-pay').click();
      await seesPaid(tab, orderNumber);
      await refundPart(orderNumber, '5.00');
      await tab.visit(`/order-detail/${orderNumber}`);
      await tab.page.getByTestId('order-refund').filter({ hasText: '已退款' }).waitFor({ timeout: 15000 });
      await finish(tab);
    } finally {
      await alipayThrough('');
    }
  });
});
