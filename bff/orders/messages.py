"""What the shopping calls (cart, wish list, addresses, orders, payment) say, by shop language
('en' is English, anything else Chinese). The Chinese texts SPEC gives are used as written."""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "sold_out": ("已售罄，没有添加购物车", "Sold out, not added to the cart"),
    "exceeds_stock": ("库存不足，最多只能购买{stock}件", "Only {stock} left in stock"),
    "variant_required": ("请选择商品规格", "Please choose an option of this product"),
    "product_not_found": ("商品不存在或已下架", "Product not found"),
    "cart_full": ("购物车商品太多，请先结算或删除部分商品", "Your cart is full"),
    "quantity_invalid": ("数量无效", "The quantity is not valid"),
    "name_required": ("请输入收件人姓名", "Please enter the recipient's name"),
    "contact_required": ("请输入收件人电话", "Please enter the recipient's phone number"),
    "address_required": ("请输入收件人地址", "Please enter the recipient's address"),
    "city_required": ("请输入收件人城市/省份", "Please enter the recipient's city or province"),
    "country_required": ("请选择国家", "Please choose a country"),
    "nz_address": ("地址不正确，请使用英文填写地址信息。", "地址不正确，请使用英文填写地址信息。"),
    "too_long": ("输入内容过长", "This field is too long"),
    "address_book_full": ("地址太多，请先删除部分地址", "Your address book is full"),
    "address_not_found": ("地址不存在", "Address not found"),
    "no_shipping_method": ("不能生成订单，没有可用的发货方式。", "不能生成订单，没有可用的发货方式。"),
    "shipping_method_unavailable": (
        "所选发货方式不可用，请重新选择。",
        "The chosen shipping method is not available for this address.",
    ),
    "cart_empty": ("购物车是空的", "Your cart is empty"),
    "prices_changed": (
        "商品价格或运费已变化，请确认最新金额后重新提交订单。",
        "Prices or the shipping fee have changed. Please check the new amounts and order again.",
    ),
    "out_of_stock": ("{name} 库存不足，无法生成订单。", "Not enough stock of {name} for this order."),
    "order_not_found": ("订单不存在", "Order not found"),
    "order_not_cancellable": ("只能取消待付款的订单", "Only unpaid orders can be cancelled"),
    "order_cancelled": ("取消订单成功。", "Order cancelled."),
    "order_not_payable": ("该订单不是待付款状态", "This order is not awaiting payment"),
    "amount_mismatch": ("支付金额与订单金额不一致", "The amount is not the order's total"),
    "direct_payment_disabled": ("本店未开通在线支付", "Online payment is not available in this shop"),
    "invalid_request": ("请求无效", "The request is not valid."),
}


_TABLE = MessageTable(_MESSAGES)
text = _TABLE.text
is_key = _TABLE.is_key
