// Base paths of the BFF (docs/api.md). The one place the frontend names them.
export const API_PREFIX = '/api/';
export const PATHS = {
  shop: '/api/shop',
  category: '/api/category',
  product: '/api/product',
  brand: '/api/brand',
  banner: '/api/banner',
  bannerProducts: '/api/banner-products',
  article: '/api/article',
  sitemap: '/api/sitemap',
  // Accounts (docs/api.md, "Accounts and sessions")
  auth: '/api/auth',
  adminLogin: '/api/admin/login',
  loginStatus: '/api/check-login-status',
  logout: '/api/logout',
  // The member's own data: download, delete the account
  account: '/api/account',
  // The same catalogue calls with the signed-in member's prices (final_price)
  userProduct: '/api/user/product',
  userCategory: '/api/user/category',
  userBrand: '/api/user/brand',
  userBannerProducts: '/api/user/banner-products',
  // Shopping (SPEC section 7; the BFF's bff/cart, favorites, addresses, orders, payments)
  cart: '/api/cart',
  favorites: '/api/favorites',
  addresses: '/api/shipping-addresses',
  order: '/api/order',
  orders: '/api/orders',
  payment: '/api/payment',
  // WeChat: a page's JS-SDK configuration (its share card, /js-config), sign-in (/signin) and binding
  wechat: '/api/wechat',
  // The owner's console (docs/api.md, "Admin calls")
  adminProducts: '/api/admin/products',
  adminCategories: '/api/admin/categories',
  adminBrands: '/api/admin/brands',
  adminAudit: '/api/admin/audit',
  adminOrders: '/api/admin/orders',
  adminCustomers: '/api/admin/customers',
  adminDashboard: '/api/admin/dashboard',
  adminPaymentProviders: '/api/admin/payments/providers',
  adminWechatSettings: '/api/admin/wechat/settings',
  adminBanners: '/api/admin/banners',
  adminArticles: '/api/admin/articles',
  adminSettings: '/api/admin/settings',
};

export const TOKEN_KEY = 'Token';
// The BFF hands a fresh token in this response header when the current one is half spent.
export const RENEWED_TOKEN_HEADER = 'x-renewed-token';
export const REQUEST_TIMEOUT_MS = 20000;
export const SORTS = ['recommend', 'newest', 'popular', 'cheapest', 'expensive'];
export const DEFAULT_SORT = 'recommend';
