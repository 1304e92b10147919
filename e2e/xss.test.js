// Stored XSS by another road than the BFF's models: every payload of rules/xss_payloads.json is
// written with raw SQL into the running stack's database (as a bulk update, an import or a
// future tool could) and the product and article pages are rendered by the SSR and hydrated in
// Chromium. The test fails if any payload runs script (alert, confirm, prompt or print called, a
// page error, a script or page fetched from another host), if the page CSP reports a violation
// (browser.js fails the test on any) or if dangerous markup is left in the page's DOM.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bffJson, ROOT, startStack } from './stack.js';
import { hydrated, launchBrowser, openPage } from './browser.js';

const { payloads } = JSON.parse(fs.readFileSync(path.join(ROOT, 'rules/xss_payloads.json'), 'utf8'));
const PARALLEL_TABS = 2;

let stack;
let browser;
let products;
let article;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  products = (await bffJson(stack, '/api/product/new/?page=1')).products.data.slice(0, PARALLEL_TABS);
  article = (await bffJson(stack, '/api/article')).data.articles[0];
  assert.equal(products.length, PARALLEL_TABS);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** UPDATE one row of the stack's SQLite database with Python's sqlite3: no model, no validator. */
function writeRaw(table, column, id, value) {
  const script = [
    'import json, sqlite3, sys',
    'd = json.load(sys.stdin)',
    'con = sqlite3.connect(d["db"])',
    'con.execute(f"UPDATE {d[\'table\']} SET {d[\'column\']} = ? WHERE id = ?", (d["value"], d["id"]))',
    'con.commit()',
  ].join('\n');
  const db = path.join(stack.tmp, 'e2e.sqlite');
  execFileSync(path.join(ROOT, '.venv/bin/python'), ['-c', script], {
    input: JSON.stringify({ db, table, column, id, value }),
  });
}

/** A tab that records every sign of script run by a payload in `fired`. */
async function watchedTab() {
  const tab = await openPage(browser);
  const fired = [];
  await tab.context.exposeBinding('__e2eXss', (_source, what) => fired.push(what));
  await tab.context.addInitScript(() => {
    for (const name of ['alert', 'confirm', 'prompt', 'print']) {
      window[name] = (...args) => window.__e2eXss(`${name}(${args.join(', ')}) on ${location.href}`);
    }
  });
  tab.page.on('dialog', (dialog) => {
    fired.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss();
  });
  tab.page.on('pageerror', (error) => fired.push(`pageerror: ${error.message}`));
  // Nothing leaves loopback: a payload's script, page, frame or style from another host is
  // evidence; its harmless pictures are just refused.
  await tab.context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname.replace(/^en\./, '')),
    (route) => {
      const request = route.request();
      if (!['image', 'media'].includes(request.resourceType())) {
        fired.push(`${request.resourceType()} from ${request.url()}`);
      }
      route.abort();
    },
  );
  return { ...tab, fired };
}

/**
 * What a cleaned rich-text block may hold: formatting elements, and no attribute with
 * behaviour (handlers, style, ids and names that clobber globals, URLs that are not http(s),
 * mailto or same-page).
 */
function dangerousMarkup(page, selector) {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [`${selector} is missing`];
    const allowedTags = new Set(
      (
        'a b blockquote br caption code div em figcaption figure h1 h2 h3 h4 h5 h6 hr i img li ol p pre ' +
        's small span strong sub sup table tbody td tfoot th thead tr u ul'
      ).split(' '),
    );
    const allowedAttributes = new Set(
      'href title rel src srcset sizes loading alt width height colspan rowspan scope start'.split(' '),
    );
    // An uploaded picture's WebP widths and layout (issue 25.4): addresses and lengths only.
    const harmless = {
      srcset: (v) =>
        v
          .split(',')
          .every((part) => ['http:', 'https:'].includes(new URL(part.trim().split(/\s+/)[0], location.href).protocol)),
      sizes: (v) => v.split(',').every((part) => /^\s*(\([a-z0-9 :.-]+\)\s+)?[\d.]+(px|vw|em|rem)\s*$/i.test(part)),
      loading: (v) => v === 'lazy' || v === 'eager',
    };
    const found = [];
    for (const element of root.querySelectorAll('*')) {
      const tag = element.localName;
      if (!allowedTags.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`<${tag}>`);
      for (const { name, value } of element.attributes) {
        if (!allowedAttributes.has(name) || (harmless[name] && !harmless[name](value))) {
          found.push(`<${tag} ${name}="${value}">`);
        }
        if (name === 'href' || name === 'src') {
          const protocol = new URL(value, location.href).protocol;
          if (!['http:', 'https:', 'mailto:'].includes(protocol)) found.push(`<${tag} ${name}="${value}">`);
        }
      }
    }
    return found;
  }, selector);
}

async function visit(tab, url) {
  const res = await tab.page.goto(url, { waitUntil: 'load' });
  assert.equal(res.status(), 200, url);
  await hydrated(tab.page);
}

/** The server's HTML as parsed (handlers on broken pictures have fired by 'load'), then hydrated. */
async function renderAndCheck(tab, url, selector, payload) {
  const res = await tab.page.goto(url, { waitUntil: 'load' });
  assert.equal(res.status(), 200, url);
  for (const stage of ['server HTML', 'hydrated']) {
    if (stage === 'hydrated') await hydrated(tab.page);
    assert.deepEqual(tab.fired, [], `${stage} of ${url} with ${payload}`);
    assert.deepEqual(await dangerousMarkup(tab.page, selector), [], `${stage} of ${url} with ${payload}`);
  }
}

describe('rich HTML written by raw SQL is cleaned on its way to the page', () => {
  test(`each of the ${payloads.length} payloads in a product's details: server render and hydration`, async () => {
    const share = (i) => [...payloads.entries()].filter(([n]) => n % PARALLEL_TABS === i);
    await Promise.all(
      products.map(async (product, i) => {
        const tab = await watchedTab();
        for (const [n, payload] of share(i)) {
          writeRaw('products', 'product_details', product.id, `<p>payload ${n}</p>${payload}`);
          // A URL of its own per payload: guests' pages are cached for seconds (ssr/pageCache.js), and
          // a raw SQL write tells no cache; each payload must be rendered, not an earlier one's copy.
          const url = `${stack.baseUrl}/product/${product.id}?payload=${n}`;
          await renderAndCheck(tab, url, '[data-testid="product-details"]', payload);
          // The page shows this payload's marker: it did render this payload, not an earlier one.
          const text = await tab.page.locator('[data-testid="product-details"]').innerText();
          assert.match(text, new RegExp(`^payload ${n}\\b`), payload);
        }
        await tab.close();
      }),
    );
  });

  test('all payloads at once in an article: server render, then client-side navigation to it', async () => {
    writeRaw('articles', 'long_text', article.id, `<p>before</p>${payloads.join('')}<p>after</p>`);
    const tab = await watchedTab();
    await renderAndCheck(tab, `${stack.baseUrl}/article/${article.id}`, '[data-testid="article-body"]', 'all');

    // The SPA renders the same answer in the browser: go home, then follow the footer's link.
    await visit(tab, `${stack.baseUrl}/`);
    await tab.page.locator(`a[href="/article/${article.id}"]`).first().click();
    await tab.page.locator('[data-testid="article-body"]').waitFor();
    assert.equal(new URL(tab.page.url()).pathname, `/article/${article.id}`);
    assert.deepEqual(await dangerousMarkup(tab.page, '[data-testid="article-body"]'), []);
    assert.match(await tab.page.locator('[data-testid="article-body"]').innerText(), /^before/);
    assert.deepEqual(tab.fired, []);
    await tab.close();
  });

  test('all payloads at once in a product: client-side navigation from a listing', async () => {
    const [product] = products;
    writeRaw('products', 'product_details', product.id, `<p>before</p>${payloads.join('')}<p>after</p>`);
    const tab = await watchedTab();
    await visit(tab, `${stack.baseUrl}/newest-product`);
    await tab.page.locator(`a[href="/product/${product.id}"]`).first().click();
    await tab.page.locator('[data-testid="product-details"]').waitFor();
    assert.deepEqual(await dangerousMarkup(tab.page, '[data-testid="product-details"]'), []);
    assert.match(await tab.page.locator('[data-testid="product-details"]').innerText(), /^before/);
    assert.deepEqual(tab.fired, []);
    await tab.close();
  });
});
