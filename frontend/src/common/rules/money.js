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

/** Whole cents of an amount, half up (integers, so sums carry no float drift). */
const cents = (amount) => Math.round(roundCents(amount) * 100);

/**
 * Yuan of a cart or order, `lines` being [unit NZD price, quantity]. The total is computed once
 * from the NZ dollar total (what is charged) at the rate; every other figure is its own NZ
 * dollars' yuan, and `linesAddUp` / `partsAddUp` say whether the lines sum to the subtotal and
 * subtotal plus shipping to the total (screens mark them approximate where not).
 * bff/pricing/rules.py's yuan_totals is the twin; rules/yuan_cases.json the cases of both.
 */
export function yuanTotals(lines, rate, shipping = 0) {
  const units = lines.map(([unit]) => yuanOf(unit, rate));
  const quantities = lines.map(([, quantity]) => Math.trunc(Number(quantity) || 0));
  const nzdLines = lines.map(([unit], i) => cents(unit) * quantities[i]);
  const nzdSubtotal = nzdLines.reduce((sum, c) => sum + c, 0);
  const jiaoOf = (centsAmount) => Math.round(yuanOf(centsAmount / 100, rate) * 10);
  const lineJiao = nzdLines.map(jiaoOf);
  const subtotal = jiaoOf(nzdSubtotal);
  const fee = jiaoOf(cents(shipping));
  const total = jiaoOf(nzdSubtotal + cents(shipping));
  const linesAddUp =
    lineJiao.reduce((sum, j) => sum + j, 0) === subtotal &&
    units.every((u, i) => Math.round(u * 10) * quantities[i] === lineJiao[i]);
  return {
    units,
    lines: lineJiao.map((j) => j / 10),
    subtotal: subtotal / 10,
    shipping: fee / 10,
    total: total / 10,
    linesAddUp,
    partsAddUp: subtotal + fee === total,
  };
}
