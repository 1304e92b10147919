// What the console shows each role: the areas of the BFF's table (bff/accounts/roles.py), as the
// signed-in user's `console_areas` lists them. The BFF refuses the rest (403) whatever is shown.

/** The areas the user may use. */
export const areasOf = (user) => new Set(user?.console_areas ?? []);

/** May `user` use `area`? (No area: the owner's alone.) */
export const allowed = (user, area) => (area ? areasOf(user).has(area) : user?.role === 'owner');

// An order action's area (the order detail offers only the ones the role may take).
export const ACTION_AREAS = {
  mark_paid: 'orders_money',
  cancel: 'orders_money',
  refund: 'orders_money',
  reject_payment: 'orders_money',
  revive: 'orders_money',
  ship: 'orders_ship',
  edit_address: 'orders_edit',
};
