"""Payment providers by name. Add WeChat Pay, Alipay or Stripe here as other implementations of
bff/payments/providers/base.py's protocol, with their secrets in bff/config.py."""

from flask import current_app

from bff.payments.providers.base import PaymentProvider
from bff.payments.providers.sandbox import SandboxProvider


def get_provider(name: str | None = None) -> PaymentProvider | None:
    config = current_app.config
    providers = {"sandbox": lambda: SandboxProvider(config["PAYMENT_SANDBOX_SECRET"])}
    factory = providers.get(name or config["PAYMENT_PROVIDER"])
    return factory() if factory else None
