"""What a payment provider is to the shop: it makes a payment page for an order, and it turns
the provider's server-to-server notification into a verified event. WeChat Pay, Alipay or
Stripe are further implementations of this protocol, registered in bff/payments/providers/__init__.py."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol


class BadNotification(Exception):
    """The notification is not authentic (signature, freshness) or cannot be read."""


@dataclass(frozen=True)
class PaymentEvent:
    provider: str
    transaction_id: str
    order_number: str
    amount: Decimal
    outcome: str  # "paid" or "failed"


class PaymentProvider(Protocol):
    name: str

    def create_payment(self, shop, order, origin: str) -> str:
        """The URL of the provider's payment page for `order`; the shopper returns to `origin`
        (the shop's origin the shopper is using, already checked against the shop's domains)."""

    def parse_notification(self, body: bytes, headers) -> PaymentEvent:
        """Verify a notification's raw body and headers; raise BadNotification otherwise."""
