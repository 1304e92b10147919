"""What the payment calls say, by shop language ('en' is English, anything else Chinese)."""

from bff.common.messages import TABLE as COMMON
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
    "wechat_login_required": ("请先授权微信登录后再支付", "Sign in with WeChat first to pay inside WeChat"),
    "wechat_login_unavailable": (
        "本店暂不支持在微信内付款，请在手机浏览器中打开本页面",
        "Paying inside WeChat is not available in this shop; open this page in your phone's browser",
    ),
    "wechat_state_invalid": ("微信授权已过期，请重新付款", "The WeChat sign-in expired; please pay again"),
    # The owner's provider settings
    "provider_kind_unknown": ("没有这种支付方式", "No such payment provider"),
    "provider_incomplete": ("开启前请先填写：{fields}", "Fill these in before switching it on: {fields}"),
    "provider_choice": ("{name} 只能是：{choices}", "{name} must be one of: {choices}"),
    "provider_field_required": ("开启前必须填写", "Required before switching it on"),
    "method_unknown": ("没有这种付款方式：{method}", "No such payment method: {method}"),
    "method_provider_unfit": (
        "{provider} 不能用于{method}",
        "{provider} cannot serve {method}",
    ),
    "connection_ok": (
        "连接成功：已用您保存的密钥调用了支付服务的只读接口。",
        "Connected: a read-only call with your saved keys succeeded.",
    ),
    "connection_not_configured": ("请先保存该支付方式的设置", "Save this provider's settings first"),
    "connection_failed": (
        "连接失败：{reason}。请检查商户号、证书序列号、私钥和APIv3密钥（支付宝：APPID和密钥）是否与商户平台一致。",
        "The connection failed: {reason}. Check that the merchant ID, serial number, private key "
        "and APIv3 key (Alipay: app ID and keys) match your merchant console.",
    ),
    "provider_keys_invalid": (
        "密钥或证书无法读取：{reason}",
        "A key or certificate cannot be read: {reason}",
    ),
    "if_match_required": (
        "保存前需要注明所编辑的版本（If-Match 请求头，取自读取时的 ETag）。请重新加载后再保存。",
        "Saving needs the version you edited (the If-Match header, from the ETag you loaded). "
        "Reload and save again.",
    ),
    "stale_version": (
        "支付设置在您打开之后已被他人修改并保存，本次保存未执行。请重新加载后再修改。",
        "The payment settings were saved by someone else after you opened them; yours were not "
        "saved. Reload them and make your change again.",
    ),
    "too_many_checks": (
        "查询付款结果过于频繁，请稍后再试。",
        "Too many checks of the payment. Please try again in a moment.",
    ),
    "payment_not_found": ("该订单没有可退款的支付记录", "This order has no payment to refund"),
    "provider_unavailable": ("本店不支持该支付方式", "This shop does not offer that payment method"),
    "provider_failed": (
        "支付服务暂时不可用，请稍后再试",
        "The payment service is unavailable; please try again later",
    ),
}

_TABLE = MessageTable(_MESSAGES, COMMON)
text = _TABLE.text
is_key = _TABLE.is_key
