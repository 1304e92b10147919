"""Alipay (and the Alipay+ wallets) through Antom, Alipay's product for merchants outside the
mainland, with the official `global-open-sdk-python` package (pinned in pyproject.toml; its
request models, `to_ams_json` and its signature tool `com.alipay.ams.api.tools.signature_tool`).

Sources (Antom's API reference, and the SDK's repository github.com/alipay/global-open-sdk-python):
- pay (Cashier Payment), https://docs.antom.com/ac/ams/payment_cashier: POST /ams/api/v1/payments/pay
  with productCode CASHIER_PAYMENT, paymentRequestId (idempotent: the same id with other content is
  refused, REPEAT_REQ_INCONSISTENT), order, paymentAmount {currency, value in the smallest unit},
  paymentMethod.paymentMethodType (ALIPAY_CN, or CONNECT_WALLET for the Alipay+ cashier where the
  shopper picks their wallet), paymentRedirectUrl, paymentNotifyUrl, paymentExpiryTime,
  settlementStrategy.settlementCurrency and env.terminalType (WEB, or WAP with osType). The answer
  is resultStatus U / PAYMENT_IN_PROCESS with normalUrl, the cashier page to send the shopper to.
- notifyPayment, https://docs.antom.com/ac/ams/paymentrn_online: notifyType PAYMENT_RESULT with
  result.resultStatus S (paid) or F (failed), paymentRequestId, paymentId, paymentAmount; answered
  with result.resultCode SUCCESS, else Antom sends it again.
- Signatures, https://docs.antom.com/ac/ams/digital_signature: RSA with SHA-256 over
  "<method> <path>\\n<client-id>.<request-time>.<body>", in the header
  `Signature: algorithm=RSA256,keyVersion=1,signature=<url-encoded base64>`; Antom signs its
  answers and notifications the same way with its own key (the SDK's `sign` and `verify`).
- inquiryPayment, https://docs.antom.com/ac/ams/paymentri_online: paymentStatus SUCCESS, FAIL,
  PROCESSING, CANCELLED or PENDING (the sweep settles a payment whose notification never came).
- cancel, https://docs.antom.com/ac/ams/paymentc_online: closes an unpaid payment (the order is
  released or cancelled).
- refund, https://docs.antom.com/ac/ams/refund_online: refundRequestId (idempotent), paymentId,
  refundAmount; partial refunds up to the payment's amount (REFUND_AMOUNT_EXCEED beyond); S is
  refunded, U (REFUND_IN_PROCESS) is asked about with inquiryRefund
  (https://docs.antom.com/ac/ams/ir_online: refundStatus SUCCESS, PROCESSING or FAIL).
- Gateways, https://docs.antom.com/ac/ams/api_fund: open-sea-global.alipay.com (Asia),
  open-na-global.alipay.com, open-eu-global.alipay.com; a client id that starts SANDBOX_ uses
  /ams/sandbox/api (the SDK's `adjust_sandbox_url`).

The transport is ours (`requests`, certificates verified): the SDK's own `do_post` always connects
to port 443 with certificate checks switched off (`ssl._create_unverified_context()`), which a shop
taking money does not do. Every answer's signature is verified with Antom's public key before it
is read. The amount a notification or an inquiry reports is compared exactly with the charge kept
on the attempt (bff/payments/services.py), never trusted as such.
"""

import hashlib
import json
import logging
from datetime import UTC
from decimal import Decimal
from urllib.parse import urlparse

import requests
from com.alipay.ams.api.model.amount import Amount
from com.alipay.ams.api.model.env import Env
from com.alipay.ams.api.model.order import Order as AntomOrder
from com.alipay.ams.api.model.os_type import OsType
from com.alipay.ams.api.model.payment_method import PaymentMethod
from com.alipay.ams.api.model.product_code_type import ProductCodeType
from com.alipay.ams.api.model.settlement_strategy import SettlementStrategy
from com.alipay.ams.api.model.terminal_type import TerminalType
from com.alipay.ams.api.request.pay.alipay_inquiry_refund_request import AlipayInquiryRefundRequest
from com.alipay.ams.api.request.pay.alipay_pay_cancel_request import AlipayPayCancelRequest
from com.alipay.ams.api.request.pay.alipay_pay_query_request import AlipayPayQueryRequest
from com.alipay.ams.api.request.pay.alipay_pay_request import AlipayPayRequest
from com.alipay.ams.api.request.pay.alipay_refund_request import AlipayRefundRequest
from com.alipay.ams.api.tools import signature_tool
from com.alipay.ams.api.tools.date_tools import get_cur_iso8601_time
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from bff.payments.charges import PRICE_CURRENCY, Charge
from bff.payments.providers.base import (
    BadNotification,
    NotAPayment,
    PaymentContext,
    PaymentEvent,
    PaymentStart,
    ProviderError,
    RefundResult,
)

log = logging.getLogger(__name__)
WALLETS = ("ALIPAY_CN", "CONNECT_WALLET")  # Alipay CN | the Alipay+ cashier (the shopper's wallet)
TIMEOUT = 15  # seconds, the SDK's DEFAULT_TIMEOUT
KEY_VERSION = "1"
REFUND_STATES = {"SUCCESS": "succeeded", "PROCESSING": "processing", "FAIL": "failed"}
ACK = {"result": {"resultCode": "SUCCESS", "resultStatus": "S", "resultMessage": "success"}}


def cents(amount: Decimal) -> str:
    return str(int((amount * 100).to_integral_exact()))


def _pem_body(pem: bytes) -> str:
    """A PEM's base64 body on one line (the SDK adds its own BEGIN/END lines)."""
    return "".join(line for line in pem.decode().splitlines() if not line.startswith("-----"))


def _wrap(key: str, label: str) -> bytes:
    key = key.strip()
    if key.startswith("-----"):
        return key.encode()
    return f"-----BEGIN {label}-----\n{key}\n-----END {label}-----\n".encode()


def load_private_key(text: str) -> str:
    """The merchant's private key as Antom's dashboard gives it (PKCS#8 base64, or a PEM of
    either kind), in the PKCS#1 form the SDK's `sign` reads ("BEGIN RSA PRIVATE KEY")."""
    pem = _wrap(text, "PRIVATE KEY")
    try:
        key = serialization.load_pem_private_key(pem, password=None)
    except ValueError:
        try:
            key = serialization.load_pem_private_key(_wrap(text, "RSA PRIVATE KEY"), password=None)
        except ValueError:
            raise ValueError("antom: the merchant private key does not load (RSA, PEM or base64)") from None
    if not isinstance(key, rsa.RSAPrivateKey):
        raise ValueError("antom: the merchant private key is not an RSA key")
    return _pem_body(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )


def load_public_key(text: str) -> str:
    """Antom's public key (base64 or PEM), as the SubjectPublicKeyInfo body the SDK's `verify` reads."""
    try:
        key = serialization.load_pem_public_key(_wrap(text, "PUBLIC KEY"))
    except ValueError:
        raise ValueError("antom: Antom's public key does not load (RSA, PEM or base64)") from None
    if not isinstance(key, rsa.RSAPublicKey):
        raise ValueError("antom: Antom's public key is not an RSA key")
    return _pem_body(
        key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )


def request_time() -> str:
    """Request-Time as the SDK sends it: ISO 8601 with the offset, to the second."""
    return get_cur_iso8601_time()


def signature_header(value: str) -> str:
    return f"algorithm=RSA256,keyVersion={KEY_VERSION},signature={value}"


class AntomProvider:
    name = "antom"
    methods = ("alipay",)  # bff/payments/methods.py: Alipay CN (and the Alipay+ wallets)

    def __init__(self, settings: dict, secrets: dict, gateway: str, notify_url: str):
        self.client_id = (settings.get("client_id") or "").strip()
        if not self.client_id:
            raise ValueError("antom needs its client ID")
        self.private_key = load_private_key(secrets.get("merchant_private_key") or "")
        self.antom_public_key = load_public_key(secrets.get("antom_public_key") or "")
        self.wallet = settings.get("wallet") or "ALIPAY_CN"
        if self.wallet not in WALLETS:
            raise ValueError(f"antom: the wallet is one of {', '.join(WALLETS)}")
        self.gateway = gateway.rstrip("/")
        self.notify_url = notify_url
        self.notify_path = urlparse(notify_url).path

    # Calls ----------------------------------------------------------------------------------

    def _path(self, path: str) -> str:
        if self.client_id.startswith("SANDBOX_"):  # the SDK's adjust_sandbox_url
            return path.replace("/ams/api", "/ams/sandbox/api", 1)
        return path

    def _call(self, request) -> dict:
        """POST the SDK's request, signed as the SDK signs it; the answer's signature verified
        with Antom's public key before anything in it is read."""
        path = self._path(request.path)
        body = request.to_ams_json()
        sent_at = request_time()
        signed = signature_tool.sign("POST", path, self.client_id, sent_at, body, self.private_key)
        headers = {
            "Content-Type": "application/json; charset=UTF-8",
            "Request-Time": sent_at,
            "client-id": self.client_id,
            "Signature": signature_header(signed),
        }
        try:
            response = requests.post(
                self.gateway + path, data=body.encode(), headers=headers, timeout=TIMEOUT
            )
        except requests.RequestException as exc:
            raise ProviderError(f"{path}: {type(exc).__name__}") from exc
        if response.status_code != 200:
            raise ProviderError(f"{path}: HTTP {response.status_code}")
        text = response.content.decode("utf-8", "replace")
        signature = response.headers.get("signature", "")
        answered_at = response.headers.get("response-time", "")
        if "signature=" not in signature or not answered_at:
            raise ProviderError(f"{path}: the answer is not signed")
        try:
            valid = signature_tool.verify(
                "POST",
                path,
                response.headers.get("client-id", ""),
                answered_at,
                text,
                signature.split("signature=", 1)[1],
                self.antom_public_key,
            )
        except Exception as exc:  # rsa.VerificationError, binascii.Error: not Antom's signature
            raise ProviderError(f"{path}: the answer's signature does not verify") from exc
        if not valid or response.headers.get("client-id") != self.client_id:
            raise ProviderError(f"{path}: the answer's signature does not verify")
        try:
            answer = json.loads(text)
        except ValueError as exc:
            raise ProviderError(f"{path}: the answer is not JSON") from exc
        if not isinstance(answer, dict) or not isinstance(answer.get("result"), dict):
            raise ProviderError(f"{path}: the answer has no result")
        return answer

    @staticmethod
    def _failed(path: str, answer: dict) -> ProviderError:
        result = answer["result"]
        return ProviderError(f"{path}: {result.get('resultCode')} ({result.get('resultStatus')})")

    # Paying ---------------------------------------------------------------------------------

    def quote(self, shop, order) -> Charge:
        return Charge(order.total_price, PRICE_CURRENCY)  # NZD as priced: the wallet converts

    def _request_id(self, order, origin: str, device: str, amount: str, expires: str | None) -> str:
        """The attempt's paymentRequestId: the same order, origin, device, amount and expiry give
        the same id (a second click answers the same cashier page); any other content another id,
        which Antom would otherwise refuse as REPEAT_REQ_INCONSISTENT."""
        digest = hashlib.sha256(f"{order.order_number}|{origin}|{device}|{amount}|{expires}".encode())
        return f"{order.order_number}-{digest.hexdigest()[:12]}"

    def create_payment(self, shop, order, context: PaymentContext, charge: Charge) -> PaymentStart:
        origin = context.origin.rstrip("/")
        amount = cents(charge.amount)
        expires = (
            context.expires_at.astimezone(UTC).replace(microsecond=0).isoformat()
            if context.expires_at
            else None
        )
        reference = self._request_id(order, origin, context.device, amount, expires)
        request = AlipayPayRequest()
        request.product_code = ProductCodeType.CASHIER_PAYMENT
        request.payment_request_id = reference
        details = AntomOrder()
        details.reference_order_id = order.order_number
        details.order_description = f"{shop.shop_name} {order.order_number}"[:256]
        details.order_amount = Amount(charge.currency, amount)
        request.order = details
        request.payment_amount = Amount(charge.currency, amount)
        method = PaymentMethod()
        method.payment_method_type = self.wallet
        request.payment_method = method
        request.payment_redirect_url = f"{origin}/pay/{order.order_number}?returned=1"
        request.payment_notify_url = self.notify_url
        if expires:
            request.payment_expiry_time = expires
        strategy = SettlementStrategy()
        strategy.settlement_currency = charge.currency
        request.settlement_strategy = strategy
        env = Env()
        if context.device == "desktop":
            env.terminal_type = TerminalType.WEB
        else:  # a phone's browser: Antom's WAP page opens the wallet app
            env.terminal_type = TerminalType.WAP
            agent = context.user_agent or ""
            env.os_type = (
                OsType.IOS if any(k in agent for k in ("iPhone", "iPad", "iPod")) else OsType.ANDROID
            )
        if context.client_ip:
            env.client_ip = context.client_ip
        request.env = env
        answer = self._call(request)
        result = answer["result"]
        url = answer.get("normalUrl") or (answer.get("redirectActionForm") or {}).get("redirectUrl")
        if result.get("resultStatus") == "F" or not url:
            raise self._failed(request.path, answer)
        return PaymentStart(flow="redirect", reference=reference, url=url)

    def _event(self, body: dict, outcome: str) -> PaymentEvent:
        try:
            reference = str(body["paymentRequestId"])
            amount = body["paymentAmount"]
            value = Decimal(str(amount["value"]))
            currency = str(amount["currency"]).upper()
            payment_id = str(body["paymentId"])
        except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
            raise BadNotification("the payment lacks its request id, amount or payment id") from exc
        number, _, _ = reference.rpartition("-")
        if not number or not payment_id or value != value.to_integral_value():
            raise BadNotification("the payment names no order of ours, or no whole amount")
        return PaymentEvent(
            provider=self.name,
            transaction_id=payment_id[:128],
            order_number=number[:20],
            amount=value / 100,
            outcome=outcome,
            currency=currency,
            reference=reference[:64],
        )

    def parse_notification(self, body: bytes, headers) -> PaymentEvent:
        """notifyPayment: verified with Antom's public key over the documented string, then read."""
        signature = headers.get("Signature") or headers.get("signature") or ""
        client_id = headers.get("client-id") or ""
        sent_at = headers.get("request-time") or ""
        text = body.decode("utf-8", "replace")
        if client_id != self.client_id or not sent_at or "signature=" not in signature:
            raise BadNotification("not signed for this client id")
        try:
            valid = signature_tool.verify(
                "POST",
                self.notify_path,
                client_id,
                sent_at,
                text,
                signature.split("signature=", 1)[1],
                self.antom_public_key,
            )
        except Exception as exc:  # rsa.VerificationError, a signature that is not base64
            raise BadNotification("the signature does not verify") from exc
        if not valid:
            raise BadNotification("the signature does not verify")
        try:
            notice = json.loads(text)
        except ValueError as exc:
            raise BadNotification("the body is not JSON") from exc
        if not isinstance(notice, dict):
            raise BadNotification("the body is not a notification")
        status = (notice.get("result") or {}).get("resultStatus")
        if notice.get("notifyType") != "PAYMENT_RESULT":
            raise NotAPayment(str(notice.get("notifyType")))  # PAYMENT_PENDING: the result follows
        if status == "S":
            return self._event(notice, "paid")
        if status == "F":
            return self._event(notice, "failed")
        raise NotAPayment(f"result {status}")

    def query(self, order, reference: str) -> PaymentEvent | None:
        """inquiryPayment (a lost notification): the payment when SUCCESS, else None."""
        request = AlipayPayQueryRequest()
        request.payment_request_id = reference
        answer = self._call(request)
        result = answer["result"]
        if result.get("resultCode") == "ORDER_NOT_EXIST":
            return None
        if result.get("resultStatus") != "S":
            raise self._failed(request.path, answer)
        if answer.get("paymentStatus") != "SUCCESS":
            return None
        try:
            return self._event(answer, "paid")
        except BadNotification as exc:
            raise ProviderError(f"inquiryPayment: {exc}") from exc

    def close(self, order, reference: str) -> PaymentEvent | None:
        """Cancel the attempt before its order is released or cancelled; the payment instead
        when it was paid meanwhile."""
        paid = self.query(order, reference)
        if paid is not None:
            return paid
        request = AlipayPayCancelRequest()
        request.payment_request_id = reference
        answer = self._call(request)
        result = answer["result"]
        if result.get("resultStatus") == "S" or result.get("resultCode") == "ORDER_NOT_EXIST":
            return None
        if result.get("resultCode") == "ORDER_STATUS_INVALID":  # paid, or closed, in between
            return self.query(order, reference)
        raise self._failed(request.path, answer)

    # Refunds -------------------------------------------------------------------------------

    def refund(
        self,
        order,
        transaction_id: str,
        refund_number: str,
        amount: Decimal,
        reason: str,
        charge: Charge | None = None,
    ) -> RefundResult:
        request = AlipayRefundRequest()
        request.refund_request_id = refund_number
        request.payment_id = transaction_id
        request.refund_amount = Amount(charge.currency if charge else PRICE_CURRENCY, cents(amount))
        if reason:
            request.refund_reason = reason[:256]
        answer = self._call(request)
        result = answer["result"]
        status = result.get("resultStatus")
        if status == "S":
            return RefundResult(refund_id=str(answer.get("refundId") or refund_number), status="succeeded")
        if status == "U":  # REFUND_IN_PROCESS: asked about in the sweep (inquiryRefund)
            return RefundResult(refund_id=str(answer.get("refundId") or refund_number), status="processing")
        raise self._failed(request.path, answer)

    def query_refund(self, refund_number: str) -> str | None:
        """succeeded, processing or failed, as inquiryRefund says (the sweep)."""
        request = AlipayInquiryRefundRequest()
        request.refund_request_id = refund_number
        answer = self._call(request)
        if answer["result"].get("resultStatus") != "S":
            raise self._failed(request.path, answer)
        return REFUND_STATES.get(answer.get("refundStatus"), "processing")
