// Chinese: see strings.js.
export const zh = {
  'cart.title': '购物车',
  'cart.empty': '购物车是空的',
  'cart.add': '加入购物车',
  'cart.soldOutNotAdded': '已售罄，没有添加购物车',
  'cart.added': '已加入购物车',
  'cart.subtotal': '小计',
  'cart.checkout': '去结算',
  'cart.continue': '继续购物',
  'cart.shippingNote': '运费在结算时计算',
  'cart.remove': '删除',
  'cart.decrease': '减少',
  'cart.increase': '增加',
  'cart.quantity': '数量',
  'cart.close': '关闭购物车',
};
