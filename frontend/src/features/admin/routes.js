// The owner's console's screens: path and the name the console's chunk (features/admin/index.js)
// exports it by. Nothing here imports the console: app/routes.jsx loads its chunk with import()
// once the admin guard has let an admin through, so a shopper's pages never download it. Every
// screen is private (under /admin: noindex, never in the SSR's page cache). Titled in the browser
// by the console's layout, which also shows each screen only to a role that may use its area
// (features/admin/AdminLayout.jsx); the server's head is the parent route's.
export const SCREENS = [
  { index: true, screen: 'ProductListPage' },
  { path: 'products', screen: 'ProductListPage' },
  { path: 'products/new', screen: 'ProductEditorPage' },
  { path: 'products/:id', screen: 'ProductEditorPage' },
  { path: 'audit', screen: 'AuditPage' },
  { path: 'dashboard', screen: 'DashboardPage' },
  { path: 'orders', screen: 'OrderListPage' },
  { path: 'orders/:number', screen: 'OrderDetailPage' },
  { path: 'shipping', screen: 'ShippingPage' },
  { path: 'packing-slips', screen: 'PackingSlipsPage' },
  { path: 'customers', screen: 'CustomerListPage' },
  { path: 'customers/:id', screen: 'CustomerDetailPage' },
  { path: 'payments', screen: 'PaymentProvidersPage' },
  { path: 'wechat', screen: 'WechatSettingsPage' },
  { path: 'content/:kind', screen: 'ContentListPage' },
  { path: 'content/:kind/:id', screen: 'ContentEditorPage' },
  { path: 'settings', screen: 'SettingsPage' },
  { path: 'bulk', screen: 'BulkPage' },
  { path: 'promotions', screen: 'PromotionsPage' },
  { path: 'staff', screen: 'StaffPage' },
  { path: 'security', screen: 'TwoFactorPage' },
  { path: '*', screen: 'AdminNotFound' },
];
