// The shop settings form: its values (strings and flags, as inputs hold them), the checks made
// before a save (the BFF makes them again: bff/settings/admin_schemas.py) and the PATCH body of
// what changed. Field errors carry the BFF's field names, so its 422 answers land on them.
import { integerRule, isBlank, moneyRule } from '../../../common/rules/forms.js';

// Texts and their longest length (the BFF's TEXTS).
export const TEXTS = {
  shop_name: 120,
  shop_slogan: 255,
  shop_description: 2000,
  qq_number: 32,
  shop_incentive_title: 255,
  shop_incentive_name1: 120,
  shop_incentive_name2: 120,
  shop_incentive_name3: 120,
  shop_incentive_description1: 2000,
  shop_incentive_description2: 2000,
  shop_incentive_description3: 2000,
  overseas_shipping_note: 2000,
  local_shipping_note: 2000,
  pick_up_note: 2000,
};
export const FEES = [
  'shipping_cost',
  'overseas_direct_special_area_shipping_fee',
  'local_shipping_cost',
  'out_auckland_local_shipping_fee',
];
export const SHIPPING_FLAGS = ['is_overseas_shipping', 'is_local_shipping', 'is_pick_up'];
// Per method: customs need the recipient's ID number for direct post to China (checkout asks for it).
export const METHOD_FLAGS = ['is_overseas_id_required'];
export const FLAGS = [...SHIPPING_FLAGS, ...METHOD_FLAGS, 'is_direct_payment_enabled', 'daily_report_enabled'];
// Whole numbers: the unpaid time-out and the dashboard's low-stock threshold (bff/orders/today.py).
const INTEGERS = ['unpaid_order_timeout_minutes', 'low_stock_threshold'];
export const OTHERS = ['shop_exchange_rate', 'language', 'time_zone', ...INTEGERS, 'site_url'];
export const LOW_STOCK_MAX = 10000;
// The shop's hostnames, one a line in the form (bff/settings/site_address.py checks them again).
const HOSTNAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;
const SITE_URL = /^https?:\/\/[^/?#\s@]+\/?$/i;
export const hostLines = (text) =>
  text
    .split(/[\s,]+/)
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
// Picture settings (bff/shops/models.py SHOP_IMAGE_FIELDS), each replaced on its own.
export const PICTURES = {
  brand: ['shop_logo', 'shop_ico', 'shop_image'],
  contact: ['wechart_image'],
  payment: ['wechart_pay_image', 'alipay_image'],
  incentives: ['shop_incentive_image1', 'shop_incentive_image2', 'shop_incentive_image3'],
};
export const TIMEOUT_MINUTES = [5, 30 * 24 * 60];
export const MAX_RATE = 99999999.9999;
const RATE = /^(?:\d+(?:\.\d{0,4})?|\.\d{1,4})$/;

const str = (value) => (value == null ? '' : String(value));

/** The form's values of the settings the BFF answered. */
export function fromSettings(settings) {
  const values = {};
  for (const name of [...Object.keys(TEXTS), ...FEES, ...OTHERS]) values[name] = str(settings[name]);
  for (const name of FLAGS) values[name] = Boolean(settings[name]);
  values.hosts = (settings.hosts || []).join('\n');
  if (values.shop_exchange_rate) values.shop_exchange_rate = Number(values.shop_exchange_rate).toFixed(4);
  for (const name of FEES) if (values[name]) values[name] = Number(values[name]).toFixed(2);
  return values;
}

/** A zone the browser knows by its IANA name (the BFF checks against its own list). */
export function isTimeZone(name) {
  if (isBlank(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name.trim() });
    return true;
  } catch {
    return false;
  }
}

const MONEY_KEYS = {
  required: 'admin.error.required',
  invalid: 'admin.error.money',
  too_large: 'admin.error.tooLarge',
};

/** What stops a save: { field: message key }. */
export function validateSettings(values) {
  const errors = {};
  if (isBlank(values.shop_name)) errors.shop_name = 'admin.error.nameRequired';
  for (const [name, longest] of Object.entries(TEXTS)) {
    if (!errors[name] && [...values[name]].length > longest) errors[name] = 'admin.error.tooLong';
  }
  for (const name of FEES) {
    const rule = moneyRule(values[name], { required: true });
    if (rule) errors[name] = MONEY_KEYS[rule];
  }
  const rate = values.shop_exchange_rate.trim();
  if (!RATE.test(rate) || Number(rate) <= 0 || Number(rate) > MAX_RATE) {
    errors.shop_exchange_rate = 'admin.settings.error.rate';
  }
  const [low, high] = TIMEOUT_MINUTES;
  const timeout = integerRule(values.unpaid_order_timeout_minutes, { min: low, max: high });
  if (timeout) errors.unpaid_order_timeout_minutes = 'admin.settings.error.timeout';
  if (
    values.low_stock_threshold !== undefined &&
    integerRule(values.low_stock_threshold, { min: 0, max: LOW_STOCK_MAX })
  ) {
    errors.low_stock_threshold = 'admin.settings.error.threshold';
  }
  if (!isTimeZone(values.time_zone)) errors.time_zone = 'admin.settings.error.timeZone';
  if (!['zh', 'en'].includes(values.language)) errors.language = 'admin.settings.error.language';
  if (!SHIPPING_FLAGS.some((name) => values[name])) errors.is_overseas_shipping = 'admin.settings.error.noShipping';
  if (values.site_url && !SITE_URL.test(values.site_url.trim())) errors.site_url = 'admin.settings.error.siteUrl';
  if (values.hosts !== undefined && values.hosts.trim() && !hostLines(values.hosts).every((h) => HOSTNAME.test(h))) {
    errors.hosts = 'admin.settings.error.hosts';
  }
  return errors;
}

/** The PATCH body: only the fields that differ from the saved copy, typed as the BFF takes them. */
export function changedBody(values, saved) {
  const before = fromSettings(saved);
  const body = {};
  for (const [name, value] of Object.entries(values)) {
    const now = typeof value === 'string' ? value.trim() : value;
    const was = typeof before[name] === 'string' ? before[name].trim() : before[name];
    if (name === 'hosts') {
      if (hostLines(now).join(' ') !== hostLines(was).join(' ')) body.hosts = hostLines(now);
      continue;
    }
    if (now === was) continue;
    if (INTEGERS.includes(name)) body[name] = Number(now);
    else if (name === 'shop_name' || name === 'time_zone') body[name] = now;
    else if (typeof value === 'string' && !FEES.includes(name) && name !== 'shop_exchange_rate') body[name] = value;
    else body[name] = now;
  }
  return body;
}
