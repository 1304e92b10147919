// Texts of the search box and the search results.
export const zh = {
  'search.placeholder': '搜索商品',
  'search.submit': '搜索',
  'search.title': '搜索结果：{q}',
  'search.titleEmpty': '搜索结果',
};

export const en = {
  'search.placeholder': 'Search products',
  'search.submit': 'Search',
  'search.title': 'Results for: {q}',
  'search.titleEmpty': 'Search results',
};
