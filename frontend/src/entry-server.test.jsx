import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAYOUT_REFRESH_MS, render, renderSeoFile } from './entry-server.jsx';
import { startFixtureBff } from './test/fixtureBff.js';

let bff;
beforeAll(async () => {
  bff = await startFixtureBff();
});
afterAll(() => bff.close());
beforeEach(() => {
  bff.calls.length = 0;
});

const page = (url, host = 'shop.test') => render({ url, origin: `http://${host}:3000`, bffUrl: bff.url });

describe('server render', () => {
  it('renders a product with prices, head and JSON-LD', async () => {
    const r = await page('/product/1');
    expect(r.status).toBe(200);
    expect(r.lang).toBe('zh-CN');
    expect(r.html).toContain('麦卢卡蜂蜜 UMF10+');
    expect(r.html).toContain('¥180.0'); // discount 40 × rate 4.5
    expect(r.html).toContain('NZ$40.0');
    expect(r.html).toContain('现货充足');
    expect(r.html).toContain('<strong>好</strong>');
    expect(r.head).toContain('<title>麦卢卡蜂蜜 UMF10+ - 新西兰直邮</title>');
    expect(r.head).toContain('<meta property="og:image" content="http://shop.test:3000/media/p1.jpg">');
    expect(r.head).toContain('<link rel="canonical" href="http://shop.test:3000/product/1">');
    // The main picture, its LCP, is preloaded at high priority and shown with fetchpriority too (issue 27.5).
    expect(r.head).toMatch(/<link rel="preload" as="image" href="\/media\/p1\.jpg"[^>]* fetchpriority="high">/);
    expect(r.html).toMatch(
      /<img src="\/media\/p1\.jpg"[^>]*fetchPriority="high"|<img[^>]*fetchPriority="high"[^>]*src="\/media\/p1\.jpg"/,
    );
    const ld = [...r.head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    expect(ld[0]).toMatchObject({
      '@type': 'Product',
      offers: { priceCurrency: 'NZD', price: '40.00', availability: 'https://schema.org/InStock' },
    });
    expect(ld[1]['@type']).toBe('BreadcrumbList');
    expect(ld[1].itemListElement.map((i) => i.name)).toEqual(['首页', '健康食品', '麦卢卡蜂蜜 UMF10+']);
  });

  it('describes the home, brand and article pages for search engines', async () => {
    const ldOf = (r) =>
      [...r.head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    const home = await page('/');
    expect(ldOf(home)[0]).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'http://shop.test:3000/search-product?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
    // The share picture, not the logo, for link previews.
    expect(home.head).toContain('<meta property="og:image" content="http://shop.test:3000/media/shop.jpg">');
    // The first banner, the home page's LCP, is preloaded at high priority.
    expect(home.html).toContain('srcSet="/media/b1-320w.webp 320w, /media/b1-640w.webp 640w"');
    // The first banner in the copy its <img srcset> picks (no sizes there: 100vw).
    expect(home.head).toContain(
      '<link rel="preload" as="image" href="/media/b1.jpg" imagesrcset="/media/b1-320w.webp 320w, /media/b1-640w.webp 640w" imagesizes="100vw" fetchpriority="high">',
    );

    const brand = await page('/brand/7');
    const [collection, crumbs] = ldOf(brand);
    expect(collection).toMatchObject({
      '@type': 'CollectionPage',
      name: 'Comvita',
      url: 'http://shop.test:3000/brand/7',
      about: { '@type': 'Brand', name: 'Comvita', logo: 'http://shop.test:3000/media/br7.png' },
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');

    const article = await page('/article/3');
    expect(ldOf(home)[1]).toMatchObject({ '@type': 'Organization', name: '新西兰直邮', url: 'http://shop.test:3000/' });
    const [articleLd] = ldOf(article);
    expect(articleLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: '配送说明',
      url: 'http://shop.test:3000/article/3',
      author: { '@type': 'Organization', name: '新西兰直邮' },
      publisher: { '@type': 'Organization', name: '新西兰直邮' },
    });
    expect(articleLd.image?.[0]).toMatch(/^http:\/\/shop\.test:3000\//);
  });

  it('fetches each call once and sends the shop host', async () => {
    await page('/product/1');
    const paths = bff.calls.map((c) => c.path);
    expect(paths.sort()).toEqual(['/api/article', '/api/category', '/api/product/1', '/api/shop']);
    expect(new Set(bff.calls.map((c) => c.host))).toEqual(new Set(['shop.test']));
  });

  it('names the page view on every BFF call, and says its route and call count (logs, metrics)', async () => {
    const r = await render({
      url: '/product/1',
      origin: 'http://shop.test:3000',
      bffUrl: bff.url,
      requestId: 'view-0001',
    });
    expect(bff.calls.map((c) => c.requestId)).toEqual(['view-0001', 'view-0001', 'view-0001', 'view-0001']);
    expect(r.route).toBe('/product/:id');
    expect(r.bffCalls).toBe(4);
    expect((await page('/')).route).toBe('/');
  });

  it("names the chunks of the pages it rendered, for the SSR's preload", async () => {
    expect((await page('/product/1')).chunks).toEqual(['src/app/texts.zh.js', 'src/features/catalog/ProductPage.jsx']);
    expect((await page('/')).chunks).toContain('src/features/catalog/HomePage.jsx');
    expect((await page('/login')).chunks).toContain('src/features/account/LoginPage.jsx');
    // A member's page: the guard's shell, and its frames' and page's chunks.
    expect((await page('/order-detail/5')).chunks).toEqual(
      expect.arrayContaining([
        'src/features/account/RequireAuth.jsx',
        'src/features/account/AccountLayout.jsx',
        'src/features/orders/OrderDetailPage.jsx',
      ]),
    );
  });

  it('embeds shop state for hydration but nothing per-browser', async () => {
    const r = await page('/');
    expect(r.state.shop.info.shop_name).toBe('新西兰直邮');
    expect(r.state.shop.loading).toBe(false);
    expect(r.state.user).toBeUndefined();
    expect(r.html).toContain('__staticRouterHydrationData');
  });

  it('escapes data that could break out of the hydration script', async () => {
    const r = await page('/');
    const scripts = r.html
      .split('<script>')
      .slice(1)
      .map((s) => s.split('</script>')[0]);
    for (const s of scripts) {
      expect(s).not.toContain('</script');
      expect(s).not.toContain('<!--');
    }
    expect(r.html).toContain('__staticRouterHydrationData');
  });

  it('answers 404 for unknown routes, products and articles', async () => {
    for (const url of ['/no/such/page', '/product/999', '/category/999', '/brand/999']) {
      const r = await page(url);
      expect(r.status, url).toBe(404);
      expect(r.html).toContain('页面不存在');
      expect(r.head).toContain('noindex');
    }
    const article = await page('/article/999');
    expect(article.status).toBe(404);
    expect(article.html).toContain('文章不存在。');
    // The title says what was not found (issue 30.8).
    expect(article.head).toMatch(/<title>文章不存在。 - [^<]+<\/title>/);
    expect((await page('/product/999')).head).toMatch(/<title>商品不存在 - [^<]+<\/title>/);
  });

  it("describes a category by its own products, not the shop's text", async () => {
    const r = await page('/category/5');
    const description = r.head.match(/<meta name="description" content="([^"]*)">/)[1];
    expect(description).toMatch(/^健康食品：.+等$/);
    expect(r.head).toContain(`<meta property="og:description" content="${description}">`);
  });

  it('answers an unknown shop 404 on the requested path, with the store-not-found page, noindex', async () => {
    for (const url of ['/', '/category/1', '/product/1']) {
      const r = await page(url, 'nobody.test');
      expect(r.status, url).toBe(404);
      expect(r.redirect, url).toBeUndefined();
      expect(r.html, url).toContain('data-testid="store-not-found"');
      expect(r.noindex, url).toBe(true);
      expect(r.head, url).toContain('<title>商店不存在</title>');
    }
  });

  it('answers 503 with a friendly page when the BFF is down', async () => {
    const r = await render({ url: '/', origin: 'http://shop.test', bffUrl: 'http://127.0.0.1:1' });
    expect(r.status).toBe(503);
    expect(r.html).toContain('服务暂时不可用');
  });

  it('renders the English shop in English', async () => {
    const r = await page('/', 'en.test');
    expect(r.lang).toBe('en');
    expect(r.html).toContain('New products');
    expect(r.html).toContain('© 2023 Kiwi Shop');
  });

  it('keeps renders running at once apart: one route table, each render its own client and store', async () => {
    // Every render shares the route table and its handler; its loaders take the render's own
    // client and store from the request context, so no shop's data reaches another's page.
    const [zh, en, product] = await Promise.all([page('/'), page('/', 'en.test'), page('/product/1')]);
    expect(zh.lang).toBe('zh-CN');
    expect(zh.html).not.toContain('Kiwi Shop');
    expect(en.lang).toBe('en');
    expect(en.html).toContain('© 2023 Kiwi Shop');
    expect(product.html).toContain('麦卢卡蜂蜜 UMF10+');
    expect(product.html).not.toContain('Kiwi Shop');
    const hostsOf = (path) => bff.calls.filter((c) => c.path === path).map((c) => c.host);
    expect(hostsOf('/api/shop').sort()).toEqual(['en.test', 'shop.test', 'shop.test']);
    expect(hostsOf('/api/product/1')).toEqual(['shop.test']);
  });

  it('passes sort and page through and canonicalises to the plain listing', async () => {
    const r = await page('/category/5?sort=cheapest&page=2');
    expect(bff.calls.find((c) => c.path === '/api/category/5').query).toEqual({ sort: 'cheapest', page: '2' });
    expect(r.head).toContain('<link rel="canonical" href="http://shop.test:3000/category/5?page=2">');
    expect(r.html).toContain('aria-current="page"');
  });

  it('keeps search results out of the index', async () => {
    const r = await page('/search-product?q=%E8%9C%82');
    expect(bff.calls.find((c) => c.path === '/api/product/search').query.searchTerm).toBe('蜂');
    expect(r.head).toContain('<meta name="robots" content="noindex, follow">');
    expect(r.head).not.toContain('rel="canonical"');
  });

  it('shows the brand tagline and the banner header', async () => {
    expect((await page('/brand/7')).html).toContain('新西兰优质好货');
    expect((await page('/banner-products/1')).html).toContain('data-testid="banner-header"');
  });
});

describe('layout cache', () => {
  it('reuses shop settings within layoutCacheMs, per host', async () => {
    const opts = { origin: 'http://shop.test:3000', bffUrl: bff.url, layoutCacheMs: 60000 };
    await render({ url: '/product/1', ...opts });
    bff.calls.length = 0;
    const r = await render({ url: '/product/1', ...opts });
    expect(bff.calls.map((c) => c.path)).toEqual(['/api/product/1']);
    expect(r.html).toContain('新西兰直邮');
    await render({ url: '/product/1', ...opts, origin: 'http://en.test:3000' });
    expect(bff.calls.map((c) => c.path)).toContain('/api/shop');
  });

  it('lets one render refresh an expired copy while the renders beside it use the old one', async () => {
    const opts = { origin: 'http://shop.test:3000', bffUrl: bff.url, layoutCacheMs: 2000 };
    const shopCalls = () => bff.calls.filter((c) => c.path === '/api/shop').length;
    const renders = (n) => Promise.all(Array.from({ length: n }, () => render({ url: '/product/1', ...opts })));
    const now = vi.spyOn(Date, 'now');
    try {
      const start = 4e12; // later than any copy the tests above kept
      now.mockReturnValue(start);
      await render({ url: '/product/1', ...opts });
      now.mockReturnValue(start + 2000 + 1); // expired: one refresh, three pages with the shop's texts
      bff.calls.length = 0;
      for (const page of await renders(3)) expect(page.html).toContain('新西兰直邮');
      expect(shopCalls()).toBe(1);
      // A copy expired for longer than a refresh may take is used by no one (its refresh failed,
      // or nobody asked): every render fetches.
      now.mockReturnValue(start + 2001 + 2000 + LAYOUT_REFRESH_MS);
      bff.calls.length = 0;
      await renders(2);
      expect(shopCalls()).toBe(2);
    } finally {
      now.mockRestore();
    }
  });
});

describe('robots and sitemap', () => {
  it('lists the shop pages', async () => {
    const xml = await renderSeoFile('sitemap.xml', { origin: 'http://shop.test:3000', bffUrl: bff.url });
    expect(xml.body).toContain('<loc>http://shop.test:3000/product/1</loc><lastmod>2026-01-02</lastmod>');
    expect(xml.body).toContain('/category/5');
    expect(xml.body).toContain('/article/3');
    const robots = await renderSeoFile('robots.txt', { origin: 'http://shop.test:3000', bffUrl: bff.url });
    expect(robots.body).toContain('Sitemap: http://shop.test:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /search-product');
  });
});
