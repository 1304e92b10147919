"""A fake Antom (Alipay's API for merchants outside the mainland) on loopback: the calls the shop
makes, checked, signed and refused as Antom's API reference describes them. Written from Antom's
pages, not from our client (bff/payments/providers/antom.py):

- Message signing, https://docs.antom.com/ac/ams/digital_signature: a request carries the headers
  `client-id`, `Request-Time` and `Signature: algorithm=RSA256,keyVersion=1,signature=<v>`, where
  v is the URL-encoded base64 of SHA256withRSA, by the merchant's private key, over
  "<HTTP method> <path>\\n<client-id>.<Request-Time>.<body>". Antom verifies it with the public
  key the merchant uploaded; one that does not verify is answered with result
  INVALID_SIGNATURE (F), an unknown client id with CLIENT_INVALID (F). Antom signs its answers the
  same way with its own key over "<method> <path>\\n<client-id>.<Response-Time>.<body>", and its
  notifications over "POST <notify path>\\n<client-id>.<Request-Time>.<body>" (the
  `response-time`/`request-time` headers). The SDK checks the same string:
  github.com/alipay/global-open-sdk-python com/alipay/ams/api/tools/signature_tool.py
  `gen_sign_content`.
- pay (Cashier Payment), https://docs.antom.com/ac/ams/payment_cashier: productCode
  CASHIER_PAYMENT; paymentRequestId at most 64 characters, idempotent: the same id with the same
  content answers the first answer, with other content REPEAT_REQ_INCONSISTENT (F); paymentAmount
  {currency, value} with value a positive whole number of the currency's smallest unit, and the
  order's orderAmount the same; a currency the account does not take: CURRENCY_NOT_SUPPORT (F);
  env.terminalType WEB, or WAP with osType; the answer is PAYMENT_IN_PROCESS (U) with `normalUrl`,
  the cashier page. Missing or malformed fields: PARAM_ILLEGAL (F).
- The cashier page shows the amount and wallet; paying sends notifyPayment
  (https://docs.antom.com/ac/ams/paymentrn_online: notifyType PAYMENT_RESULT, result S,
  paymentRequestId, paymentId, paymentAmount, paymentCreateTime, paymentTime) to the
  paymentNotifyUrl, then the shopper goes to paymentRedirectUrl.
- inquiryPayment, https://docs.antom.com/ac/ams/paymentri_online: paymentStatus PROCESSING,
  SUCCESS, FAIL or CANCELLED; an unknown payment ORDER_NOT_EXIST (F).
- cancel, https://docs.antom.com/ac/ams/paymentc_online: an unpaid payment is cancelled (its
  page then refuses). Antom also takes back a paid one within the contract's cancel period
  (https://docs.antom.com/ac/easypay/cancel.md); this fake answers ORDER_STATUS_INVALID (F) there,
  as after that period: the shop never cancels a paid payment, it refunds it.
- refund, https://docs.antom.com/ac/ams/refund_online: refundRequestId idempotent like
  paymentRequestId; the payment must be paid; refunds in the payment's currency adding up to at
  most its amount (REFUND_AMOUNT_EXCEED, F); answered SUCCESS (S), or REFUND_IN_PROCESS (U) while
  `hold_refunds` until `settle_refunds`; inquiryRefund (https://docs.antom.com/ac/ams/ir_online)
  answers refundStatus SUCCESS or PROCESSING.
- A client id starting SANDBOX_ calls /ams/sandbox/api/... (the SDK's adjust_sandbox_url); both
  prefixes are served.
"""

import json
import re
import secrets
import threading
from datetime import UTC, datetime
from urllib.parse import quote, unquote

import requests
from markupsafe import escape
from werkzeug.wrappers import Request, Response

from bff.tests.fakes import keys

PREFIXES = ("/ams/api/v1/payments/", "/ams/sandbox/api/v1/payments/")
WALLETS = ("ALIPAY_CN", "CONNECT_WALLET", "ALIPAY_HK", "GCASH", "KAKAOPAY", "TRUEMONEY", "DANA")
AMOUNT = re.compile(r"^[1-9][0-9]{0,15}$")


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def content(method: str, path: str, client_id: str, time: str, body: str) -> str:
    return f"{method} {path}\n{client_id}.{time}.{body}"


def result(code: str, status: str, message: str = "") -> dict:
    return {"resultCode": code, "resultStatus": status, "resultMessage": message or code.lower()}


class FakeAntom:
    def __init__(self, client_id: str = "SANDBOX_5YFAKE2ZA3RV0001", currencies=("NZD",)):
        self.client_id = client_id
        self.currencies = tuple(currencies)
        self.merchant_key = keys.new_key()  # the merchant's (its public half uploaded to Antom)
        self.antom_key = keys.new_key()
        self.base = ""  # this server's URL (the cashier page's)
        self.deliver_to: str | None = None  # e2e: notifications go to this base URL
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self.payments: dict[str, dict] = {}  # by paymentRequestId
        self.refunds: dict[str, dict] = {}  # by refundRequestId
        self.requests: list[tuple[str, dict]] = []  # (api, body)
        self.refused: list[str] = []  # result codes answered F
        self.hold_refunds = False

    def shop_fields(self) -> dict:
        """What the owner enters, as Antom Dashboard hands them out (keys as bare base64)."""
        return {
            "client_id": self.client_id,
            "merchant_private_key": keys.bare(keys.private_pem(self.merchant_key)),
            "antom_public_key": keys.bare(keys.public_pem(self.antom_key)),
        }

    # Signing ------------------------------------------------------------------------------------

    def _sign(self, method: str, path: str, time: str, body: str) -> str:
        value = keys.rsa_sha256(self.antom_key, content(method, path, self.client_id, time, body))
        return f"algorithm=RSA256,keyVersion=1,signature={quote(value, safe='')}"

    def _signed_by_merchant(self, request: Request, body: str) -> bool:
        header = request.headers.get("Signature", "")
        found = re.search(r"signature=([^,]+)", header)
        time = request.headers.get("Request-Time", "")
        if not found or not time:
            return False
        message = content(request.method, request.path, request.headers.get("client-id", ""), time, body)
        return keys.rsa_sha256_ok(self.merchant_key.public_key(), message, unquote(found.group(1)))

    def _answer(self, path: str, body: dict) -> Response:
        text = json.dumps(body, separators=(",", ":"))
        time = now()
        if body["result"]["resultStatus"] == "F":
            self.refused.append(body["result"]["resultCode"])
        headers = {
            "client-id": self.client_id,
            "response-time": time,
            "signature": self._sign("POST", path, time, text),
        }
        return Response(text, 200, headers=headers, content_type="application/json; charset=UTF-8")

    # Notifications ----------------------------------------------------------------------------

    def notification(self, request_id: str, **changes) -> tuple[str, bytes, dict]:
        """notifyPayment for a payment (paid unless it failed): (notify URL, body, headers),
        signed by Antom; `changes` alter the body before it is signed (a test's wrong amount)."""
        payment = self.payments[request_id]
        status = "S" if payment["status"] == "SUCCESS" else "F"
        body = {
            "notifyType": "PAYMENT_RESULT",
            "result": result("SUCCESS" if status == "S" else "PAYMENT_FAILED", status),
            "paymentRequestId": request_id,
            "paymentId": payment["paymentId"],
            "paymentAmount": dict(payment["paymentAmount"]),
            "paymentCreateTime": payment["created"],
            **({"paymentTime": payment["paid"]} if status == "S" else {}),
            **changes,
        }
        text = json.dumps(body, separators=(",", ":"))
        url = payment["notifyUrl"]
        path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else "/"
        time = now()
        headers = {
            "Content-Type": "application/json",
            "client-id": self.client_id,
            "request-time": time,
            "signature": self._sign("POST", path.split("?")[0], time, text),
        }
        return url, text.encode(), headers

    def pay(self, request_id: str) -> tuple[str, bytes, dict]:
        """The shopper pays in their wallet: the payment succeeds; its notification is returned."""
        with self._lock:
            payment = self.payments[request_id]
            if payment["status"] != "PROCESSING":
                raise ValueError(f"a {payment['status']} payment cannot be paid")
            payment["status"] = "SUCCESS"
            payment["paid"] = now()
        return self.notification(request_id)

    def settle_refunds(self) -> None:
        for refund in self.refunds.values():
            refund["status"] = "SUCCESS"

    # The API ------------------------------------------------------------------------------------

    def __call__(self, environ, start_response):
        request = Request(environ)
        path = request.path
        if path.startswith("/_fake/cashier/"):
            response = self._cashier(request)
        elif path == "/_fake/deliver-to":
            self.deliver_to = request.values["url"]
            response = Response("ok")
        elif request.method == "POST" and path.startswith(PREFIXES):
            response = self._api(request)
        else:
            response = Response("not found", 404)
        return response(environ, start_response)

    def _api(self, request: Request) -> Response:
        path = request.path
        text = request.get_data(as_text=True)
        if request.headers.get("client-id") != self.client_id:
            return self._answer(path, {"result": result("CLIENT_INVALID", "F")})
        if not self._signed_by_merchant(request, text):
            return self._answer(path, {"result": result("INVALID_SIGNATURE", "F")})
        try:
            body = json.loads(text)
        except ValueError:
            return self._answer(path, {"result": result("PARAM_ILLEGAL", "F")})
        if not isinstance(body, dict):
            return self._answer(path, {"result": result("PARAM_ILLEGAL", "F")})
        api = path.rsplit("/", 1)[-1]
        self.requests.append((api, body))
        handler = {
            "pay": self._pay,
            "inquiryPayment": self._inquiry,
            "cancel": self._cancel,
            "refund": self._refund,
            "inquiryRefund": self._inquiry_refund,
        }.get(api)
        answer = handler(body) if handler else {"result": result("NO_INTERFACE_DEF", "F")}
        return self._answer(path, answer)

    @staticmethod
    def _amount_ok(amount) -> bool:
        return (
            isinstance(amount, dict)
            and isinstance(amount.get("currency"), str)
            and isinstance(amount.get("value"), str)
            and bool(AMOUNT.match(amount["value"]))
        )

    def _pay(self, body: dict) -> dict:
        request_id = body.get("paymentRequestId")
        order = body.get("order") or {}
        amount = body.get("paymentAmount")
        env = body.get("env") or {}
        wallet = (body.get("paymentMethod") or {}).get("paymentMethodType")
        if (
            body.get("productCode") != "CASHIER_PAYMENT"
            or not isinstance(request_id, str)
            or not 0 < len(request_id) <= 64
            or not self._amount_ok(amount)
            or order.get("orderAmount") != amount
            or not order.get("referenceOrderId")
            or wallet not in WALLETS
            or env.get("terminalType") not in ("WEB", "WAP")
            or (env.get("terminalType") == "WAP" and env.get("osType") not in ("IOS", "ANDROID"))
        ):
            return {"result": result("PARAM_ILLEGAL", "F")}
        if amount["currency"] not in self.currencies:
            return {"result": result("CURRENCY_NOT_SUPPORT", "F")}
        with self._lock:
            known = self.payments.get(request_id)
            if known is not None:
                if known["request"] != body:
                    return {"result": result("REPEAT_REQ_INCONSISTENT", "F")}
                return known["answer"]
            payment_id = f"2026{secrets.randbelow(10**24):024d}"
            answer = {
                "result": result("PAYMENT_IN_PROCESS", "U", "payment in process"),
                "paymentRequestId": request_id,
                "paymentId": payment_id,
                "paymentAmount": amount,
                "paymentCreateTime": now(),
                "normalUrl": f"{self.base}/_fake/cashier/{request_id}",
            }
            self.payments[request_id] = {
                "request": body,
                "answer": answer,
                "paymentId": payment_id,
                "paymentAmount": amount,
                "status": "PROCESSING",
                "created": answer["paymentCreateTime"],
                "paid": None,
                "notifyUrl": body.get("paymentNotifyUrl", ""),
                "redirectUrl": body.get("paymentRedirectUrl", ""),
                "wallet": wallet,
            }
        return answer

    def _find(self, body: dict) -> dict | None:
        if body.get("paymentId"):
            return next((p for p in self.payments.values() if p["paymentId"] == body["paymentId"]), None)
        return self.payments.get(body.get("paymentRequestId") or "")

    def _inquiry(self, body: dict) -> dict:
        payment = self._find(body)
        if payment is None:
            return {"result": result("ORDER_NOT_EXIST", "F")}
        answer = {
            "result": result("SUCCESS", "S"),
            "paymentStatus": payment["status"],
            "paymentRequestId": payment["answer"]["paymentRequestId"],
            "paymentId": payment["paymentId"],
            "paymentAmount": payment["paymentAmount"],
            "paymentCreateTime": payment["created"],
        }
        if payment["paid"]:
            answer["paymentTime"] = payment["paid"]
        return answer

    def _cancel(self, body: dict) -> dict:
        with self._lock:
            payment = self._find(body)
            if payment is None:
                return {"result": result("ORDER_NOT_EXIST", "F")}
            if payment["status"] in ("SUCCESS", "FAIL"):
                return {"result": result("ORDER_STATUS_INVALID", "F")}
            payment["status"] = "CANCELLED"
        return {
            "result": result("SUCCESS", "S"),
            "paymentId": payment["paymentId"],
            "paymentRequestId": payment["answer"]["paymentRequestId"],
            "cancelTime": now(),
        }

    def _refund(self, body: dict) -> dict:
        refund_id = body.get("refundRequestId")
        amount = body.get("refundAmount")
        if not isinstance(refund_id, str) or not 0 < len(refund_id) <= 64 or not self._amount_ok(amount):
            return {"result": result("PARAM_ILLEGAL", "F")}
        with self._lock:
            known = self.refunds.get(refund_id)
            if known is not None:
                if known["request"] != body:
                    return {"result": result("REPEAT_REQ_INCONSISTENT", "F")}
                return known["answer"]
            payment = next(
                (p for p in self.payments.values() if p["paymentId"] == body.get("paymentId")), None
            )
            if payment is None:
                return {"result": result("ORDER_NOT_EXIST", "F")}
            if payment["status"] != "SUCCESS":
                return {"result": result("ORDER_STATUS_INVALID", "F")}
            if amount["currency"] != payment["paymentAmount"]["currency"]:
                return {"result": result("CURRENCY_NOT_SUPPORT", "F")}
            before = sum(
                int(r["request"]["refundAmount"]["value"])
                for r in self.refunds.values()
                if r["request"]["paymentId"] == payment["paymentId"]
            )
            if before + int(amount["value"]) > int(payment["paymentAmount"]["value"]):
                return {"result": result("REFUND_AMOUNT_EXCEED", "F")}
            held = self.hold_refunds
            answer = {
                "result": result("REFUND_IN_PROCESS", "U") if held else result("SUCCESS", "S"),
                "refundRequestId": refund_id,
                "refundId": f"2026R{secrets.randbelow(10**20):020d}",
                "paymentId": payment["paymentId"],
                "refundAmount": amount,
                **({} if held else {"refundTime": now()}),
            }
            self.refunds[refund_id] = {
                "request": body,
                "answer": answer,
                "status": "PROCESSING" if held else "SUCCESS",
            }
        return answer

    def _inquiry_refund(self, body: dict) -> dict:
        refund = self.refunds.get(body.get("refundRequestId") or "")
        if refund is None:
            return {"result": result("REFUND_NOT_EXIST", "F")}
        return {
            "result": result("SUCCESS", "S"),
            "refundRequestId": refund["answer"]["refundRequestId"],
            "refundId": refund["answer"]["refundId"],
            "refundAmount": refund["answer"]["refundAmount"],
            "refundStatus": refund["status"],
        }

    # The cashier page ---------------------------------------------------------------------------

    def _cashier(self, request: Request) -> Response:
        rest = request.path.removeprefix("/_fake/cashier/")
        request_id, _, action = rest.partition("/")
        payment = self.payments.get(request_id)
        if payment is None:
            return Response("not found", 404)
        if action == "pay" and request.method == "POST":
            try:
                url, body, headers = self.pay(request_id)
            except ValueError as exc:
                return Response(str(exc), 400, content_type="text/plain; charset=utf-8")
            if self.deliver_to:
                path = url.split("/", 3)[3]
                host = url.split("/")[2]
                requests.post(
                    f"{self.deliver_to}/{path}",
                    data=body,
                    headers={**headers, "X-Site-Host": host},
                    timeout=10,
                )
            return Response("", 302, headers={"Location": payment["redirectUrl"]})
        if payment["status"] != "PROCESSING":
            return Response(f"payment {payment['status']}", 400, content_type="text/plain; charset=utf-8")
        value = int(payment["paymentAmount"]["value"])
        shown = f"{payment['paymentAmount']['currency']} {value // 100}.{value % 100:02d}"
        html = (
            '<!doctype html><html><head><meta charset="utf-8"><title>Antom (fake)</title>'
            '<link rel="icon" href="data:,"></head><body>'
            f"<h1>Antom · {escape(payment['wallet'])}</h1>"
            f'<p data-testid="antom-amount">{escape(shown)}</p>'
            f'<form method="post" action="/_fake/cashier/{escape(request_id)}/pay">'
            '<button data-testid="antom-pay">Pay with Alipay</button></form></body></html>'
        )
        return Response(html, content_type="text/html; charset=utf-8")
