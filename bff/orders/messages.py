"""What the order calls say, by shop language ('en' is English, anything else Chinese).
The Chinese texts SPEC gives are used as written."""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "no_shipping_method": (
        "不能生成订单，没有可用的发货方式。",
        "Cannot create the order: no shipping method is available.",
    ),
    "shipping_method_unavailable": (
        "所选发货方式不可用，请重新选择。",
        "The chosen shipping method is not available for this address.",
    ),
    "prices_changed": (
        "商品价格或运费已变化，请确认最新金额后重新提交订单。",
        "Prices or the shipping fee have changed. Please check the new amounts and order again.",
    ),
    "out_of_stock": ("{name} 库存不足，无法生成订单。", "Not enough stock of {name} for this order."),
    "order_not_found": ("订单不存在", "Order not found"),
    "order_not_cancellable": ("只能取消待付款的订单", "Only unpaid orders can be cancelled"),
    "order_cancelled": ("取消订单成功。", "Order cancelled."),
}

text = MessageTable(_MESSAGES).text
