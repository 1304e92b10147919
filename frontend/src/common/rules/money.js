// Money rounding of the display, pricing and shipping rules. The BFF rounds the same way.

/** Round to cents, half up, without float drift at .5; a value that is not a number counts as 0. */
export function roundCents(amount) {
  const n = Number(amount);
  return Math.floor(Math.round((Number.isFinite(n) ? n : 0) * 1e6) / 1e4 + 0.5) / 100;
}

/** Whole jiao (0.1 yuan) of an amount, half up, without float drift at .05. */
const jiao = (amount) => Math.floor(Math.round(amount * 1e6) / 1e5 + 0.5);

/** A NZ dollar amount in yuan at the shop's rate, to the jiao (half up): what a screen shows. NaN if either is missing. */
export function yuanOf(nzd, rate) {
  // Equivalent mutants (Stryker): either `=== undefined` dropped is the same, Number(undefined) is NaN.
  if (nzd === null || nzd === undefined || nzd === '' || rate === null || rate === undefined || rate === '') return NaN;
  const n = Number(nzd) * Number(rate);
  return Number.isFinite(n) ? jiao(n) / 10 : NaN;
}

/**
 * Yuan of a cart or order, `lines` being [unit NZD price, quantity]: yuan of each line (its
 * unit's yuan times the quantity), summed, so the lines a shopper reads add up to the subtotal.
 * bff/pricing/rules.py's yuan_totals is the twin; rules/yuan_cases.json the cases of both.
 */
export function yuanTotals(lines, rate, shipping = 0) {
  const units = lines.map(([unit]) => yuanOf(unit, rate));
  const jiaoOfLines = units.map((u, i) => Math.round(u * 10) * Math.trunc(Number(lines[i][1]) || 0));
  const subtotal = jiaoOfLines.reduce((sum, j) => sum + j, 0);
  const fee = Math.round(yuanOf(shipping, rate) * 10);
  return {
    units,
    lines: jiaoOfLines.map((j) => j / 10),
    subtotal: subtotal / 10,
    shipping: fee / 10,
    total: (subtotal + fee) / 10,
  };
}
