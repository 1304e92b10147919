"""The built-in sandbox provider: its payment page is served by the BFF itself
(`/api/payment/sandbox/<token>`), and paying or failing there sends a notification signed like a
real provider's (bff/payments/signing.py: HMAC-SHA256 over the raw body with a timestamp)."""

import json
import secrets
from decimal import Decimal, InvalidOperation

from itsdangerous import BadSignature as BadToken
from itsdangerous import URLSafeTimedSerializer
from markupsafe import escape

from bff.json import loads_strict
from bff.payments import signing
from bff.payments.providers.base import (
    BadNotification,
    PaymentContext,
    PaymentEvent,
    PaymentStart,
    RefundResult,
)

SIGNATURE_HEADER = "X-Sandbox-Signature"
PAGE_LIFETIME_SECONDS = 3600

_PAGE = """<!doctype html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>Sandbox payment</title>
<style>body{{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}}
button{{font-size:1.1rem;padding:.6rem 1.4rem;margin-right:1rem}}</style></head>
<body><h1>Sandbox payment</h1><p>{shop}</p>
<p>Order <strong id="order-number">{order}</strong></p>
<p>Amount <strong id="amount">NZ$ {amount}</strong></p>
<form method="post"><button name="outcome" value="paid" id="pay">Pay</button>
<button name="outcome" value="failed" id="fail">Fail</button></form>
<p><small>Test page of the built-in sandbox provider: no money moves.</small></p></body></html>"""


class SandboxProvider:
    name = "sandbox"

    def __init__(self, secret: str):
        self.secret = secret
        self._tokens = URLSafeTimedSerializer(secret, salt="sandbox-payment-page")

    def create_payment(self, shop, order, context: PaymentContext) -> PaymentStart:
        origin = context.origin
        # The page is served on the shopper's origin (through the SSR proxy) and the signed token
        # carries that origin, so paying returns there: same host, same localStorage, same login.
        data = {"s": shop.id, "o": order.order_number, "a": f"{order.total_price:.2f}", "r": origin}
        return PaymentStart("redirect", url=f"{origin}/api/payment/sandbox/{self._tokens.dumps(data)}")

    def query(self, order, reference: str) -> PaymentEvent | None:
        return None  # the sandbox's page notifies at once; there is nothing to ask

    def refund(self, order, transaction_id: str, refund_number: str, amount, reason: str) -> RefundResult:
        return RefundResult(refund_id=f"sbx_refund_{refund_number}", status="succeeded")

    def read_page_token(self, token: str) -> dict | None:
        """{"s": shop id, "o": order number, "a": amount, "r": return origin} of a page, or None."""
        try:
            return self._tokens.loads(token, max_age=PAGE_LIFETIME_SECONDS)
        except BadToken:
            return None

    def payment_page(self, shop_name: str, order_number: str, amount: str) -> str:
        """The HTML of the payment page, with Pay and Fail buttons that post back to it."""
        return _PAGE.format(shop=escape(shop_name), order=escape(order_number), amount=escape(amount))

    def build_notification(self, order_number: str, amount: str, outcome: str) -> tuple[bytes, dict]:
        """The body and headers the sandbox 'bank' sends when the shopper pays or fails."""
        body = json.dumps(
            {
                "transaction_id": f"sbx_{secrets.token_hex(12)}",
                "order_number": order_number,
                "amount": amount,
                "outcome": outcome,
            }
        ).encode()
        return body, {SIGNATURE_HEADER: signing.sign(self.secret, body)}

    def parse_notification(self, body: bytes, headers) -> PaymentEvent:
        try:
            signing.verify(self.secret, body, headers.get(SIGNATURE_HEADER))
        except signing.BadSignature as exc:
            raise BadNotification(str(exc)) from exc
        try:
            data = loads_strict(body)  # numbers as Decimal; no NaN or Infinity literals
            event = PaymentEvent(
                provider=self.name,
                transaction_id=str(data["transaction_id"])[:128],
                order_number=str(data["order_number"])[:20],
                amount=Decimal(str(data["amount"])),
                outcome=str(data["outcome"]),
            )
        except (ValueError, KeyError, TypeError, InvalidOperation) as exc:
            raise BadNotification("unreadable notification") from exc
        if event.outcome not in ("paid", "failed"):
            raise BadNotification("unknown outcome")
        return event
