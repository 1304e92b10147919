import { describe, expect, it } from 'vitest';
import { articleDescription, articleJsonLd, listingDescription, organizationJsonLd, productJsonLd } from './seo.js';
import { buildHead, renderHead } from '../../app/head.js';
import { translator } from '../../i18n/index.js';
import '../../app/texts.js';

const site = 'https://shop.example';
const base = {
  id: 9,
  name: '羊毛被',
  price: 200,
  discount: null,
  member_price: null,
  images: [],
  virtual_inventory: 0,
};

describe('product JSON-LD', () => {
  it('gives one Offer at the guest price for a product without variants', () => {
    const { offers } = productJsonLd({ ...base, discount: 180, virtual_inventory: 3 }, site);
    expect(offers).toMatchObject({ '@type': 'Offer', price: '180.00', availability: 'https://schema.org/InStock' });
  });

  it('gives an AggregateOffer from the cheapest to the dearest variant', () => {
    const variants = [
      { id: 1, name: '单人', price: 200, discount: 150, member_price: null, virtual_inventory: 0 },
      { id: 2, name: '双人', price: 320, discount: null, member_price: null, virtual_inventory: 4 },
      { id: 3, name: '特大', price: 400, discount: null, member_price: null, virtual_inventory: 0 },
    ];
    const { offers } = productJsonLd({ ...base, product_variants: variants }, site);
    expect(offers).toEqual({
      '@type': 'AggregateOffer',
      url: 'https://shop.example/product/9',
      priceCurrency: 'NZD',
      itemCondition: 'https://schema.org/NewCondition',
      lowPrice: '150.00',
      highPrice: '400.00',
      offerCount: 3,
      availability: 'https://schema.org/InStock',
    });
  });
});

describe('listingDescription', () => {
  const products = ['蜂蜜', '奶粉', '鱼油', '面霜', '羊毛袜', '红酒'].map((name) => ({ name }));
  it("is the listing's own text when it has one", () => {
    expect(listingDescription({ title: '康维他', products }, translator('zh'), '麦卢卡专家')).toBe('麦卢卡专家');
  });
  it("else names the listing and its first five products, in the shop's language", () => {
    expect(listingDescription({ title: '健康食品', products }, translator('zh'))).toBe(
      '健康食品：蜂蜜、奶粉、鱼油、面霜、羊毛袜等',
    );
    expect(listingDescription({ title: 'Food', products: [{ name: 'Honey' }] }, translator('en'))).toBe(
      'Food: Honey and more',
    );
  });
  it("leaves an empty listing to the shop's text", () => {
    expect(listingDescription({ title: 'x', products: [] }, translator('zh'))).toBeUndefined();
    expect(listingDescription(null, translator('zh'))).toBeUndefined();
  });
});

describe('search-engine details (issue 30.8)', () => {
  const shop = { shop_name: 'Kiwi Shop', shop_logo: '/media/shop/logo.png', language: 'zh' };
  const site = 'https://shop.test';

  it('the home page names the shop as an Organization with its logo', () => {
    expect(organizationJsonLd(shop, site)).toMatchObject({
      '@type': 'Organization',
      name: 'Kiwi Shop',
      url: 'https://shop.test/',
      logo: 'https://shop.test/media/shop/logo.png',
    });
  });

  it('an Article has its own description, picture, dates and author', () => {
    const article = {
      id: 4,
      title: '配送说明',
      longText: '<p>直邮中国 <b>7-12</b> 个工作日&amp;送达。</p><img src="/media/a/box.jpg" alt="">',
      created_at: '2026-11-01T02:00:00+00:00',
      updated_at: '2026-11-20T02:00:00+00:00',
    };
    expect(articleDescription(article)).toBe('直邮中国 7-12 个工作日&送达。');
    const ld = articleJsonLd(article, site, shop);
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: '配送说明',
      description: '直邮中国 7-12 个工作日&送达。',
      image: ['https://shop.test/media/a/box.jpg'],
      datePublished: '2026-11-01T02:00:00+00:00',
      dateModified: '2026-11-20T02:00:00+00:00',
      author: { '@type': 'Organization', name: 'Kiwi Shop' },
    });
    expect(articleDescription({ longText: 'x'.repeat(300) })).toHaveLength(160);
  });

  it('pages say their locale, and a page of no shop has a title', () => {
    const zh = renderHead(buildHead({ shop, url: '/', origin: site }));
    expect(zh).toContain('<meta property="og:locale" content="zh_CN">');
    const en = renderHead(buildHead({ shop: { ...shop, language: 'en' }, url: '/', origin: site }));
    expect(en).toContain('<meta property="og:locale" content="en_NZ">');
    expect(buildHead({ shop: null, url: '/x', origin: site }).title).toBe('商店不存在');
  });
});
