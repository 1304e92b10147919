// Money rounding of the display, pricing and shipping rules. The BFF rounds the same way.

/** Round to cents, half up, without float drift at .5; a value that is not a number counts as 0. */
export function roundCents(amount) {
  const n = Number(amount);
  return Math.floor(Math.round((Number.isFinite(n) ? n : 0) * 1e6) / 1e4 + 0.5) / 100;
}
