"""What the cart calls say, by shop language ('en' is English, anything else Chinese).
The Chinese texts SPEC gives are used as written."""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "sold_out": ("已售罄，没有添加购物车", "Sold out, not added to the cart"),
    "exceeds_stock": ("库存不足，最多只能购买{stock}件", "Only {stock} left in stock"),
    "variant_required": ("请选择商品规格", "Please choose an option of this product"),
    "product_not_found": ("商品不存在或已下架", "Product not found"),
    "cart_full": ("购物车商品太多，请先结算或删除部分商品", "Your cart is full"),
    "quantity_invalid": ("数量无效", "The quantity is not valid"),
}

text = MessageTable(_MESSAGES).text
