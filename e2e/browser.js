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
  const tab = { page, context, problems, apiCalls: [], network: watchNetwork(page) };
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) tab.apiCalls.push(req.url());
  });
  openTabs.add(tab);
  // The page's own calls all answered (and no new one for a moment): what a client-side
  // navigation never marks, unlike a document's 'networkidle'.
  tab.quiet = (quietMs, timeout) => tab.network.quiet(quietMs, timeout);
  tab.close = () => {
    openTabs.delete(tab);
    return closedWithin(context.close(), 'a browser context');
  };
  return tab;
}

// Tabs not yet closed: a test that fails leaves its own open, and afterEach says where each was.
const openTabs = new Set();

/**
 * The page's requests as they went: the last ones answered and those still waiting, which is
 * what a step that timed out was waiting on (CI runs keep no screenshots).
 */
function watchNetwork(page) {
  const pending = new Map();
  const done = [];
  const short = (req) => `${req.method()} ${new URL(req.url()).pathname}${new URL(req.url()).search}`;
  const since = Date.now();
  let lastChange = since;
  const at = () => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  page.on('request', (req) => {
    pending.set(req, at());
    lastChange = Date.now();
  });
  const finished = (req, how) => {
    pending.delete(req);
    lastChange = Date.now();
    // Pictures and scripts loaded well would push the page's calls out of the list.
    if (how === 200 && /^\/(media|assets)\//.test(new URL(req.url()).pathname)) return;
    done.push(`${at()} ${how} ${short(req)}`);
    if (done.length > 15) done.shift();
  };
  page.on('requestfinished', async (req) => finished(req, (await req.response().catch(() => null))?.status() ?? '?'));
  page.on('requestfailed', (req) => finished(req, `failed (${req.failure()?.errorText})`));
  return {
    /** Resolves once no request has been under way for `quietMs` (or throws after `timeout`). */
    async quiet(quietMs = 300, timeout = 15_000) {
      const deadline = Date.now() + timeout;
      while (pending.size || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          const waiting = [...pending.keys()].map(short).join(', ');
          throw new Error(`the page's calls did not end within ${timeout} ms: ${waiting || 'none waiting'}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    describe: () => [
      `  last requests done (time since the tab opened): ${done.length ? '' : 'none'}`,
      ...done.map((line) => `    ${line}`),
      `  still waiting at ${at()}: ${pending.size ? '' : 'none'}`,
      ...[...pending].map(([req, when]) => `    since ${when} ${short(req)}`),
    ],
  };
}

/**
 * Answer an intercepted request with the real answer changed by `change(response)` (which
 * returns route.fulfill's options). A handler that throws never answers, and the page then waits
 * for ever (a reset socket under a loaded CI machine is enough: ThePhaseless/Byparr#402): the
 * real answer is fetched a second time, and if that fails too the request fails in the page, with
 * the reason in the test's output, so the step that waits on it says so.
 */
export function rewriteAnswer(change) {
  return async (route) => {
    let lastError;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const response = await route.fetch();
        await route.fulfill({ response, ...(await change(response)) });
        return;
      } catch (error) {
        lastError = error;
      }
    }
    console.error(`the real answer to ${route.request().url()} could not be fetched: ${lastError.message}`);
    await route.abort('failed').catch(() => {});
  };
}

/** Where each open tab is: its address, its requests and the start of what it shows. */
async function describeOpenTabs() {
  const out = [];
  for (const tab of openTabs) {
    if (tab.page.isClosed()) {
      openTabs.delete(tab); // closed with its browser
      continue;
    }
    const text = await tab.page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((error) => `(not readable: ${error.message})`);
    out.push(
      `--- an open tab at ${tab.page.url()}`,
      ...tab.network.describe(),
      `  shows: ${text.replace(/\s+/g, ' ').slice(0, 400)}`,
    );
  }
  return out.join('\n');
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
  // A failed or timed-out test: what the servers were doing, then where its tabs were (printed
  // last, so it stands next to the failure in the runner's report).
  if (!t.passed) {
    console.error(`${t.name} failed: the stack's logs\n${logTails()}`);
    console.error(`${t.name} failed: its tabs\n${await describeOpenTabs()}`);
  }
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
