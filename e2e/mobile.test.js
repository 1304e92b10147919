// The shop on a phone in WeChat (375 px, WeChat's user agent) against the real stack: a guest who
// adds to the cart signs in and comes back to the product with the variant chosen, the cart's
// yuan add up line by line, a member never sees the guest's price first, checkout fits a phone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { hydrated, launchBrowser, openPage, settled } from './browser.js';

let stack;
let browser;
const products = {};
const PASSWORD = 'kiwi2026';
let members = 0;
// WeChat's browser on Android (its X5/XWEB engine reports Chrome 79 in many installs).
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 10; V2001A Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/79.0.3945.116 Mobile Safari/537.36 MicroMessenger/8.0.40.2420(0x28002837) NetType/WIFI Language/zh_CN';

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  const { products: found } = await bffJson(
    stack,
    `/api/product/search/?searchTerm=${encodeURIComponent('UMF10+')}`,
    'localhost',
    'POST',
  );
  products.umf10 = found.data.find((p) => p.name.includes('UMF10+'));
  assert.ok(products.umf10?.product_variants?.length > 1, 'UMF10+ has variants');
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A member of the test's own, registered through the API. */
async function newMember() {
  members += 1;
  const member = { name: `手机${members}`, email: `phone${members}.${process.pid}@example.com` };
  const res = await fetch(`${stack.bffUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...member, password: PASSWORD, password_confirmation: PASSWORD, acceptTerms: true }),
  });
  assert.ok(res.ok, `register: HTTP ${res.status}`);
  return member;
}

/** A phone tab (375 px) at `path`, hydrated. */
async function phone(path) {
  const tab = await openPage(browser, { width: 375, height: 812, userAgent: WECHAT_UA, isMobile: true });
  await tab.page.goto(`${stack.baseUrl}${path}`, { waitUntil: 'load' });
  await settled(tab.page);
  return tab;
}

async function signIn(page, member) {
  const login = page.getByTestId('login-page');
  await login.getByLabel('电子邮件地址').fill(member.email);
  await login.getByLabel('密码').fill(PASSWORD);
  await login.getByRole('button', { name: '登录' }).click();
}

const pressed = (page) => page.locator('fieldset button[aria-pressed="true"]');

describe('guest add to cart', () => {
  test('takes the guest to the login page and back to the product with the variant chosen', async () => {
    const product = products.umf10;
    const variant = product.product_variants[1];
    const member = await newMember();
    const tab = await phone(`/product/${product.id}`);
    const { page } = tab;
    await page.getByRole('button', { name: variant.name, exact: true }).click();
    assert.equal(await pressed(page).textContent(), variant.name);
    await page.getByTestId('add-to-cart').click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), `/product/${product.id}?variant=${variant.id}`);
    await hydrated(page);
    await signIn(page, member);
    await page.waitForURL((url) => url.pathname === `/product/${product.id}`);
    await page.getByTestId('greeting').waitFor();
    assert.equal(await pressed(page).textContent(), variant.name);
    // Now signed in, the same button adds the chosen variant.
    await page.getByTestId('add-to-cart').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === '1');
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });

  test("the header's login link brings the guest back to the page they were on", async () => {
    const member = await newMember();
    const tab = await phone('/newest-product?page=2');
    const { page } = tab;
    await page.getByTestId('header-login').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await hydrated(page);
    await signIn(page, member);
    await page.waitForURL((url) => url.pathname === '/newest-product' && url.search === '?page=2');
    await page.getByTestId('greeting').waitFor();
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });
});
