"""What the payment calls say, by shop language ('en' is English, anything else Chinese)."""

from bff.common.messages import MessageTable

_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "order_not_payable": ("该订单不是待付款状态", "This order is not awaiting payment"),
    "amount_mismatch": ("支付金额与订单金额不一致", "The amount is not the order's total"),
    "direct_payment_disabled": ("本店未开通在线支付", "Online payment is not available in this shop"),
    "payment_unavailable": (
        "本店暂未开通在线支付，请按付款说明扫码付款",
        "Online payment is not available in this shop yet; please pay by QR code as described",
    ),
    "provider_unavailable": ("本店不支持该支付方式", "This shop does not offer that payment method"),
    "provider_failed": (
        "支付服务暂时不可用，请稍后再试",
        "The payment service is unavailable; please try again later",
    ),
}

text = MessageTable(_MESSAGES).text
