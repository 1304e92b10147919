import { PATHS } from './paths.js';

// The owner's console calls (docs/api.md, "Admin calls"). Versioned answers carry `version`;
// every change sends it back as If-Match (428 without), so a change made on a stale copy is
// refused (412), never applied.

const P = PATHS.adminProducts;
/** The If-Match value of a version the BFF answered (it sends ETag: W/"<version>"). */
export const ifMatch = (version) => ({ 'If-Match': `W/"${version}"` });
/** At most this many files go in one upload request (the BFF takes 40 MB a body). */
export const IMAGES_PER_UPLOAD = 5;
// Query parameters left empty mean "any": they are not sent.
const given = (params) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v != null));

/** One page of the product list: { data, current_page, last_page, per_page, total }. */
export async function listProducts(
  http,
  { q = '', ids = '', category_id = '', brand_id = '', sold_out = '', hidden = '', page = 1 } = {},
) {
  const { data } = await http.get(P, { params: given({ q, ids, category_id, brand_id, sold_out, hidden, page }) });
  return data.products;
}

export async function fetchProduct(http, id) {
  const { data } = await http.get(`${P}/${id}`);
  return data.product;
}

export async function createProduct(http, body) {
  const { data } = await http.post(P, body);
  return data.product;
}

/** Replace the editable fields of the copy at `version` (412 `stale_version` when another save came first). */
export async function saveProduct(http, id, body, version) {
  const { data } = await http.put(`${P}/${id}`, body, { headers: ifMatch(version) });
  return data.product;
}

/** 204; 409 `product_in_use` while orders name the product. */
export async function deleteProduct(http, id, version) {
  await http.delete(`${P}/${id}`, { headers: ifMatch(version) });
}

export async function setProductHidden(http, id, hidden, version) {
  const { data } = await http.post(`${P}/${id}/${hidden ? 'hide' : 'show'}`, undefined, { headers: ifMatch(version) });
  return data.product;
}

/** Upload up to IMAGES_PER_UPLOAD files (multipart field `images`); answers the product. */
export async function uploadImages(http, id, files, version) {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  const { data } = await http.post(`${P}/${id}/images`, form, { headers: ifMatch(version) });
  return data.product;
}

/** A picture for the rich-text details (multipart field `picture`): { path, srcset, width, height }. */
export async function uploadDetailPicture(http, file) {
  const form = new FormData();
  form.append('picture', file, file.name);
  const { data } = await http.post(`${P}/detail-pictures`, form);
  return data.picture;
}

/** Reorder the pictures (every id once) and choose the cover. */
export async function arrangeImages(http, id, { order, cover }, version) {
  const { data } = await http.put(`${P}/${id}/images`, { order, cover }, { headers: ifMatch(version) });
  return data.product;
}

export async function describeImage(http, id, imageId, alt, version) {
  const { data } = await http.patch(`${P}/${id}/images/${imageId}`, { alt }, { headers: ifMatch(version) });
  return data.product;
}

export async function deleteImage(http, id, imageId, version) {
  const { data } = await http.delete(`${P}/${id}/images/${imageId}`, { headers: ifMatch(version) });
  return data.product;
}

/**
 * { variant_id?, delta | level with expected (the level read), reason } on the product at
 * `version` → { product, change: { variant_id, before, after } }; 409 `stale_stock` when the level
 * moved since it was read.
 */
export async function adjustStock(http, id, body, version) {
  const { data } = await http.post(`${P}/${id}/stock`, body, { headers: ifMatch(version) });
  return data;
}

export async function fetchStockLedger(http, id, page = 1) {
  const { data } = await http.get(`${P}/${id}/stock`, { params: { page } });
  return data.movements;
}

export async function fetchAudit(http, { object_type = '', object_id = '', page = 1 } = {}) {
  const { data } = await http.get(PATHS.adminAudit, { params: given({ object_type, object_id, page }) });
  return data.entries;
}

export async function fetchAdminCategories(http) {
  const { data } = await http.get(PATHS.adminCategories);
  return data.categories;
}

export async function fetchAdminBrands(http) {
  const { data } = await http.get(PATHS.adminBrands);
  return data.brands;
}

/** The shop's payment providers: public fields, and for each secret only whether it is set. */
export async function fetchPaymentProviders(http) {
  const { data } = await http.get(PATHS.adminPaymentProviders);
  return data.providers;
}

/** Going live: each field in the owner's words, and the notify URLs and domains to register. */
export async function fetchPaymentGuide(http, kind) {
  const { data } = await http.get(`${PATHS.adminPaymentProviders}/${kind}/guide`);
  return data;
}

/** One read-only call with the saved account: { ok, message } in plain words. */
export async function testPaymentProvider(http, kind) {
  const { data } = await http.post(`${PATHS.adminPaymentProviders}/${kind}/test`);
  return data;
}

/** The shop's WeChat apps: AppIDs, template ids, and whether each AppSecret is set. */
export async function fetchWechatSettings(http) {
  const { data } = await http.get(PATHS.adminWechatSettings);
  return data.settings;
}

/** Set WeChat fields (an empty value clears one); If-Match once they exist (version > 0). */
export async function saveWechatSettings(http, body, version) {
  const headers = version > 0 ? ifMatch(version) : {};
  const { data } = await http.put(PATHS.adminWechatSettings, body, { headers });
  return data.settings;
}

/** Set a provider's fields (an empty value clears one); If-Match once it exists (version > 0). */
export async function savePaymentProvider(http, kind, body, version) {
  const headers = version > 0 ? ifMatch(version) : {};
  const { data } = await http.put(`${PATHS.adminPaymentProviders}/${kind}`, body, { headers });
  return data.provider;
}

// Which provider serves each payment method (bff/payments/admin_method_routes.py); named here, not
// in paths.js, which every shopper's first load carries.
const ADMIN_PAYMENT_METHODS = '/api/admin/payments/methods';

/** { version, methods: [{ method, provider, serving, options }] }: the owner's choice per method. */
export async function fetchPaymentMethodChoices(http) {
  const { data } = await http.get(ADMIN_PAYMENT_METHODS);
  return data;
}

/** Choose providers ({ alipay: 'antom', card: '' }: empty is the default); If-Match once saved. */
export async function savePaymentMethodChoices(http, choices, version) {
  const headers = version > 0 ? ifMatch(version) : {};
  const { data } = await http.put(ADMIN_PAYMENT_METHODS, { choices }, { headers });
  return data;
}
