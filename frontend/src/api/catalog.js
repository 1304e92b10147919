import { DEFAULT_SORT, PATHS, SORTS } from './paths.js';

// Calls of the public catalogue (SPEC section 7). Each takes the axios
// instance first so the same module serves the browser and a server render.

export const normaliseSort = (sort) => (SORTS.includes(sort) ? sort : DEFAULT_SORT);
export const normalisePage = (page) => {
  const n = Number.parseInt(page, 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
};

const listParams = ({ sort, page }) => ({ sort: normaliseSort(sort), page: normalisePage(page) });

/** Paged lists answer `products: {data, last_page}`; category answers `products, total_pages`. */
const paged = (products, extra = {}) => ({
  products: products?.data || [],
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

export async function fetchCategoryProducts(http, id, query) {
  const { data } = await http.get(`${PATHS.category}/${encodeURIComponent(id)}`, { params: listParams(query) });
  return {
    title: data.category_name,
    category: data.category || null,
    products: data.products || [],
    totalPages: data.total_pages || 1,
    total: data.total ?? null,
  };
}

export async function fetchNewest(http, query) {
  const { data } = await http.get(`${PATHS.product}/new/`, { params: listParams(query) });
  return paged(data.products);
}

export async function fetchBest(http, query) {
  const { data } = await http.get(`${PATHS.product}/best/`, { params: listParams(query) });
  return paged(data.products);
}

export async function searchProducts(http, searchTerm, query) {
  // The contract puts the term in the query string of a POST with no body.
  const { data } = await http.post(`${PATHS.product}/search/`, null, {
    params: { searchTerm, ...listParams(query) },
  });
  return paged(data.products);
}

export async function fetchProduct(http, id) {
  const { data } = await http.get(`${PATHS.product}/${encodeURIComponent(id)}`);
  return data.product;
}

export async function fetchBrands(http) {
  const { data } = await http.get(PATHS.brand);
  return data.brands || [];
}

export async function fetchBrandProducts(http, id, query) {
  const { data } = await http.get(`${PATHS.brand}/${encodeURIComponent(id)}`, { params: listParams(query) });
  return paged(data.products, { brand: data.brand, title: data.brand?.name });
}

export async function fetchBanners(http) {
  const { data } = await http.get(PATHS.banner);
  return data.banners || [];
}

export async function fetchBannerProducts(http, id, query) {
  const { data } = await http.get(`${PATHS.bannerProducts}/${encodeURIComponent(id)}`, { params: listParams(query) });
  return {
    ...paged(data.products),
    totalPages: data.total_pages || data.products?.last_page || 1,
    banner: data.banner,
    title: data.banner?.name,
  };
}
