import { describe, expect, it } from 'vitest';
import table from '../../../../rules/yuan_cases.json';
import { roundCents, yuanOf, yuanTotals } from './money.js';

describe('yuan: the total once from the NZ$ total (rules/yuan_cases.json)', () => {
  it.each(table.cases.map((c) => [c.case, c]))('%s', (_, c) => {
    const result = yuanTotals(c.lines, c.rate, c.shipping);
    const money = (list) => list.map(Number);
    expect(result.units).toEqual(money(c.expected.units));
    expect(result.lines).toEqual(money(c.expected.lines));
    expect(result.subtotal).toBe(Number(c.expected.subtotal));
    expect(result.shipping).toBe(Number(c.expected.shipping));
    expect(result.total).toBe(Number(c.expected.total));
    expect(result.linesAddUp).toBe(c.expected.lines_add_up);
    expect(result.partsAddUp).toBe(c.expected.parts_add_up);
    // Shown to the jiao, as the table writes it.
    expect(result.total.toFixed(1)).toBe(c.expected.total);
  });

  it("the first case is one where a line's yuan times its quantity is not the total", () => {
    const c = table.cases[0];
    const [[price, quantity]] = c.lines;
    expect((yuanOf(price, c.rate) * quantity).toFixed(1)).not.toBe(c.expected.total);
  });

  it('has no amount without a price or a rate', () => {
    expect(yuanOf(null, 4.5)).toBeNaN();
    expect(yuanOf(10, undefined)).toBeNaN();
  });
});

describe("a yuan charge's fen (rules/yuan_cases.json, charges): the BFF's half up, as roundCents does", () => {
  it.each(table.charges.map((c) => [c.case, c]))('%s', (_, c) => {
    expect(roundCents(Number(c.nzd) * Number(c.rate))).toBe(Number(c.expected));
  });
});

describe('yuanOf without an amount or a rate', () => {
  // undefined needs no check of its own (Number(undefined) is NaN); null and '' do (Number gives 0).
  it.each([
    ['no price', null, 4.5],
    ['an empty price', '', 4.5],
    ['no rate', 10, null],
    ['an empty rate', 10, ''],
  ])('%s has no yuan', (_, nzd, rate) => {
    expect(yuanOf(nzd, rate)).toBeNaN();
  });
  it('a price of 0 is ¥0.0, not missing', () => {
    expect(yuanOf(0, 4.5)).toBe(0);
    expect(yuanOf('0', '4.5')).toBe(0);
  });
});
