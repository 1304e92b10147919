// The wish list's route (app/routes.jsx assembles every feature's; the fields: features/account/routes.js).

export const ROUTES = [
  {
    path: 'favorite',
    page: () => import('./FavoritesPage.jsx'),
    titleKey: 'account.favorite',
    private: true,
    frame: 'account',
  },
];
