// Checkout (app/routes.jsx assembles every feature's; the fields: features/account/routes.js).

export const ROUTES = [
  {
    path: 'checkout',
    page: () => import('./CheckoutPage.jsx'),
    titleKey: 'checkout.title',
    private: true,
    frame: 'member',
  },
];
