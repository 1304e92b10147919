import { describe, expect, it } from 'vitest';
import { listingDescription, productJsonLd } from './seo.js';
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
