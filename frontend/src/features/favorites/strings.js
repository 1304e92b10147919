// Texts of the wish list.
export const zh = {
  'favorite.toggle': '收藏',
  'favorite.added': '已加入收藏',
  'favorite.removed': '已取消收藏',
  'favorite.empty': '您的收藏夹还是空的',
};

export const en = {
  'favorite.toggle': 'Wish list',
  'favorite.added': 'Added to wish list',
  'favorite.removed': 'Removed from wish list',
  'favorite.empty': 'Your wish list is empty',
};
