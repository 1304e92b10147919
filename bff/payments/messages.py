"""What the payment calls say, by shop language ('en' is English, anything else Chinese)."""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "order_not_payable": ("该订单不是待付款状态", "This order is not awaiting payment"),
    "amount_mismatch": ("支付金额与订单金额不一致", "The amount is not the order's total"),
    "direct_payment_disabled": ("本店未开通在线支付", "Online payment is not available in this shop"),
}

text = MessageTable(_MESSAGES).text
