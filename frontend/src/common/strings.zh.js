// Chinese: see strings.js.
export const zh = {
  'sort.label': '排序',
  'sort.recommend': '推荐',
  'sort.newest': '最新',
  'sort.popular': '人气',
  'sort.cheapest': '价格最低',
  'sort.expensive': '价格最高',
  'page.prev': '上一页',
  'page.next': '下一页',
  'page.label': '分页',
  'stock.inStock': '现货充足',
  'stock.onlyLeft': '仅剩 {n} 件',
};
