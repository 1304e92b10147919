import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardPrice } from '../../common/display.js';
import { fromPrice } from './fromPrice.js';
import { priceRange, productJsonLd } from './seo.js';

// The same table the BFF's pytest runs (bff/tests/pricing/test_from_price.py).
const table = JSON.parse(fs.readFileSync(new URL('../../../../rules/pricing_cases.json', import.meta.url), 'utf8'));

describe('price ranges of variants (rules/pricing_cases.json "ranges")', () => {
  it.each(table.ranges.map((c) => [c.case, c]))('%s', (_, c) => {
    const range = priceRange(c.variants, c.shopper);
    expect(range).toEqual(c.expected && [Number(c.expected.low), Number(c.expected.high)]);
  });
});

const socks = {
  id: 7,
  name: 'Socks',
  price: '40.00',
  discount: null,
  member_price: null,
  images: [],
  product_variants: [
    { id: 1, name: 'L', price: '25.00', discount: '15.00', member_price: null, virtual_inventory: 2 },
    { id: 2, name: 'S', price: '20.00', discount: null, member_price: '12.00', virtual_inventory: 0 },
  ],
};

describe('the "from" price of a card', () => {
  it('is null without variants', () => {
    expect(fromPrice({ ...socks, product_variants: [] })).toBeNull();
    expect(fromPrice({ price: '10.00' })).toBeNull();
  });

  it("is the cheapest variant's guest price, with its badge and struck price", () => {
    expect(fromPrice(socks)).toEqual({ price: 15, original: 25, special: true });
  });

  it('applies the member price rule to every variant, as the cart will', () => {
    const special = { id: 3, is_special_member: 1, member_levels: null };
    expect(fromPrice(socks, special)).toEqual(cardPrice({ ...socks, ...socks.product_variants[1], id: 7 }, special));
    expect(fromPrice(socks, special).price).toBe(12);
  });

  it("takes the BFF's final prices when they were priced for this shopper", () => {
    const priced = {
      ...socks,
      priced_for: 3,
      product_variants: socks.product_variants.map((v, i) => ({ ...v, final_price: i ? '11.00' : '15.00' })),
    };
    expect(fromPrice(priced, { id: 3 }).price).toBe(11);
  });

  it('is the JSON-LD lowPrice, beside the dearest as highPrice', () => {
    const offers = productJsonLd(socks, 'https://shop.example').offers;
    expect(offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '15.00', highPrice: '20.00', offerCount: 2 });
    expect(Number(offers.lowPrice)).toBe(fromPrice(socks).price);
  });
});
