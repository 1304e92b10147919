"""A fake Stripe on loopback, reached by the official `stripe` package through its API base
(bff/payments/providers/stripe_checkout.py): the calls the shop makes, checked against Stripe's own
OpenAPI description (bff/tests/fakes/stripe_openapi/, MIT), and a hosted Checkout page.

- Every API call needs `Authorization: Bearer <the secret key>` (else 401, Stripe's error body).
- Every request body (form-encoded, Stripe's `a[b][0][c]=v` nesting) is decoded, its strings
  typed by the operation's schema, and validated against the operation's requestBody schema
  (`additionalProperties: false` refuses unknown parameters); every object the fake answers or
  sends (checkout.session, refund, event) is validated against its component schema. A test
  fails when `schema_errors` is not empty (the fixture checks it).
- Idempotency (https://docs.stripe.com/api/idempotent_requests): a POST repeated with its
  Idempotency-Key answers the first answer; the same key with other parameters is refused (400
  idempotency_error), as Stripe does.
- The hosted page (`url` of the session) shows the amount and a card form; paying it completes
  the session (`payment_status` paid, a payment intent) and sends `checkout.session.completed`,
  signed as Stripe signs webhooks (https://docs.stripe.com/webhooks#verify-manually: header
  `Stripe-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the endpoint's
  secret>`), to `deliver_to`; then it sends the shopper to `success_url`.
- Refunds: at most what the payment intent has left; `hold_refunds` answers `pending` until
  `finish_refund`, which sends `refund.updated`.
"""

import hashlib
import hmac
import json
import re
import secrets
import threading
import time
from pathlib import Path
from urllib.parse import parse_qsl

import jsonschema
import requests
from markupsafe import escape
from werkzeug.wrappers import Request, Response

SPEC = json.loads((Path(__file__).parent / "stripe_openapi" / "spec3.part.json").read_text())
API_VERSION = SPEC["info"]["version"]
KEY = re.compile(r"[\[\]]+")


def _json_schema(node):
    """OpenAPI 3.0 to JSON Schema: `nullable` becomes a null alternative."""
    if isinstance(node, dict):
        out = {k: _json_schema(v) for k, v in node.items() if k != "nullable"}
        if node.get("nullable"):
            return {"anyOf": [out, {"type": "null"}]}
        return out
    if isinstance(node, list):
        return [_json_schema(v) for v in node]
    return node


COMPONENTS = {"schemas": _json_schema(SPEC["components"]["schemas"])}


def _validator(schema: dict) -> jsonschema.Draft4Validator:
    return jsonschema.Draft4Validator({"components": COMPONENTS, **_json_schema(schema)})


def component(name: str) -> jsonschema.Draft4Validator:
    return _validator({"$ref": f"#/components/schemas/{name}"})


def request_schema(path: str, method: str) -> dict:
    body = SPEC["paths"][path][method]["requestBody"]["content"]["application/x-www-form-urlencoded"]
    return body["schema"]


def decode_form(body: str) -> dict:
    """Stripe's form encoding back to nested values: a[b][0][c]=v."""
    root: dict = {}
    for key, value in parse_qsl(body, keep_blank_values=True):
        parts = [p for p in KEY.split(key) if p != ""]
        node = root
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return _lists(root)


def _lists(node):
    if isinstance(node, dict):
        node = {k: _lists(v) for k, v in node.items()}
        if node and all(k.isdigit() for k in node):
            return [node[k] for k in sorted(node, key=int)]
    return node


def typed(value, schema: dict):
    """The form's strings as the schema's types (integers, booleans), else as they are."""
    schema = _resolve(schema)
    for option in schema.get("anyOf", []):
        converted = typed(value, option)
        if _valid(converted, option):
            return converted
    kind = schema.get("type")
    if kind == "integer" and isinstance(value, str) and re.fullmatch(r"-?\d+", value):
        return int(value)
    if kind == "boolean" and value in ("true", "false"):
        return value == "true"
    if kind == "object" and isinstance(value, dict):
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        return {
            k: typed(v, props.get(k) or (extra if isinstance(extra, dict) else {})) for k, v in value.items()
        }
    if kind == "array" and isinstance(value, list):
        return [typed(v, schema.get("items", {})) for v in value]
    return value


def _valid(value, schema: dict) -> bool:
    return not list(_validator(schema).iter_errors(value))


def _resolve(schema: dict) -> dict:
    while "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].split("/")[-1]]
    return schema


def sign(body: str, secret: str, timestamp: int | None = None) -> str:
    """The Stripe-Signature header of `body`, computed here from Stripe's published scheme."""
    timestamp = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{timestamp}.{body}".encode(), hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def _id(prefix: str) -> str:
    return f"{prefix}_test_{secrets.token_hex(12)}"


class FakeStripe:
    def __init__(self):
        self.secret_key = "sk_test_" + secrets.token_hex(12)
        self.webhook_secret = "whsec_" + secrets.token_hex(16)
        self.base = ""  # where the fake answers (its hosted pages' URLs), set once it is serving
        self.deliver_to: str | None = None  # e2e: post webhooks to this URL (the endpoint's)
        self.deliver_host = ""  # e2e: the shop's host, said in X-Site-Host
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self.sessions: dict[str, dict] = {}
        self.refunds: dict[str, dict] = {}
        self.intents: dict[str, dict] = {}
        self.requests: list[tuple[str, str, dict, str | None]] = []  # method, path, params, key
        self.idempotent: dict[str, tuple[dict, int, dict]] = {}
        self.schema_errors: list[str] = []
        self.hold_refunds = False

    def shop_fields(self) -> dict:
        return {"secret_key": self.secret_key, "webhook_secret": self.webhook_secret}

    # Checks -----------------------------------------------------------------------------------

    def _check(self, validator: jsonschema.Draft4Validator, value, what: str) -> None:
        error = jsonschema.exceptions.best_match(validator.iter_errors(value))
        if error is not None:
            self.schema_errors.append(f"{what}: {error.json_path}: {error.message}")

    def _answer(self, status: int, body: dict) -> Response:
        return Response(json.dumps(body), status, content_type="application/json")

    def _error(self, status: int, kind: str, message: str, code: str | None = None) -> Response:
        return self._answer(
            status, {"error": {"type": kind, "message": message, **({"code": code} if code else {})}}
        )

    # The API ------------------------------------------------------------------------------------

    def __call__(self, environ, start_response):
        request = Request(environ)
        return self._route(request)(environ, start_response)

    def _route(self, request: Request) -> Response:
        path = request.path
        if path == "/_fake/deliver-to":  # e2e: where the webhook endpoint is
            self.deliver_to, self.deliver_host = request.values["url"], request.values.get("host", "")
            return Response("ok")
        if path.startswith("/pay/"):
            return self._hosted(request, path.removeprefix("/pay/"))
        if not path.startswith("/v1/"):
            return Response("Not found", 404)
        if request.headers.get("Authorization") != f"Bearer {self.secret_key}":
            return self._error(401, "invalid_request_error", "Invalid API Key provided")
        params = decode_form(request.get_data(as_text=True)) if request.method == "POST" else {}
        key = request.headers.get("Idempotency-Key")
        with self._lock:
            self.requests.append((request.method, path, params, key))
            if request.method == "POST" and key:
                known = self.idempotent.get(key)
                if known is not None:
                    if known[0] != (path, params):
                        return self._error(
                            400,
                            "idempotency_error",
                            "Keys for idempotent requests can only be used with the same parameters",
                        )
                    return self._answer(known[1], known[2])
            response = self._api(request.method, path, params)
            if request.method == "POST" and key and response.status_code < 500:
                self.idempotent[key] = ((path, params), response.status_code, json.loads(response.get_data()))
            return response

    def _api(self, method: str, path: str, params: dict) -> Response:
        parts = path.strip("/").split("/")
        if method == "POST" and path == "/v1/checkout/sessions":
            return self._create_session(params)
        if parts[:3] == ["v1", "checkout", "sessions"] and len(parts) == 4 and method == "GET":
            session = self.sessions.get(parts[3])
            return self._answer(200, session) if session else self._missing("checkout.session", parts[3])
        if parts[:3] == ["v1", "checkout", "sessions"] and len(parts) == 5 and parts[4] == "expire":
            return self._expire(parts[3], params)
        if method == "POST" and path == "/v1/refunds":
            return self._create_refund(params)
        if parts[:2] == ["v1", "refunds"] and len(parts) == 3 and method == "GET":
            refund = self.refunds.get(parts[2])
            return self._answer(200, refund) if refund else self._missing("refund", parts[2])
        return self._error(404, "invalid_request_error", f"Unrecognized request URL ({method}: {path})")

    def _missing(self, what: str, ident: str) -> Response:
        return self._error(404, "invalid_request_error", f"No such {what}: '{ident}'", "resource_missing")

    def _params(self, params: dict, path: str, method: str) -> dict:
        schema = request_schema(path, method)
        value = typed(params, schema)
        self._check(_validator(schema), value, f"{method.upper()} {path} request")
        return value

    def _create_session(self, raw: dict) -> Response:
        params = self._params(raw, "/v1/checkout/sessions", "post")
        items = params.get("line_items") or []
        if params.get("mode") != "payment" or not items:
            return self._error(
                400, "invalid_request_error", "mode payment with line_items", "parameter_missing"
            )
        currencies = {item["price_data"]["currency"] for item in items}
        if len(currencies) != 1:
            return self._error(400, "invalid_request_error", "one currency per session", "parameter_invalid")
        total = sum(item["price_data"]["unit_amount"] * int(item.get("quantity", 1)) for item in items)
        now = int(time.time())
        expires = params.get("expires_at", now + 86400)
        # Stripe today: 30 minutes to 24 hours after creation (the 2022 description said 1 hour).
        if not now + 1800 <= expires <= now + 86400:
            return self._error(400, "invalid_request_error", "expires_at out of range", "parameter_invalid")
        ident = _id("cs")
        session = {
            "id": ident,
            "object": "checkout.session",
            "after_expiration": None,
            "allow_promotion_codes": None,
            "amount_subtotal": total,
            "amount_total": total,
            "automatic_tax": {"enabled": False, "status": None},
            "billing_address_collection": None,
            "cancel_url": params["cancel_url"],
            "client_reference_id": params.get("client_reference_id"),
            "consent": None,
            "consent_collection": None,
            "currency": currencies.pop(),
            "customer": None,
            "customer_creation": "if_required",
            "customer_details": None,
            "customer_email": None,
            "expires_at": expires,
            "livemode": False,
            "locale": None,
            "metadata": params.get("metadata", {}),
            "mode": "payment",
            "payment_intent": None,
            "payment_link": None,
            "payment_method_options": {},
            "payment_method_types": ["card"],
            "payment_status": "unpaid",
            "phone_number_collection": {"enabled": False},
            "recovered_from": None,
            "setup_intent": None,
            "shipping": None,
            "shipping_address_collection": None,
            "shipping_options": [],
            "shipping_rate": None,
            "status": "open",
            "submit_type": None,
            "subscription": None,
            "success_url": params["success_url"],
            "total_details": {"amount_discount": 0, "amount_shipping": 0, "amount_tax": 0},
            "url": f"{self.base}/pay/{ident}",
        }
        self._check(component("checkout.session"), session, "checkout.session")
        self.sessions[ident] = session
        return self._answer(200, session)

    def _expire(self, ident: str, raw: dict) -> Response:
        self._params(raw, "/v1/checkout/sessions/{session}/expire", "post")
        session = self.sessions.get(ident)
        if session is None:
            return self._missing("checkout.session", ident)
        if session["status"] != "open":
            return self._error(
                400, "invalid_request_error", "Only Checkout Sessions with a status of open can be expired"
            )
        session["status"] = "expired"
        return self._answer(200, session)

    def _create_refund(self, raw: dict) -> Response:
        params = self._params(raw, "/v1/refunds", "post")
        intent = self.intents.get(params.get("payment_intent", ""))
        if intent is None:
            return self._missing("payment_intent", params.get("payment_intent", ""))
        left = intent["amount"] - intent["refunded"]
        amount = params.get("amount", left)
        if not 0 < amount <= left:
            return self._error(
                400,
                "invalid_request_error",
                f"Refund amount ({amount}) is greater than unrefunded amount on charge ({left})",
                "amount_too_large",
            )
        intent["refunded"] += amount
        refund = {
            "id": _id("re"),
            "object": "refund",
            "amount": amount,
            "balance_transaction": None,
            "charge": intent["charge"],
            "created": int(time.time()),
            "currency": intent["currency"],
            "metadata": params.get("metadata", {}),
            "payment_intent": intent["id"],
            "reason": params.get("reason"),
            "receipt_number": None,
            "source_transfer_reversal": None,
            "status": "pending" if self.hold_refunds else "succeeded",
            "transfer_reversal": None,
        }
        self._check(component("refund"), refund, "refund")
        self.refunds[refund["id"]] = refund
        return self._answer(200, refund)

    # The shopper and Stripe's webhooks --------------------------------------------------------------

    def event(self, kind: str, obj: dict) -> tuple[str, dict]:
        """A webhook event's body and headers, signed with the endpoint's secret."""
        event = {
            "id": _id("evt"),
            "object": "event",
            "api_version": API_VERSION,
            "created": int(time.time()),
            "data": {"object": obj},
            "livemode": False,
            "pending_webhooks": 1,
            "request": {"id": None, "idempotency_key": None},
            "type": kind,
        }
        self._check(component("event"), event, "event")
        body = json.dumps(event)
        return body, {"Stripe-Signature": sign(body, self.webhook_secret), "Content-Type": "application/json"}

    def pay(self, ident: str) -> tuple[str, dict]:
        """The shopper pays the session by card: completed and paid. Returns the webhook."""
        with self._lock:
            session = self.sessions[ident]
            if session["status"] != "open" or session["expires_at"] < time.time():
                raise ValueError("the session is not open")
            intent = {
                "id": _id("pi"),
                "charge": _id("ch"),
                "amount": session["amount_total"],
                "currency": session["currency"],
                "refunded": 0,
            }
            self.intents[intent["id"]] = intent
            session.update(status="complete", payment_status="paid", payment_intent=intent["id"])
            self._check(component("checkout.session"), session, "checkout.session")
        return self.event("checkout.session.completed", dict(session))

    def finish_refund(self, ident: str, status: str = "succeeded") -> tuple[str, dict]:
        refund = self.refunds[ident]
        refund["status"] = status
        if status in ("failed", "canceled"):
            intent = self.intents[refund["payment_intent"]]
            intent["refunded"] -= refund["amount"]  # the money stays with the merchant
        return self.event("refund.updated", dict(refund))

    def _deliver(self, body: str, headers: dict) -> None:
        if self.deliver_to:
            sent = {**headers, **({"X-Site-Host": self.deliver_host} if self.deliver_host else {})}
            requests.post(self.deliver_to, data=body.encode(), headers=sent, timeout=10)

    def _hosted(self, request: Request, ident: str) -> Response:
        session = self.sessions.get(ident)
        if session is None:
            return Response("No such session", 404)
        if request.method == "POST":
            try:
                body, headers = self.pay(ident)
            except ValueError:
                return Response("This Checkout Session is no longer active.", 410)
            self._deliver(body, headers)
            back = session["success_url"].replace("{CHECKOUT_SESSION_ID}", ident)
            return Response("", 303, headers={"Location": back})
        amount = f"{session['currency'].upper()} {session['amount_total'] / 100:.2f}"
        page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Stripe Checkout</title></head><body><h1 data-testid="stripe-amount">{escape(amount)}</h1>
<form method="post"><label>Card number <input name="card" data-testid="stripe-card" value=""></label>
<button type="submit" data-testid="stripe-pay">Pay {escape(amount)}</button></form>
<a href="{escape(session["cancel_url"])}">Back</a></body></html>"""
        return Response(page, 200, content_type="text/html; charset=utf-8")
