// The member's orders (app/routes.jsx assembles every feature's; the fields: features/account/routes.js).

export const ROUTES = [
  {
    path: 'order-list',
    page: () => import('./OrderListPage.jsx'),
    titleKey: 'account.orders',
    private: true,
    frame: 'account',
  },
  {
    path: 'order-detail/:id',
    page: () => import('./OrderDetailPage.jsx'),
    titleKey: 'account.orders',
    private: true,
    frame: 'account',
  },
  {
    path: 'order-summary/:orderNumber',
    page: () => import('./OrderSummaryPage.jsx'),
    titleKey: 'order.summaryTitle',
    private: true,
    frame: 'member',
  },
];
