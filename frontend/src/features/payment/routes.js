// Paying for an order (app/routes.jsx assembles every feature's; the fields: features/account/routes.js).

export const ROUTES = [
  {
    path: 'payment-info',
    page: () => import('./PaymentInfoPage.jsx'),
    titleKey: 'payment.title',
    private: true,
    frame: 'member',
  },
  {
    path: 'pay/:orderNumber',
    page: () => import('./PayPage.jsx'),
    titleKey: 'pay.title',
    private: true,
    frame: 'member',
  },
  {
    path: 'wechat-callback',
    page: () => import('./WechatCallbackPage.jsx'),
    titleKey: 'pay.title',
    private: true,
    frame: 'member',
  },
];
