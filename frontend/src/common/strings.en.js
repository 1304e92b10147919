// English: see strings.js.
export const en = {
  'sort.label': 'Sort',
  'sort.recommend': 'Recommended',
  'sort.newest': 'Newest',
  'sort.popular': 'Popular',
  'sort.cheapest': 'Cheapest',
  'sort.expensive': 'Most expensive',
  'page.prev': 'Previous',
  'page.next': 'Next',
  'page.label': 'Pagination',
  'stock.inStock': 'In Stock',
  'stock.onlyLeft': 'Only {n} Left',
};
