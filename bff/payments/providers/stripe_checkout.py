"""Cards, Apple Pay and Google Pay through Stripe's hosted Checkout page, with the official
`stripe` package (pinned in pyproject.toml): no card data ever reaches the shop.

Sources (Stripe's own documentation and package):
- Checkout Sessions, https://docs.stripe.com/api/checkout/sessions/create: `mode=payment`,
  `line_items[][price_data]` (currency, `unit_amount` in the smallest unit: NZD cents,
  https://docs.stripe.com/currencies), `success_url` with `{CHECKOUT_SESSION_ID}`, `cancel_url`,
  `client_reference_id` (our order number), `metadata`, and `expires_at`, which Stripe takes 30
  minutes to 24 hours after creation: the shop's unpaid-order release is clamped into that window
  and a session still open when the order is released is expired
  (POST /v1/checkout/sessions/{id}/expire, the `close` below).
- Fulfilment, https://docs.stripe.com/checkout/fulfillment: `checkout.session.completed` with
  `payment_status` paid, `checkout.session.async_payment_succeeded` / `_failed` for delayed
  methods; a completed session that is still unpaid pays nothing yet; the session read back
  (GET /v1/checkout/sessions/{id}) says the same when a webhook never comes (the sweep's `query`).
- Webhook signatures, https://docs.stripe.com/webhooks#verify-events: the package's own
  `stripe.Webhook.construct_event(payload, Stripe-Signature, endpoint secret, tolerance)` (the
  raw body; 300 s tolerance, the package's default, against replays of an old signed body).
- Idempotent requests, https://docs.stripe.com/api/idempotent_requests: every create and refund
  carries an `idempotency_key` of ours (the same order, origin and amount give the same
  session; a refund number gives one refund however often it is sent).
- Refunds, https://docs.stripe.com/api/refunds/create and /api/refunds/object: `payment_intent`
  and `amount`; `status` pending / requires_action (processing here), succeeded, failed or
  canceled (failed here, https://docs.stripe.com/refunds#failed-refunds); `refund.updated`
  events tell how a pending one ended, and GET /v1/refunds/{id} in the sweep.
- The package is pointed at a local fake in the tests through its documented API base
  (`stripe.api_base`; per client, `StripeClient(base_addresses={"api": ...})`,
  stripe/_base_address.py).

The amount and currency a webhook or the session read back reports are compared exactly with the
charge kept on the attempt (bff/payments/services.py), never trusted as such.
"""

import hashlib
import logging
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import stripe

from bff.payments.charges import PRICE_CURRENCY, Charge
from bff.payments.providers.base import (
    BadNotification,
    NotAPayment,
    PaymentContext,
    PaymentEvent,
    PaymentStart,
    ProviderError,
    RefundEvent,
    RefundResult,
)

log = logging.getLogger(__name__)
TOLERANCE_SECONDS = 300  # stripe.Webhook.DEFAULT_TOLERANCE, named here on purpose
SESSION_MIN = timedelta(minutes=61)  # Stripe: 30 minutes today (1 hour in 2022): safe for both
SESSION_MAX = timedelta(hours=23, minutes=59)  # and at most 24 hours
PAID_EVENTS = ("checkout.session.completed", "checkout.session.async_payment_succeeded")
FAILED_EVENTS = ("checkout.session.async_payment_failed",)
REFUND_EVENTS = ("refund.updated", "refund.failed", "charge.refund.updated")
REFUND_STATES = {
    "succeeded": "succeeded",
    "pending": "processing",
    "requires_action": "processing",
    "failed": "failed",
    "canceled": "failed",
}


def cents(amount: Decimal) -> int:
    return int((amount * 100).to_integral_exact())


class StripeProvider:
    name = "stripe"
    # bff/payments/methods.py: cards (with Apple Pay and Google Pay, which Checkout shows where the
    # device has them), and Alipay when the owner gives it to Stripe (payment_method_types alipay;
    # nzd among its currencies: https://docs.stripe.com/payments/alipay/accept-a-payment?payment-ui=checkout).
    methods = ("card", "alipay")

    def __init__(self, settings: dict, secrets: dict, api_base: str, notify_url: str):
        secret_key, webhook_secret = secrets.get("secret_key"), secrets.get("webhook_secret")
        if not secret_key or not webhook_secret:
            raise ValueError("stripe needs its secret key and its webhook signing secret")
        if not str(secret_key).startswith(("sk_", "rk_")):
            raise ValueError("stripe: the secret key starts sk_ (or rk_ for a restricted key)")
        self.webhook_secret = webhook_secret
        self.notify_url = notify_url
        self.client = stripe.StripeClient(secret_key, base_addresses={"api": api_base}, max_network_retries=1)

    # Paying ---------------------------------------------------------------------------------

    def quote(self, shop, order) -> Charge:
        return Charge(order.total_price, PRICE_CURRENCY)  # NZD as priced: the account settles NZD

    def create_payment(self, shop, order, context: PaymentContext, charge: Charge) -> PaymentStart:
        origin = context.origin.rstrip("/")
        amount = cents(charge.amount)
        params = {
            "mode": "payment",
            "line_items": [
                {
                    "quantity": 1,
                    "price_data": {
                        "currency": charge.currency.lower(),
                        "unit_amount": amount,
                        "product_data": {"name": f"{shop.shop_name} {order.order_number}"[:250]},
                    },
                }
            ],
            "client_reference_id": order.order_number,
            "metadata": {"order_number": order.order_number, "shop_id": str(shop.id)},
            "payment_intent_data": {"metadata": {"order_number": order.order_number}},
            # Back on the pay page, which settles the order (the session read back) at once.
            "success_url": f"{origin}/pay/{order.order_number}?returned=1&session_id={{CHECKOUT_SESSION_ID}}",
            "cancel_url": f"{origin}/pay/{order.order_number}",
        }
        expires = self._expiry(context.expires_at)
        if expires is not None:
            params["expires_at"] = expires
        if context.method == "alipay":  # the owner gave Alipay to Stripe: its Alipay page only
            params["payment_method_types"] = ["alipay"]
        # One session per order, origin, amount, expiry and method: a second click answers the same page.
        method = context.method or "card"
        key = hashlib.sha256(
            f"{shop.id}|{order.order_number}|{origin}|{amount}|{expires}|{method}".encode()
        ).hexdigest()
        try:
            session = self.client.v1.checkout.sessions.create(
                params=params, options={"idempotency_key": f"checkout-{key[:40]}"}
            ).to_dict()
        except stripe.StripeError as exc:
            raise ProviderError(
                f"checkout session: {exc.code or exc.http_status}: {exc.user_message}"
            ) from exc
        if not session.get("url"):
            raise ProviderError("checkout session: no hosted page URL")
        return PaymentStart(flow="redirect", reference=session["id"], url=session["url"])

    @staticmethod
    def _expiry(release: datetime | None) -> int | None:
        if release is None:
            return None
        now = datetime.now(UTC)
        if release < now + SESSION_MIN:
            # Sooner than Stripe allows: the next quarter hour past the minimum (the same for
            # clicks a few minutes apart, so they share one session); `close` expires it on release.
            soonest = int((now + SESSION_MIN).timestamp())
            return soonest + (-soonest) % 900
        return int(min(release, now + SESSION_MAX).timestamp())

    def _event_of_session(self, session, outcome: str = "paid") -> PaymentEvent:
        try:
            number = session["client_reference_id"]
            amount = Decimal(int(session["amount_total"])) / 100
            currency = str(session["currency"]).upper()
            intent = session["payment_intent"]
        except (KeyError, TypeError, ValueError) as exc:
            raise BadNotification("the session lacks its order, amount, currency or payment") from exc
        if isinstance(intent, dict):
            intent = intent.get("id")
        if not number or not intent:
            raise BadNotification("the session names no order or payment")
        return PaymentEvent(
            provider=self.name,
            transaction_id=str(intent)[:128],
            order_number=str(number)[:20],
            amount=amount,
            outcome=outcome,
            currency=currency,
            reference=str(session["id"])[:64],
        )

    def _verified(self, body: bytes, headers):
        try:
            return stripe.Webhook.construct_event(
                body, headers.get("Stripe-Signature"), self.webhook_secret, tolerance=TOLERANCE_SECONDS
            ).to_dict()
        except stripe.SignatureVerificationError as exc:
            raise BadNotification(f"signature: {exc}") from exc
        except ValueError as exc:  # not JSON
            raise BadNotification("the body is not an event") from exc

    def is_refund_notification(self, body: bytes) -> bool:
        """Stripe sends every event of the endpoint to one URL: the refund ones go to the refunds'
        handler (checked again, signature and all, there)."""
        return any(
            f'"type": "{kind}"'.encode() in body or f'"type":"{kind}"'.encode() in body
            for kind in REFUND_EVENTS
        )

    def parse_notification(self, body: bytes, headers) -> PaymentEvent:
        event = self._verified(body, headers)
        kind = event.get("type")
        session = (event.get("data") or {}).get("object") or {}
        if kind in PAID_EVENTS:
            if session.get("payment_status") != "paid":
                raise NotAPayment(f"{kind} while {session.get('payment_status')}")  # a delayed method
            return self._event_of_session(session)
        if kind in FAILED_EVENTS:
            return self._event_of_session(session, outcome="failed")
        raise NotAPayment(str(kind))

    def parse_refund_notification(self, body: bytes, headers) -> RefundEvent:
        event = self._verified(body, headers)
        refund = (event.get("data") or {}).get("object") or {}
        number = (refund.get("metadata") or {}).get("refund_number")
        state = REFUND_STATES.get(refund.get("status"))
        if event.get("type") not in REFUND_EVENTS or refund.get("object") != "refund":
            raise NotAPayment(str(event.get("type")))
        if not number or state is None:
            raise BadNotification("the refund names none of our refunds, or no state")
        return RefundEvent(provider=self.name, refund_number=str(number)[:64], status=state)

    def query(self, order, reference: str) -> PaymentEvent | None:
        """The session read back (a lost webhook): the payment when paid, else None."""
        try:
            session = self.client.v1.checkout.sessions.retrieve(reference).to_dict()
        except stripe.InvalidRequestError as exc:
            if exc.http_status == 404:
                return None
            raise ProviderError(f"session: {exc.code}") from exc
        except stripe.StripeError as exc:
            raise ProviderError(f"session: {exc.code or exc.http_status}") from exc
        if session.get("payment_status") != "paid":
            return None
        try:
            return self._event_of_session(session)
        except BadNotification as exc:
            raise ProviderError(f"session: {exc}") from exc

    def close(self, order, reference: str) -> PaymentEvent | None:
        """Expire the order's open session before it is released or cancelled; the payment
        instead when it was paid meanwhile."""
        paid = self.query(order, reference)
        if paid is not None:
            return paid
        try:
            session = self.client.v1.checkout.sessions.retrieve(reference).to_dict()
            if session.get("status") == "open":
                self.client.v1.checkout.sessions.expire(reference)
        except stripe.StripeError as exc:
            raise ProviderError(f"expire: {exc.code or exc.http_status}") from exc
        return None

    # Refunds -------------------------------------------------------------------------------------

    def refund(
        self,
        order,
        transaction_id: str,
        refund_number: str,
        amount: Decimal,
        reason: str,
        charge: Charge | None = None,
    ) -> RefundResult:
        params = {
            "payment_intent": transaction_id,
            "amount": cents(amount),
            "metadata": {
                "refund_number": refund_number,
                "order_number": order.order_number,
                "reason": reason[:450],
            },
        }
        try:
            refund = self.client.v1.refunds.create(
                params=params, options={"idempotency_key": f"refund-{refund_number}"}
            ).to_dict()
        except stripe.StripeError as exc:
            raise ProviderError(f"refund: {exc.code or exc.http_status}") from exc
        return RefundResult(
            refund_id=str(refund["id"]), status=REFUND_STATES.get(refund.get("status"), "processing")
        )

    def query_refund(self, refund_id: str) -> str | None:
        """succeeded, processing or failed, as GET /v1/refunds/{id} says (the sweep)."""
        if not refund_id:
            return None
        try:
            refund = self.client.v1.refunds.retrieve(refund_id).to_dict()
        except stripe.StripeError as exc:
            raise ProviderError(f"refund query: {exc.code or exc.http_status}") from exc
        return REFUND_STATES.get(refund.get("status"), "processing")
