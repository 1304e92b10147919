// Display rules of SPEC section 9. Pure functions: the BFF is the authority for
// every amount; these only decide what the screen shows.
import { roundCents } from './rules/money.js';

export const PLACEHOLDER = '--';

function toNumber(value) {
  if (value === null || value === undefined || value === '') return NaN;
  if (typeof value === 'boolean') return NaN;
  return Number(value);
}

/** One decimal, or the placeholder when the value is missing or not numeric. */
export function formatNumber(value, placeholder = PLACEHOLDER) {
  const n = toNumber(value);
  return Number.isFinite(n) ? n.toFixed(1) : placeholder;
}

/**
 * NZ dollars to the cent, wherever a shopper or owner sees them: what is shown is what is
 * charged (DESIGN.md, "Money on screen", a deliberate departure from SPEC's one decimal).
 */
export function formatNzd(value, placeholder = PLACEHOLDER) {
  const n = toNumber(value);
  return Number.isFinite(n) ? roundCents(n).toFixed(2) : placeholder;
}

/** Yuan to the jiao (one decimal, SPEC section 5), or the placeholder. */
export const formatYuan = formatNumber;

/** Yuan amount = NZ dollar amount times the shop's exchange rate. */
export function toYuan(nzd, rate) {
  const n = toNumber(nzd);
  const r = toNumber(rate);
  return Number.isFinite(n) && Number.isFinite(r) ? n * r : NaN;
}

const positive = (v) => {
  const n = toNumber(v);
  return Number.isFinite(n) && n > 0;
};

/** Why a price applies: the branches of `quote` (bff/pricing/rules.py's Basis, the same names). */
export const BASES = Object.freeze({
  PRICE: 'price',
  DISCOUNT: 'discount',
  SPECIAL_MEMBER: 'special_member',
  MEMBER_LEVEL: 'member_level',
});

/**
 * The unit price a shopper pays, and whether the special-price badge shows:
 * the card rule of SPEC section 9 as reconciled in bff/pricing/rules.py, checked
 * against the same table of cases (rules/pricing_cases.json) on both sides.
 * A guest has no member_discount_percent and is not a special member.
 */
export function quote({
  price,
  discount = null,
  member_price = null,
  member_discount_percent = null,
  is_special_member = false,
}) {
  const p = toNumber(price);
  const d = positive(discount) && toNumber(discount) < p ? toNumber(discount) : null;
  const m = positive(member_price) ? toNumber(member_price) : null;
  if (d !== null && (m === null || m >= d)) return { price: d, badge: true, basis: BASES.DISCOUNT };
  let offer = null;
  let basis = BASES.PRICE;
  if (m !== null && is_special_member) {
    offer = m;
    basis = BASES.SPECIAL_MEMBER;
  } else if (m !== null && positive(member_discount_percent)) {
    offer = roundCents((p * toNumber(member_discount_percent)) / 100);
    basis = BASES.MEMBER_LEVEL;
  }
  // Nobody pays more than a guest would.
  const guest = d !== null ? d : p;
  if (offer !== null && offer < guest) return { price: offer, badge: false, basis };
  return { price: guest, badge: d !== null, basis: d !== null ? BASES.DISCOUNT : BASES.PRICE };
}

function shopperOf(user) {
  // The BFF's user: member_levels {discount_percent}, is_special_member on the user (docs/api.md).
  const level = user.member_levels || null;
  const special = user.is_special_member ?? level?.is_special_member;
  return {
    member_discount_percent: level?.discount_percent ?? level?.discount ?? null,
    is_special_member: Number(special) === 1 || special === true,
  };
}

/**
 * What a product card shows for this (possibly anonymous) user:
 * { price, original, special } where original is the normal price when the
 * shown price is lower (struck through), and special is the badge.
 * Products the BFF priced for this shopper (a guest: the public calls; a member:
 * `priced_for` = their id, set by the user-prefixed calls) show its final_price
 * and badge; otherwise the same rule runs here, so a restored member sees member
 * prices before the refetch lands.
 */
export function cardPrice(product, user = null) {
  const price = toNumber(product.price);
  const forThisShopper = user
    ? product.priced_for != null && product.priced_for === user.id
    : product.priced_for == null;
  if (forThisShopper && positive(product.final_price)) {
    const final = toNumber(product.final_price);
    return { price: final, original: final < price ? price : null, special: Number(product.show_special_badge) === 1 };
  }
  const q = quote({ ...product, ...(user ? shopperOf(user) : {}) });
  return { price: q.price, original: q.price < price ? price : null, special: q.badge };
}

/** 'In Stock' above 99, else 'Only N Left', in the words of the caller's t (common/strings). */
export function stockText(stock, t) {
  const n = Math.max(0, Math.trunc(toNumber(stock) || 0));
  return n > 99 ? t('stock.inStock') : t('stock.onlyLeft', { n });
}

export const isSoldOut = (product) => toNumber(product.virtual_inventory) === 0;

/** The image whose id equals the product's avatar, else null (caller shows the placeholder). */
export function avatarImage(product) {
  return (product.images || []).find((img) => img.id === product.avatar) || null;
}
