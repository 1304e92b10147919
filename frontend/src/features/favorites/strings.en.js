// English: see strings.js.
export const en = {
  'favorite.toggle': 'Wish list',
  'favorite.added': 'Added to wish list',
  'favorite.removed': 'Removed from wish list',
  'favorite.empty': 'Your wish list is empty',
};
