import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  availableMethods,
  fold,
  perKgFee,
  shippingFee,
  totalWeight,
  unitWeight,
  weighedLine,
} from './shipping.js';

// The same table the BFF's pytest runs (bff/tests/shipping/test_rules.py).
const table = JSON.parse(fs.readFileSync(new URL('../../../../rules/shipping_cases.json', import.meta.url), 'utf8'));
const settings = table.settings;

describe('shipping methods (rules/shipping_cases.json)', () => {
  it.each(table.methods.map((c) => [c.case, c]))('%s', (_, c) => {
    expect(availableMethods(c.country, { ...settings, ...c.flags })).toEqual(c.expected);
  });
});

describe('shipping weights (rules/shipping_cases.json)', () => {
  it.each(table.weights.map((c) => [c.case, c]))('%s', (_, c) => {
    expect(totalWeight(c.lines)).toBe(c.expected);
  });
});

describe('shipping fees (rules/shipping_cases.json)', () => {
  it.each(table.fees.map((c) => [c.case, c]))('%s', (_, c) => {
    expect(shippingFee(c.method, c.grams, c.city, c.address, settings, c.province_code).toFixed(2)).toBe(c.expected);
  });
});

describe('shipping helpers', () => {
  it('refuses an unknown method', () => {
    expect(() => shippingFee('teleport', 1000, '', '', settings)).toThrow();
  });
  it('offers nothing without shop settings', () => {
    expect(availableMethods('中国', null)).toEqual([]);
  });
  it('reads the shop flags as 1/0', () => {
    expect(availableMethods('New Zealand', { is_local_shipping: 0, is_pick_up: 1 })).toEqual(['local-pick']);
  });
  it('weighs a cart line of the BFF with its variant', () => {
    const line = { quantity: 2, product: { weight: 500, is_free_shipping: 0 }, variant: { weight: 700 } };
    expect(unitWeight(500, 700, 0)).toBe(700);
    expect(totalWeight([weighedLine(line)])).toBe(1400);
  });
});

describe('shipping rules at their edges (what the table does not reach)', () => {
  it('charges nothing per kilogram for nothing or less', () => {
    expect(perKgFee(0, 12)).toBe(0);
    expect(perKgFee(-500, 12)).toBe(0);
    expect(perKgFee(1, 12)).toBe(12); // under 1 kg counts as 1 kg
  });
  it('weighs no lines as nothing', () => {
    expect(totalWeight(null)).toBe(0);
    expect(totalWeight(undefined)).toBe(0);
  });
  it('folds a missing text to the empty string', () => {
    expect(fold(null)).toBe('');
    expect(fold(undefined)).toBe('');
  });
  it('names the unknown method it refuses', () => {
    expect(() => shippingFee('drone', 500, '', '', settings)).toThrow('unknown shipping method drone');
  });
  it('reads a line without its product or variant as weighing nothing', () => {
    expect(weighedLine({ quantity: 2 })).toEqual({
      quantity: 2,
      product_weight: undefined,
      variant_weight: null,
      is_free_shipping: undefined,
    });
  });
  it('offers China and New Zealand', () => {
    expect(COUNTRIES).toEqual(['中国', 'New Zealand']);
  });
});
