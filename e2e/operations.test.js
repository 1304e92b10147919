// Running it in production, in Chromium against the real stack: a recipient's ID number is masked on
// every screen; a member downloads their data and deletes their account; one page view's request id
// is in both processes' log lines; both processes serve Prometheus text; and no log line of the
// whole run holds a password, a token, a cookie or an ID number.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { hydrated, launchBrowser, openPage } from './browser.js';

let stack;
let browser;
const PASSWORD = 'kiwi2026';
const ID_NUMBER = '11010519491231002X';
const MASKED = '1101**********002X';
const member = { name: '隐私测试', email: `privacy.${process.pid}@example.com` };
const secrets = new Set([PASSWORD, ID_NUMBER]);

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

async function bff(method, path, body, token) {
  const headers = { 'X-Site-Host': 'localhost', 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.bffUrl}${path}`, { method, headers, body: body && JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const jsonLines = (file) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));

async function visit(page, path) {
  const res = await page.goto(`${stack.baseUrl}${path}`, { waitUntil: 'load' });
  await hydrated(page);
  return res;
}

/** The lines of `file` with this request id, once the process has written them. */
async function linesOf(file, requestId, atLeast = 1) {
  for (let i = 0; i < 50; i += 1) {
    const found = jsonLines(file).filter((l) => l.request_id === requestId);
    if (found.length >= atLeast) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return jsonLines(file).filter((l) => l.request_id === requestId);
}

describe('operations and the shopper’s data', () => {
  test('one page view is followed through both processes’ logs by its request id', async () => {
    const { products } = await bffJson(stack, '/api/product/new/', 'localhost');
    const tab = await openPage(browser);
    const res = await visit(tab.page, `/product/${products.data[0].id}`);
    const requestId = res.headers()['x-request-id'];
    assert.match(requestId, /^[0-9a-f-]{36}$/);
    const [ssrLine] = await linesOf(stack.logs.ssr, requestId);
    const bffLines = await linesOf(stack.logs.bff, requestId);
    assert.equal(ssrLine.route, '/product/:id');
    assert.equal(ssrLine.status, 200);
    assert.ok(ssrLine.bff_calls >= 1);
    assert.ok(bffLines.length >= 1, 'the render’s BFF calls carry the id');
    assert.ok(bffLines.some((l) => l.route === '/api/product/<int(max=2147483647):product_id>'));
    console.log(
      `# one page view in the logs:\n# ssr: ${JSON.stringify(ssrLine)}\n# bff: ${JSON.stringify(bffLines[0])}`,
    );
    assert.deepEqual(tab.problems, []);
    await tab.close();
  });

  test('the ID number is masked on every screen; the member downloads their data and deletes the account', async () => {
    const registered = await bff('POST', '/api/auth/register', {
      name: member.name,
      email: member.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      acceptTerms: true,
    });
    assert.equal(registered.status, 201);
    const { products } = await bffJson(stack, '/api/product/new/', 'localhost');
    const product = products.data.find((p) => !p.product_variants?.length) || products.data[0];

    const tab = await openPage(browser);
    const { page } = tab;
    await visit(page, '/login');
    const login = page.getByTestId('login-page');
    await login.getByLabel('电子邮件地址').fill(member.email);
    await login.getByLabel('密码').fill(PASSWORD);
    await login.getByRole('button', { name: '登录' }).click();
    await page.getByTestId('greeting').waitFor({ timeout: 15000 });
    const token = await page.evaluate(() => window.localStorage.getItem('Token'));
    secrets.add(token);
    for (const cookie of await tab.context.cookies()) secrets.add(cookie.value);

    // An address with the ID number, then an order to it from the checkout page.
    const created = await bff(
      'POST',
      '/api/shipping-addresses/create',
      {
        shipping_name: '王小明',
        shipping_contact: '13800000000',
        shipping_country: '中国',
        province_code: '310000',
        city_code: '310000',
        district_code: '310115',
        shipping_address: '世纪大道1号',
        shipping_id: ID_NUMBER,
      },
      token,
    );
    assert.equal(created.body.shipping_address.shipping_id, MASKED);
    await bff('POST', '/api/cart/add', { product_id: product.id, quantity: 1 }, token);
    await visit(page, '/checkout');
    await page.getByTestId('checkout-page').waitFor();
    // The address book's recipient arrives with the number masked, and stays so.
    await page.waitForFunction((m) => document.querySelector('#recipient-id')?.value === m, MASKED, { timeout: 10000 });
    await page.getByTestId('create-order').click();
    await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
    const orderNumber = (await page.getByTestId('order-number').textContent()).trim();
    const summary = await page.getByTestId('order-recipient').textContent();
    assert.ok(summary.includes(MASKED) && !summary.includes(ID_NUMBER), summary);
    await visit(page, `/order-detail/${orderNumber}`);
    await page.getByTestId('order-recipient').waitFor();
    assert.ok(!(await page.content()).includes(ID_NUMBER), 'the order detail shows no full ID number');

    // My data: the download holds the order, with the number masked.
    await visit(page, '/user-profile');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-data').click()]);
    assert.match(download.suggestedFilename(), /^personal-data-.*\.json$/);
    const file = await fs.promises.readFile(await download.path(), 'utf8');
    const data = JSON.parse(file);
    assert.equal(data.profile.email, member.email);
    assert.deepEqual(
      data.orders.map((o) => o.order_number),
      [orderNumber],
    );
    assert.ok(!file.includes(ID_NUMBER));

    // Delete: a wrong password is refused in place; the right one ends the session everywhere.
    await page.getByTestId('delete-account').click();
    const form = page.getByTestId('delete-account-form');
    await form.getByLabel('请输入密码确认').fill('wrong9999');
    await page.getByTestId('delete-account-confirm').click();
    await page.getByTestId('delete-account-error').filter({ hasText: '密码不正确' }).waitFor();
    await form.getByLabel('请输入密码确认').fill(PASSWORD);
    await page.getByTestId('delete-account-confirm').click();
    await page.getByTestId('toast-success').filter({ hasText: '您的账户已注销' }).waitFor({ timeout: 10000 });
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: '登录' }).waitFor();
    assert.equal((await bff('GET', '/api/orders', null, token)).status, 401);
    assert.equal((await bff('POST', '/api/auth/login', { email: member.email, password: PASSWORD })).status, 400);
    // The wrong password's 422 is a console error of the browser's own (a failed request): nothing else.
    assert.deepEqual(
      tab.problems.filter((p) => !/status of 422/.test(p)),
      [],
    );
    await tab.close();
  });

  test('both processes serve Prometheus text: requests by route template, renders and BFF calls', async () => {
    const ssr = await (await fetch(stack.metricsUrls.ssr)).text();
    assert.match(ssr, /ssr_http_request_duration_seconds_bucket\{[^}]*route="\/product\/:id"/);
    assert.match(ssr, /ssr_render_duration_seconds_count\{route="\/product\/:id"\} [1-9]/);
    assert.match(ssr, /ssr_bff_calls_per_render_sum\{route="\/product\/:id"\} [1-9]/);
    // gunicorn runs two workers here: /metrics adds up both (multiprocess mode).
    const bffText = await (await fetch(stack.metricsUrls.bff)).text();
    assert.match(bffText, /bff_http_request_duration_seconds_bucket\{[^}]*route="\/api\/shop"/);
    assert.match(bffText, /bff_orders_total\{outcome="created"\} [1-9]/);
    const publicPort = await fetch(`${stack.baseUrl}/metrics`);
    assert.ok(!(await publicPort.text()).includes('ssr_http_requests_total'), 'not on the public port');
    const sample = (text, re) =>
      text
        .split('\n')
        .filter((l) => re.test(l))
        .slice(0, 4)
        .join('\n# ');
    console.log(
      `# ssr metrics:\n# ${sample(ssr, /^ssr_(render_duration_seconds_(sum|count)|bff_calls_per_render_(sum|count))/)}`,
    );
    console.log(`# bff metrics:\n# ${sample(bffText, /^bff_(orders_total|http_requests_total\{.*\/api\/shop")/)}`);
  });

  test('no log line of the run holds a password, a token, a cookie or an ID number', () => {
    const logs = { bff: fs.readFileSync(stack.logs.bff, 'utf8'), ssr: fs.readFileSync(stack.logs.ssr, 'utf8') };
    assert.ok(secrets.size >= 4, 'the run had a password, an ID number, a token and a cookie');
    for (const [name, text] of Object.entries(logs)) {
      for (const secret of secrets) assert.ok(!text.includes(secret), `${name}.log holds a secret`);
      assert.ok(!/Bearer |Authorization|sf_renew=/i.test(text), `${name}.log holds a header`);
    }
    // Every line is JSON (gunicorn's own too), every request line has its request id.
    for (const [name, text] of Object.entries(logs)) {
      for (const line of text.split('\n').filter(Boolean)) {
        assert.doesNotThrow(() => JSON.parse(line), `${name}.log: not JSON: ${line}`);
      }
    }
    for (const line of jsonLines(stack.logs.ssr).filter((l) => l.msg === 'request')) assert.ok(line.request_id);
    const bffRequests = jsonLines(stack.logs.bff).filter((l) => l.logger === 'bff.access');
    assert.ok(bffRequests.length > 10);
    for (const line of bffRequests) assert.ok(line.request_id && line.route && line.status);
  });
});
