"""The payment providers a shop offers: the real ones its owner configured and switched on
(WeChat Pay, Alipay, Stripe, Antom, Airwallex: bff/payments/provider_configs.py), or, only where
the sandbox is switched on (`PAYMENT_SANDBOX_ENABLED`: `make start`, the tests) and the shop has
no real one, the sandbox. Production never offers the sandbox.

`PROVIDER_CLASSES` is the one register of provider kinds: each class says, in its `methods`, which
payment methods (bff/payments/methods.py: wechat_pay, alipay, card) it can serve, the first being
the one it serves when the owner chose none. A new kind is registered here (and its fields in
provider_configs.KINDS, its construction in `build_provider`); nothing else names it."""

from flask import current_app

from bff.common.encryption import SecretsUnreadable
from bff.payments.provider_configs import all_configs, enabled_configs, secrets_of
from bff.payments.providers.airwallex import AirwallexProvider
from bff.payments.providers.alipay import AlipayProvider
from bff.payments.providers.antom import AntomProvider
from bff.payments.providers.base import PaymentProvider
from bff.payments.providers.sandbox import SandboxProvider
from bff.payments.providers.stripe_checkout import StripeProvider
from bff.payments.providers.wechat_pay import WechatPayProvider

PROVIDER_CLASSES: dict[str, type] = {
    "wechat_pay": WechatPayProvider,
    "alipay": AlipayProvider,
    "stripe": StripeProvider,
    "antom": AntomProvider,
    "airwallex": AirwallexProvider,
}
REAL = tuple(PROVIDER_CLASSES)


def methods_of(kind: str) -> tuple[str, ...]:
    """The payment methods a provider kind can serve, its default one first (none: the sandbox)."""
    return tuple(getattr(PROVIDER_CLASSES.get(kind), "methods", ()))


def sandbox_provider() -> SandboxProvider | None:
    config = current_app.config
    if not config["PAYMENT_SANDBOX_ENABLED"]:
        return None
    return SandboxProvider(config["PAYMENT_SANDBOX_SECRET"])


def build_provider(shop_id: int, site_url: str, kind: str, settings: dict, secrets: dict) -> PaymentProvider:
    """The provider of a configuration; ValueError when its keys do not load."""
    config = current_app.config
    notify_url = f"{site_url.rstrip('/')}/api/payment/notify/{kind}"
    if kind == "wechat_pay":
        cert_dir = config["VAR_DIR"] / "wechatpay" / str(shop_id)
        gateways = {
            "domestic": config["WECHATPAY_GATEWAY_URL"],
            "global": config["WECHATPAY_GLOBAL_GATEWAY_URL"],
        }
        return WechatPayProvider(settings, secrets, gateways, notify_url, cert_dir, f"{notify_url}/refund")
    if kind == "stripe":
        return StripeProvider(settings, secrets, config["STRIPE_API_BASE"], notify_url)
    if kind == "airwallex":  # WeChat Pay through the acquirer
        return AirwallexProvider(settings, secrets, config["AIRWALLEX_API_BASE"], notify_url)
    if kind == "antom":
        return AntomProvider(settings, secrets, config["ANTOM_GATEWAY_URL"], notify_url)
    return AlipayProvider(settings, secrets, config["ALIPAY_GATEWAY_URL"], notify_url)


def check_keys(shop):
    """A check for provider_configs.configure: the keys load into the provider."""

    def check(kind: str, settings: dict, secrets: dict) -> None:
        build_provider(shop.id, shop.site_url or "http://localhost", kind, settings, secrets)

    return check


def real_providers(session, shop, include_disabled: bool = False) -> dict[str, PaymentProvider]:
    providers = {}
    keys = current_app.config["PAYMENT_SECRETS_KEY"]
    configs = all_configs(session, shop) if include_disabled else enabled_configs(session, shop)
    for config in configs:
        try:
            providers[config.kind] = build_provider(
                shop.id, shop.site_url or "", config.kind, config.settings, secrets_of(config, keys)
            )
        except (ValueError, KeyError, SecretsUnreadable) as exc:
            current_app.logger.error("payment: shop %s: %s is misconfigured: %s", shop.id, config.kind, exc)
    return providers


def shop_providers(session, shop) -> dict[str, PaymentProvider]:
    """The shop's providers by name, in the order the storefront offers them."""
    providers = real_providers(session, shop)
    if not providers:
        sandbox = sandbox_provider()
        if sandbox:
            providers["sandbox"] = sandbox
    return providers


def get_provider(session, shop, name: str) -> PaymentProvider | None:
    """The provider `name` of the shop (for its notifications), or None. The sandbox only for a
    shop with no real provider: its notifications are worth nothing where money is real."""
    if name == "sandbox":
        return shop_providers(session, shop).get("sandbox")
    return real_providers(session, shop).get(name) if name in REAL else None
