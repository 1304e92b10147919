// Base paths of the BFF (docs/api.md). The one place the frontend names them.
export const PATHS = {
  shop: '/api/shop',
  category: '/api/category',
  product: '/api/product',
  brand: '/api/brand',
  banner: '/api/banner',
  bannerProducts: '/api/banner-products',
  article: '/api/article',
  sitemap: '/api/sitemap',
};

export const TOKEN_KEY = 'Token';
export const REQUEST_TIMEOUT_MS = 20000;
export const SORTS = ['recommend', 'newest', 'popular', 'cheapest', 'expensive'];
export const DEFAULT_SORT = 'recommend';
