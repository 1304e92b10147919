import { describe, expect, it } from 'vitest';
import { PRIVATE_PREFIXES, renderRobots, renderSitemapXml } from './sitemap.js';

describe('robots.txt', () => {
  it('keeps crawlers out of every private page the route table has, and the API', () => {
    expect([...PRIVATE_PREFIXES].sort()).toEqual(
      [
        '/checkout',
        '/favorite',
        '/user-profile',
        '/order-list',
        '/order-detail/',
        '/order-summary/',
        '/choose-address',
        '/address-management',
        '/payment-info',
        '/pay/',
        '/wechat-callback',
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password',
        '/wechat-signin',
        '/search-product',
        '/admin/',
        '/api/',
      ].sort(),
    );
  });
  it('lists them before the sitemap', () => {
    const robots = renderRobots('https://shop.test');
    expect(robots).toContain('Disallow: /order-detail/\n');
    expect(robots.endsWith('Allow: /\n\nSitemap: https://shop.test/sitemap.xml\n')).toBe(true);
  });
});

describe('sitemap.xml', () => {
  it("lists the banners' product pages (issue 30.8)", () => {
    const xml = renderSitemapXml({ products: [{ id: 3 }], banners: [{ id: 7 }] }, 'https://shop.test');
    expect(xml).toContain('<loc>https://shop.test/banner-products/7</loc>');
    expect(xml).toContain('<loc>https://shop.test/product/3</loc>');
  });
});
