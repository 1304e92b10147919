// English: see strings.js.
export const en = {
  'search.placeholder': 'Search products',
  'search.submit': 'Search',
  'search.title': 'Results for: {q}',
  'search.titleEmpty': 'Search results',
};
