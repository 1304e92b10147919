// Chinese: see strings.js.
export const zh = {
  'search.placeholder': '搜索商品',
  'search.submit': '搜索',
  'search.title': '搜索结果：{q}',
  'search.titleEmpty': '搜索结果',
};
