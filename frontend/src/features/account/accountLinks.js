// The account area's pages, in the header's account menu and the account side menu.
export const ACCOUNT_LINKS = [
  ['/favorite', 'account.favorite'],
  ['/order-list', 'account.orders'],
  ['/address-management', 'account.addresses'],
  ['/user-profile', 'account.profile'],
];
