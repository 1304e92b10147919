"""WeChat Pay (API v3) through the `wechatpayv3` package: JSAPI inside WeChat (with the shopper's
openid for the shop's official account), H5 in other mobile browsers, Native (a QR code) on
desktops; notifications verified with the platform public key or certificate and decrypted
(AES-256-GCM) by the package; order query and refunds.

wechatpayv3 has no setting for its gateway: `Core._gate_way` is the one place it is named, so it
is set after construction (the tests point it at their local fake gateway)."""

import json
import secrets
import time
from decimal import Decimal
from pathlib import Path
from urllib.parse import quote

from wechatpayv3 import WeChatPay, WeChatPayType

from bff.payments.providers.base import (
    BadNotification,
    PaymentContext,
    PaymentEvent,
    PaymentStart,
    ProviderError,
    RefundResult,
)

TOLERANCE_SECONDS = 300  # a notification older than this is a replay
_TIMEOUT = (5, 15)


class WechatLoginRequired(ProviderError):
    """JSAPI needs the shopper's openid: the storefront first signs them in with WeChat."""


# WeChat Pay refuses a second order under one out_trade_no with other parameters, so a shopper who
# opened the QR code on a desktop and then pays on the phone needs another: one per way of paying.
SUFFIXES = {"jsapi": "J", "h5": "H", "native": "N"}


def out_trade_no(order_number: str, mode: str) -> str:
    return f"{order_number}-{SUFFIXES[mode]}"


def order_number_of(trade_no: str) -> str:
    number, _, suffix = trade_no.rpartition("-")
    return number if suffix in SUFFIXES.values() else trade_no


def cents(amount: Decimal) -> int:
    return int((amount * 100).to_integral_exact())


class WechatPayProvider:
    name = "wechat_pay"

    def __init__(self, settings: dict, secrets_: dict, gateway: str, notify_url: str, cert_dir: Path):
        self.mchid = settings["mchid"]
        self.appid = settings["appid"]
        self.app_secret = secrets_.get("app_secret")  # the official account's, for the openid
        self.currency = settings.get("currency") or "NZD"  # the currency of the shop's prices
        kwargs = {}
        if secrets_.get("public_key") and settings.get("public_key_id"):
            kwargs = {"public_key": secrets_["public_key"], "public_key_id": settings["public_key_id"]}
        else:
            # Certificate mode: the owner's platform certificate is put where the package reads
            # certificates, so it need not download one at start.
            cert_dir.mkdir(parents=True, exist_ok=True)
            (cert_dir / "platform.pem").write_text(secrets_["platform_certificate"])
            kwargs = {"cert_dir": str(cert_dir)}
        try:
            self.client = WeChatPay(
                wechatpay_type=WeChatPayType.NATIVE,
                mchid=self.mchid,
                private_key=secrets_["private_key"],
                cert_serial_no=settings["cert_serial_no"],
                appid=self.appid,
                apiv3_key=secrets_["apiv3_key"],
                notify_url=notify_url,
                timeout=_TIMEOUT,
                **kwargs,
            )
        except Exception as exc:  # the package raises bare Exceptions for unreadable keys
            raise ValueError(str(exc)) from exc
        self.client._core._gate_way = gateway.rstrip("/")

    # Starting a payment ---------------------------------------------------------------------

    def _call(self, what: str, call):
        try:
            code, message = call()
        except Exception as exc:  # network, or a response whose signature does not verify
            raise ProviderError(f"{what}: {exc}") from exc
        try:
            data = json.loads(message) if message else {}
        except (TypeError, ValueError):
            data = {}
        return code, data

    def create_payment(self, shop, order, context: PaymentContext) -> PaymentStart:
        mode = {"wechat": "jsapi", "mobile": "h5"}.get(context.device, "native")
        args = {
            "description": f"{shop.shop_name} {order.order_number}"[:127],
            "out_trade_no": out_trade_no(order.order_number, mode),
            "amount": {"total": cents(order.total_price), "currency": self.currency},
        }
        if mode == "jsapi":
            if not context.openid:
                raise WechatLoginRequired("no openid")
            code, data = self._call(
                "jsapi",
                lambda: self.client.pay(
                    **args, payer={"openid": context.openid}, pay_type=WeChatPayType.JSAPI
                ),
            )
            self._check(code, data, "prepay_id")
            return PaymentStart(
                "jsapi", reference=args["out_trade_no"], jsapi=self._jsapi_params(data["prepay_id"])
            )
        if mode == "h5":
            scene = {"payer_client_ip": context.client_ip or "127.0.0.1", "h5_info": {"type": "Wap"}}
            code, data = self._call(
                "h5", lambda: self.client.pay(**args, scene_info=scene, pay_type=WeChatPayType.H5)
            )
            self._check(code, data, "h5_url")
            back = f"{context.origin}/pay/{order.order_number}?returned=1"
            url = f"{data['h5_url']}&redirect_url={quote(back, safe='')}"
            return PaymentStart("redirect", reference=args["out_trade_no"], url=url)
        code, data = self._call("native", lambda: self.client.pay(**args, pay_type=WeChatPayType.NATIVE))
        self._check(code, data, "code_url")
        return PaymentStart("qr", reference=args["out_trade_no"], qr_code=data["code_url"])

    @staticmethod
    def _check(code: int, data: dict, field: str) -> None:
        if code != 200 or not data.get(field):
            raise ProviderError(f"HTTP {code} {data.get('code', '')} {data.get('message', '')}")

    def _jsapi_params(self, prepay_id: str) -> dict:
        """The parameters of WeixinJSBridge's getBrandWCPayRequest, signed with the merchant key."""
        timestamp, nonce, package = str(int(time.time())), secrets.token_hex(16), f"prepay_id={prepay_id}"
        sign = self.client.sign([self.appid, timestamp, nonce, package])
        return {
            "appId": self.appid,
            "timeStamp": timestamp,
            "nonceStr": nonce,
            "package": package,
            "signType": "RSA",
            "paySign": sign,
        }

    # Notifications and queries --------------------------------------------------------------

    def parse_notification(self, body: bytes, headers) -> PaymentEvent:
        try:
            timestamp = int(headers.get("Wechatpay-Timestamp", ""))
        except ValueError as exc:
            raise BadNotification("no timestamp") from exc
        if abs(time.time() - timestamp) > TOLERANCE_SECONDS:
            raise BadNotification("stale notification")
        try:
            # Verifies the signature (platform public key or certificate), then decrypts.
            data = self.client.callback(headers, body)
        except Exception as exc:
            raise BadNotification(f"unreadable notification: {exc}") from exc
        if not data or not isinstance(data.get("resource"), dict):
            raise BadNotification("signature or decryption failed")
        if data.get("event_type") != "TRANSACTION.SUCCESS":
            raise BadNotification(f"not a payment: {data.get('event_type')}")
        return self._event(data["resource"])

    def _event(self, resource: dict) -> PaymentEvent:
        if resource.get("mchid") != self.mchid or resource.get("appid") != self.appid:
            raise BadNotification("another merchant's transaction")
        amount = resource.get("amount") or {}
        if amount.get("currency") != self.currency or not isinstance(amount.get("total"), int):
            raise BadNotification("unexpected amount")
        state = resource.get("trade_state")
        if state not in ("SUCCESS", "PAYERROR"):
            raise BadNotification(f"trade state {state}")
        return PaymentEvent(
            provider=self.name,
            transaction_id=str(resource["transaction_id"])[:128],
            order_number=order_number_of(str(resource["out_trade_no"]))[:20],
            amount=Decimal(amount["total"]) / 100,
            outcome="paid" if state == "SUCCESS" else "failed",
        )

    def query(self, order, reference: str) -> PaymentEvent | None:
        code, data = self._call("query", lambda: self.client.query(out_trade_no=reference))
        if code == 404 or (code == 200 and data.get("trade_state") != "SUCCESS"):
            return None  # never reached WeChat Pay, or not paid yet
        if code != 200:
            raise ProviderError(f"query: HTTP {code} {data.get('code', '')}")
        try:
            return self._event(data)
        except (BadNotification, KeyError) as exc:
            raise ProviderError(f"query: {exc}") from exc

    def refund(
        self, order, transaction_id: str, refund_number: str, amount: Decimal, reason: str
    ) -> RefundResult:
        code, data = self._call(
            "refund",
            lambda: self.client.refund(
                out_refund_no=refund_number,
                amount={
                    "refund": cents(amount),
                    "total": cents(order.total_price),
                    "currency": self.currency,
                },
                transaction_id=transaction_id,
                reason=reason[:80] or None,
            ),
        )
        if code != 200 or not data.get("refund_id"):
            raise ProviderError(f"refund: HTTP {code} {data.get('code', '')} {data.get('message', '')}")
        status = {"SUCCESS": "succeeded", "PROCESSING": "processing"}.get(data.get("status"), "failed")
        return RefundResult(refund_id=data["refund_id"], status=status)
