// Shipping rules of SPEC sections 4 and 9, for display. The BFF (bff/shipping/rules.py)
// is the authority and recomputes every fee; both run rules/shipping_cases.json.
// Grams for weights, NZ dollars for money. As on the BFF: an order whose every
// item ships free weighs 0 and pays no fee; the 1 kg minimum applies to parcels
// that weigh something; fees are rounded to cents, half up.
import { roundCents } from './money.js';

export const CHINA = '中国';
export const NEW_ZEALAND = 'New Zealand';
export const COUNTRIES = [CHINA, NEW_ZEALAND];
export const METHODS = { OVERSEA_DIRECT: 'oversea-direct', LOCAL_DIRECT: 'local-direct', LOCAL_PICK: 'local-pick' };
export const DEFAULT_SHIPPING_TYPE = METHODS.OVERSEA_DIRECT;
// The special-area rate goes by the province code chosen from the lists (新疆 650000, 西藏 540000),
// never by the text, as on the BFF.
export const SPECIAL_AREA_PROVINCES = ['650000', '540000'];
// Matched in folded text (see fold): Auckland in any case, with or without macrons; its te reo
// Māori name Tāmaki Makaurau; and 奥克兰 as SPEC section 9 writes it (the BFF stores a city typed
// 奥克兰 as Auckland, rules/nz_cities.json, so the fee shown and the order's agree).
const AUCKLAND_NAMES = ['auckland', 'tamaki makaurau', '奥克兰', '奧克蘭'];
export const MIN_CHARGED_GRAMS = 1000;

// Equivalent mutant (Stryker): without `v === true` the same, Number(true) is 1.
const flag = (v) => v === true || Number(v) === 1;
const num = (v) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** Methods offered to a recipient country by the shop's flags, in order; the first is preselected. */
export function availableMethods(country, settings) {
  if (!settings) return [];
  if (country === CHINA) return flag(settings.is_overseas_shipping) ? [METHODS.OVERSEA_DIRECT] : [];
  if (country === NEW_ZEALAND) {
    return [
      ...(flag(settings.is_local_shipping) ? [METHODS.LOCAL_DIRECT] : []),
      ...(flag(settings.is_pick_up) ? [METHODS.LOCAL_PICK] : []),
    ];
  }
  return [];
}

/** Grams one unit counts for: free-shipping items weigh nothing; a variant weight above 0 wins. */
export function unitWeight(productWeight, variantWeight = null, isFreeShipping = false) {
  if (flag(isFreeShipping)) return 0;
  if (num(variantWeight) > 0) return num(variantWeight);
  return Math.max(num(productWeight), 0);
}

/** lines: [{ quantity, product_weight, variant_weight, is_free_shipping }] */
export function totalWeight(lines) {
  // Equivalent mutant (Stryker): no lines read as one line of anything weighs the same 0 (a line
  // without a quantity counts 0 units).
  return (lines || []).reduce(
    (sum, l) => sum + unitWeight(l.product_weight, l.variant_weight, l.is_free_shipping) * num(l.quantity),
    0,
  );
}

/** The spec's weight helper: under 1 kg is charged as 1 kg; nothing to ship costs nothing. */
export function perKgFee(grams, ratePerKg) {
  if (num(grams) <= 0) return 0;
  return roundCents((Math.max(num(grams), MIN_CHARGED_GRAMS) / 1000) * num(ratePerKg));
}

/** Text for matching place names, as the BFF's fold(): NFKD, marks removed, lower case, one space. */
export const fold = (text) =>
  String(text || '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');

const mentions = (text, names) => {
  const folded = fold(text);
  return names.some((n) => folded.includes(n));
};

export function shippingFee(method, grams, city, address, settings, provinceCode = null) {
  if (num(grams) <= 0 || method === METHODS.LOCAL_PICK) return 0;
  if (method === METHODS.OVERSEA_DIRECT) {
    const special = SPECIAL_AREA_PROVINCES.includes(provinceCode);
    return perKgFee(grams, special ? settings.overseas_direct_special_area_shipping_fee : settings.shipping_cost);
  }
  if (method === METHODS.LOCAL_DIRECT) {
    const auckland = mentions(city, AUCKLAND_NAMES) || mentions(address, AUCKLAND_NAMES);
    return roundCents(auckland ? settings.local_shipping_cost : settings.out_auckland_local_shipping_fee);
  }
  throw new Error(`unknown shipping method ${method}`);
}

/** A cart line (the BFF's shape) as the weight rule reads it. */
export const weighedLine = (line) => ({
  quantity: line.quantity,
  product_weight: line.product?.weight,
  variant_weight: line.variant?.weight ?? null,
  is_free_shipping: line.product?.is_free_shipping,
});
