// Products built the way Chinese shoppers read them (issue 25.4), in Chromium against the real
// stack: the owner gives each variant its SKU, barcode and picture and uploads a picture into the
// rich-text details; a guest's search card shows the product "from" its cheapest variant, the
// product page switches its picture when a variant is chosen, and the details show the uploaded
// picture with its WebP srcset.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { png } from './images.js';
import { startStack } from './stack.js';
import { adminTab, hydrated, launchBrowser, openPage, saveProduct, TEST_TIMEOUT } from './browser.js';

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

/** The gallery's main picture (its src, the BFF's path), as the page shows it now. */
const mainPicture = (page) => page.getByTestId('gallery').locator('img').first().getAttribute('src');

describe('variants with their own codes and pictures', { timeout: TEST_TIMEOUT }, () => {
  test('the owner sets them; a card shows "from" the cheapest; the page switches the picture', async () => {
    const tab = await adminTab(browser, stack.baseUrl);
    const { page } = tab;
    const stamp = Date.now();
    const name = `羊毛袜 ${stamp}`;
    await page.getByTestId('new-product').click();
    const editor = page.getByTestId('product-editor');
    await editor.waitFor();
    await editor.getByLabel('名称').first().fill(name);
    await editor.getByLabel('原价 (NZD)').first().fill('40.00');
    await page.getByTestId('add-variant').click();
    await page.getByTestId('add-variant').click();
    const rows = page.getByTestId('variant-row');
    for (const [i, [variantName, price]] of [
      ['黑色', '30.00'],
      ['灰色', '24.50'],
    ].entries()) {
      await rows.nth(i).getByLabel('名称').fill(variantName);
      await rows.nth(i).getByLabel('原价 (NZD)').fill(price);
      await rows.nth(i).getByLabel('初始库存').fill('5');
    }
    await page.getByTestId('save-product').first().click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByTestId('image-input').setInputFiles([
      { name: 'black.png', mimeType: 'image/png', buffer: png(400, 400, [20, 20, 20]) },
      { name: 'grey.png', mimeType: 'image/png', buffer: png(400, 400, [150, 150, 150]) },
    ]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-image"]').length === 2);

    // A wrong check digit is caught before the save.
    await rows.nth(0).getByTestId('variant-barcode').fill('9421023620006');
    await page.getByTestId('save-product').first().click();
    await rows.nth(0).getByText('条码无效').waitFor();
    await rows.nth(0).getByTestId('variant-barcode').fill('9421023620005');
    await rows.nth(0).getByTestId('variant-sku').fill(`SOCK-BLK-${stamp}`);
    await rows.nth(0).getByTestId('variant-picture').selectOption({ label: 'black.png' });
    await rows.nth(1).getByTestId('variant-sku').fill(`SOCK-GRY-${stamp}`);
    await rows.nth(1).getByTestId('variant-picture').selectOption({ label: 'grey.png' });

    // A picture uploaded straight into the details, placed with its WebP widths.
    await page.getByTestId('details-upload').setInputFiles({
      name: 'long-page.png',
      mimeType: 'image/png',
      buffer: png(900, 1200, [200, 120, 40]),
    });
    await page.getByTestId('product_details-editor').locator('img[srcset]').waitFor();

    assert.equal(await saveProduct(page, id), 200);
    await page.getByTestId('toast-success').filter({ hasText: '商品已保存' }).first().waitFor();
    const saved = await page.evaluate(
      async ([productId]) => {
        const res = await fetch(`/api/admin/products/${productId}`, {
          headers: { Authorization: `Bearer ${localStorage.getItem('Token')}`, 'X-Site-Host': location.hostname },
        });
        return (await res.json()).product;
      },
      [id],
    );
    const [black, grey] = saved.variants;
    assert.equal(black.barcode, '9421023620005');
    assert.equal(grey.sku, `SOCK-GRY-${stamp}`);
    const pictures = Object.fromEntries(saved.images.map((img) => [img.name, img]));
    assert.equal(black.image_id, pictures['black.png'].id);
    assert.equal(grey.image_id, pictures['grey.png'].id);
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();

    // A guest's search card: "from" the cheapest variant's price, no add-to-cart (a variant is chosen on the page).
    const guest = await openPage(browser);
    await guest.page.goto(`${stack.baseUrl}/search-product?q=${encodeURIComponent(name)}`, { waitUntil: 'load' });
    await hydrated(guest.page);
    const card = guest.page.getByTestId('product-card').filter({ hasText: name });
    await card.waitFor();
    assert.match(await card.locator('[data-price]').textContent(), /^起价¥/);
    assert.equal(await card.getByTestId('price-nzd').textContent(), 'NZ$24.50');
    assert.equal(await card.getByTestId('card-add-to-cart').count(), 0);

    // The product page: its cover (black, the first uploaded), then grey's picture when grey is chosen.
    await card.getByRole('link').first().click();
    await guest.page.getByTestId('product-title').waitFor();
    await hydrated(guest.page);
    assert.equal(await mainPicture(guest.page), pictures['black.png'].path);
    await guest.page.getByRole('button', { name: '灰色' }).click();
    await guest.page.waitForFunction(
      (path) => document.querySelector('[data-testid="gallery"] img')?.getAttribute('src') === path,
      pictures['grey.png'].path,
    );
    assert.equal(await mainPicture(guest.page), pictures['grey.png'].path);

    // The details' uploaded picture, with its srcset, as the server renders it.
    const html = await (await fetch(`${stack.baseUrl}/product/${id}`)).text();
    assert.match(html, /<img src="\/media\/details\/[^"]+"[^>]* srcset="\/media\/details\/[^"]+\.webp 320w/);
    // The JSON-LD offers from the cheapest to the dearest variant.
    assert.match(html, /"lowPrice":"24.50","highPrice":"30.00"/);
    assert.deepEqual(guest.problems, [], 'console errors or warnings');
    await guest.close();
  });

  test("a banner's products are found by name with the picker, not typed as ids", async () => {
    const tab = await adminTab(browser, stack.baseUrl);
    const { page } = tab;
    await page.goto(`${stack.baseUrl}/admin/content/banners/new`, { waitUntil: 'load' });
    const editor = page.getByTestId('content-editor');
    await editor.waitFor();
    await editor.getByLabel('名称').first().fill(`Picker ${Date.now()}`);
    const picker = page.getByTestId('picker-product_ids');
    await picker.getByTestId('picker-search').fill('蜂蜜');
    const found = picker.getByTestId('picker-found');
    await found.getByTestId('picker-add').first().waitFor();
    const [shown] = (await found.locator('li').first().textContent()).match(/#\d+/);
    await found.getByTestId('picker-add').first().click();
    await picker.getByTestId('picker-chip').filter({ hasText: shown }).waitFor();
    await page.getByTestId('save-content').click();
    await page.waitForURL(/\/admin\/content\/banners\/\d+$/);
    // Opened again, the chip names the product (its name fetched by id), not a bare number.
    await page.reload({ waitUntil: 'load' });
    const chip = page.getByTestId('picker-product_ids').getByTestId('picker-chip');
    await chip.filter({ hasText: '蜂蜜' }).waitFor();
    assert.match(await chip.textContent(), new RegExp(shown));
    assert.deepEqual(tab.problems, [], 'console errors or warnings');
    await tab.close();
  });
});
