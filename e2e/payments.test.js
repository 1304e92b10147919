// Real payments in Chromium against the local fake gateways (bff/tests/fakes/serve.py): the demo
// shop has WeChat Pay and Alipay configured through `flask payments configure`; each test checks
// out an order of its own and pays it as a shopper on a desktop, on a phone or inside WeChat:
// WeChat Pay Native (a QR code whose notification never comes: settled by the query), H5, JSAPI
// after WeChat's silent sign-in, Alipay's page, and Alipay inside WeChat (open in the browser).
// WeChat Pay is an overseas merchant account (charged in NZD), and in the last test a mainland one
// (charged in yuan at the shop's rate, which the pay page says before the shopper chooses).
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { SHANGHAI, fillRecipient } from './checkoutForm.js';
import { adminTab, hydrated, launchBrowser, openPage } from './browser.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PYTHON = path.join(ROOT, '.venv/bin/python');
const FLASK = path.join(ROOT, '.venv/bin/flask');
const PASSWORD = 'kiwi2026';
const UA = {
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  phone:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN',
};

let stack;
let browser;
let fakes;
let fakesProcess;
let product;
let members = 0;

/** Start the fake gateways and read the line that says where they are. */
async function startFakes() {
  fakesProcess = spawn(PYTHON, ['-m', 'bff.tests.fakes.serve'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: fakesProcess.stdout });
  const [line] = await Promise.race([
    new Promise((resolve) => lines.once('line', (l) => resolve([l]))),
    new Promise((_, reject) => setTimeout(() => reject(new Error('fake gateways did not start')), 30000)),
  ]);
  return JSON.parse(line);
}

/** `flask payments configure` on the stack's database: the owner enters the merchant accounts. */
async function configure(kind, fields) {
  // Re-entering only some fields keeps the others (keys need not be entered again).
  const env = { ...process.env, VAR_DIR: stack.tmp, DATABASE_URL: `sqlite:///${path.join(stack.tmp, 'e2e.sqlite')}` };
  const args = ['--app', 'bff.app:create_app', 'payments', 'configure', '--shop', 'localhost', '--kind', kind];
  for (const [name, value] of Object.entries(fields)) {
    const file = path.join(stack.tmp, `${kind}.${name}`);
    fs.writeFileSync(file, value);
    args.push('--file', `${name}=${file}`);
  }
  // Not blocking the event loop meanwhile: a kept-alive connection the BFF closes is noticed.
  const { stdout } = await promisify(execFile)(FLASK, [...args, '--enable'], { cwd: ROOT, env });
  assert.match(stdout, new RegExp(`${kind} of localhost: on`));
}

before(async () => {
  fakes = await startFakes();
  stack = await startStack({
    WECHATPAY_GATEWAY_URL: fakes.wechat,
    WECHATPAY_GLOBAL_GATEWAY_URL: fakes.wechatGlobal,
    WECHAT_OAUTH_URL: fakes.wechat,
    WECHAT_API_URL: fakes.wechat,
    ALIPAY_GATEWAY_URL: fakes.alipay,
  });
  await configure('wechat_pay', fakes.wechatFields);
  await configure('alipay', fakes.alipayFields);
  // The gateways notify the BFF itself (the demo shop's site_url is not this stack).
  await fetch(`${fakes.wechat}/_fake/deliver-to?url=${encodeURIComponent(stack.bffUrl)}`, { method: 'POST' });
  await fetch(`${fakes.alipayBase}/_fake/deliver-to?url=${encodeURIComponent(stack.bffUrl)}`, { method: 'POST' });
  browser = await launchBrowser();
  const { products: page } = await bffJson(stack, `/api/product/search/?searchTerm=三叶草蜂蜜`, 'localhost', 'POST');
  product = page.data[0];
  assert.ok(product);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  fakesProcess?.stdin.end();
});

async function api(member, method, url, body) {
  const headers = { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json' };
  if (member?.token) headers.Authorization = `Bearer ${member.token}`;
  const res = await fetch(`${stack.bffUrl}${url}`, { method, headers, body: body && JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${url}: HTTP ${res.status} ${await res.clone().text()}`);
  return res.json();
}

/** A member of this test's own with one product in the cart, signed in, in a browser of `device`. */
async function shopper(device) {
  members += 1;
  const member = { email: `payer${members}.${process.pid}@example.com` };
  await api(null, 'POST', '/api/auth/register', {
    name: `付款人${members}`,
    email: member.email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    acceptTerms: true,
  });
  member.token = (await api(null, 'POST', '/api/auth/login', { email: member.email, password: PASSWORD })).data.token;
  await api(member, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1, variant_id: null });
  const tab = await openPage(browser, { userAgent: UA[device], ...(device === 'desktop' ? {} : { width: 390 }) });
  const visit = async (url) => {
    await tab.page.goto(`${stack.baseUrl}${url}`, { waitUntil: 'load' });
    await hydrated(tab.page);
  };
  await visit('/login');
  const login = tab.page.getByTestId('login-page');
  await login.getByLabel('电子邮件地址').fill(member.email);
  await login.getByLabel('密码').fill(PASSWORD);
  await login.getByRole('button', { name: '登录' }).click();
  await tab.page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
  return { ...tab, member, visit };
}

/** Check out the cart to Shanghai; answers the order number. */
async function checkOut(tab) {
  const { page } = tab;
  await tab.visit('/checkout');
  await fillRecipient(page, SHANGHAI);
  // The form's own button on a desktop, the sticky bar's on a phone: whichever the shopper sees.
  await page.locator('[data-testid="create-order"]:visible, [data-testid="create-order-bar"]:visible').click();
  await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
  return (await page.getByTestId('order-number').textContent()).trim();
}

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

  test('inside WeChat, Alipay says to open the order in the phone browser', async () => {
    const tab = await shopper('wechat');
    const orderNumber = await checkOut(tab);
    await choose(tab, orderNumber, 'alipay');
    await tab.page.getByTestId('pay-open-in-browser').filter({ hasText: '在浏览器打开' }).waitFor();
    const { order } = await api(tab.member, 'GET', `/api/order/${orderNumber}`);
    assert.equal(order.status, 'unpaid');
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
      const { data } = await bffJson(stack, '/api/shop', 'localhost');
      // The NZD total at the shop's rate, rounded half up to the fen (the rates have 4 decimals).
      const cents = Math.round(Number(order.total_price) * 100);
      const fen = Math.round((cents * Math.round(Number(data.shop_info.shop_exchange_rate) * 1e4)) / 1e4);
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
});
