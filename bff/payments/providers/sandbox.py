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
from bff.payments.charges import PRICE_CURRENCY, Charge, charge_for
from bff.payments.providers.base import (
    BadNotification,
    PaymentContext,
    PaymentEvent,
    PaymentStart,
    RefundResult,
)
from bff.pricing.rules import yuan

SIGNATURE_HEADER = "X-Sandbox-Signature"
PAGE_LIFETIME_SECONDS = 3600

# The page's own few words, in the shop's language (a test page of the provider, not the shop's).
_TEXTS = {
    "zh": {
        "lang": "zh-CN",
        "title": "模拟支付",
        "order": "订单号",
        "amount": "支付金额",
        "pay": "确认支付",
        "fail": "模拟支付失败",
        "note": "内置模拟支付的测试页面：不会产生真实扣款。",
    },
    "en": {
        "lang": "en",
        "title": "Sandbox payment",
        "order": "Order",
        "amount": "Amount",
        "pay": "Pay",
        "fail": "Fail",
        "note": "Test page of the built-in sandbox provider: no money moves.",
    },
}

_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{title} - {shop}</title>
<style>*{{box-sizing:border-box}}
body{{margin:0;background:#f9fafb;color:#111827;
font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}}
main{{max-width:26rem;margin:2.5rem auto;padding:0 1rem}}
.card{{background:#fff;border-radius:1rem;padding:1.5rem;
box-shadow:0 1px 2px #0000000d;border:1px solid #f3f4f6}}
h1{{font-size:1.25rem;margin:0 0 .25rem}} .shop{{color:#4b5563;margin:0 0 1.25rem}}
dl{{display:grid;grid-template-columns:auto 1fr;grid-gap:.5rem 1rem;margin:0 0 1.5rem}}
dt{{color:#6b7280}} dd{{margin:0;text-align:right}}
.yuan{{color:#be123c;font-size:1.5rem;font-weight:600}}
.nzd{{color:#4b5563;font-size:.9rem;margin-left:.5rem}}
button{{display:block;width:100%;font-size:1rem;padding:.75rem;border-radius:.75rem;border:0;cursor:pointer}}
#pay{{background:#be123c;color:#fff;font-weight:600;margin-bottom:.75rem}}
#fail{{background:#fff;color:#374151;border:1px solid #d1d5db}}
small{{display:block;margin-top:1rem;color:#6b7280;text-align:center}}</style></head>
<body><main><div class="card"><h1>{title}</h1><p class="shop">{shop}</p>
<dl><dt>{order_label}</dt><dd><strong id="order-number">{order}</strong></dd>
<dt>{amount_label}</dt>
<dd id="amount"><span class="yuan">{yuan}</span><span class="nzd">NZ${amount}</span></dd></dl>
<form method="post"><button name="outcome" value="paid" id="pay">{pay}</button>
<button name="outcome" value="failed" id="fail">{fail}</button></form></div>
<small>{note}</small></main></body></html>"""


class SandboxProvider:
    name = "sandbox"

    def __init__(self, secret: str):
        self.secret = secret
        self._tokens = URLSafeTimedSerializer(secret, salt="sandbox-payment-page")

    def quote(self, shop, order) -> Charge:
        return charge_for(order.total_price, PRICE_CURRENCY, None)

    def create_payment(
        self, shop, order, context: PaymentContext, charge: Charge | None = None
    ) -> PaymentStart:
        origin = context.origin
        # The page is served on the shopper's origin (through the SSR proxy) and the signed token
        # carries that origin, so paying returns there: same host, same localStorage, same login.
        data = {"s": shop.id, "o": order.order_number, "a": f"{order.total_price:.2f}", "r": origin}
        return PaymentStart("redirect", url=f"{origin}/api/payment/sandbox/{self._tokens.dumps(data)}")

    def query(self, order, reference: str) -> PaymentEvent | None:
        return None  # the sandbox's page notifies at once; there is nothing to ask

    def refund(
        self, order, transaction_id: str, refund_number: str, amount, reason: str, charge=None
    ) -> RefundResult:
        return RefundResult(refund_id=f"sbx_refund_{refund_number}", status="succeeded")

    def read_page_token(self, token: str) -> dict | None:
        """{"s": shop id, "o": order number, "a": amount, "r": return origin} of a page, or None."""
        try:
            return self._tokens.loads(token, max_age=PAGE_LIFETIME_SECONDS)
        except BadToken:
            return None

    def payment_page(
        self, shop_name: str, order_number: str, amount: str, language: str = "zh", rate=None
    ) -> str:
        """The HTML of the payment page in the shop's language, the amount in yuan (at `rate`) and
        NZ dollars, with Pay and Fail buttons that post back to it."""
        texts = _TEXTS["en" if language == "en" else "zh"]
        return _PAGE.format(
            lang=texts["lang"],
            title=escape(texts["title"]),
            shop=escape(shop_name),
            order_label=escape(texts["order"]),
            order=escape(order_number),
            amount_label=escape(texts["amount"]),
            yuan=f"¥{yuan(amount, rate)}" if rate else "",
            amount=escape(amount),
            pay=escape(texts["pay"]),
            fail=escape(texts["fail"]),
            note=escape(texts["note"]),
        )

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
