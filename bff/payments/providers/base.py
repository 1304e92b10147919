"""What a payment provider is to the shop: it starts a payment for an order (a page to go to, a
QR code to show, or the parameters of WeChat's in-app payment), turns the provider's
server-to-server notification into a verified event, asks the provider about an order whose
notification never came, and refunds. Implementations: the sandbox, WeChat Pay, Alipay, Stripe,
Antom (registered in bff/payments/providers/__init__.py, each with the payment methods it serves)."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Protocol

from bff.payments.charges import Charge


class BadNotification(Exception):
    """The notification is not authentic (signature, freshness) or cannot be read."""


class NotAPayment(Exception):
    """An authentic notification that pays nothing (a trade created or closed): acknowledged as
    the provider wants, so that it stops resending, and nothing is recorded."""


class ProviderError(Exception):
    """The provider refused a call or could not be reached (the message is for the log)."""


@dataclass(frozen=True)
class PaymentEvent:
    provider: str
    transaction_id: str
    order_number: str
    amount: Decimal  # in `currency`
    outcome: str  # "paid" or "failed"
    currency: str | None = None  # None: the shop's prices' (the sandbox)
    reference: str | None = None  # the attempt's trade number (its charge is compared exactly)


@dataclass(frozen=True)
class PaymentContext:
    """Where the shopper pays from: the shop origin they use (already checked against the shop's
    domains), the device ("wechat" in WeChat's browser, "mobile", "desktop"), their address as the
    trusted proxy saw it (WeChat H5 wants it: none is never replaced by a made-up one), inside
    WeChat their openid for the shop's official account, and when the order is released unpaid
    (the trade's expiry)."""

    origin: str
    device: str = "desktop"
    client_ip: str = ""
    openid: str | None = None
    expires_at: datetime | None = None
    user_agent: str = ""  # the browser's, for providers that want the phone's system (Antom's WAP)
    method: str | None = None  # the payment method chosen (bff/payments/methods.py), when one was


@dataclass(frozen=True)
class PaymentStart:
    """How the shopper continues: "redirect" to `url`, show `qr_code` ("qr"), or call WeChat's
    in-app payment with `jsapi` ("jsapi")."""

    flow: str
    reference: str | None = None  # the provider's trade number of this attempt, to query it later
    url: str | None = None
    qr_code: str | None = None
    jsapi: dict | None = None
    charge: Charge | None = None  # what it charges (set by bff/payments/services.py)


@dataclass(frozen=True)
class RefundEvent:
    """A provider's verified word on one of our refunds (its notification or query)."""

    provider: str
    refund_number: str  # ours (out_refund_no, out_request_no)
    status: str  # "succeeded", "processing", "abnormal" (stuck, for the merchant by hand) or "failed"


@dataclass(frozen=True)
class RefundResult:
    refund_id: str  # the provider's id of the refund
    status: str  # "succeeded", "processing", "abnormal" or "failed", as the provider says
    amount: Decimal | None = None  # what was asked back, in `currency` (set by bff/payments/services.py)
    currency: str | None = None


class PaymentProvider(Protocol):
    name: str

    def quote(self, shop, order) -> Charge:
        """What paying `order` would charge now (its total, converted where the account needs)."""

    def create_payment(self, shop, order, context: PaymentContext, charge: Charge) -> PaymentStart:
        """Start paying `order` from where `context` says, charging `charge` (fixed by the first
        attempt: a later one charges the same)."""

    def parse_notification(self, body: bytes, headers) -> PaymentEvent:
        """Verify a notification's raw body and headers; raise BadNotification otherwise."""

    def query(self, order, reference: str) -> PaymentEvent | None:
        """The provider's word on the attempt `reference` to pay `order` (paid, with its
        transaction), or None while unpaid or never started."""

    def refund(
        self,
        order,
        transaction_id: str,
        refund_number: str,
        amount: Decimal,
        reason: str,
        charge: Charge | None = None,
    ) -> RefundResult:
        """Refund `amount` (in the currency of `charge`, what the payment charged) of the payment
        `transaction_id` of `order`; `refund_number` is ours and makes a retry of the same
        refund safe."""
