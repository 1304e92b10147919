// What a shopper sees, in Chromium, against the real BFF and the built SSR server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bffJson, startStack } from './stack.js';
import { hydrated, launchBrowser, openPage, settled } from './browser.js';

let stack;
let browser;
let data;

/** Find the test data in the seeded shop through the public API. */
async function discover() {
  const shop = (await bffJson(stack, '/api/shop')).data.shop_info;
  const newest = (await bffJson(stack, '/api/product/new/?page=1')).products;
  const categories = (await bffJson(stack, '/api/category')).data.categories[0].category.subcategories;
  const withProducts = [];
  for (const top of categories) {
    const res = await bffJson(stack, `/api/category/${top.id}?page=1`);
    if (res.products.length) withProducts.push({ ...top, totalPages: res.total_pages });
  }
  const brands = (await bffJson(stack, '/api/brand')).brands;
  const banners = (await bffJson(stack, '/api/banner')).banners;
  const articles = (await bffJson(stack, '/api/article')).data.articles;
  return { shop, newest, categories, withProducts, brands, banners, articles };
}

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  data = await discover();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Open url in a fresh page, wait for hydration and return the page with its recorders. */
async function visit(url, options = {}) {
  const tab = await openPage(browser, options);
  const response = await tab.page.goto(url, { waitUntil: 'load' });
  if (options.javaScriptEnabled !== false) await hydrated(tab.page);
  return { ...tab, response };
}

/** Calls for data the server already rendered; session calls (login status, cart) are the browser's own. */
const PAGE_DATA = /\/api\/(shop|category|article|banner|banner-products|brand|product|sitemap)(\/|\?|$)/;
function assertNoRefetch(tab) {
  assert.deepEqual(
    tab.apiCalls.filter((url) => PAGE_DATA.test(new URL(url).pathname)),
    [],
    'hydration fetched page data again',
  );
}

/** ¥ of a NZ$ amount as screens show it: half up to the jiao, in integers (rules/yuan_cases.json). */
function yuanText(nzd, rate) {
  const millionths = Math.round(Number(nzd) * 100) * Math.round(Number(rate) * 10000);
  return `¥${(Math.floor((millionths + 50000) / 100000) / 10).toFixed(1)}`;
}

function assertClean(tab) {
  assert.deepEqual(tab.problems, [], 'console errors or warnings');
}

describe('home', () => {
  test('renders the shop, banner slider, product rows and footer, hydrating without refetching', async () => {
    const tab = await visit(`${stack.baseUrl}/`);
    const { page } = tab;
    assert.equal(tab.response.status(), 200);
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
    assert.equal(await page.title(), data.shop.shop_name);
    assert.equal(await page.getByTestId('shop-name').textContent(), data.shop.shop_name);
    await page.getByTestId('banner-slider').waitFor();
    assert.ok((await page.getByTestId('new-products').getByTestId('product-card').count()) > 0);
    // The best sellers' row shows the BFF's first eight, in its order.
    const best = (await bffJson(stack, '/api/product/best/?page=1')).products.data.slice(0, 8);
    assert.ok(best.length > 0, 'demo data has best sellers');
    assert.deepEqual(
      await page.getByTestId('hot-products').getByTestId('product-name').allTextContents(),
      best.map((p) => p.name),
    );
    assert.match(await page.getByTestId('copyright').textContent(), /2023/);
    if (data.shop.shop_incentive_title) {
      assert.equal(
        await page.getByTestId('incentives').getByRole('heading', { level: 2 }).textContent(),
        data.shop.shop_incentive_title,
      );
    }
    // Desktop mega-menu: hovering a top-level category opens its subcategory tiles on 8 columns.
    const withSubs = data.categories.find((c) => c.subcategories?.length);
    await page.locator('header nav li', { has: page.getByRole('link', { name: withSubs.name, exact: true }) }).hover();
    const panel = page
      .getByTestId('mega-menu')
      .filter({ has: page.getByRole('link', { name: withSubs.subcategories[0].name, exact: true }) });
    await panel.waitFor({ state: 'visible' });
    const columns = await panel
      .locator('.grid')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    assert.equal(columns, 8);
    await page.mouse.move(5, 600);
    assert.equal(await page.getByText('新品上市').first().isVisible(), true);
    // State came embedded in the HTML: hydration fetched none of it again.
    assertNoRefetch(tab);
    assertClean(tab);
    await tab.close();
  });

  test('mobile home at 375 px: the slide-out menu opens with category accordions', async () => {
    const tab = await visit(`${stack.baseUrl}/`, { width: 375, height: 812 });
    const { page } = tab;
    const menu = page.getByTestId('mobile-menu');
    assert.equal(await menu.isVisible(), false, 'menu starts closed');
    await page.getByTestId('menu-button').click();
    await menu.waitFor({ state: 'visible' });
    // The panel runs the screen's full height (not cut at the header's), and every top-level
    // category is listed and can be tapped: inside the screen, not covered.
    const panel = await menu.boundingBox();
    assert.ok(panel.y <= 0 && panel.height >= 812, `menu panel at ${JSON.stringify(panel)}`);
    for (const category of data.categories) {
      const entry = menu.getByRole('link', { name: category.name, exact: true });
      await entry.scrollIntoViewIfNeeded();
      const box = await entry.boundingBox();
      assert.ok(
        box && box.height > 0 && box.y >= 0 && box.y + box.height <= 812,
        `${category.name} at ${JSON.stringify(box)}`,
      );
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.textContent ?? '',
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      assert.ok(hit.includes(category.name), `${category.name} is covered by "${hit}"`);
    }
    const withSubs = data.categories.find((c) => c.subcategories?.length);
    assert.ok(withSubs, 'demo data has a category with subcategories');
    await menu.getByRole('button', { name: withSubs.name, exact: true }).click();
    await menu.getByRole('link', { name: withSubs.subcategories[0].name, exact: true }).waitFor({ state: 'visible' });
    await menu.getByRole('link', { name: withSubs.subcategories[0].name, exact: true }).click();
    await page.waitForURL(`**/category/${withSubs.subcategories[0].id}`);
    assert.equal(await page.getByTestId('listing-title').textContent(), withSubs.subcategories[0].name);
    // The contact box is for medium screens and up only.
    assert.equal(await page.getByTestId('contact-box').isVisible(), false);
    assertClean(tab);
    await tab.close();
  });

  test('the contact box closes and stays closed after a reload', async () => {
    const tab = await visit(`${stack.baseUrl}/`);
    const { page } = tab;
    const box = page.getByTestId('contact-box');
    await box.waitFor({ state: 'visible' });
    // A tab on the window's edge, beside the page's content, never over it (the product
    // page's accordion arrows were under the old box).
    const edge = await box.getByTestId('contact-tab').boundingBox();
    const content = await page.locator('main').evaluate((el) => {
      const style = getComputedStyle(el);
      return el.getBoundingClientRect().right - parseFloat(style.paddingRight);
    });
    assert.ok(edge.x >= content, `contact tab at x=${edge.x}, the content ends at ${content}`);
    await box.getByRole('button', { expanded: false }).click();
    await box.getByTestId('contact-card').getByRole('img').waitFor();
    await box.getByRole('button', { name: '关闭' }).click();
    await box.waitFor({ state: 'detached' });
    await page.waitForFunction(() => (localStorage.getItem('persist:root') || '').includes('closed\\":true'));
    await page.reload();
    await settled(page);
    assert.equal(await box.count(), 0);
    assertClean(tab);
    await tab.close();
  });

  test('guests get the log-in notice from the cart icon, and it closes after 2 s', async () => {
    const tab = await visit(`${stack.baseUrl}/`);
    const { page } = tab;
    await page.getByTestId('cart-button').click();
    const toast = page.getByTestId('toast-info');
    await toast.waitFor();
    assert.equal((await toast.textContent()).trim(), '请先登录');
    await toast.waitFor({ state: 'detached', timeout: 8000 });
    assertClean(tab);
    await tab.close();
  });
});

describe('listings', () => {
  test('a category from the menu lists its products with the shop header', async () => {
    const tab = await visit(`${stack.baseUrl}/`);
    const { page } = tab;
    const cat = data.withProducts[0];
    assert.ok(cat, 'demo data has a category with products');
    await page.locator('header nav').getByRole('link', { name: cat.name, exact: true }).first().click();
    await page.waitForURL(`**/category/${cat.id}`);
    assert.equal(await page.getByTestId('listing-title').textContent(), cat.name);
    assert.ok((await page.getByTestId('product-card').count()) > 0);
    // The title is set in an effect after the page commits.
    const title = `${cat.name} - ${data.shop.shop_name}`;
    await page.waitForFunction((t) => document.title === t, title).catch(() => {});
    assert.equal(await page.title(), title);
    assertClean(tab);
    await tab.close();
  });

  test('every card shows the price and badge the BFF charges a guest', async () => {
    const tab = await visit(`${stack.baseUrl}/newest-product`);
    const cards = tab.page.getByTestId('product-card');
    const expected = data.newest.data;
    assert.equal(await cards.count(), expected.length);
    for (let i = 0; i < expected.length; i += 1) {
      const card = cards.nth(i);
      const product = expected[i];
      assert.equal(await card.getByTestId('product-name').textContent(), product.name);
      assert.equal(
        await card.getByTestId('price-nzd').textContent(),
        `NZ$${Number(product.final_price).toFixed(2)}`,
        product.name,
      );
      assert.equal(
        await card.getByTestId('price-yuan').textContent(),
        yuanText(product.final_price, data.shop.shop_exchange_rate),
      );
      assert.equal(
        await card.getByText('特价', { exact: true }).count(),
        product.show_special_badge ? 1 : 0,
        product.name,
      );
    }
    assertClean(tab);
    await tab.close();
  });

  test('numbered pagination moves to page 2', async () => {
    const newest = data.newest;
    assert.ok(newest.last_page > 1, 'demo data fills more than one page of newest products');
    const tab = await visit(`${stack.baseUrl}/newest-product`);
    const { page } = tab;
    const firstNames = await page.getByTestId('product-name').allTextContents();
    await page.getByTestId('pagination').getByRole('link', { name: '2', exact: true }).click();
    await page.waitForURL('**/newest-product?page=2');
    await page.getByTestId('pagination').locator('[aria-current="page"]', { hasText: '2' }).waitFor();
    const secondNames = await page.getByTestId('product-name').allTextContents();
    assert.notDeepEqual(secondNames, firstNames);
    assertClean(tab);
    await tab.close();
  });

  test('sorting by cheapest orders the cards by price', async () => {
    const tab = await visit(`${stack.baseUrl}/newest-product`);
    const { page } = tab;
    await page.getByTestId('sort-bar').getByRole('link', { name: '价格最低' }).click();
    await page.waitForURL('**/newest-product?sort=cheapest');
    await page.getByTestId('sort-bar').locator('[aria-current="true"]', { hasText: '价格最低' }).waitFor();
    const prices = (await page.getByTestId('price-nzd').allTextContents()).map((t) => Number(t.replace('NZ$', '')));
    assert.ok(prices.length > 1);
    for (let i = 1; i < prices.length; i += 1) assert.ok(prices[i - 1] <= prices[i], `sorted: ${prices}`);
    // A sorted variant points search engines at the plain listing.
    const html = await (await fetch(`${stack.baseUrl}/newest-product?sort=cheapest`)).text();
    assert.match(html, new RegExp(`<link rel="canonical" href="[^"]*/newest-product">`));
    assertClean(tab);
    await tab.close();
  });

  test('search from the header box shows matching products and is not indexed', async () => {
    const tab = await visit(`${stack.baseUrl}/`);
    const { page } = tab;
    const term = data.newest.data[0].name.slice(0, 2);
    const box = page.locator('header form[role="search"] input').first();
    await box.fill(term);
    await box.press('Enter');
    await page.waitForURL(/\/search-product\?q=/);
    await page.getByTestId('listing-title').filter({ hasText: term }).waitFor();
    const names = await page.getByTestId('product-name').allTextContents();
    assert.ok(names.length > 0, 'search found products');
    // A fresh load of a search URL shows its own text in the box, not an older persisted one.
    await page.goto(`${stack.baseUrl}/search-product?q=${encodeURIComponent(data.newest.data[1].name.slice(0, 3))}`);
    await settled(page);
    assert.equal(await box.inputValue(), data.newest.data[1].name.slice(0, 3));
    const html = await (await fetch(`${stack.baseUrl}/search-product?q=${encodeURIComponent(term)}`)).text();
    assert.match(html, /<meta name="robots" content="noindex/);
    assertClean(tab);
    await tab.close();
  });

  test('a brand page shows its name and tagline', async () => {
    const brand = data.brands[0];
    assert.ok(brand, 'demo data has a brand');
    const tab = await visit(`${stack.baseUrl}/brand/${brand.id}`);
    assert.equal(await tab.page.getByTestId('listing-title').textContent(), brand.name);
    assert.equal(await tab.page.getByTestId('brand-tagline').textContent(), '新西兰优质好货，从新西兰直邮中国');
    assertClean(tab);
    await tab.close();
  });

  test('a banner page has the banner as its header', async () => {
    const banner = data.banners.find((b) => !b.link_url);
    assert.ok(banner, 'demo data has a banner without its own link');
    const tab = await visit(`${stack.baseUrl}/banner-products/${banner.id}`);
    const img = tab.page.getByTestId('banner-header').locator('img');
    assert.equal(await img.getAttribute('src'), banner.avatar);
    assert.ok(await img.evaluate((el) => el.complete && el.naturalWidth > 0), 'banner image loads');
    assertClean(tab);
    await tab.close();
  });
});

/** The page shows what a guest pays for `product` (the BFF's final_price) in NZ$ and in yuan at the shop's rate. */
async function assertPriceShown(page, product) {
  const nzd = Number(product.final_price);
  const price = page.getByTestId('product-price');
  assert.equal(await price.getByTestId('price-nzd').textContent(), `NZ$${nzd.toFixed(2)}`);
  assert.equal(await price.getByTestId('price-yuan').textContent(), yuanText(nzd, data.shop.shop_exchange_rate));
}

describe('product', () => {
  test('detail shows prices in yuan and NZ dollars, stock, warranty, and copies its link', async () => {
    const product = data.newest.data[0];
    const tab = await visit(`${stack.baseUrl}/product/${product.id}`, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page } = tab;
    assert.equal(tab.response.status(), 200);
    assert.equal(await page.getByTestId('product-title').textContent(), product.name);
    await assertPriceShown(page, product);
    assert.match(await page.getByTestId('stock-text').textContent(), /^(现货充足|仅剩 \d+ 件|已售罄)$/);
    assert.match(await page.getByTestId('warranty').textContent(), /18/);
    assert.equal(await page.title(), `${product.name} - ${data.shop.shop_name}`);
    await page.getByTestId('share').click();
    await page.getByTestId('toast-success').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${stack.baseUrl}/product/${product.id}`);
    assertNoRefetch(tab);
    assertClean(tab);
    await tab.close();
  });

  test('mobile product page at 375 px: title, the price by value, a tappable add button, nothing wider', async () => {
    const product = data.newest.data[0];
    const tab = await visit(`${stack.baseUrl}/product/${product.id}`, { width: 375, height: 812 });
    const { page } = tab;
    assert.equal(await page.getByTestId('product-title').textContent(), product.name);
    assert.equal(await page.getByTestId('product-title').isVisible(), true);
    await assertPriceShown(page, product);
    const add = page.getByTestId('add-to-cart');
    assert.equal(await add.isVisible(), true);
    const box = await add.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375 && box.height >= 40, `add button at ${JSON.stringify(box)}`);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'page wider than the phone');
    assertClean(tab);
    await tab.close();
  });

  test('curl-style fetch gets name, price, Open Graph and JSON-LD in the HTML', async () => {
    const product = data.newest.data[0];
    const res = await fetch(`${stack.baseUrl}/product/${product.id}`);
    const html = await res.text();
    assert.equal(res.status, 200);
    assert.ok(html.includes(product.name));
    assert.match(html, /<meta property="og:image" content="https?:\/\/[^"]+">/);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    const offer = ld.find((x) => x['@type'] === 'Product').offers;
    assert.equal(offer.priceCurrency, 'NZD');
    assert.ok(ld.some((x) => x['@type'] === 'BreadcrumbList'));
  });

  test('with JavaScript off the page still shows the product', async () => {
    const product = data.newest.data[0];
    const tab = await visit(`${stack.baseUrl}/product/${product.id}`, { javaScriptEnabled: false });
    const { page } = tab;
    assert.equal(await page.getByTestId('product-title').textContent(), product.name);
    assert.match(await page.getByTestId('product-price').textContent(), /¥\d+\.\d/);
    const img = page.getByTestId('gallery').locator('img').first();
    assert.ok(await img.evaluate((el) => el.complete && el.naturalWidth > 0), 'main image loads');
    if (product.description) assert.ok((await page.getByTestId('product-description').textContent()).length > 0);
    await tab.close();
  });

  test('an unknown product is a 404 with the not-found page', async () => {
    const tab = await visit(`${stack.baseUrl}/product/987654321`);
    assert.equal(tab.response.status(), 404);
    await tab.page.getByText('页面不存在').waitFor();
    // The 404 document itself is the only expected console error.
    tab.problems.splice(0, tab.problems.length, ...tab.problems.filter((p) => !p.includes('404')));
    assertClean(tab);
    await tab.close();
  });
});

describe('content and errors', () => {
  test('an article opens from the footer', async () => {
    const article = data.articles[0];
    assert.ok(article, 'demo data has an article');
    const tab = await visit(`${stack.baseUrl}/`);
    const { page } = tab;
    await page.locator('footer').getByRole('link', { name: article.title }).click();
    await page.waitForURL(`**/article/${article.id}`);
    assert.equal(await page.getByTestId('article-title').textContent(), article.title);
    assert.ok((await page.getByTestId('article-body').textContent()).length > 0);
    assertClean(tab);
    await tab.close();
  });

  test('a missing article says so with status 404', async () => {
    const res = await fetch(`${stack.baseUrl}/article/987654321`);
    assert.equal(res.status, 404);
    assert.ok((await res.text()).includes('文章不存在。'));
  });

  test('an unknown path is a 404 with the spec text and a link home', async () => {
    const tab = await visit(`${stack.baseUrl}/no/such/page`);
    const { page } = tab;
    assert.equal(tab.response.status(), 404);
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await page.getByText('抱歉，没有找到您要访问的页面。').waitFor();
    await page.getByTestId('not-found').getByRole('link').click();
    await page.waitForURL(`${stack.baseUrl}/`);
    tab.problems.splice(0, tab.problems.length, ...tab.problems.filter((p) => !p.includes('404')));
    assertClean(tab);
    await tab.close();
  });

  test('terms and privacy pages render with a close button', async () => {
    for (const path of ['/terms', '/privacy-policy']) {
      const tab = await visit(`${stack.baseUrl}${path}`);
      assert.equal(tab.response.status(), 200);
      await tab.page.getByRole('button', { name: '关闭' }).first().waitFor();
      assertClean(tab);
      await tab.close();
    }
  });

  test('robots.txt and sitemap.xml belong to the shop', async () => {
    const robots = await (await fetch(`${stack.baseUrl}/robots.txt`)).text();
    assert.match(robots, /Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    const sitemap = await fetch(`${stack.baseUrl}/sitemap.xml`);
    assert.equal(sitemap.status, 200);
    const xml = await sitemap.text();
    assert.ok(xml.includes(`/product/${data.newest.data[0].id}</loc>`));
  });
});

describe('English shop', () => {
  test('en.localhost renders in English', async () => {
    const shop = (await bffJson(stack, '/api/shop', 'en.localhost')).data.shop_info;
    const tab = await visit(`${stack.enUrl}/`);
    const { page } = tab;
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.equal(await page.getByTestId('shop-name').textContent(), shop.shop_name);
    await page.getByRole('heading', { name: 'New products' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Log in' }).first().isVisible(), true);
    assertClean(tab);
    await tab.close();
  });
});

describe('unknown shop', () => {
  test('a host without a shop answers 404 on the requested path with the store-not-found page', async () => {
    const tab = await visit(stack.baseUrl.replace('localhost', 'nobody.localhost') + '/category/1');
    assert.equal(tab.response.status(), 404);
    assert.match(tab.page.url(), /\/category\/1$/);
    await tab.page.getByTestId('store-not-found').waitFor();
    // The 404 document itself is the only expected console error.
    tab.problems.splice(0, tab.problems.length, ...tab.problems.filter((p) => !p.includes('404')));
    assertClean(tab);
    await tab.close();
  });
});

describe('BFF down', () => {
  test('a call that finds the BFF down shows Failed to connect to server, in Chinese (SPEC section 8)', async () => {
    const tab = await visit(`${stack.baseUrl}/`);
    await stack.stopBff();
    const search = tab.page.getByRole('search').first();
    await search.getByRole('searchbox').fill('蜂蜜');
    await search.getByRole('searchbox').press('Enter');
    await tab.page
      .getByTestId('toast-error')
      .filter({ hasText: '无法连接到服务器' })
      .first()
      .waitFor({ timeout: 15000 });
    await tab.close();
  });

  test('pages answer 503 with a friendly page', async () => {
    await stack.stopBff();
    // A page nobody asked for yet: one rendered in the last few seconds is still served from the
    // SSR's guest page cache (ssr/pageCache.js).
    const res = await fetch(`${stack.baseUrl}/?bff-down`);
    assert.equal(res.status, 503);
    assert.ok((await res.text()).includes('服务暂时不可用'));
  });
});
