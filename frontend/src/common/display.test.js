import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BASES,
  avatarImage,
  cardPrice,
  formatNumber,
  formatNzd,
  formatYuan,
  isSoldOut,
  quote,
  stockText,
  toYuan,
} from './display.js';
import { progressValue, progressWidth } from '../features/orders/status.js';
import { en } from './strings.en.js';

describe('formatNumber', () => {
  it('shows one decimal', () => {
    expect(formatNumber(12)).toBe('12.0');
    expect(formatNumber('12.55')).toBe('12.6');
    expect(formatNumber(0)).toBe('0.0');
  });
  it('shows the placeholder for missing or non-numeric values', () => {
    for (const v of [null, undefined, '', 'abc', NaN, true]) expect(formatNumber(v)).toBe('--');
    expect(formatNumber(null, '-')).toBe('-');
  });
});

describe('toYuan', () => {
  it('multiplies by the exchange rate', () => {
    expect(toYuan(10, 4.5)).toBe(45);
    expect(formatNumber(toYuan('19.99', '4.3'))).toBe('86.0');
  });
  it('is NaN (placeholder) without a rate', () => {
    expect(formatNumber(toYuan(10, null))).toBe('--');
  });
});

describe('card price and special-price badge', () => {
  const base = { price: 100, discount: null, member_price: null };
  it('shows the normal price without discount', () => {
    expect(cardPrice(base)).toEqual({ price: 100, original: null, special: false });
  });
  it('shows the discount struck against the price, with the badge', () => {
    expect(cardPrice({ ...base, discount: 80 })).toEqual({ price: 80, original: 100, special: true });
  });
  it('special members see the member price', () => {
    const user = { name: 'a', member_levels: { is_special_member: 1, discount: 90 } };
    expect(cardPrice({ ...base, member_price: 70 }, user)).toEqual({ price: 70, original: 100, special: false });
  });
  it('level members see the level price when the product has a member price', () => {
    const user = { name: 'a', member_levels: { is_special_member: 0, discount: 90 } };
    expect(cardPrice({ ...base, member_price: 70 }, user).price).toBe(90);
    expect(cardPrice(base, user).price).toBe(100);
  });
});

// The table the BFF's pytest runs too: what the card shows is what the cart charges.
const table = JSON.parse(fs.readFileSync(new URL('../../../rules/pricing_cases.json', import.meta.url), 'utf8'));
describe('shared pricing cases', () => {
  it('has cases', () => expect(table.cases.length).toBeGreaterThan(10));
  it('covers every basis the rule can give, and no other', () => {
    expect(new Set(table.cases.map((c) => c.expected.basis))).toEqual(new Set(Object.values(BASES)));
  });
  for (const c of table.cases) {
    it(c.case, () => {
      const q = quote(c);
      // The number itself, not its toFixed(2): a level price left unrounded (9.3025) must fail.
      expect(q).toEqual({ price: Number(c.expected.price), badge: c.expected.badge, basis: c.expected.basis });
    });
  }
});

describe('stockText', () => {
  // The shop's own English words (SPEC section 9), as the product page's t gives them.
  const english = (key, vars) => en[key].replace('{n}', vars?.n);
  it('says In Stock over 99', () => {
    expect(stockText(100, english)).toBe('In Stock');
    expect(stockText(99, english)).toBe('Only 99 Left');
    expect(stockText(1, english)).toBe('Only 1 Left');
  });
  it('uses the given translator', () => {
    const t = (k, v) => (k === 'stock.onlyLeft' ? `仅剩 ${v.n} 件` : '现货');
    expect(stockText(5, t)).toBe('仅剩 5 件');
  });
  it('sold out at stock 0 only', () => {
    expect(isSoldOut({ virtual_inventory: 0 })).toBe(true);
    expect(isSoldOut({ virtual_inventory: 3 })).toBe(false);
  });
});

describe('progress', () => {
  it('width is (v*2+1)/8', () => {
    expect(progressWidth(0)).toBe(0.125);
    expect(progressWidth(1)).toBe(0.375);
    expect(progressWidth(2)).toBe(0.625);
    expect(progressWidth(3.5)).toBe(1);
  });
  it('values by status', () => {
    expect(progressValue('unpaid')).toBe(1);
    expect(progressValue('completed')).toBe(3.5);
    expect(progressValue('cancelled')).toBe(0);
  });
});

describe('avatarImage', () => {
  it('picks the image whose id is the avatar', () => {
    const p = {
      avatar: 2,
      images: [
        { id: 1, path: '/a' },
        { id: 2, path: '/b' },
      ],
    };
    expect(avatarImage(p).path).toBe('/b');
    expect(avatarImage({ avatar: 9, images: [] })).toBeNull();
  });
});

describe('money on screen: NZ dollars to the cent, yuan to the jiao (DESIGN.md, "Money on screen")', () => {
  it('shows NZ$45.95 as 45.95, never 46.0 (issue 24.5)', () => {
    expect(formatNzd('45.95')).toBe('45.95');
    expect(formatNzd(45.95 * 3)).toBe('137.85');
    expect(formatNzd('145.02')).toBe('145.02');
    expect(formatNzd(18.36)).toBe('18.36');
    expect(formatNzd(12)).toBe('12.00');
  });
  it('rounds a float half up to the cent, without drift', () => {
    expect(formatNzd(1.005)).toBe('1.01');
    expect(formatNzd(0.1 + 0.2)).toBe('0.30');
  });
  it('has the placeholder for what is not a number', () => {
    for (const v of [null, undefined, '', 'abc', true]) expect(formatNzd(v)).toBe('--');
  });
  it('keeps yuan to the jiao', () => {
    expect(formatYuan(623.76)).toBe('623.8');
    expect(formatYuan('197.6')).toBe('197.6');
  });
});
