"""The payment providers a shop offers: the real ones its owner configured (WeChat Pay, Alipay),
or, only where the sandbox is switched on (`PAYMENT_SANDBOX_ENABLED`: `make start`, the tests)
and the shop has no real one, the sandbox. Production never offers the sandbox."""

from flask import current_app

from bff.payments.providers.base import PaymentProvider
from bff.payments.providers.sandbox import SandboxProvider


def sandbox_provider() -> SandboxProvider | None:
    config = current_app.config
    if not config["PAYMENT_SANDBOX_ENABLED"]:
        return None
    return SandboxProvider(config["PAYMENT_SANDBOX_SECRET"])


def shop_providers(session, shop) -> dict[str, PaymentProvider]:
    """The shop's providers by name, in the order the storefront offers them."""
    sandbox = sandbox_provider()
    return {"sandbox": sandbox} if sandbox else {}


def get_provider(session, shop, name: str) -> PaymentProvider | None:
    """The provider `name` of the shop (for its notifications), or None."""
    if name == "sandbox":
        return sandbox_provider()
    return shop_providers(session, shop).get(name)
