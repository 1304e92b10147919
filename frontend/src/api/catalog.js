import { PATHS, SORTS } from './paths.js';

// Calls of the public catalogue (SPEC section 7). Each takes the axios
// instance first so the same module serves the browser and a server render.
// A signed-in `viewer` (the user) switches to the user-prefixed family, which
// answers with that member's final_price; those products are tagged
// `priced_for: <user id>` so a card knows the price is this shopper's own.

const base = (viewer, publicPath, userPath) => (viewer ? userPath : publicPath);

/** Mark products (and nothing else) as priced for this viewer. */
function pricedFor(products, viewer) {
  if (!viewer || !Array.isArray(products)) return products;
  return products.map((p) => ({ ...p, priced_for: viewer.id }));
}

// An empty sort asks for the list's own default order (newest first for `new`,
// the shop's order elsewhere), so an unknown or missing sort is sent as none.
export const normaliseSort = (sort) => (SORTS.includes(sort) ? sort : '');
export const normalisePage = (page) => {
  const n = Number.parseInt(page, 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
};

const listParams = ({ sort, page, limit }) => {
  const s = normaliseSort(sort);
  const params = s ? { sort: s, page: normalisePage(page) } : { page: normalisePage(page) };
  // A preview (the home page) asks for only the cards it shows.
  return limit ? { ...params, limit } : params;
};

/** Paged lists answer `products: {data, last_page}`; category answers `products, total_pages`. */
const paged = (products, extra = {}, viewer = null) => ({
  products: pricedFor(products?.data || [], viewer),
  totalPages: products?.last_page || 1,
  total: products?.total ?? null,
  ...extra,
});

export async function fetchShop(http) {
  const { data } = await http.get(PATHS.shop);
  return data.data.shop_info;
}

export async function fetchCategories(http) {
  const { data } = await http.get(PATHS.category);
  return data.data.categories?.[0]?.category?.subcategories || [];
}

export async function fetchCategoryProducts(http, id, query, viewer = null) {
  const { data } = await http.get(`${base(viewer, PATHS.category, PATHS.userCategory)}/${encodeURIComponent(id)}`, {
    params: listParams(query),
  });
  return {
    title: data.category_name,
    category: data.category || null,
    products: pricedFor(data.products || [], viewer),
    totalPages: data.total_pages || 1,
    total: data.total ?? null,
  };
}

const productBase = (viewer) => base(viewer, PATHS.product, PATHS.userProduct);

export async function fetchNewest(http, query, viewer = null) {
  const { data } = await http.get(`${productBase(viewer)}/new/`, { params: listParams(query) });
  return paged(data.products, {}, viewer);
}

export async function fetchBest(http, query, viewer = null) {
  const { data } = await http.get(`${productBase(viewer)}/best/`, { params: listParams(query) });
  return paged(data.products, {}, viewer);
}

export async function searchProducts(http, searchTerm, query, viewer = null) {
  // The contract puts the term in the query string of a POST with no body.
  const { data } = await http.post(`${productBase(viewer)}/search/`, null, {
    params: { searchTerm, ...listParams(query) },
  });
  return paged(data.products, {}, viewer);
}

export async function fetchProduct(http, id, viewer = null) {
  const { data } = await http.get(`${productBase(viewer)}/${encodeURIComponent(id)}`);
  return viewer && data.product ? pricedFor([data.product], viewer)[0] : data.product;
}

export async function fetchBrands(http) {
  const { data } = await http.get(PATHS.brand);
  return data.brands || [];
}

export async function fetchBrandProducts(http, id, query, viewer = null) {
  const { data } = await http.get(`${base(viewer, PATHS.brand, PATHS.userBrand)}/${encodeURIComponent(id)}`, {
    params: listParams(query),
  });
  return paged(data.products, { brand: data.brand, title: data.brand?.name }, viewer);
}

export async function fetchBanners(http) {
  const { data } = await http.get(PATHS.banner);
  return data.banners || [];
}

export async function fetchBannerProducts(http, id, query, viewer = null) {
  const { data } = await http.get(
    `${base(viewer, PATHS.bannerProducts, PATHS.userBannerProducts)}/${encodeURIComponent(id)}`,
    { params: listParams(query) },
  );
  return {
    ...paged(data.products, {}, viewer),
    totalPages: data.total_pages || data.products?.last_page || 1,
    banner: data.banner,
    title: data.banner?.name,
  };
}
