import { recipientRules } from '../../common/rules/forms.js';
import { idNumberRule, isMaskedIdNumber } from '../../common/rules/idNumbers.js';
import { CHINA } from '../../common/rules/shipping.js';
import { loadedRegions, placeErrors } from './chinaPlaces.js';

// Recipient rules of SPEC section 5 (checkout and the address book) are
// common/rules/forms.js, which the BFF shares; these are their message keys.
export const RECIPIENT_REQUIRED = {
  shipping_name: 'address.name.required',
  shipping_contact: 'address.contact.required',
  shipping_address: 'address.address.required',
  shipping_city: 'address.city.required',
  shipping_country: 'address.country.required',
};
/** A New Zealand recipient's field that breaks its rule says what is wrong with it. */
export const NZ_MESSAGES = {
  shipping_name: 'address.nz.name',
  shipping_city: 'address.nz.city',
  shipping_address: 'address.nz',
  shipping_contact: 'address.nz.contact',
};
export const ID_NUMBER_MESSAGES = { invalid: 'address.idNumber.invalid', check_digit: 'address.idNumber.checkDigit' };

/**
 * Errors as { field: message key }, empty when valid. New Zealand addresses are
 * written in English (city, address; phone only digits; the name in any script); China has no
 * extra check.
 */
export function validateRecipient(values, regions = loadedRegions()) {
  const errors = Object.fromEntries(
    Object.entries(recipientRules(values)).map(([field, rule]) => [
      field,
      rule === 'required' ? RECIPIENT_REQUIRED[field] : NZ_MESSAGES[field],
    ]),
  );
  // The ID number is optional; one the BFF answered masked goes back as it is (the BFF keeps it).
  const idRule = isMaskedIdNumber(values.shipping_id) ? null : idNumberRule(values.shipping_id);
  if (idRule) errors.shipping_id = ID_NUMBER_MESSAGES[idRule];
  if (values.shipping_country !== CHINA) return errors;
  // China: the place is chosen from the lists, and the BFF writes the city text from it.
  delete errors.shipping_city;
  return { ...errors, ...placeErrors(values, regions) };
}

/** The BFF's 422 `errors` ({ field: [message] }) as { field: message }. */
export function serverErrors(apiError) {
  const fields = apiError?.data?.errors;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : String(v)]));
}
