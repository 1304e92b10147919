// `make dev` pages in Chromium: React's development build reports what production hides (hydration
// mismatches, selectors that return new objects), so the console check runs against the dev server
// (`node ssr/server.js --dev`) too, on the sign-in screens, a product page and the wish list.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startDevSsr, startStack } from './stack.js';
import { launchBrowser, openPage, settled } from './browser.js';

let stack;
let dev;
let browser;

before(async () => {
  stack = await startStack();
  dev = await startDevSsr(stack);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await dev?.stop();
  await stack?.stop();
});

async function visitDev(tab, path) {
  await tab.page.goto(`${dev.baseUrl}${path}`, { waitUntil: 'load' });
  await settled(tab.page);
}

describe('make dev', () => {
  test('home, sign-in screens and a product page hydrate without a warning', async () => {
    const product = (await bffJson(stack, '/api/product/new/?page=1')).products.data[0];
    const paths = [
      '/',
      '/login',
      '/login?redirect=%2Ffavorite',
      '/register',
      '/forgot-password',
      '/reset-password?token=abc&email=a%40example.com',
      '/admin/login',
      `/product/${product.id}`,
    ];
    for (const path of paths) {
      const tab = await openPage(browser);
      await visitDev(tab, path);
      assert.deepEqual(tab.problems, [], `console on ${path}`);
      await tab.close();
    }
  });

  test('the wish list of a signed-in member renders without a warning', async () => {
    const tab = await openPage(browser);
    const { page } = tab;
    await visitDev(tab, '/login?redirect=%2Ffavorite');
    const login = page.getByTestId('login-page');
    await login.getByLabel('电子邮件地址').fill('member@example.com');
    await login.getByLabel('密码').fill('demo1234');
    await login.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => url.pathname === '/favorite');
    await page.getByTestId('greeting').waitFor();
    await visitDev(tab, '/favorite');
    await page.waitForFunction(() => document.documentElement.dataset.session === 'member');
    assert.deepEqual(tab.problems, [], 'console on /favorite');
    await tab.close();
  });
});
