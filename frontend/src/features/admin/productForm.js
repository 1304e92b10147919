// The product editor's form: its values (strings, as inputs hold them), the rules it checks
// before a save (the BFF checks them again: bff/catalog/admin_schemas.py ProductInput), the
// body it sends, and what a refused save shows.
import { normalGtin } from '../../common/rules/barcode.js';
import { integerRule, isBlank, moneyRule } from '../../common/rules/forms.js';
import { serverFieldErrors } from '../account/AuthForm.jsx';

export const MAX_GRAMS = 1_000_000;
export const MAX_STOCK = 1_000_000_000;
export const MAX_SORT_WEIGHT = 2 ** 31 - 1;
export const MAX_VARIANTS = 50;
const TEXT_LIMITS = { name: 255, color: 64, size: 64, image_alt: 255 };
// The BFF's SKU pattern (bff/catalog/admin_schemas.py SKU_PATTERN).
export const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

export const emptyVariant = () => ({
  key: `new-${Math.random().toString(36).slice(2)}`,
  id: null,
  name: '',
  price: '',
  discount: '',
  member_price: '',
  weight: '0',
  virtual_inventory: '0',
  sku: '',
  barcode: '',
  image_id: '',
});

export const EMPTY_PRODUCT = {
  name: '',
  sku: '',
  description: '',
  price: '',
  discount: '',
  member_price: '',
  weight: '0',
  is_free_shipping: false,
  category_id: '',
  brand_id: '',
  is_featured: false,
  recommend_weight: '0',
  color: '',
  size: '',
  composition: '',
  usage_instructions: '',
  product_details: '',
  image_alt: '',
  virtual_inventory: '0',
  // false: a draft (not on the storefront); publish_at: its start (ISO 8601), '' at once.
  is_active: true,
  publish_at: '',
  variants: [],
};

const str = (value) => (value == null ? '' : String(value));

/** The form's values of a product the BFF answered. */
export function fromProduct(product) {
  const values = Object.fromEntries(Object.keys(EMPTY_PRODUCT).map((name) => [name, str(product[name])]));
  return {
    ...values,
    is_free_shipping: Boolean(product.is_free_shipping),
    is_featured: Boolean(product.is_featured),
    is_active: product.is_active == null ? true : Boolean(Number(product.is_active)),
    variants: (product.variants || []).map((v) => ({
      key: `v${v.id}`,
      id: v.id,
      name: v.name,
      price: str(v.price),
      discount: str(v.discount),
      member_price: str(v.member_price),
      weight: str(v.weight),
      virtual_inventory: str(v.virtual_inventory),
      sku: str(v.sku),
      barcode: str(v.barcode),
      image_id: str(v.image_id),
    })),
  };
}

const optional = (value) => (isBlank(value) ? null : value.trim());
const whole = (value) => Number(String(value).trim());
const ref = (value) => (value === '' ? null : Number(value));

/** The body of POST/PUT: every editable field; opening stock only where it is new. */
export function toBody(values, { isNew }) {
  return {
    name: values.name.trim(),
    sku: optional(values.sku),
    description: values.description,
    price: values.price.trim(),
    discount: optional(values.discount),
    member_price: optional(values.member_price),
    weight: whole(values.weight),
    is_free_shipping: values.is_free_shipping,
    category_id: ref(values.category_id),
    brand_id: ref(values.brand_id),
    is_featured: values.is_featured,
    recommend_weight: whole(values.recommend_weight),
    color: values.color,
    size: values.size,
    composition: values.composition,
    usage_instructions: values.usage_instructions,
    product_details: values.product_details,
    image_alt: values.image_alt,
    is_active: values.is_active,
    publish_at: values.publish_at || null,
    ...(isNew ? { virtual_inventory: whole(values.virtual_inventory) } : {}),
    variants: values.variants.map((v) => ({
      ...(v.id ? { id: v.id } : { virtual_inventory: whole(v.virtual_inventory) }),
      name: v.name.trim(),
      price: v.price.trim(),
      discount: optional(v.discount),
      member_price: optional(v.member_price),
      weight: whole(v.weight),
      sku: optional(v.sku),
      barcode: isBlank(v.barcode) ? null : normalGtin(v.barcode) || v.barcode.trim(),
      image_id: ref(v.image_id),
    })),
  };
}

const MONEY_MESSAGES = {
  required: 'admin.error.required',
  invalid: 'admin.error.money',
  too_large: 'admin.error.tooLarge',
};
const INTEGER_MESSAGES = {
  required: 'admin.error.required',
  invalid: 'admin.error.integer',
  too_small: 'admin.error.notNegative',
  too_large: 'admin.error.tooLarge',
};

/** The prices of the product or of one variant: { field: message key }, under `prefix`. */
function priceErrors(values, prefix) {
  const errors = {};
  const money = (name, required) => {
    const rule = moneyRule(values[name], { required });
    if (rule) errors[prefix + name] = MONEY_MESSAGES[rule];
  };
  money('price', true);
  money('discount', false);
  money('member_price', false);
  if (!errors[`${prefix}price`] && !errors[`${prefix}discount`] && !isBlank(values.discount)) {
    if (Number(values.discount) >= Number(values.price)) errors[`${prefix}discount`] = 'admin.error.discountBelow';
  }
  const grams = integerRule(values.weight, { min: 0, max: MAX_GRAMS });
  if (grams) errors[`${prefix}weight`] = INTEGER_MESSAGES[grams];
  return errors;
}

/**
 * What stops a save, before it is sent: { field: message key }, with the BFF's field names
 * (variants dotted: `variants.0.price`), so its 422 answers land on the same fields.
 */
export function validateProduct(values, { isNew }) {
  const errors = {};
  if (isBlank(values.name)) errors.name = 'admin.error.nameRequired';
  if (!isBlank(values.sku) && !SKU.test(values.sku.trim())) errors.sku = 'admin.error.sku';
  for (const [name, longest] of Object.entries(TEXT_LIMITS)) {
    if (!errors[name] && [...values[name]].length > longest) errors[name] = 'admin.error.tooLong';
  }
  Object.assign(errors, priceErrors(values, ''));
  const order = integerRule(values.recommend_weight, { min: -MAX_SORT_WEIGHT, max: MAX_SORT_WEIGHT });
  if (order) errors.recommend_weight = INTEGER_MESSAGES[order];
  if (isNew && !values.variants.length) {
    const stock = integerRule(values.virtual_inventory, { min: 0, max: MAX_STOCK });
    if (stock) errors.virtual_inventory = INTEGER_MESSAGES[stock];
  }
  if (values.variants.length > MAX_VARIANTS) errors.variants = 'admin.error.tooManyVariants';
  values.variants.forEach((variant, i) => {
    const prefix = `variants.${i}.`;
    if (isBlank(variant.name)) errors[`${prefix}name`] = 'admin.error.nameRequired';
    if (!isBlank(variant.sku) && !SKU.test(variant.sku.trim())) errors[`${prefix}sku`] = 'admin.error.sku';
    if (!isBlank(variant.barcode) && !normalGtin(variant.barcode)) errors[`${prefix}barcode`] = 'admin.error.barcode';
    Object.assign(errors, priceErrors(variant, prefix));
    if (!variant.id) {
      const stock = integerRule(variant.virtual_inventory, { min: 0, max: MAX_STOCK });
      if (stock) errors[`${prefix}virtual_inventory`] = INTEGER_MESSAGES[stock];
    }
  });
  return errors;
}

/**
 * What a refused save shows. 412: another save came first; the BFF's message and a reload that
 * drops this form's changes only when asked. 422: the BFF's messages by their fields.
 */
export function saveFailure(error) {
  if (error?.status === 412 || error?.code === 'stale_version') return { kind: 'stale', message: error.message };
  if (error?.status === 422) return { kind: 'fields', message: error.message, fields: serverFieldErrors(error) };
  return { kind: 'other', message: error?.message };
}
