// A variant's barcode: a GTIN (8, 12, 13 or 14 digits) with GS1's mod-10 check digit
// (https://www.gs1.org/services/how-calculate-check-digit-manually). The BFF's twin is
// bff/catalog/barcodes.py; rules/barcode_cases.json is the table of both.

const LENGTHS = [8, 12, 13, 14];

/** The GTIN as kept (digits only; a label's spaces and hyphens dropped), or null when it is none. */
export function normalGtin(code) {
  const digits = String(code ?? '').replace(/[\s-]+/g, '');
  if (!LENGTHS.includes(digits.length) || !/^[0-9]+$/.test(digits)) return null;
  const body = [...digits.slice(0, -1)].reverse().map(Number);
  const total = body.reduce((sum, d, i) => sum + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (total % 10)) % 10 === Number(digits[digits.length - 1]) ? digits : null;
}
