// Sign in with WeChat in Chromium, against the fake WeChat (bff/tests/fakes/wechat_api.py: web
// authorisation, QR login, user info) and the fake WeChat Pay (bff/tests/fakes/serve.py). The demo
// shop has its official account (the same AppID WeChat Pay pays with) and its website application
// entered through `flask wechat configure`.
// - Inside WeChat (WeChat's user agent) a new shopper taps 微信一键登录, consents at WeChat, continues
//   as a new member under their nickname, checks out and pays with JSAPI: no email, no password.
// - On a desktop the same WeChat user scans the QR login (the test follows the fake QR page's
//   link, as the phone's scan and consent) and lands on the same member, through the unionid.
// - A member who signed up with email binds WeChat in the personal centre, signs in with it,
//   and unbinds it.
// - A member who signed up with WeChat (no email, no password) adds an email and a password in the
//   personal centre, then signs in with them.
// - Such a member deletes the account: a session begun with WeChat longer than 10 minutes ago is
//   refused, the personal centre offers signing in with WeChat again, and back there the deletion
//   goes through; the WeChat user is a stranger to the shop afterwards.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { bffJson, ROOT, startStack } from './stack.js';
import { SHANGHAI, fillRecipient } from './checkoutForm.js';
import { TEST_TIMEOUT, hydrated, launchBrowser, openPage } from './browser.js';
import { PASSWORD, UA, configure, startFakes } from './payers.js';

const FLASK = path.join(ROOT, '.venv/bin/flask');
const PYTHON = path.join(ROOT, '.venv/bin/python');

let stack;
let browser;
let pay; // the fake payment gateways
let wechat; // the fake WeChat
const stops = [];
let product;

async function startFake(module, env) {
  const { info, stop } = await startFakes(module, env);
  stops.push(stop);
  return info;
}

async function flask(args) {
  const env = { ...process.env, VAR_DIR: stack.tmp, DATABASE_URL: `sqlite:///${path.join(stack.tmp, 'e2e.sqlite')}` };
  return promisify(execFile)(FLASK, ['--app', 'bff.app:create_app', ...args], { cwd: ROOT, env });
}

before(async () => {
  pay = await startFake('bff.tests.fakes.serve');
  // The shop signs shoppers in with the official account it takes WeChat Pay JSAPI payments for.
  wechat = await startFake('bff.tests.fakes.wechat_serve', { WECHAT_FAKE_APPID: pay.wechatFields.appid });
  stack = await startStack({
    WECHATPAY_GATEWAY_URL: pay.wechat,
    WECHATPAY_GLOBAL_GATEWAY_URL: pay.wechatGlobal,
    WECHAT_OAUTH_URL: wechat.url,
    WECHAT_API_URL: wechat.url,
  });
  await configure(stack, 'wechat_pay', pay.wechatFields);
  const settings = Object.entries(wechat.fields).flatMap(([name, value]) => ['--set', `${name}=${value}`]);
  await flask(['wechat', 'configure', '--shop', 'localhost', ...settings]);
  await fetch(`${pay.wechat}/_fake/deliver-to?url=${encodeURIComponent(stack.bffUrl)}`, { method: 'POST' });
  browser = await launchBrowser();
  const { products: page } = await bffJson(stack, `/api/product/search/?searchTerm=三叶草蜂蜜`, 'localhost', 'POST');
  product = page.data[0];
  assert.ok(product);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  for (const stop of stops) stop();
});

/** The next WeChat user to consent (someone else holds the phone). */
async function nextWechatUser(nickname) {
  const res = await fetch(`${wechat.url}/_fake/new-shopper?nickname=${encodeURIComponent(nickname)}`, {
    method: 'POST',
  });
  assert.equal(res.status, 200);
}

async function api(token, method, url, body) {
  const headers = { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.bffUrl}${url}`, { method, headers, body: body && JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${url}: HTTP ${res.status} ${await res.clone().text()}`);
  return res.json();
}

async function tabOf(device) {
  const tab = await openPage(browser, { userAgent: UA[device], ...(device === 'desktop' ? {} : { width: 390 }) });
  tab.visit = async (url) => {
    await tab.page.goto(`${stack.baseUrl}${url}`, { waitUntil: 'load' });
    await hydrated(tab.page);
  };
  // The session's token once the page has stored it (the greeting may show a moment before).
  tab.token = async () => {
    await tab.page.waitForFunction(() => Boolean(window.localStorage.getItem('Token')), null, { timeout: 15000 });
    return tab.page.evaluate(() => window.localStorage.getItem('Token'));
  };
  return tab;
}

/** On the desktop, the fake's QR page stands for the code on screen: scanned and confirmed on the phone. */
async function scanQr(page) {
  await page.waitForURL((url) => url.pathname === '/connect/qrconnect', { timeout: 15000 });
  await page.locator('#wechat-qr-confirm').click();
}

/** The member's sessions began `minutes` ago (the test cannot wait for a WeChat sign-in to grow old). */
async function ageSessions(userId, minutes) {
  const script = [
    'import sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1])',
    'db.execute("UPDATE sessions SET created_at = datetime(created_at, ?) WHERE user_id = ?", (sys.argv[2], int(sys.argv[3])))',
    'db.commit()',
  ].join('\n');
  await promisify(execFile)(PYTHON, [
    '-c',
    script,
    path.join(stack.tmp, 'e2e.sqlite'),
    `-${minutes} minutes`,
    String(userId),
  ]);
}

/** On a desktop, a WeChat user the shop does not know yet signs up with the QR login: their token. */
async function signUpOnDesktop(tab, nickname) {
  const { page } = tab;
  await tab.visit('/login');
  await page.getByTestId('login-page').getByTestId('wechat-qr-signin').click();
  await scanQr(page);
  await page.getByTestId('wechat-signin-page').getByText(nickname).waitFor({ timeout: 15000 });
  await page.getByTestId('wechat-continue').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
  await greeted(page, nickname);
  return tab.token();
}

async function greeted(page, name) {
  await page.getByTestId('greeting').filter({ hasText: name }).waitFor({ timeout: 15000 });
}

describe('sign in with WeChat', () => {
  test(
    'inside WeChat a new shopper signs in with WeChat, buys and pays with JSAPI without typing an email',
    async () => {
      await nextWechatUser('蜂蜜小王');
      const tab = await tabOf('wechat');
      const { page } = tab;
      // WeChat's in-app bridge: share cards say ok; paying asks the fake gateway to pay the prepay id.
      await tab.context.exposeBinding('__fakeWechatPay', async (_source, prepayId) => {
        await fetch(`${pay.wechat}/_fake/pay?prepay_id=${prepayId}`, { method: 'POST' });
      });
      await tab.context.addInitScript(() => {
        window.WeixinJSBridge = {
          invoke(name, params, done) {
            if (name === 'getBrandWCPayRequest') {
              window
                .__fakeWechatPay(params.package.replace('prepay_id=', ''))
                .then(() => done({ err_msg: 'get_brand_wcpay_request:ok' }));
              return;
            }
            if (name === 'getNetworkType') return;
            const short = name === 'preVerifyJSAPI' ? 'config' : name;
            setTimeout(() => done({ err_msg: `${short}:ok` }), 0);
          },
          on() {},
        };
      });
      await tab.visit('/login');
      await page.getByTestId('login-page').getByTestId('wechat-signin').click();
      // WeChat's consent (snsapi_userinfo) sends the browser straight back with a code.
      await page.waitForURL((url) => url.pathname === '/wechat-signin', { timeout: 15000 });
      await page.getByTestId('wechat-signin-page').getByText('蜂蜜小王').waitFor({ timeout: 15000 });
      await page.getByTestId('wechat-continue').click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
      await greeted(page, '蜂蜜小王');
      const token = await tab.token();
      const { data } = await api(token, 'GET', '/api/check-login-status');
      assert.equal(data.user.name, '蜂蜜小王');
      assert.equal(data.user.email, null, 'no email was ever asked for');

      await api(token, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1, variant_id: null });
      await tab.visit('/checkout');
      await fillRecipient(page, SHANGHAI);
      await page.locator('[data-testid="create-order"]:visible, [data-testid="create-order-bar"]:visible').click();
      await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
      const orderNumber = (await page.getByTestId('order-number').textContent()).trim();
      await page.getByTestId('order-pay').click();
      await page.waitForURL((url) => url.pathname === `/pay/${orderNumber}`, { timeout: 15000 });
      // The openid is the one WeChat sign-in kept: JSAPI at once, no second round trip to WeChat.
      await page.getByTestId('pay-with-wechat_pay').click();
      await page.waitForURL((url) => url.pathname === `/order-summary/${orderNumber}`, { timeout: 30000 });
      await page.getByTestId('order-thanks').filter({ hasText: '我们已收到您的付款' }).waitFor({ timeout: 15000 });
      const { order } = await api(token, 'GET', `/api/order/${orderNumber}`);
      assert.equal(order.status, 'paid');
      assert.equal(await page.locator('input[type="email"]').count(), 0);
      assert.deepEqual(tab.problems, []);
      await tab.close();
    },
    TEST_TIMEOUT * 2,
  );

  test('on a desktop the same WeChat user scans the QR login and is the same member', async () => {
    const tab = await tabOf('desktop');
    const { page } = tab;
    await tab.visit('/login');
    const login = page.getByTestId('login-page');
    // Beside the email form.
    await login.getByLabel('电子邮件地址').waitFor();
    await login.getByTestId('wechat-qr-signin').click();
    await scanQr(page);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
    await greeted(page, '蜂蜜小王');
    const { data } = await api(await tab.token(), 'GET', '/api/check-login-status');
    assert.equal(data.user.email, null);
    assert.deepEqual(tab.problems, []);
    await tab.close();
  });

  test('a member binds WeChat in the personal centre, signs in with it, and unbinds it', async () => {
    const email = `binder.${process.pid}@example.com`;
    const form = { name: '绑定者', email, password: PASSWORD, password_confirmation: PASSWORD, acceptTerms: true };
    await api(null, 'POST', '/api/auth/register', form);
    await nextWechatUser('绑定者的微信');
    const tab = await tabOf('desktop');
    const { page } = tab;
    await tab.visit('/login');
    const login = page.getByTestId('login-page');
    await login.getByLabel('电子邮件地址').fill(email);
    await login.getByLabel('密码').fill(PASSWORD);
    await login.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
    await tab.visit('/user-profile');
    const binding = page.getByTestId('wechat-binding');
    await binding.getByTestId('wechat-binding-state').filter({ hasText: '未绑定' }).waitFor();
    await binding.getByRole('button', { name: '绑定微信' }).click();
    await scanQr(page);
    await page.waitForURL((url) => url.pathname === '/user-profile', { timeout: 15000 });
    await binding.getByTestId('wechat-binding-state').filter({ hasText: '已绑定' }).waitFor({ timeout: 15000 });

    // Signed out, WeChat alone signs them in.
    const other = await tabOf('desktop');
    await other.visit('/login');
    await other.page.getByTestId('wechat-qr-signin').click();
    await scanQr(other.page);
    await other.page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
    await greeted(other.page, '绑定者');
    assert.deepEqual(other.problems, []);
    await other.close();

    await binding.getByTestId('wechat-unbind').click();
    await binding.getByTestId('wechat-binding-state').filter({ hasText: '未绑定' }).waitFor({ timeout: 15000 });
    const { bound } = await api(await tab.token(), 'GET', '/api/wechat/binding');
    assert.equal(bound, false);
    assert.deepEqual(tab.problems, []);
    await tab.close();
  });

  test('a member who signed up with WeChat adds an email and a password in the personal centre', async () => {
    const email = `wechat.bee.${process.pid}@example.com`;
    await nextWechatUser('加邮箱的蜜蜂');
    const tab = await tabOf('desktop');
    const { page } = tab;
    const token = await signUpOnDesktop(tab, '加邮箱的蜜蜂');
    await tab.visit('/user-profile');
    await page.getByTestId('profile-email').filter({ hasText: '未填写' }).waitFor();
    // Signed in with WeChat a moment ago: the form at once.
    const panel = page.getByTestId('add-email');
    await panel.getByLabel('电子邮件地址').fill(email);
    await panel.getByLabel('密码（可选）').fill(PASSWORD);
    await panel.getByLabel('确认密码').fill(PASSWORD);
    await panel.getByTestId('add-email-submit').click();
    await page.getByTestId('profile-email').filter({ hasText: email }).waitFor({ timeout: 15000 });
    await panel.waitFor({ state: 'detached' });
    const { data } = await api(token, 'GET', '/api/check-login-status');
    assert.equal(data.user.email, email);
    // The email and the password sign them in too, as the same member.
    const login = await api(null, 'POST', '/api/auth/login', { email, password: PASSWORD });
    assert.equal(login.data.user.id, data.user.id);
    assert.deepEqual(tab.problems, []);
    await tab.close();
  });

  test('a member who signed up with WeChat deletes the account after signing in with WeChat again', async () => {
    await nextWechatUser('要注销的蜜蜂');
    const tab = await tabOf('desktop');
    const { page } = tab;
    const token = await signUpOnDesktop(tab, '要注销的蜜蜂');
    const { data } = await api(token, 'GET', '/api/check-login-status');
    await ageSessions(data.user.id, 11);
    // Signed in with WeChat longer than 10 minutes ago: refused, with what to do.
    const stale = await fetch(`${stack.bffUrl}/api/account/delete`, {
      method: 'POST',
      headers: { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: '{}',
    });
    assert.equal(stale.status, 403);
    const refusal = await stale.json();
    assert.equal(refusal.code, 'wechat_signin_required');
    assert.match(refusal.message, /请重新用微信登录/);

    await tab.visit('/user-profile');
    await page.getByTestId('delete-account').click();
    const confirm = page.getByTestId('delete-account-wechat');
    await confirm.getByText('请先用微信重新登录一次').waitFor({ timeout: 15000 });
    assert.equal(await confirm.getByTestId('delete-account-confirm').count(), 0);
    await confirm.getByRole('button', { name: '用微信重新登录以确认' }).click();
    await scanQr(page);
    // Back in the personal centre, the deletion waits to be confirmed.
    await page.waitForURL((url) => url.pathname === '/user-profile', { timeout: 15000 });
    // The page's own reads finish first: one answered after the deletion would be a 401 in the console.
    await page.waitForLoadState('networkidle');
    await confirm.getByTestId('delete-account-confirm').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
    const gone = await fetch(`${stack.bffUrl}/api/account/confirmation`, {
      headers: { 'X-Site-Host': 'localhost', Authorization: `Bearer ${token}` },
    });
    assert.equal(gone.status, 401);
    // Its WeChat binding went with it: the same WeChat user is new to the shop.
    await tab.visit('/login');
    await page.getByTestId('login-page').getByTestId('wechat-qr-signin').click();
    await scanQr(page);
    await page.getByTestId('wechat-continue').waitFor({ timeout: 15000 });
    assert.deepEqual(tab.problems, []);
    await tab.close();
  });
});
