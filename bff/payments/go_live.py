"""The console's go-live helper for a shop's own WeChat Pay or Alipay account: which fields each
account kind needs, in the owner's words; the notify URLs and domains to register at the
provider, for the shop's own host; and a connection test (one authenticated read-only call).

What to register, from the providers' pages: WeChat Pay's notify_url must be reachable from the
internet, https and without a query string (the order pages,
https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter4_1_30.shtml); refunds notify
their own notify_url (https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_2_9.shtml);
H5 needs the shop's domain registered (H5 development guide,
https://pay.weixin.qq.com/wiki/doc/api/wxpay/en/fusion_wallet/H5Payment/chapter3_2.shtml) and JSAPI
its payment directory and the official account's web authorisation domain. Alipay posts to the
notify_url given with each payment (https://opendocs.alipay.com/open/203/105286)."""

from sqlalchemy.orm import Session

from bff.payments import services
from bff.payments.messages import text
from bff.payments.provider_configs import KINDS, get_config, label, required_fields
from bff.shops.models import Shop

ACCOUNT_KINDS = {
    "wechat_pay": ("global", "domestic"),
    "alipay": ("NZD", "CNY"),
    "stripe": ("NZD",),
    "airwallex": ("NZD",),
    "antom": ("NZD",),
}
_REGISTER = {
    # key: (Chinese, English)
    "notify": ("支付结果通知地址（notify_url）", "Payment notify URL (notify_url)"),
    "refund_notify": ("退款结果通知地址", "Refund notify URL"),
    "h5_domain": ("H5支付域名", "H5 payment domain"),
    "jsapi_directory": ("JSAPI支付授权目录", "JSAPI payment directory"),
    "oauth_domain": ("公众号网页授权域名", "Official account web authorisation domain"),
}


def _say(language: str, key: str) -> str:
    zh, en = _REGISTER[key]
    return en if language == "en" else zh


def guide(session: Session, shop: Shop, kind: str) -> dict:
    get_config(session, shop, kind)  # an unknown kind: 404 in the shop's language
    language = shop.language
    need = {}
    for account in ACCOUNT_KINDS.get(kind, ()):
        for name in required_fields(kind, account):
            need.setdefault(name, []).append(account)
    rows = [
        {
            "name": f.name,
            "label": label(language, f.name),
            "secret": f.secret,
            "required_for": need.get(f.name, []),
        }
        for f in KINDS[kind]
    ]
    site = (shop.site_url or "").rstrip("/")
    hosts = sorted(d.hostname for d in shop.domains) or [site.split("//")[-1]]
    register = [{"label": _say(language, "notify"), "value": f"{site}/api/payment/notify/{kind}"}]
    if kind == "wechat_pay":
        register += [
            {
                "label": _say(language, "refund_notify"),
                "value": f"{site}/api/payment/notify/wechat_pay/refund",
            },
            {"label": _say(language, "jsapi_directory"), "value": f"{site}/pay/"},
            *({"label": _say(language, "h5_domain"), "value": host} for host in hosts),
            *({"label": _say(language, "oauth_domain"), "value": host} for host in hosts),
        ]
    return {"kind": kind, "fields_": rows, "register": register}


def try_connection(session: Session, shop: Shop, kind: str) -> dict:
    """{"ok", "message"}: the saved account tried with one read-only call."""
    language = shop.language
    get_config(session, shop, kind)
    problem = services.check_connection(session, shop, kind)
    if problem is None:
        return {"ok": True, "message": text(language, "connection_ok")}
    if problem == "not_configured":
        return {"ok": False, "message": text(language, "connection_not_configured")}
    return {"ok": False, "message": text(language, "connection_failed", reason=problem[:200])}
