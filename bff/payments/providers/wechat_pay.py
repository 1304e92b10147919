"""WeChat Pay (API v3) through the `wechatpayv3` package: JSAPI inside WeChat (with the shopper's
openid for the shop's official account), H5 in other mobile browsers, Native (a QR code) on
desktops; notifications verified with the platform public key or certificate and decrypted
(AES-256-GCM) by the package; order query and refunds.

Two kinds of merchant account, the shop's setting `api`:

- `global`: an overseas (cross-border) merchant, the usual account of a NZ company. WeChat Pay's
  overseas API (`/v3/global/transactions/{jsapi,h5,native}`, `/v3/global/transactions/out-trade-no/
  {no}?mchid=`, `/v3/global/refunds`) takes the prices' currency: `amount` is `{total, currency:
  "NZD"}` in cents; the shopper pays in yuan at WeChat's rate, which the notification's resource
  reports (`amount.payer_total`, `payer_currency`, `exchange_rate`); we compare `amount.total` and
  `amount.currency`, what the merchant charged. wechatpayv3 wraps only the domestic calls, so these
  go through its core `request` (it signs the request and verifies the answer's signature).
- `domestic`: a mainland merchant. `/v3/pay/transactions/...` and `/v3/refund/domestic/refunds`
  take only CNY: the order's NZD total converted at the shop's rate when the payment starts
  (bff/payments/charges.py), kept on the payment attempt and compared exactly.

Assumptions where WeChat Pay's overseas documentation was not at hand in full (README, Payments):
the overseas create calls take `trade_type` (JSAPI, MWEB, NATIVE) and `merchant_category_code`
(the MCC WeChat Pay gave the merchant) besides the domestic call's fields, answer `prepay_id`,
`h5_url` and `code_url` as the domestic ones do, and the refund answers its id as `id` or
`refund_id`. We call them in common (direct) mode, `mchid` and `appid`; WeChat Pay offers that
mode to few regions, elsewhere an acquiring institution's sub-merchant (`sp_mchid`, `sub_mchid`)
is the rule, which this provider does not implement.

wechatpayv3 has no setting for its gateway: `Core._gate_way` is the one place it is named, so it
is set after construction (the tests point it at their local fake gateway)."""

import json
import secrets
import time
from decimal import Decimal
from pathlib import Path
from urllib.parse import quote

from wechatpayv3 import WeChatPay, WeChatPayType
from wechatpayv3.type import RequestType

from bff.payments.charges import PRICE_CURRENCY, YUAN, Charge, charge_for
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
# The overseas API names the way of paying in the body too.
TRADE_TYPES = {"jsapi": "JSAPI", "h5": "MWEB", "native": "NATIVE"}
APIS = {"global": PRICE_CURRENCY, "domestic": YUAN}  # the account kind -> the currency it charges


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
        self.api = settings.get("api")
        if self.api not in APIS:
            raise ValueError("api must be global or domestic")
        self.currency = APIS[self.api]
        self.merchant_category_code = settings.get("merchant_category_code")
        self.notify_url = notify_url
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

    def quote(self, shop, order) -> Charge:
        return charge_for(order.total_price, self.currency, order.exchange_rate)

    def _global(self, what: str, method: RequestType, path: str, body: dict | None = None):
        """A call of the overseas API through the package's core (signed, answer verified)."""
        return self._call(what, lambda: self.client._core.request(path, method=method, data=body))

    def _place(self, mode: str, args: dict, **extra):
        if self.api == "domestic":
            pay_type = {"jsapi": WeChatPayType.JSAPI, "h5": WeChatPayType.H5}.get(mode, WeChatPayType.NATIVE)
            return self._call(mode, lambda: self.client.pay(**args, **extra, pay_type=pay_type))
        body = {
            "appid": self.appid,
            "mchid": self.mchid,
            **args,
            **extra,
            "notify_url": self.notify_url,
            "trade_type": TRADE_TYPES[mode],
            "merchant_category_code": self.merchant_category_code,
        }
        return self._global(mode, RequestType.POST, f"/v3/global/transactions/{mode}", body)

    def create_payment(self, shop, order, context: PaymentContext, charge: Charge) -> PaymentStart:
        if charge.currency != self.currency:
            raise ProviderError(f"a {self.api} account charges {self.currency}, not {charge.currency}")
        mode = {"wechat": "jsapi", "mobile": "h5"}.get(context.device, "native")
        args = {
            "description": f"{shop.shop_name} {order.order_number}"[:127],
            "out_trade_no": out_trade_no(order.order_number, mode),
            "amount": {"total": cents(charge.amount), "currency": charge.currency},
        }
        reference = args["out_trade_no"]
        if mode == "jsapi":
            if not context.openid:
                raise WechatLoginRequired("no openid")
            code, data = self._place(mode, args, payer={"openid": context.openid})
            self._check(code, data, "prepay_id")
            return PaymentStart("jsapi", reference=reference, jsapi=self._jsapi_params(data["prepay_id"]))
        if mode == "h5":
            scene = {"payer_client_ip": context.client_ip or "127.0.0.1", "h5_info": {"type": "Wap"}}
            code, data = self._place(mode, args, scene_info=scene)
            self._check(code, data, "h5_url")
            back = f"{context.origin}/pay/{order.order_number}?returned=1"
            url = f"{data['h5_url']}&redirect_url={quote(back, safe='')}"
            return PaymentStart("redirect", reference=reference, url=url)
        code, data = self._place(mode, args)
        self._check(code, data, "code_url")
        return PaymentStart("qr", reference=reference, qr_code=data["code_url"])

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
        # What the merchant charged (amount.total in amount.currency), not what the shopper's
        # wallet paid after WeChat's conversion (payer_total, payer_currency: overseas API).
        return PaymentEvent(
            provider=self.name,
            transaction_id=str(resource["transaction_id"])[:128],
            order_number=order_number_of(str(resource["out_trade_no"]))[:20],
            amount=Decimal(amount["total"]) / 100,
            outcome="paid" if state == "SUCCESS" else "failed",
            currency=amount["currency"],
            reference=str(resource["out_trade_no"])[:64],
        )

    def query(self, order, reference: str) -> PaymentEvent | None:
        if self.api == "domestic":
            code, data = self._call("query", lambda: self.client.query(out_trade_no=reference))
        else:
            path = f"/v3/global/transactions/out-trade-no/{quote(reference, safe='')}?mchid={self.mchid}"
            code, data = self._global("query", RequestType.GET, path)
        if code == 404 or (code == 200 and data.get("trade_state") != "SUCCESS"):
            return None  # never reached WeChat Pay, or not paid yet
        if code != 200:
            raise ProviderError(f"query: HTTP {code} {data.get('code', '')}")
        try:
            return self._event(data)
        except (BadNotification, KeyError) as exc:
            raise ProviderError(f"query: {exc}") from exc

    def refund(
        self,
        order,
        transaction_id: str,
        refund_number: str,
        amount: Decimal,
        reason: str,
        charge: Charge | None = None,
    ) -> RefundResult:
        charge = charge or Charge(order.total_price, self.currency)
        money = {"refund": cents(amount), "total": cents(charge.amount), "currency": charge.currency}
        if self.api == "domestic":
            code, data = self._call(
                "refund",
                lambda: self.client.refund(
                    out_refund_no=refund_number,
                    amount=money,
                    transaction_id=transaction_id,
                    reason=reason[:80] or None,
                ),
            )
        else:
            body = {
                "mchid": self.mchid,
                "appid": self.appid,
                "transaction_id": transaction_id,
                "out_refund_no": refund_number,
                "amount": money,
                **({"reason": reason[:80]} if reason else {}),
            }
            code, data = self._global("refund", RequestType.POST, "/v3/global/refunds", body)
        refund_id = data.get("refund_id") or data.get("id")
        if code != 200 or not refund_id:
            raise ProviderError(f"refund: HTTP {code} {data.get('code', '')} {data.get('message', '')}")
        status = {"SUCCESS": "succeeded", "PROCESSING": "processing"}.get(data.get("status"), "failed")
        return RefundResult(refund_id=str(refund_id)[:128], status=status)
