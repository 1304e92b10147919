// Chinese: see strings.js.
export const zh = {
  'favorite.toggle': '收藏',
  'favorite.added': '已加入收藏',
  'favorite.removed': '已取消收藏',
  'favorite.empty': '您的收藏夹还是空的',
};
