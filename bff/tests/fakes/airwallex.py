"""A fake Airwallex (Payments API, WeChat Pay) on loopback, written from Airwallex's API reference
and guides, not from our client (bff/payments/providers/airwallex.py):

- Authentication, https://www.airwallex.com/docs/api/authentication/api_access_token: POST
  /api/v1/authentication/login with `x-client-id` and `x-api-key` answers 201
  `{"token", "expires_at"}` (ISO 8601, 30 minutes on); wrong credentials 401. Every other call
  needs `Authorization: Bearer <a live token>`, else 401 (`expire_tokens` ages them all, to see a
  client log in again).
- Errors, https://www.airwallex.com/docs/api/2023-10-01/errors: `{"code", "source", "message"}`
  with 400 (missing or malformed), 401, 404.
- Payment intents, https://www.airwallex.com/docs/api/payments/payment_intents: create needs
  `request_id` (at most 64), `amount` (a number above 0 in major units, no finer than the
  currency's minor unit), `currency`, `merchant_order_id`; the same `request_id` is processed once
  (https://www.airwallex.com/docs/payments/get-started/using-payments-intent-api: "retried API
  calls with the same ID are only processed once"): repeated with the same body it answers the
  first answer, with another body 400 `duplicate_request`. Statuses
  (https://www.airwallex.com/docs/payments/reference/payment-statuses): REQUIRES_PAYMENT_METHOD,
  then REQUIRES_CUSTOMER_ACTION once confirmed with a wallet, SUCCEEDED when paid, CANCELLED.
- Confirm with WeChat Pay: `payment_method.type` `wechatpay` and `wechatpay.flow`:
  `qrcode` answers `next_action` `{"type": "render_qrcode", "qrcode", "qrcode_url"}` (a
  `weixin://wxpay/s/...` link, the desktop QR guide); `official_account` (the WeChat Official
  Account guide) and `mobile_web` (the H5 guide) answer `{"type": "redirect", "method": "GET",
  "url"}`; `mini_program` needs `open_id` (its guide). The redirect page inside WeChat is the
  cashier where the shopper enters the PIN; opened outside WeChat it says so and takes nothing,
  as WeChat's JSAPI pages do.
- Cancel: POST .../{id}/cancel; a SUCCEEDED intent cannot be cancelled (400).
- Refunds, https://www.airwallex.com/docs/api/payments/refunds: `request_id`, one of
  `payment_intent_id` / `payment_attempt_id`, optional `amount` (else all that is left), `reason`
  at most 128; only a SUCCEEDED intent, at most what is left; answered RECEIVED, settled later
  (`finish_refund`, or by itself shortly after when delivering webhooks: `refund.settled`).
- Webhooks, https://www.airwallex.com/docs/developer-tools/webhooks/listen-for-webhook-events:
  `x-timestamp` (Unix milliseconds) and `x-signature` = hex HMAC-SHA256(secret, timestamp + raw
  body); events `{"id", "name", "account_id", "data": {"object"}, "created_at", "version"}`
  (payload examples, Online Payments: the object is the intent or the refund as read back).
"""

import hashlib
import hmac
import json
import re
import secrets
import threading
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation

import requests
from markupsafe import escape
from werkzeug.wrappers import Request, Response

FLOWS = ("qrcode", "official_account", "mobile_web", "mini_program", "mobile_app")
MINOR_UNITS = {"JPY": 0, "KRW": 0}  # else two (the supported-currencies page)


def now_iso(offset: timedelta = timedelta()) -> str:
    return (datetime.now(UTC) + offset).strftime("%Y-%m-%dT%H:%M:%S+0000")


def webhook_headers(secret: str, body: str, timestamp_ms: int | None = None) -> dict:
    """The headers Airwallex sends with a webhook, computed here from its published recipe."""
    stamp = str(int(time.time() * 1000) if timestamp_ms is None else timestamp_ms)
    mac = hmac.new(secret.encode(), (stamp + body).encode(), hashlib.sha256).hexdigest()
    return {"x-timestamp": stamp, "x-signature": mac, "Content-Type": "application/json"}


def _id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(10)}"


class FakeAirwallex:
    def __init__(self):
        self.client_id = "C" + secrets.token_hex(8)
        self.api_key = secrets.token_hex(32)
        self.webhook_secret = "whsec_" + secrets.token_hex(16)
        self.account_id = "acct_" + secrets.token_hex(8)
        self.base = ""  # where it answers (its cashier pages), set once serving
        self.deliver_to: str | None = None  # e2e: the shop's webhook URL
        self.deliver_host = ""
        self._lock = threading.RLock()
        self.reset()

    def reset(self) -> None:
        self.tokens: dict[str, float] = {}
        self.logins = 0
        self.intents: dict[str, dict] = {}
        self.refunds: dict[str, dict] = {}
        self.seen: dict[tuple[str, str], tuple[dict, int, dict]] = {}  # (path, request_id)
        self.requests: list[tuple[str, str, dict]] = []
        self.settle_refunds = False  # e2e: settle each refund (and say so) shortly after
        self.deliveries: list[dict] = []  # e2e: each webhook attempt and how the shop answered

    def shop_fields(self) -> dict:
        return {"client_id": self.client_id, "api_key": self.api_key, "webhook_key": self.webhook_secret}

    def expire_tokens(self) -> None:
        self.tokens = {token: 0.0 for token in self.tokens}

    # Answers ------------------------------------------------------------------------------------

    @staticmethod
    def _answer(status: int, body: dict) -> Response:
        return Response(json.dumps(body), status, content_type="application/json")

    def _error(self, status: int, code: str, message: str, source: str | None = None) -> Response:
        return self._answer(
            status, {"code": code, "message": message, **({"source": source} if source else {})}
        )

    def __call__(self, environ, start_response):
        return self._route(Request(environ))(environ, start_response)

    def _route(self, request: Request) -> Response:
        path = request.path
        if path == "/_fake/deliver-to":
            self.deliver_to, self.deliver_host = request.values["url"], request.values.get("host", "")
            return Response("ok")
        if path == "/_fake/deliveries":  # e2e: shown when a test waits in vain for a webhook
            with self._lock:
                return self._answer(200, {"items": list(self.deliveries)})
        if path == "/_fake/scan":  # e2e: the shopper scans the desktop QR code of an order and pays
            return self._scan(
                request.values.get("merchant_order_id", ""), request.values.get("notify") != "0"
            )
        if path.startswith("/pa/redirect/"):
            return self._cashier(request, path.removeprefix("/pa/redirect/"))
        if path == "/api/v1/authentication/login" and request.method == "POST":
            return self._login(request)
        if not path.startswith("/api/v1/pa/"):
            return self._error(404, "not_found", f"no such endpoint {path}")
        bearer = request.headers.get("Authorization", "")
        token = bearer.removeprefix("Bearer ") if bearer.startswith("Bearer ") else ""
        if self.tokens.get(token, 0) < time.time():
            return self._error(401, "unauthorized", "Access denied, authentication failed")
        body = {}
        if request.method == "POST":
            try:
                body = json.loads(request.get_data() or b"{}")
            except ValueError:
                return self._error(400, "validation_error", "The request body is not JSON")
            if not isinstance(body, dict):
                return self._error(400, "validation_error", "The request body is not an object")
        with self._lock:
            self.requests.append((request.method, path, body))
            if request.method == "POST":
                rid = body.get("request_id")
                if not isinstance(rid, str) or not rid or len(rid) > 64:
                    return self._error(400, "validation_error", "request_id must be provided", "request_id")
                known = self.seen.get((path, rid))
                if known is not None:
                    if known[0] != body:
                        return self._error(
                            400, "duplicate_request", f"request_id {rid} was used", "request_id"
                        )
                    return self._answer(known[1], known[2])
            response = self._api(request.method, path, body)
            if request.method == "POST" and response.status_code < 300:
                self.seen[(path, body["request_id"])] = (
                    body,
                    response.status_code,
                    json.loads(response.get_data()),
                )
            return response

    def _login(self, request: Request) -> Response:
        if (
            request.headers.get("x-client-id") != self.client_id
            or request.headers.get("x-api-key") != self.api_key
        ):
            return self._error(401, "credentials_invalid", "Invalid client id or api key")
        token = secrets.token_urlsafe(24)
        self.tokens[token] = time.time() + 1800
        self.logins += 1
        return self._answer(201, {"token": token, "expires_at": now_iso(timedelta(minutes=30))})

    def _api(self, method: str, path: str, body: dict) -> Response:
        parts = path.removeprefix("/api/v1/pa/").strip("/").split("/")
        if parts == ["payment_intents", "create"] and method == "POST":
            return self._create_intent(body)
        if parts[0] == "payment_intents" and len(parts) == 2 and method == "GET":
            intent = self.intents.get(parts[1])
            return self._answer(200, intent) if intent else self._missing("payment_intent", parts[1])
        if parts[0] == "payment_intents" and len(parts) == 3 and method == "POST":
            intent = self.intents.get(parts[1])
            if intent is None:
                return self._missing("payment_intent", parts[1])
            if parts[2] == "confirm":
                return self._confirm(intent, body)
            if parts[2] == "cancel":
                if intent["status"] == "SUCCEEDED":
                    return self._error(
                        400, "resource_status_invalid", "A succeeded intent cannot be cancelled"
                    )
                intent.update(status="CANCELLED", cancellation_reason=body.get("cancellation_reason"))
                intent["updated_at"] = now_iso()
                return self._answer(200, intent)
        if parts == ["refunds", "create"] and method == "POST":
            return self._create_refund(body)
        if parts[0] == "refunds" and len(parts) == 2 and method == "GET":
            refund = self.refunds.get(parts[1])
            return self._answer(200, refund) if refund else self._missing("refund", parts[1])
        return self._error(404, "not_found", f"no such endpoint {method} {path}")

    def _missing(self, what: str, ident: str) -> Response:
        return self._error(404, "resource_not_found", f"The {what} {ident} does not exist")

    @staticmethod
    def _amount(value, currency: str) -> Decimal | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        try:
            amount = Decimal(str(value))
        except InvalidOperation:
            return None
        places = MINOR_UNITS.get(currency, 2)
        if amount <= 0 or amount != amount.quantize(Decimal(1).scaleb(-places)):
            return None
        return amount

    def _create_intent(self, body: dict) -> Response:
        currency = body.get("currency")
        if not isinstance(currency, str) or not re.fullmatch(r"[A-Z]{3}", currency):
            return self._error(400, "validation_error", "currency must be an ISO 4217 code", "currency")
        amount = self._amount(body.get("amount"), currency)
        if amount is None:
            return self._error(400, "validation_error", "amount must be a positive number", "amount")
        order = body.get("merchant_order_id")
        if not isinstance(order, str) or not order or len(order) > 64:
            return self._error(
                400, "validation_error", "merchant_order_id must be provided", "merchant_order_id"
            )
        ident = _id("int")
        intent = {
            "id": ident,
            "request_id": body["request_id"],
            "amount": float(amount),
            "currency": currency,
            "merchant_order_id": order,
            "descriptor": body.get("descriptor"),
            "metadata": body.get("metadata") or {},
            "return_url": body.get("return_url"),
            "status": "REQUIRES_PAYMENT_METHOD",
            "captured_amount": 0,
            "client_secret": secrets.token_urlsafe(32),
            "available_payment_method_types": ["wechatpay"],
            "created_at": now_iso(),
            "updated_at": now_iso(),
        }
        self.intents[ident] = intent
        return self._answer(201, intent)

    def _confirm(self, intent: dict, body: dict) -> Response:
        method = body.get("payment_method")
        if not isinstance(method, dict) or method.get("type") != "wechatpay":
            return self._error(
                400, "validation_error", "payment_method.type must be provided", "payment_method"
            )
        wechat = method.get("wechatpay") or {}
        flow = wechat.get("flow") if isinstance(wechat, dict) else None
        if flow not in FLOWS:
            return self._error(
                400, "validation_error", "wechatpay.flow is invalid", "payment_method.wechatpay.flow"
            )
        if flow == "mini_program" and not wechat.get("open_id"):
            return self._error(
                400, "validation_error", "open_id is required", "payment_method.wechatpay.open_id"
            )
        if intent["status"] not in ("REQUIRES_PAYMENT_METHOD", "REQUIRES_CUSTOMER_ACTION"):
            return self._error(400, "resource_status_invalid", f"The intent is {intent['status']}")
        attempt = _id("att")
        if flow == "qrcode":
            code = f"weixin://wxpay/s/{secrets.token_urlsafe(6)}"
            action = {"type": "render_qrcode", "qrcode": code, "qrcode_url": code}
        elif flow in ("official_account", "mobile_web"):
            url = f"{self.base}/pa/redirect/{attempt}?checksum={secrets.token_hex(6)}"
            action = {"type": "redirect", "method": "GET", "url": url}
        else:
            return self._error(400, "payment_method_not_allowed", f"{flow} is not enabled for this account")
        intent.update(status="REQUIRES_CUSTOMER_ACTION", next_action=action, updated_at=now_iso())
        intent["latest_payment_attempt"] = {
            "id": attempt,
            "status": "RECEIVED",
            "payment_method": method,
            "flow": flow,
        }
        return self._answer(200, intent)

    def _create_refund(self, body: dict) -> Response:
        ident = body.get("payment_intent_id")
        intent = self.intents.get(ident) if isinstance(ident, str) else None
        if intent is None:
            return self._error(400, "validation_error", "payment_intent_id is invalid", "payment_intent_id")
        if intent["status"] != "SUCCEEDED":
            return self._error(400, "resource_status_invalid", "Only a succeeded payment can be refunded")
        reason = body.get("reason")
        if reason is not None and (not isinstance(reason, str) or len(reason) > 128):
            return self._error(400, "validation_error", "reason is at most 128 characters", "reason")
        refunded = sum(
            Decimal(str(r["amount"]))
            for r in self.refunds.values()
            if r["payment_intent_id"] == ident and r["status"] != "FAILED"
        )
        left = Decimal(str(intent["amount"])) - refunded
        amount = left if body.get("amount") is None else self._amount(body.get("amount"), intent["currency"])
        if amount is None or amount > left:
            return self._error(400, "validation_error", f"The refund amount exceeds {left}", "amount")
        refund = {
            "id": _id("rfd"),
            "request_id": body["request_id"],
            "payment_intent_id": ident,
            "payment_attempt_id": intent.get("latest_payment_attempt", {}).get("id"),
            "amount": float(amount),
            "currency": intent["currency"],
            "reason": reason,
            "metadata": body.get("metadata") or {},
            "status": "RECEIVED",
            "created_at": now_iso(),
            "updated_at": now_iso(),
        }
        self.refunds[refund["id"]] = refund
        if self.settle_refunds:
            # Delivered like Airwallex: anything but 200 is retried (the webhooks overview).
            threading.Timer(
                0.5, lambda: self._deliver(*self.finish_refund(refund["id"]), attempts=10)
            ).start()
        return self._answer(201, refund)

    # The shopper and the webhooks ---------------------------------------------------------------

    def event(self, name: str, obj: dict, timestamp_ms: int | None = None) -> tuple[str, dict]:
        body = json.dumps(
            {
                "id": _id("evt"),
                "name": name,
                "account_id": self.account_id,
                "data": {"object": obj},
                "created_at": now_iso(),
                "version": "2024-06-30",
            }
        )
        return body, webhook_headers(self.webhook_secret, body, timestamp_ms)

    def pay(self, ident: str) -> tuple[str, dict]:
        """The shopper pays the intent in WeChat: SUCCEEDED. Returns the webhook."""
        with self._lock:
            intent = self.intents[ident]
            if intent["status"] != "REQUIRES_CUSTOMER_ACTION":
                raise ValueError(f"the intent is {intent['status']}")
            intent.update(status="SUCCEEDED", captured_amount=intent["amount"], updated_at=now_iso())
            intent.pop("next_action", None)
            intent["latest_payment_attempt"]["status"] = "SETTLED"
            return self.event("payment_intent.succeeded", dict(intent))

    def intent_of_attempt(self, attempt: str) -> dict | None:
        return next(
            (i for i in self.intents.values() if i.get("latest_payment_attempt", {}).get("id") == attempt),
            None,
        )

    def finish_refund(self, ident: str, status: str = "SETTLED") -> tuple[str, dict]:
        with self._lock:
            refund = self.refunds[ident]
            refund.update(status=status, updated_at=now_iso())
            return self.event(f"refund.{status.lower()}", dict(refund))

    def _deliver(self, body: str, headers: dict, attempts: int = 1) -> None:
        if not self.deliver_to:
            return
        sent = {**headers, **({"X-Site-Host": self.deliver_host} if self.deliver_host else {})}
        for attempt in range(attempts):
            if attempt:
                # Airwallex retries a webhook not answered 200 for days with growing gaps; a few
                # seconds' growth is enough here (a refund's webhook may come before the BFF has
                # saved the refund it answers, on a loaded machine for a while).
                time.sleep(min(2 ** (attempt - 1), 8))
            record = {"event": json.loads(body).get("name"), "attempt": attempt, "at": now_iso()}
            try:
                answer = requests.post(self.deliver_to, data=body.encode(), headers=sent, timeout=10)
                record.update(status=answer.status_code, answer=answer.text[:300])
            except requests.RequestException as exc:
                record.update(error=repr(exc)[:300])
            with self._lock:
                self.deliveries.append(record)
            if record.get("status") == 200:
                return

    def _scan(self, order: str, notify: bool) -> Response:
        intent = next(
            (
                i
                for i in self.intents.values()
                if i["merchant_order_id"] == order
                and (i.get("next_action") or {}).get("type") == "render_qrcode"
            ),
            None,
        )
        if intent is None:
            return Response("no QR code for this order", 404)
        try:
            webhook = self.pay(intent["id"])
        except ValueError as exc:
            return Response(str(exc), 409)
        if notify:  # notify=0: the webhook is lost
            self._deliver(*webhook)
        return Response("paid")

    def _cashier(self, request: Request, attempt: str) -> Response:
        intent = self.intent_of_attempt(attempt)
        if intent is None:
            return Response("No such payment", 404)
        flow = intent["latest_payment_attempt"]["flow"]
        if flow == "official_account" and "MicroMessenger" not in request.headers.get("User-Agent", ""):
            # WeChat's JSAPI pays only inside WeChat.
            return Response("<p>请在微信客户端打开链接</p>", 200, content_type="text/html; charset=utf-8")
        if request.method == "POST":
            try:
                webhook = self.pay(intent["id"])
            except ValueError:
                return Response("This payment is no longer open.", 410)
            self._deliver(*webhook)
            return Response("", 303, headers={"Location": intent["return_url"]})
        amount = f"{intent['currency']} {intent['amount']:.2f}"
        page = f"""<!doctype html><html lang="zh"><head><meta charset="utf-8">
<title>微信支付</title></head><body><h1 data-testid="airwallex-amount">{escape(amount)}</h1>
<p data-testid="airwallex-flow">{escape(flow)}</p>
<form method="post"><button type="submit" data-testid="airwallex-pay">
输入密码并支付 {escape(amount)}</button></form>
</body></html>"""
        return Response(page, 200, content_type="text/html; charset=utf-8")
