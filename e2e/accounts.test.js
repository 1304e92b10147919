// Accounts in Chromium against the real stack: sign-up, the sign-in guard and
// the way back, the personal centre, logout, a password reset through the
// emailed link, the 401 flow, and member prices on cards and the product page.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startStack } from './stack.js';
import { hydrated, launchBrowser, openPage } from './browser.js';

let stack;
let browser;
const shopper = {
  name: '测试用户',
  email: `shopper-${Date.now()}@example.com`,
  password: 'first1234',
  newPassword: 'second5678',
};

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

async function visit(tab, url) {
  await tab.page.goto(url, { waitUntil: 'load' });
  await hydrated(tab.page);
}

/** Wait until the browser has checked the session and priced the screen for it. */
async function sessionKnown(page, expected) {
  await page.waitForFunction((want) => document.documentElement.dataset.session === want, expected, { timeout: 15000 });
}

function assertClean(tab, allowed = []) {
  const problems = tab.problems.filter((p) => !allowed.some((re) => re.test(p)));
  assert.deepEqual(problems, [], 'console errors or warnings');
}

/** The locator's text once it settles on `expected` (a render may still be landing), else a plain assertion failure. */
async function assertTextSoon(locator, expected, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  let text = await locator.textContent();
  while (text !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    text = await locator.textContent();
  }
  assert.equal(text, expected);
}

const pathOf = (page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

async function bffLogin(email, password, host = 'localhost') {
  const res = await fetch(`${stack.bffUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'X-Site-Host': host, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(res.status, 200);
  return (await res.json()).data.token;
}

async function bffGet(pathAndQuery, token = null, host = 'localhost') {
  const headers = { 'X-Site-Host': host, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${stack.bffUrl}${pathAndQuery}`, { headers });
  assert.equal(res.status, 200, pathAndQuery);
  return res.json();
}

/** The newest reset mail for `to` in the BFF's outbox ($VAR_DIR/outbox/*.eml), waiting for the mail thread. */
async function resetLinkFor(to, since) {
  const outbox = path.join(stack.tmp, 'outbox');
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    const fresh = files
      .map((f) => ({ file: path.join(outbox, f), mtime: fs.statSync(path.join(outbox, f)).mtimeMs }))
      .filter((f) => f.mtime >= since)
      .sort((a, b) => b.mtime - a.mtime)
      .map((f) => fs.readFileSync(f.file, 'utf8'))
      .find((text) => text.includes(to));
    if (fresh) {
      const link = fresh.match(/https?:\/\/[^\s<>"]+\/reset-password\?[^\s<>"]+/);
      assert.ok(link, 'the mail carries a reset link');
      return new URL(link[0]);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail for ${to}`);
}

describe('accounts', () => {
  test('register, log in, land back on the guarded page, personal centre, log out', async () => {
    const tab = await openPage(browser);
    const { page } = tab;
    // A guest asking for the personal centre is sent to log in, carrying where they were going.
    await visit(tab, `${stack.baseUrl}/user-profile`);
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(pathOf(page), '/login?redirect=%2Fuser-profile');
    assert.equal(await page.getByRole('link', { name: '忘记密码？' }).getAttribute('href'), '/forgot-password');

    // Sign up first (the way back travels along).
    await page.getByTestId('login-page').getByRole('link', { name: '注册' }).click();
    await page.getByTestId('register-page').waitFor();
    assert.equal(pathOf(page), '/register?redirect=%2Fuser-profile');
    const form = page.getByTestId('register-page');
    await form.getByRole('button', { name: '注册' }).click();
    assert.equal(await page.getByTestId('error-name').textContent(), '请输入姓名');
    assert.equal(await page.getByTestId('error-email').textContent(), '请输入电子邮件地址');
    assert.equal(await page.getByTestId('error-password').textContent(), '请输入密码');
    assert.equal(await page.getByTestId('error-acceptTerms').textContent(), '您必须接受服务条款和隐私政策');
    for (const [href, name] of [
      ['/terms', '服务条款'],
      ['/privacy-policy', '隐私政策'],
    ]) {
      const link = form.getByRole('link', { name, exact: true });
      assert.equal(await link.getAttribute('href'), href);
      assert.equal(await link.getAttribute('target'), '_blank');
    }
    await form.getByLabel('姓名').fill(shopper.name);
    await form.getByLabel('电子邮件地址').fill('not-an-email');
    await form.getByLabel('密码', { exact: true }).fill('short1');
    await form.getByLabel('确认密码').fill('short2');
    await form.getByRole('button', { name: '注册' }).click();
    assert.equal(await page.getByTestId('error-email').textContent(), '请输入有效的电子邮件地址');
    assert.equal(await page.getByTestId('error-password').textContent(), '密码至少需要8个字符');
    assert.equal(await page.getByTestId('error-password_confirmation').textContent(), '两次输入的密码不一致');
    await form.getByLabel('电子邮件地址').fill(shopper.email);
    await form.getByLabel('密码', { exact: true }).fill(shopper.password);
    await form.getByLabel('确认密码').fill(shopper.password);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '注册' }).click();

    // Registered: on to the login page with a success message, still carrying the way back.
    await page.getByTestId('login-notice').waitFor();
    assert.equal(pathOf(page), '/login?redirect=%2Fuser-profile');
    // A reload keeps the notice (the history entry's state, which the server never sees) and
    // hydrates without a mismatch.
    await page.reload({ waitUntil: 'load' });
    await hydrated(page);
    await page.getByTestId('login-notice').waitFor();
    assertClean(tab);
    const login = page.getByTestId('login-page');
    await login.getByRole('button', { name: '登录' }).click();
    assert.equal(await page.getByTestId('error-email').textContent(), '请输入电子邮件地址');
    assert.equal(await page.getByTestId('error-password').textContent(), '请输入密码');
    await login.getByLabel('电子邮件地址').fill(shopper.email);
    await login.getByLabel('密码').fill(shopper.password);
    await login.getByRole('button', { name: '登录' }).click();

    // Back on the page first asked for: the personal centre in the account layout.
    await page.getByTestId('profile-page').waitFor();
    assert.equal(pathOf(page), '/user-profile');
    assert.equal(await page.getByTestId('profile-name').textContent(), shopper.name);
    assert.equal(await page.getByTestId('profile-email').textContent(), shopper.email);
    assert.equal(await page.getByTestId('profile-group').textContent(), '无');
    assert.match(await page.getByTestId('account-layout').textContent(), /欢迎来到您的账户/);
    for (const name of ['我的收藏', '订单汇总', '地址管理', '个人中心']) {
      assert.ok(await page.getByTestId('account-layout').getByRole('link', { name }).isVisible(), name);
    }
    assert.equal(await page.getByTestId('greeting').textContent(), `您好，${shopper.name}`);
    assert.ok(await page.evaluate(() => localStorage.getItem('Token')), 'token stored');

    // A reload keeps the shopper signed in (persisted user, confirmed by the BFF), with no hydration warning.
    await visit(tab, `${stack.baseUrl}/user-profile`);
    await sessionKnown(page, 'member');
    await page.getByTestId('profile-page').waitFor();

    // An already signed-in shopper does not see the login form.
    await page.getByTestId('account-layout').getByRole('link', { name: '订单汇总' }).click();
    await page.waitForURL((u) => u.pathname === '/order-list');
    await page.getByTestId('account-layout').waitFor();
    await visit(tab, `${stack.baseUrl}/login`);
    await page.waitForURL((u) => u.pathname === '/');

    // Log out from the header: home, guest links, no token, a success notice.
    await page.getByTestId('logout').click();
    await page.getByTestId('toast-success').filter({ hasText: '已退出登录' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: '登录' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.evaluate(() => localStorage.getItem('Token')), null);
    assert.equal(await page.getByTestId('greeting').count(), 0);

    // The guard holds again, and only a relative way back is ever followed.
    await visit(tab, `${stack.baseUrl}/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await page.getByTestId('login-page').getByLabel('电子邮件地址').fill(shopper.email);
    await page.getByTestId('login-page').getByLabel('密码').fill(shopper.password);
    await page.getByTestId('login-page').getByRole('button', { name: '登录' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.host === new URL(stack.baseUrl).host);
    await page.getByTestId('greeting').waitFor();
    await page.getByTestId('logout').click();
    await page.getByRole('banner').getByRole('link', { name: '登录' }).waitFor();
    assertClean(tab);
    await tab.close();
  });

  test('forgot password, follow the emailed link, reset, log in with the new password', async () => {
    const tab = await openPage(browser);
    const { page } = tab;
    await visit(tab, `${stack.baseUrl}/login`);
    await page.getByRole('link', { name: '忘记密码？' }).click();
    const forgot = page.getByTestId('forgot-password-page');
    await forgot.waitFor();
    await forgot.getByRole('button', { name: '发送重置链接' }).click();
    assert.equal(await page.getByTestId('error-email').textContent(), '需要填写邮箱地址');
    await forgot.getByLabel('电子邮件地址').fill('nope@');
    await forgot.getByRole('button', { name: '发送重置链接' }).click();
    assert.equal(await page.getByTestId('error-email').textContent(), '无效的邮箱地址');
    const since = Date.now() - 1000;
    await forgot.getByLabel('电子邮件地址').fill(shopper.email);
    await forgot.getByRole('button', { name: '发送重置链接' }).click();
    await page.getByTestId('login-notice').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');

    // The mail's link goes to the shop host the shopper used (this stack), not the site_url.
    const link = await resetLinkFor(shopper.email, since);
    assert.equal(link.origin, new URL(stack.baseUrl).origin);
    assert.equal(link.pathname, '/reset-password');
    assert.equal(link.searchParams.get('email'), shopper.email);
    assert.ok(link.searchParams.get('token'));
    await visit(tab, link.href);
    const reset = page.getByTestId('reset-password-page');
    assert.match(
      await page.getByTestId('reset-account').textContent(),
      new RegExp(shopper.email.replace(/[.+]/g, '\\$&')),
    );
    await reset.getByLabel('密码', { exact: true }).fill(shopper.newPassword);
    await reset.getByLabel('确认密码').fill('different99');
    await reset.getByRole('button', { name: '重置密码' }).click();
    await page.getByTestId('toast-error').filter({ hasText: '密码和确认密码不匹配！' }).waitFor();
    assert.equal(await page.getByTestId('error-password_confirmation').textContent(), '两次输入的密码不一致');
    await reset.getByLabel('确认密码').fill(shopper.newPassword);
    await reset.getByRole('button', { name: '重置密码' }).click();
    await page.getByTestId('login-notice').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');

    const login = page.getByTestId('login-page');
    await login.getByLabel('电子邮件地址').fill(shopper.email);
    await login.getByLabel('密码').fill(shopper.newPassword);
    await login.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('greeting').waitFor();
    assertClean(tab);
    await tab.close();
  });

  test('an ended session: "Please log in again" (请重新登录 in the Chinese shop), then the login page, and back after signing in', async () => {
    const tab = await openPage(browser);
    const { page } = tab;
    await visit(tab, `${stack.baseUrl}/login?redirect=%2Fuser-profile`);
    await page.getByTestId('login-page').getByLabel('电子邮件地址').fill('member@example.com');
    await page.getByTestId('login-page').getByLabel('密码').fill('demo1234');
    await page.getByTestId('login-page').getByRole('button', { name: '登录' }).click();
    await page.getByTestId('profile-page').waitFor();
    // The personal centre's own reads (its WeChat binding) answered first: one still on its way
    // when the session ends would answer 401 and send the shopper to sign in from this page.
    await tab.quiet();
    // The session ends elsewhere (as after a reset on another device).
    const token = await page.evaluate(() => localStorage.getItem('Token'));
    await fetch(`${stack.bffUrl}/api/logout`, {
      method: 'POST',
      headers: { 'X-Site-Host': 'localhost', Authorization: `Bearer ${token}` },
    });
    // The next member call answers 401.
    await page.getByRole('link', { name: '新品上市' }).first().click();
    await page.getByTestId('toast-error').filter({ hasText: '请重新登录' }).waitFor();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 5000 });
    assert.equal(pathOf(page), '/login?redirect=%2Fnewest-product');
    assert.equal(await page.evaluate(() => localStorage.getItem('Token')), null);
    await hydrated(page);
    assert.equal(await page.getByTestId('greeting').count(), 0);
    // The browser logs the 401 answer itself; nothing else may be logged.
    assertClean(tab, [/status of 401/]);
    await tab.close();
  });

  test('admin login, and an English shop speaks English', async () => {
    const tab = await openPage(browser);
    const { page } = tab;
    await visit(tab, `${stack.baseUrl}/admin/login`);
    const form = page.getByTestId('admin-login-page');
    await form.getByLabel('电子邮件地址').fill('admin@example.com');
    await form.getByLabel('密码').fill('admin1234');
    await form.getByRole('button', { name: '登录' }).click();
    // The owner lands in the console, signed in.
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByTestId('admin-layout').waitFor();
    assert.ok(await page.evaluate(() => localStorage.getItem('Token')));

    await visit(tab, `${stack.enUrl}/user-profile`);
    await page.waitForURL((u) => u.pathname === '/login');
    const login = page.getByTestId('login-page');
    await login.getByRole('button', { name: 'Log in' }).click();
    assert.equal(await page.getByTestId('error-email').textContent(), 'Please enter your email address');
    assert.equal(await page.getByTestId('error-password').textContent(), 'Please enter your password');
    await login.getByLabel('Email address').fill('member@example.com');
    await login.getByLabel('Password').fill('demo1234');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('profile-page').waitFor();
    assert.equal(await page.getByTestId('profile-email').textContent(), 'member@example.com');
    assert.match(await page.getByTestId('account-layout').textContent(), /Welcome to your Account/);
    assertClean(tab);
    await tab.close();
  });

  test('a member sees member prices on a card and on the product page; a guest the guest price', async () => {
    // Find a product whose member price is below the guest price (both priced by the BFF).
    const token = await bffLogin('member@example.com', 'demo1234');
    const guestList = (await bffGet('/api/product/new/?page=1')).products.data;
    const memberList = (await bffGet('/api/user/product/new/?page=1', token)).products.data;
    const memberPrice = new Map(memberList.map((p) => [p.id, Number(p.final_price)]));
    const product = guestList.find((p) => memberPrice.get(p.id) < Number(p.final_price) && !p.product_variants?.length);
    assert.ok(product, 'the demo data has a product with a member price on the first newest page');
    const guestNzd = `NZ$${Number(product.final_price).toFixed(2)}`;
    const memberNzd = `NZ$${memberPrice.get(product.id).toFixed(2)}`;
    const card = (page) =>
      page
        .getByTestId('product-card')
        .filter({ has: page.locator(`a[href="/product/${product.id}"]`) })
        .first();

    const guest = await openPage(browser);
    await visit(guest, `${stack.baseUrl}/newest-product`);
    await sessionKnown(guest.page, 'guest');
    await assertTextSoon(card(guest.page).getByTestId('price-nzd'), guestNzd);
    await visit(guest, `${stack.baseUrl}/product/${product.id}`);
    await assertTextSoon(guest.page.getByTestId('product-price').getByTestId('price-nzd'), guestNzd);
    assertClean(guest);
    await guest.close();

    const member = await openPage(browser);
    const { page } = member;
    await visit(member, `${stack.baseUrl}/login`);
    await page.getByTestId('login-page').getByLabel('电子邮件地址').fill('member@example.com');
    await page.getByTestId('login-page').getByLabel('密码').fill('demo1234');
    await page.getByTestId('login-page').getByRole('button', { name: '登录' }).click();
    await page.getByTestId('greeting').waitFor();
    // Client-side navigation: the member call family answers.
    await page.goto(`${stack.baseUrl}/newest-product`, { waitUntil: 'load' });
    await hydrated(page);
    await sessionKnown(page, 'member');
    await assertTextSoon(card(page).getByTestId('price-nzd'), memberNzd);
    assert.ok(
      member.apiCalls.some((u) => new URL(u).pathname === '/api/user/product/new/'),
      'member prices were fetched',
    );
    await card(page).locator(`a[href="/product/${product.id}"]`).first().click();
    await page.getByTestId('product-title').waitFor();
    await assertTextSoon(page.getByTestId('product-price').getByTestId('price-nzd'), memberNzd);
    // A fresh load of the product page: server HTML as a guest, then the member's price stays.
    await page.goto(`${stack.baseUrl}/product/${product.id}`, { waitUntil: 'load' });
    await hydrated(page);
    await sessionKnown(page, 'member');
    await assertTextSoon(page.getByTestId('product-price').getByTestId('price-nzd'), memberNzd);
    assertClean(member);
    await member.close();
  });
});
