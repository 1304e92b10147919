// Debian's Chromium driven by playwright-core, with every console error,
// warning and page error recorded so each test can assert there are none.
// Content Security Policy violations on any page of any context opened here fail the
// running test by themselves (the afterEach below), whether or not it checks `problems`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import { logTails, ROOT } from './stack.js';

export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');

/**
 * Resolve when `closing` does, or after `ms` with a warning: Chromium now and then never answers
 * the close of a context or of the browser (Target.disposeBrowserContext; see
 * duckduckgo/tracker-radar-collector#88), and a test whose work is done must not then hang until
 * its suite's time-out cancels it (CI, 2026-11-26: the console's product test, all steps passed).
 */
async function closedWithin(closing, what, ms = 15_000) {
  let timer;
  const gaveUp = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const closed = await Promise.race([closing.then(() => true), gaveUp]);
  clearTimeout(timer);
  if (!closed) console.warn(`${what} did not close within ${ms / 1000} s; left behind`);
}

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const close = browser.close.bind(browser);
  // A browser that does not close is killed with its process group when the runner's file ends.
  browser.close = () => closedWithin(close(), 'the browser');
  return browser;
}

export async function openPage(
  browser,
  { width = 1280, height = 900, javaScriptEnabled = true, permissions = [], userAgent, isMobile = false } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height },
    javaScriptEnabled,
    permissions,
    userAgent,
    isMobile,
    hasTouch: isMobile,
  });
  const problems = [];
  await watchCsp(context, problems);
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  const apiCalls = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(req.url());
  });
  return { page, context, problems, apiCalls, close: () => closedWithin(context.close(), 'a browser context') };
}

// CSP violations not yet claimed by a test (takeCspViolations) or failed (afterEach).
const cspViolations = [];

/**
 * Record every CSP violation in the context: the browser's securitypolicyviolation events (an
 * init script in every page and frame, reporting through a binding) and its console messages
 * about the policy (those also cover pages where scripts are off).
 */
async function watchCsp(context, problems) {
  const record = (text) => {
    cspViolations.push(text);
    problems.push(`csp: ${text}`);
  };
  await context.exposeBinding('__e2eCspViolation', (_source, text) => record(text));
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const what = e.blockedURI || 'inline';
        const sample = e.sample ? ` "${e.sample}"` : '';
        window.__e2eCspViolation(`${e.effectiveDirective} blocked ${what}${sample} on ${e.documentURI}`);
      },
      true,
    );
  });
  context.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) record(`console: ${msg.text()}`);
  });
}

/** The CSP violations seen so far, claimed by the caller (a test that provokes one on purpose). */
export async function takeCspViolations(page) {
  // A round trip to the page first, so that reports already under way have arrived.
  await page?.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50))).catch(() => {});
  return cspViolations.splice(0);
}

/**
 * A test that runs longer than this fails (and its file goes on) instead of holding the whole
 * file until the runner's file-level limit; tests that need longer say so themselves.
 */
export const TEST_TIMEOUT = 120_000;

afterEach(async (t) => {
  // A failed or timed-out test: what the servers were doing is the first thing to read.
  if (!t.passed) console.error(`${t.name} failed: the stack's logs\n${logTails()}`);
  // Reports are delivered as tasks of their own: let the last ones land.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const seen = cspViolations.splice(0);
  assert.deepEqual(seen, [], 'Content Security Policy violations');
});

/** Wait until React has hydrated (the client entry marks the root). */
export async function hydrated(page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30000 });
}

/**
 * Wait until the page has hydrated and the persisted state is back and the session known (the
 * client entry marks `data-session` then): after this, nothing restored later changes the screen.
 */
export async function settled(page) {
  await hydrated(page);
  await page.waitForFunction(() => Boolean(document.documentElement.dataset.session), null, { timeout: 30000 });
}

export async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/**
 * A tab signed in as the seeded admin through /admin/login, on the console's home (the products);
 * dialogs (the console's confirmations) are accepted.
 */
export async function adminTab(browser, baseUrl) {
  const tab = await openPage(browser);
  const { page } = tab;
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(`${baseUrl}/admin/login`, { waitUntil: 'load' });
  await hydrated(page);
  const login = page.getByTestId('admin-login-page');
  await login.getByLabel('电子邮件地址').fill('admin@example.com');
  await login.getByLabel('密码').fill('admin1234');
  await login.getByRole('button', { name: '登录' }).click();
  await page.getByTestId('admin-products').waitFor();
  return tab;
}

/**
 * Saves the product open in the console's editor and waits for this save's own answer: the
 * create's 商品已保存 toast may still be showing, so waiting for a toast could return before the
 * save landed.
 */
export async function saveProduct(page, id) {
  const answer = page.waitForResponse(
    (res) => res.request().method() === 'PUT' && new URL(res.url()).pathname === `/api/admin/products/${id}`,
  );
  await page.getByTestId('save-product').first().click();
  return (await answer).status();
}
