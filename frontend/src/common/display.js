// Display rules of SPEC section 9. Pure functions: the BFF is the authority for
// every amount; these only decide what the screen shows.

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

/** The special-price badge: a discount that beats any member price. */
export function hasSpecialPrice(product) {
  if (!product || !positive(product.discount)) return false;
  const member = toNumber(product.member_price);
  return !positive(product.member_price) || member >= toNumber(product.discount);
}

/**
 * The price a product card shows for this (possibly anonymous) user.
 * Returns { price, original, special } where original is the normal price when
 * the shown price differs from it (for a struck-through display).
 */
export function cardPrice(product, user = null) {
  const price = toNumber(product?.price);
  let shown = price;
  const special = hasSpecialPrice(product);
  const memberLevel = user?.member_levels;
  if (special) {
    shown = toNumber(product.discount);
  } else if (memberLevel && Number(memberLevel.is_special_member) === 1 && positive(product.member_price)) {
    shown = toNumber(product.member_price);
  } else if (memberLevel && positive(product.member_price) && positive(memberLevel.discount)) {
    shown = (price * toNumber(memberLevel.discount)) / 100;
  }
  return { price: shown, original: shown !== price ? price : null, special };
}

/** 'In Stock' above 99, else 'Only N Left' (translated by the caller's t). */
export function stockText(stock, t = defaultStockT) {
  const n = Math.max(0, Math.trunc(toNumber(stock) || 0));
  return n > 99 ? t('stock.inStock') : t('stock.onlyLeft', { n });
}

function defaultStockT(key, vars) {
  return key === 'stock.inStock' ? 'In Stock' : `Only ${vars.n} Left`;
}

export const isSoldOut = (product) => toNumber(product?.virtual_inventory) === 0;

/**
 * Page numbers to show: the first 2, the last 2 and those within 2 of the
 * current page, with 'ellipsis' marking each gap. Empty when there is at most 1 page.
 */
export function paginationItems(current, total) {
  const last = Math.trunc(toNumber(total) || 0);
  if (last <= 1) return [];
  const cur = Math.min(Math.max(1, Math.trunc(toNumber(current) || 1)), last);
  const items = [];
  let previous = 0;
  for (let page = 1; page <= last; page += 1) {
    const show = page <= 2 || page > last - 2 || Math.abs(page - cur) <= 2;
    if (!show) continue;
    if (page - previous > 1) items.push('ellipsis');
    items.push(page);
    previous = page;
  }
  return items;
}

/** Order progress bar width as a fraction: (stage value * 2 + 1) / 8. */
export function progressWidth(value) {
  const n = toNumber(value);
  return ((Number.isFinite(n) ? n : 0) * 2 + 1) / 8;
}

export const PROGRESS_BY_STATUS = { unpaid: 1, paid: 2, completed: 3.5 };
export const progressValue = (status) => PROGRESS_BY_STATUS[status] ?? 0;

/** The image whose id equals the product's avatar, else null (caller shows the placeholder). */
export function avatarImage(product) {
  const images = product?.images || [];
  return images.find((img) => img.id === product.avatar) || null;
}
