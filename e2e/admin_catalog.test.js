// The owner's console, catalogue and shop screens, in Chromium against the real stack: a category
// renamed in the console is the storefront's (its server-rendered page), a save made on a stale
// copy is refused with the notice and nothing is overwritten, the form's own checks speak the
// shop's language, a new exchange rate changes the yuan price of the product's server-rendered
// page (whose JSON-LD describes the product), and the rate's history shows the change.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { png } from './images.js';
import { bffJson, startStack } from './stack.js';
import { adminTab, hydrated, launchBrowser } from './browser.js';

let stack;
let browser;

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The server-rendered HTML of `path`, fetched until `check(html)` holds (the SSR reuses shop settings up to 10 s). */
async function pageUntil(path, check, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  let html = '';
  while (Date.now() < deadline) {
    const res = await fetch(`${stack.baseUrl}${path}`);
    html = await res.text();
    if (res.status === 200 && check(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(
    `${path} never showed what was expected: ${html.match(/data-testid="product-price"[\s\S]{0,400}/)?.[0] ?? html.slice(0, 300)}`,
  );
  return html;
}

const jsonLd = (html) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

describe('the console: catalogue and shop settings', () => {
  test('a category renamed in the console is the storefront’s; a stale save is refused', async () => {
    const tab = await adminTab(browser, stack.baseUrl);
    const { page } = tab;
    await page.getByRole('link', { name: '分类' }).first().click();
    await page.getByTestId('admin-categories').waitFor();
    const first = page.getByTestId('content-row').first();
    await first.waitFor();
    const id = Number(await first.getAttribute('data-id'));
    await first.getByRole('link').click();
    await page.getByTestId('content-editor').waitFor();
    const name = page.getByTestId('content-editor').getByLabel('名称');

    // The form's own check, in the shop's language.
    await name.fill('  ');
    await page.getByTestId('save-content').click();
    assert.equal(await page.getByTestId('error-name').textContent(), '请填写名称');

    // Another tab saves first: this tab's save is refused, not applied.
    const other = await adminTab(browser, stack.baseUrl);
    await other.page.goto(`${stack.baseUrl}/admin/content/categories/${id}`, { waitUntil: 'load' });
    await other.page.getByTestId('content-editor').waitFor();
    const renamed = `控制台分类 ${Date.now()}`;
    await other.page.getByTestId('content-editor').getByLabel('名称').fill(renamed);
    await other.page.getByTestId('save-content').click();
    await other.page.getByTestId('toast-success').first().waitFor();
    await other.close();

    await name.fill('过时的名称');
    await page.getByTestId('save-content').click();
    await page.getByTestId('stale-notice').waitFor();
    const shown = await pageUntil(`/category/${id}`, (html) => html.includes(renamed));
    assert.ok(!shown.includes('过时的名称'), 'the stale save wrote nothing');

    // Reloaded, the form has the other tab's name.
    await page.getByTestId('stale-reload').click();
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="content-editor"] input[name="name"]')?.value === want,
      renamed,
    );
    assert.equal(await page.getByTestId('stale-notice').count(), 0);
    // Its picture, uploaded on its own call: the BFF's copy (a new version) is the editor's.
    await page.getByTestId('content-picture-input').setInputFiles({
      name: 'category.png',
      mimeType: 'image/png',
      buffer: png(96, 64, [30, 120, 200]),
    });
    await page.getByTestId('toast-success').filter({ hasText: '图片已更新' }).first().waitFor();
    assert.match(await page.getByTestId('content-picture').locator('img').getAttribute('src'), /\/media\//);
    // The product editor offers the category under its new name.
    const option = page.locator(`select[name="category_id"] option[value="${id}"]`);
    await page.getByRole('link', { name: '商品' }).first().click();
    await page.getByTestId('new-product').click();
    await option.waitFor({ state: 'attached' });
    assert.equal((await option.textContent()).trim(), renamed);
    assert.deepEqual(
      tab.problems.filter((p) => !/412|Precondition/.test(p)),
      [],
      'console errors or warnings',
    );
    await tab.close();
  });

  test('an article written in the rich-text editor is the storefront’s, cleaned', async () => {
    const tab = await adminTab(browser, stack.baseUrl);
    const { page } = tab;
    await page.getByRole('link', { name: '文章' }).first().click();
    await page.getByTestId('admin-articles').waitFor();
    await page.getByTestId('new-content').click();
    const editor = page.getByTestId('content-editor');
    await editor.waitFor();
    const title = `控制台文章 ${Date.now()}`;
    await editor.getByRole('textbox', { name: '标题', exact: true }).fill(title);
    const body = page.getByTestId('long_text-editor');
    await body.click();
    const bold = page.getByRole('button', { name: '加粗' });
    await page.keyboard.type('退货说明');
    await bold.click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="加粗"]').getAttribute('aria-pressed') === 'true',
    );
    await page.keyboard.type('七天内');
    await bold.click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="加粗"]').getAttribute('aria-pressed') === 'false',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '项目列表' }).click();
    await body.locator('ul').waitFor();
    await page.keyboard.type('保持包装完好');
    // The HTML source, with a handler the BFF must drop.
    await page.getByTestId('long_text-mode').click();
    const source = editor.getByLabel('HTML');
    const html = await source.inputValue();
    assert.match(html, /<strong>七天内<\/strong>/);
    assert.match(html, /<ul><li><p>保持包装完好<\/p><\/li><\/ul>/);
    await source.fill(`${html}<p onclick="alert(1)">尾注</p>`);
    // The preview shows it cleaned, reporting nothing to the page's CSP.
    await page.getByTestId('long_text-preview').getByText('尾注').waitFor();
    assert.equal(
      await page
        .getByTestId('long_text-preview')
        .innerHTML()
        .then((h) => /onclick/.test(h)),
      false,
    );
    await page.getByTestId('save-content').click();
    await page.waitForURL(/\/admin\/content\/articles\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    const shown = await pageUntil(`/article/${id}`, (text) => text.includes(title));
    assert.match(shown, /<strong>七天内<\/strong>/);
    assert.match(shown, /<p>尾注<\/p>/);
    assert.doesNotMatch(shown, /onclick/);
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });

  test('the catalogue goes out as CSV and comes back: a bad row stops the import, a good file creates', async () => {
    const tab = await adminTab(browser, stack.baseUrl);
    const { page } = tab;
    await page.getByRole('link', { name: '批量导入导出' }).click();
    await page.getByTestId('admin-bulk').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    assert.match(download.suggestedFilename(), /^products-.+\.csv$/);
    const exported = fs.readFileSync(await download.path(), 'utf8');
    // Every field quoted, as OWASP's CSV-injection guidance asks (bff/common/spreadsheet.py).
    // Headers in the shop's language, one row per variant (the variant's columns beside the product's).
    assert.ok(exported.startsWith('\ufeff"SKU","编号","商品名称","规格编号","规格"'), exported.slice(0, 60));
    const someProduct = (await bffJson(stack, '/api/product/new/?page=1')).products.data[0];
    assert.ok(exported.includes(someProduct.name), 'the export lists the storefront’s products');

    const sku = `CSV-${Date.now()}`;
    const header = 'sku,name,price,discount,stock,weight,is_active\n';
    await page.getByTestId('import-file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}${sku},新西兰蜂蜜,30.00,40.00,5,500,1\n${sku}-2,好,abc,,1,0,1\n`),
    });
    await page.getByTestId('import-preview').waitFor();
    assert.equal(await page.locator('[data-testid="import-row"][data-action="error"]').count(), 2);
    assert.match(await page.getByTestId('import-errors').first().textContent(), /特价必须低于原价/);
    assert.equal(await page.getByTestId('run-import').isDisabled(), true);

    await page.getByTestId('import-file').setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}${sku},CSV 蜂蜜 ${sku},30.00,25.00,5,500,1\n`),
    });
    await page.locator('[data-testid="import-row"][data-action="create"]').waitFor();
    await page.getByTestId('run-import').click();
    await page.getByTestId('import-done').waitFor();

    const token = await page.evaluate(() => window.localStorage.getItem('Token'));
    const res = await fetch(`${stack.bffUrl}/api/admin/products?q=${sku}`, {
      headers: { 'X-Site-Host': 'localhost', Authorization: `Bearer ${token}` },
    });
    const [created] = (await res.json()).products.data;
    assert.equal(created.sku, sku);
    assert.equal(created.virtual_inventory, 5);
    const html = await pageUntil(`/product/${created.id}`, (text) => text.includes(`CSV 蜂蜜 ${sku}`));
    const ld = jsonLd(html).find((item) => item['@type'] === 'Product');
    assert.equal(ld.offers.price, '25.00');
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });

  test('a new exchange rate changes the yuan price on the product’s server-rendered page', async () => {
    const product = (await bffJson(stack, '/api/product/new/?page=1')).products.data[0];
    const before = await pageUntil(`/product/${product.id}`, () => true);
    const ld = jsonLd(before).find((item) => item['@type'] === 'Product');
    assert.ok(ld, 'the product page has Product JSON-LD');
    assert.equal(ld.name, product.name);
    assert.ok(ld.offers.url.endsWith(`/product/${product.id}`), ld.offers.url);
    assert.ok(['Offer', 'AggregateOffer'].includes(ld.offers['@type']));
    assert.equal(ld.offers.priceCurrency, 'NZD');

    const tab = await adminTab(browser, stack.baseUrl);
    const { page } = tab;
    await page.getByRole('link', { name: '店铺设置' }).click();
    await page.getByTestId('admin-settings').waitFor();
    const rateField = page.getByLabel('汇率（1 纽币兑人民币）');
    const current = Number(await rateField.inputValue());
    const rate = (current + 0.5678).toFixed(4);

    await rateField.fill('0');
    await page.getByTestId('save-settings').first().click();
    assert.equal(await page.getByTestId('error-shop_exchange_rate').textContent(), '请输入大于0、最多四位小数的汇率');

    await rateField.fill(rate);
    await page.getByTestId('save-settings').first().click();
    await page.getByTestId('toast-success').filter({ hasText: '设置已保存' }).first().waitFor();
    await page.getByTestId('rate-row').filter({ hasText: rate }).first().waitFor();

    const yuan = `¥${(Number(product.final_price) * Number(rate)).toFixed(1)}`;
    await pageUntil(`/product/${product.id}`, (html) => html.includes(yuan));
    // In the browser too, after hydration.
    await page.goto(`${stack.baseUrl}/product/${product.id}`, { waitUntil: 'load' });
    await hydrated(page);
    assert.equal(await page.getByTestId('product-price').getByTestId('price-yuan').first().textContent(), yuan);
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });
});
