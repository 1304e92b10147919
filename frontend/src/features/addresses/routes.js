// The address book, to manage or to choose from (app/routes.jsx assembles every feature's; the
// fields: features/account/routes.js).

export const ROUTES = [
  {
    path: 'choose-address',
    page: () => import('./AddressBook.jsx'),
    props: { titleKey: 'address.choose', choosing: true },
    titleKey: 'address.choose',
    private: true,
    frame: 'account',
  },
  {
    path: 'address-management',
    page: () => import('./AddressBook.jsx'),
    props: { titleKey: 'account.addresses' },
    titleKey: 'account.addresses',
    private: true,
    frame: 'account',
  },
];
