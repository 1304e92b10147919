// Recipients' ID numbers (居民身份证号码, GB 11643-1999), the twin of bff/common/id_numbers.py:
// 17 digits and a check character (ISO 7064 MOD 11-2). Both run rules/id_number_cases.json.
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';
const SHAPE = /^[0-9]{17}[0-9X]$/;
export const MASK_CHARACTER = '*';

/** Spaces removed, a final x written X. */
// Stryker disable Regex: equivalent because every space goes, one run at a time or one by one.
export const normaliseIdNumber = (value) =>
  String(value ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();
// Stryker restore Regex

// Stryker disable next-line StringLiteral: equivalent because no text that stands for nothing holds the mask.
export const isMaskedIdNumber = (value) => String(value ?? '').includes(MASK_CHARACTER);

const realDate = (year, month, day) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  // Equivalent mutants (Stryker): any one of the three checks dropped, the other two still catch
  // a date that rolled over (a day past the month's end moves the month; year ≥ 1900 is checked first).
  // The same holds for (year || month) && day: when the day matches, only the month rolled over,
  // which moves the year as well, so the year and month checks agree.
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent because of the above.
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};

/** null when valid (or empty: the field is optional), else 'invalid' or 'check_digit'. */
export function idNumberRule(value) {
  const number = normaliseIdNumber(value);
  if (!number) return null;
  if (!SHAPE.test(number)) return 'invalid';
  const year = Number(number.slice(6, 10));
  if (year < 1900 || !realDate(year, Number(number.slice(10, 12)), Number(number.slice(12, 14)))) return 'invalid';
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(number[i]), 0);
  return CHECK_CHARACTERS[sum % 11] === number[17] ? null : 'check_digit';
}

/** What the screens show of a stored number: 1101**********1234 (the BFF already answers so). */
export function maskIdNumber(value) {
  const number = String(value ?? '');
  if (number.length < 12) return MASK_CHARACTER.repeat(number.length);
  return number.slice(0, 4) + MASK_CHARACTER.repeat(number.length - 8) + number.slice(-4);
}
