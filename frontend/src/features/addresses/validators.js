import { NEW_ZEALAND } from '../../common/rules/shipping.js';

// Recipient rules of SPEC section 5 (checkout and the address book); the BFF checks them too.
export const RECIPIENT_REQUIRED = {
  shipping_name: 'address.name.required',
  shipping_contact: 'address.contact.required',
  shipping_address: 'address.address.required',
  shipping_city: 'address.city.required',
  shipping_country: 'address.country.required',
};
const NZ_TEXT = /^[A-Za-z0-9\s,.-]+$/;
const DIGITS = /^[0-9]+$/;
export const NZ_MESSAGE_KEY = 'address.nz';

/**
 * Errors as { field: message key }, empty when valid. New Zealand addresses are
 * written in English: name, city and address only letters, digits, whitespace,
 * comma, period or hyphen; phone only digits. China has no extra check.
 */
export function validateRecipient(values) {
  const errors = {};
  const v = (name) => String(values?.[name] ?? '').trim();
  for (const [name, key] of Object.entries(RECIPIENT_REQUIRED)) {
    if (!v(name)) errors[name] = key;
  }
  if (v('shipping_country') === NEW_ZEALAND) {
    for (const name of ['shipping_address', 'shipping_city', 'shipping_name']) {
      if (!errors[name] && !NZ_TEXT.test(v(name))) errors[name] = NZ_MESSAGE_KEY;
    }
    if (!errors.shipping_contact && !DIGITS.test(v('shipping_contact'))) errors.shipping_contact = NZ_MESSAGE_KEY;
  }
  return errors;
}

/** The BFF's 422 `errors` ({ field: [message] }) as { field: message }. */
export function serverErrors(apiError) {
  const fields = apiError?.data?.errors;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : String(v)]));
}
