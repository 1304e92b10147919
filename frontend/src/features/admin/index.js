// The owner's console: one chunk, loaded lazily by the route table (app/routes.jsx) once the
// admin guard lets an admin through. Its texts come with it (app/texts.js installLazyTexts).
export * as strings from './strings.js';
export { default as AdminLayout, AdminNotFound } from './AdminLayout.jsx';
export { default as ProductListPage } from './ProductListPage.jsx';
export { default as ProductEditorPage } from './ProductEditorPage.jsx';
export { default as AuditPage } from './AuditLog.jsx';
// Orders, customers and the dashboard (features/admin/orders, features/admin/customers), with their texts.
export * as orderStrings from './orders/strings.js';
export * as customerStrings from './customers/strings.js';
export { default as OrderListPage } from './orders/OrderListPage.jsx';
export { default as OrderDetailPage } from './orders/OrderDetailPage.jsx';
export { default as DashboardPage } from './orders/DashboardPage.jsx';
export { default as ShippingPage } from './orders/ShippingPage.jsx';
export { default as PackingSlipsPage } from './orders/PackingSlipsPage.jsx';
export { default as CustomerListPage } from './customers/CustomerListPage.jsx';
export { default as CustomerDetailPage } from './customers/CustomerDetailPage.jsx';
export { default as PaymentProvidersPage } from './PaymentProvidersPage.jsx';
export { default as WechatSettingsPage } from './wechat/WechatSettingsPage.jsx';
export { default as ContentListPage } from './content/ContentListPage.jsx';
export { default as ContentEditorPage } from './content/ContentEditorPage.jsx';
export { default as SettingsPage } from './settings/SettingsPage.jsx';
export { default as BulkPage } from './bulk/BulkPage.jsx';
// Promotions (features/admin/promotions): codes, 满减 tiers, free-shipping thresholds.
export * as promotionStrings from './promotions/strings.js';
export { default as PromotionsPage } from './promotions/PromotionsPage.jsx';
export { default as StaffPage } from './people/StaffPage.jsx';
export { default as TwoFactorPage } from './people/TwoFactorPage.jsx';
