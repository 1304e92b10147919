import { describe, expect, it } from 'vitest';
import table from '../../../../rules/yuan_cases.json';
import { yuanOf, yuanTotals } from './money.js';

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
