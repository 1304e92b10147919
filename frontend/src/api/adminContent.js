import { ifMatch } from './admin.js';
import { PATHS } from './paths.js';

// The console's categories, brands, banners and articles (docs/api.md, "Categories, brands,
// banners, articles"): the same calls for each kind, answering `{<name>: ...}` with `version`.
// And the shop settings with the exchange rate's history ("Shop settings").

/** Each kind's base path and the name its answers carry. */
export const CONTENT_KINDS = {
  categories: { path: PATHS.adminCategories, name: 'category', plural: 'categories', paged: false },
  brands: { path: PATHS.adminBrands, name: 'brand', plural: 'brands', paged: false },
  banners: { path: PATHS.adminBanners, name: 'banner', plural: 'banners', paged: true },
  articles: { path: PATHS.adminArticles, name: 'article', plural: 'articles', paged: true },
};

const kindOf = (kind) => {
  const found = CONTENT_KINDS[kind];
  if (!found) throw new Error(`Unknown console kind ${kind}`);
  return found;
};

/**
 * The shop's objects of a kind, in its order, as a page { data, current_page, last_page, total }:
 * banners and articles are paged by the BFF; categories and brands come whole (one page).
 */
export async function listContent(http, kind, page = 1) {
  const { path, plural, paged } = kindOf(kind);
  const { data } = await http.get(path, paged ? { params: { page } } : undefined);
  const found = data[plural];
  return paged ? found : { data: found, current_page: 1, last_page: 1, total: found.length };
}

export async function fetchContent(http, kind, id) {
  const { path, name } = kindOf(kind);
  const { data } = await http.get(`${path}/${id}`);
  return data[name];
}

export async function createContent(http, kind, body) {
  const { path, name } = kindOf(kind);
  const { data } = await http.post(path, body);
  return data[name];
}

/** Change the fields of the copy at `version` (412 `stale_version` when another save came first). */
export async function saveContent(http, kind, id, body, version) {
  const { path, name } = kindOf(kind);
  const { data } = await http.patch(`${path}/${id}`, body, { headers: ifMatch(version) });
  return data[name];
}

/** 204; 409 `in_use` while the storefront still needs it. */
export async function deleteContent(http, kind, id, version) {
  const { path } = kindOf(kind);
  await http.delete(`${path}/${id}`, { headers: ifMatch(version) });
}

/** Replace (a file) or remove (null) the picture of a category, brand or banner. */
export async function setContentPicture(http, kind, id, file, version) {
  const { path, name } = kindOf(kind);
  const headers = ifMatch(version);
  if (!file) {
    const { data } = await http.delete(`${path}/${id}/picture`, { headers });
    return data[name];
  }
  const form = new FormData();
  form.append('image', file, file.name);
  const { data } = await http.put(`${path}/${id}/picture`, form, { headers });
  return data[name];
}

export async function fetchSettings(http) {
  const { data } = await http.get(PATHS.adminSettings);
  return data.settings;
}

/** Change the settings given, on the copy at `version` (If-Match). */
export async function saveSettings(http, body, version) {
  const { data } = await http.patch(PATHS.adminSettings, body, { headers: ifMatch(version) });
  return data.settings;
}

/** Replace (a file) or clear (null) one picture setting (shop_logo, wechart_image...) of the settings at `version`. */
export async function setSettingsImage(http, field, file, version) {
  const url = `${PATHS.adminSettings}/images/${field}`;
  const headers = ifMatch(version);
  if (!file) {
    const { data } = await http.delete(url, { headers });
    return data.settings;
  }
  const form = new FormData();
  form.append('image', file, file.name);
  const { data } = await http.put(url, form, { headers });
  return data.settings;
}

/** A page of the exchange rate's history, newest first. */
export async function fetchExchangeRates(http, page = 1) {
  const { data } = await http.get(`${PATHS.adminSettings}/exchange-rates`, { params: { page } });
  return data.rates;
}
