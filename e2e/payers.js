// What the payment browser tests share (e2e/payments.test.js, e2e/airwallex.test.js): the fake
// gateways' process, the owner's `flask payments configure`, and a signed-in shopper with one
// product in the cart who checks out to Shanghai.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { hydrated, openPage } from './browser.js';
import { SHANGHAI, fillRecipient } from './checkoutForm.js';
import { bffCall, ROOT } from './stack.js';

const PYTHON = path.join(ROOT, '.venv/bin/python');
const FLASK = path.join(ROOT, '.venv/bin/flask');
export const PASSWORD = 'kiwi2026';
export const UA = {
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  phone:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN',
};

/**
 * Start fakes of outside services (the payment gateways of bff/tests/fakes/serve.py unless another
 * `module` is named) and read the line that says where they are: `{ info, stop }`, `stop` ending
 * the process (it serves until its stdin closes).
 */
export async function startFakes(module = 'bff.tests.fakes.serve', env = {}) {
  const child = spawn(PYTHON, ['-m', module], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const [line] = await Promise.race([
    new Promise((resolve) => lines.once('line', (l) => resolve([l]))),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${module} did not start`)), 30000)),
  ]);
  return { info: JSON.parse(line), stop: () => child.stdin.end() };
}

/**
 * `flask payments configure` on the stack's database: the owner enters a merchant account and
 * switches it on. Re-entering only some fields keeps the others (keys need not be entered again).
 */
export async function configure(stack, kind, fields) {
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

/** The BFF's JSON answer to a call as `member` (or a guest); a non-2xx answer fails. */
export async function api(stack, member, method, url, body) {
  return (await bffCall(stack, member?.token, method, url, body)).json();
}

let members = 0;

/**
 * A member of the test's own (`tag` in the email) with `product` in the cart, signed in through the
 * login page in a browser of `device` (desktop, phone, wechat): the tab, with `member` and `visit`.
 */
export async function shopper(stack, browser, product, device, tag = 'payer') {
  members += 1;
  const member = { email: `${tag}${members}.${process.pid}@example.com` };
  await api(stack, null, 'POST', '/api/auth/register', {
    name: `付款人${members}`,
    email: member.email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    acceptTerms: true,
  });
  const login = await api(stack, null, 'POST', '/api/auth/login', { email: member.email, password: PASSWORD });
  member.token = login.data.token;
  await api(stack, member, 'POST', '/api/cart/add', { product_id: product.id, quantity: 1, variant_id: null });
  const tab = await openPage(browser, { userAgent: UA[device], ...(device === 'desktop' ? {} : { width: 390 }) });
  const visit = async (url) => {
    await tab.page.goto(`${stack.baseUrl}${url}`, { waitUntil: 'load' });
    await hydrated(tab.page);
  };
  await visit('/login');
  const form = tab.page.getByTestId('login-page');
  await form.getByLabel('电子邮件地址').fill(member.email);
  await form.getByLabel('密码').fill(PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await tab.page.waitForURL((url) => url.pathname === '/', { timeout: 15000 });
  return { ...tab, member, visit };
}

/** Check out the cart to Shanghai; answers the order number. */
export async function checkOut(tab) {
  const { page } = tab;
  await tab.visit('/checkout');
  await fillRecipient(page, SHANGHAI);
  // The form's own button on a desktop, the sticky bar's on a phone: whichever the shopper sees.
  await page.locator('[data-testid="create-order"]:visible, [data-testid="create-order-bar"]:visible').click();
  await page.getByTestId('order-summary-page').waitFor({ timeout: 15000 });
  return (await page.getByTestId('order-number').textContent()).trim();
}
