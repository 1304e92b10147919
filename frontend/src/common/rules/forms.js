// Form rules of SPEC section 5: email, password and recipient. Each rule returns
// null when the value passes, else the name of the rule that fails, as
// rules/validation_cases.json names them (required, invalid, too_short, too_long,
// weak, nz_address). The BFF (bff/accounts/schemas.py, bff/addresses/services.py)
// runs the same table; the features turn the names into their own texts.
import { NEW_ZEALAND } from './shipping.js';
import nzCities from '../../../../rules/nz_cities.json';

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
// The BFF's pattern: what browsers accept in <input type=email>, with a dot in the domain.
const DOMAIN_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const EMAIL = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`);
const STRONG_PASSWORD = /^[A-Za-z0-9]{6,20}$/;
// New Zealand recipients, as bff/addresses/rules.py: city and address in Latin letters with accents
// and macrons, digits, spaces and address punctuation (brackets too: "(rear)"); the name in any
// script; a city may be a common Chinese name of a New Zealand city (rules/nz_cities.json);
// phones: a leading +, digits, spaces, hyphens, parentheses.
const LATIN_LETTERS = 'A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f';
const SPACES = ' \t\n\r\u00a0';
const NZ_TEXT = new RegExp(`^[${LATIN_LETTERS}0-9${SPACES},.\\-\u2013'\u2019"/#&()\\[\\]:;!?+@_]+$`);
const NAME = new RegExp(`^[\\p{L}\\p{M}${SPACES}.\\-'\u2019\u00b7]+$`, 'u');
const HAS_LETTER = /\p{L}/u;
const NZ_PHONE = new RegExp(`^\\+?[0-9${SPACES}()\\-]*[0-9][0-9${SPACES}()\\-]*$`);

const text = (value) => (value == null ? '' : String(value));
// Lengths in characters, as the BFF counts them (a UTF-16 pair is one).
const length = (value) => [...value].length;

export const isBlank = (value) => text(value).trim() === '';

/** The English name of a New Zealand city typed in Chinese (奥克兰, 奥克兰市), else the city. */
export function nzCityInEnglish(city) {
  const value = text(city).trim();
  const bare = value.endsWith('市') ? value.slice(0, -1).trim() : value;
  return nzCities.cities[bare] ?? value;
}

const isName = (value) => HAS_LETTER.test(value) && NAME.test(value);

/** A valid address once trimmed: the BFF's pattern, at most 254 characters. */
export function isEmail(value) {
  const email = text(value).trim();
  return length(email) <= EMAIL_MAX_LENGTH && EMAIL.test(email);
}

export function emailRule(value) {
  if (isBlank(value)) return 'required';
  return isEmail(value) ? null : 'invalid';
}

/** Passwords are taken as typed: 8 to 20 letters and digits. */
export function passwordRule(value) {
  const password = text(value);
  if (password === '') return 'required';
  if (length(password) < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length(password) > PASSWORD_MAX_LENGTH) return 'too_long';
  return STRONG_PASSWORD.test(password) ? null : 'weak';
}

export const RECIPIENT_FIELDS = [
  'shipping_name',
  'shipping_contact',
  'shipping_address',
  'shipping_city',
  'shipping_country',
];

/**
 * { field: rule } for a recipient, empty when valid. Every field is required;
 * New Zealand addresses are written in Latin script (NZ_TEXT, NZ_PHONE). Values
 * are checked in Unicode NFC, as the BFF stores them (a + U+0304 is ā).
 */
export function recipientRules(values) {
  const errors = {};
  const value = (name) => text(values?.[name]).normalize('NFC').trim();
  for (const name of RECIPIENT_FIELDS) {
    if (!value(name)) errors[name] = 'required';
  }
  if (value('shipping_country') === NEW_ZEALAND) {
    if (!errors.shipping_name && !isName(value('shipping_name'))) errors.shipping_name = 'nz_address';
    if (!errors.shipping_address && !NZ_TEXT.test(value('shipping_address'))) errors.shipping_address = 'nz_address';
    if (!errors.shipping_city && !NZ_TEXT.test(nzCityInEnglish(value('shipping_city'))))
      errors.shipping_city = 'nz_address';
    if (!errors.shipping_contact && !NZ_PHONE.test(value('shipping_contact'))) errors.shipping_contact = 'nz_address';
  }
  return errors;
}

// The console's numbers, as the BFF's form fields take them (bff/common/form_fields.py): money is
// >= 0 with at most two decimals, never rounded (10.555 is refused), at most 9999999999.99.
export const MONEY_MAX = 9999999999.99;
const MONEY = /^(?:\d+(?:\.\d{0,2})?|\.\d{1,2})$/;
const INTEGER = /^[+-]?\d+$/;

/** null, or required / invalid / too_large. An empty optional amount means "not set". */
export function moneyRule(value, { required = false } = {}) {
  const amount = text(value).trim();
  if (amount === '') return required ? 'required' : null;
  if (!MONEY.test(amount)) return 'invalid';
  return Number(amount) > MONEY_MAX ? 'too_large' : null;
}

/** null, or required / invalid / too_small / too_large: a whole number within [min, max]. */
export function integerRule(value, { min = -Infinity, max = Infinity, required = true } = {}) {
  const number = text(value).trim();
  if (number === '') return required ? 'required' : null;
  if (!INTEGER.test(number)) return 'invalid';
  if (Number(number) < min) return 'too_small';
  return Number(number) > max ? 'too_large' : null;
}
