"""WeChat Pay (API v3) through the `wechatpayv3` package (signing our requests): JSAPI inside WeChat
(with the shopper's openid for the shop's official account), H5 in other mobile browsers, Native
(a QR code) on desktops; notifications verified with the keys the shop holds
(bff/payments/providers/wechat_keys.py) and decrypted (AES-256-GCM); order query, close, refunds
and refund query.

Two kinds of merchant account, the shop's setting `api`, each on its own host:

- `global`: an overseas (cross-border) merchant, the usual account of a NZ company, on
  `https://apihk.mch.weixin.qq.com` (WECHATPAY_GLOBAL_GATEWAY_URL). Charged in the prices'
  currency (`amount: {total, currency: "NZD"}` in cents); the shopper pays yuan at WeChat's rate,
  which the notification reports (`payer_total`, `payer_currency`, `exchange_rate`); we compare
  `amount.total` and `amount.currency`, what the merchant charged. Official pages (WeChat Pay
  Global, API v3, direct "common" mode):
  Native  POST /v3/global/transactions/native
          https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_2_1.shtml
  JSAPI   POST /v3/global/transactions/jsapi
          https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter4_1_26.shtml
  H5      POST /v3/global/transactions/mweb, answer `mweb_url`; `scene_info` has
          `payer_client_ip` (and `device_id`, `store_info`), not the mainland's `h5_info`
          https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter4_1_30.shtml and
          https://pay.weixin.qq.com/wiki/doc/api/wxpay/en/fusion_wallet/H5Payment/chapter3_2.shtml
  Query   GET /v3/global/transactions/out-trade-no/{out_trade_no}?mchid=; WeChat's order number
          is `id` in the order object (and in the TRANSACTION.SUCCESS resource)
          https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter3_2_2.shtml
  Close   POST /v3/global/transactions/out-trade-no/{out_trade_no}/close, body {mchid}
          https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_4_7.shtml
  Refund  POST /v3/global/refunds (with `notify_url`; the answer has no `status`: it only says
          the refund was accepted, the refund query or notification tells the outcome)
          https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter3_4_3.shtml
  Refund query GET /v3/global/refunds/out-refund-no/{out_refund_no}?mchid=, and the refund
          notification https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_2_9.shtml
          (their ABNORMAL state is no failure but a refund for the merchant to finish by hand in
          the merchant platform: REFUND_STATES, with the official wording)
- `domestic`: a mainland merchant on `https://api.mch.weixin.qq.com` (WECHATPAY_GATEWAY_URL):
  `/v3/pay/transactions/{jsapi,h5,native}` (H5 answers `h5_url`; `scene_info.h5_info` is
  required), `/v3/pay/transactions/out-trade-no/{no}/close`, `/v3/refund/domestic/refunds` and
  `/v3/refund/domestic/refunds/{out_refund_no}` take only CNY: the order's NZD total converted at
  the shop's rate when the payment starts (bff/payments/charges.py), kept on the attempt and
  compared exactly. https://pay.weixin.qq.com/docs/merchant/products/h5-payment/apilist.html,
  https://pay.weixin.qq.com/docs/merchant/products/close-order/introduction.html. The package
  wraps these calls, except that its `refund` would add the payment notify URL: refunds are given
  their own (`.../notify/wechat_pay/refund`), whose REFUND.* events this provider reads.

Every payment sends `time_expire` (RFC 3339), the moment the order is released unpaid (the shop's
unpaid-order time-out): WeChat Pay refuses to take money after it, and the release closes the trade.

Not verified from a published page (README, Payments): that the overseas create calls answer
`prepay_id`/`code_url` beside nothing else, the overseas refund answer's and refund
notification's exact fields beyond `id`/`refund_id`, `out_refund_no`, `amount`, and the overseas
`refund_status` values (taken as the mainland's SUCCESS, CLOSED, ABNORMAL, PROCESSING). We call
in common (direct) mode, `mchid` and `appid`; the institutional mode (`sp_mchid`, `sub_mchid`) is
not implemented.

wechatpayv3 has no setting for its gateway (`Core._gate_way` is the one place it is named) and
verifies answers with certificates it downloads from the mainland host whenever a serial is
unknown: both are replaced after construction (the gateway of the account's kind; `verify` of
the keys the shop holds, and no download)."""

import json
import secrets
import time
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from urllib.parse import quote

from cryptography.hazmat.primitives import serialization
from wechatpayv3 import WeChatPay, WeChatPayType
from wechatpayv3.type import RequestType

from bff.payments.charges import PRICE_CURRENCY, YUAN, Charge, charge_for
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
from bff.payments.providers.wechat_keys import CERTIFICATE_PATHS, WechatKeys, decrypt, store_certificates

TOLERANCE_SECONDS = 300  # a notification older than this is a replay
_TIMEOUT = (5, 15)
CHINA = timezone(timedelta(hours=8))


class WechatLoginRequired(ProviderError):
    """JSAPI needs the shopper's openid: the storefront first signs them in with WeChat."""


# WeChat Pay refuses a second order under one out_trade_no with other parameters, so a shopper who
# opened the QR code on a desktop and then pays on the phone needs another: one per way of paying.
SUFFIXES = {"jsapi": "J", "h5": "H", "native": "N"}
# The overseas API names the way of paying in the body and H5 in its path (mweb).
TRADE_TYPES = {"jsapi": "JSAPI", "h5": "MWEB", "native": "NATIVE"}
GLOBAL_PATHS = {"jsapi": "jsapi", "h5": "mweb", "native": "native"}
APIS = {"global": PRICE_CURRENCY, "domestic": YUAN}  # the account kind -> the currency it charges
# The refund states of the refund query and notification -> ours. ABNORMAL is not a failure: the
# money has left the merchant's account and is still owed to the shopper, and the merchant finishes
# the refund by hand, after which it can still end SUCCESS (bff/payments/refunds.py keeps its amount
# refunded). WeChat Pay's refund development guide (mainland, pay.weixin.qq.com/doc/v3/merchant/
# 4013071031, "退款状态"): "ABNORMAL—退款异常：退款到银行发现用户的卡作废或者冻结了，导致原路退款银行卡
# 失败，可前往商户平台-交易中心，手动处理此笔退款。或调用发起异常退款API接口处理异常退款。", and "若查询退款
# 确认状态为退款异常，退款资金会停留在退款的中间账户内"; its refund best practice
# (pay.weixin.qq.com/doc/v3/merchant/4014959631): "手动处理：登录【商户平台 -> 交易中心】人工审核退款".
# CLOSED (same guide) is a refund closed unpaid: failed. The overseas refund query added ABNORMAL to
# its states in 2023-06 (pay.weixin.qq.com/wiki/doc/api_external/en/release/chapter1_1_2.shtml).
REFUND_STATES = {
    "SUCCESS": "succeeded",
    "PROCESSING": "processing",
    "ABNORMAL": "abnormal",
    "CLOSED": "failed",
}
REFUND_STATES["REFUNDCLOSE"] = "failed"


def out_trade_no(order_number: str, mode: str) -> str:
    return f"{order_number}-{SUFFIXES[mode]}"


def order_number_of(trade_no: str) -> str:
    number, _, suffix = trade_no.rpartition("-")
    return number if suffix in SUFFIXES.values() else trade_no


def cents(amount: Decimal) -> int:
    return int((amount * 100).to_integral_exact())


def rfc3339(moment: datetime) -> str:
    """WeChat Pay's time format, e.g. 2015-05-20T13:29:35+08:00 (any offset is RFC 3339)."""
    return moment.astimezone(CHINA).isoformat(timespec="seconds")


class WechatPayProvider:
    name = "wechat_pay"
    methods = ("wechat_pay",)  # bff/payments/methods.py: the direct merchant account serves WeChat Pay

    def __init__(
        self,
        settings: dict,
        secrets_: dict,
        gateways: dict,
        notify_url: str,
        cert_dir: Path,
        refund_notify_url: str | None = None,
    ):
        self.mchid = settings["mchid"]
        self.appid = settings["appid"]
        self.app_secret = secrets_.get("app_secret")  # the official account's, for the openid
        self.api = settings.get("api")
        if self.api not in APIS:
            raise ValueError("api must be global or domestic")
        self.currency = APIS[self.api]
        self.merchant_category_code = settings.get("merchant_category_code")
        self.notify_url = notify_url
        self.refund_notify_url = refund_notify_url or f"{notify_url.rstrip('/')}/refund"
        self.apiv3_key = secrets_["apiv3_key"]
        self.cert_dir = Path(cert_dir)
        # Both verifiers at once while a shop switches from the certificate to the public key.
        self.keys = WechatKeys(
            settings.get("public_key_id"),
            secrets_.get("public_key"),
            secrets_.get("platform_certificate"),
            self.cert_dir,
        )
        # The serial our requests name (Wechatpay-Serial): WeChat Pay signs its answer with it.
        self.request_serial = self._request_serial(settings, secrets_)
        try:
            # The package is handed a public key so that it never downloads certificates (its
            # constructor would, from the mainland path); its verification is replaced below.
            own_key = serialization.load_pem_private_key(secrets_["private_key"].encode(), None).public_key()
            own_pem = own_key.public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            ).decode()
            self.client = WeChatPay(
                wechatpay_type=WeChatPayType.NATIVE,
                mchid=self.mchid,
                private_key=secrets_["private_key"],
                cert_serial_no=settings["cert_serial_no"],
                appid=self.appid,
                apiv3_key=self.apiv3_key,
                notify_url=notify_url,
                timeout=_TIMEOUT,
                public_key=own_pem,
                public_key_id=self.request_serial,
            )
        except Exception as exc:  # the package raises bare Exceptions for unreadable keys
            raise ValueError(str(exc)) from exc
        core = self.client._core
        core._gate_way = gateways[self.api].rstrip("/")
        core._verify_signature = self.keys.verify
        core._update_certificates = _no_download

    def _request_serial(self, settings: dict, secrets_: dict) -> str:
        if settings.get("public_key_id") and secrets_.get("public_key"):
            return settings["public_key_id"]
        newest = sorted(self.keys.keys)
        if newest:
            return newest[-1]
        raise ValueError("no WeChat Pay public key or platform certificate")

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
        return code, data if isinstance(data, dict) else {}

    def quote(self, shop, order) -> Charge:
        return charge_for(order.total_price, self.currency, order.exchange_rate)

    def _request(self, what: str, method: RequestType, path: str, body: dict | None = None):
        """A call through the package's core (signed, answer verified with the shop's keys)."""
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
        return self._request(mode, RequestType.POST, f"/v3/global/transactions/{GLOBAL_PATHS[mode]}", body)

    def create_payment(self, shop, order, context: PaymentContext, charge: Charge) -> PaymentStart:
        if charge.currency != self.currency:
            raise ProviderError(f"a {self.api} account charges {self.currency}, not {charge.currency}")
        mode = {"wechat": "jsapi", "mobile": "h5"}.get(context.device, "native")
        args = {
            "description": f"{shop.shop_name} {order.order_number}"[:127],
            "out_trade_no": out_trade_no(order.order_number, mode),
            "amount": {"total": cents(charge.amount), "currency": charge.currency},
        }
        if context.expires_at is not None:
            args["time_expire"] = rfc3339(context.expires_at)
        reference = args["out_trade_no"]
        if mode == "jsapi":
            if not context.openid:
                raise WechatLoginRequired("no openid")
            code, data = self._place(mode, args, payer={"openid": context.openid})
            self._check(code, data, "prepay_id")
            return PaymentStart("jsapi", reference=reference, jsapi=self._jsapi_params(data["prepay_id"]))
        if mode == "h5":
            if not context.client_ip:
                raise ProviderError("h5: the shopper's address is unknown")  # never a made-up one
            scene = {"payer_client_ip": context.client_ip}
            if self.api == "domestic":
                scene["h5_info"] = {"type": "Wap"}
            code, data = self._place(mode, args, scene_info=scene)
            field = "h5_url" if self.api == "domestic" else "mweb_url"
            self._check(code, data, field)
            back = f"{context.origin}/pay/{order.order_number}?returned=1"
            url = f"{data[field]}&redirect_url={quote(back, safe='')}"
            return PaymentStart("redirect", reference=reference, url=url)
        code, data = self._place(mode, args)
        self._check(code, data, "code_url")
        return PaymentStart("qr", reference=reference, qr_code=data["code_url"])

    @staticmethod
    def _check(code: int, data: dict, field: str) -> None:
        if code != 200 or not isinstance(data.get(field), str) or not data.get(field):
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

    def _verified(self, body: bytes, headers, resource_type: str) -> dict:
        """The decrypted resource of an authentic notification. Nothing here calls out: a serial
        the shop does not hold is refused (its keys are refreshed on a schedule, not on demand)."""
        try:
            # mutation: equivalent because any default that is not a whole number ("" or "XXXX")
            # raises the same ValueError for a missing header.
            timestamp = int(headers.get("Wechatpay-Timestamp", ""))
        except ValueError as exc:
            raise BadNotification("no timestamp") from exc
        if abs(time.time() - timestamp) > TOLERANCE_SECONDS:
            raise BadNotification("stale notification")
        # mutation: equivalent because a missing serial read as "" or any other non-serial
        # ("XXXX": WeChat Pay's serials are hex) is a key the shop does not hold either way.
        if not self.keys.knows(headers.get("Wechatpay-Serial") or ""):
            raise BadNotification("signed with a key this shop does not hold")
        try:
            # mutation: equivalent because codec names are read case-insensitively ("UTF-8").
            text_ = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadNotification("not UTF-8") from exc
        if not self.keys.verify(headers, text_):
            raise BadNotification("signature mismatch")
        try:
            data = json.loads(text_)
            plain = decrypt(self.apiv3_key, data["resource"])
            resource = json.loads(plain)
        except (ValueError, KeyError, TypeError) as exc:
            raise BadNotification(f"unreadable notification: {exc}") from exc
        if not isinstance(resource, dict):
            raise BadNotification("unreadable resource")
        event_type = str(data.get("event_type", ""))
        if not event_type.startswith(resource_type):
            raise NotAPayment(event_type[:40])
        return {**resource, "_event_type": event_type}

    def parse_notification(self, body: bytes, headers) -> PaymentEvent:
        resource = self._verified(body, headers, "TRANSACTION.")
        if resource["_event_type"] != "TRANSACTION.SUCCESS":
            raise NotAPayment(resource["_event_type"][:40])
        return self._event(resource)

    def _event(self, resource: dict) -> PaymentEvent:
        if resource.get("mchid") != self.mchid or resource.get("appid") != self.appid:
            raise BadNotification("another merchant's transaction")
        amount = resource.get("amount") or {}
        if amount.get("currency") != self.currency or not isinstance(amount.get("total"), int):
            raise BadNotification("unexpected amount")
        state = resource.get("trade_state")
        if state not in ("SUCCESS", "PAYERROR"):
            raise BadNotification(f"trade state {state}")
        # The overseas order object names WeChat's order number `id`, the mainland one
        # `transaction_id` (see the module's sources).
        transaction = resource.get("id" if self.api == "global" else "transaction_id")
        trade_no = resource.get("out_trade_no")
        if not isinstance(transaction, str) or not transaction or not isinstance(trade_no, str):
            raise BadNotification("no transaction or trade number")
        # What the merchant charged (amount.total in amount.currency), not what the shopper's
        # wallet paid after WeChat's conversion (payer_total, payer_currency: overseas API).
        return PaymentEvent(
            provider=self.name,
            transaction_id=transaction[:128],
            order_number=order_number_of(trade_no)[:20],
            amount=Decimal(amount["total"]) / 100,
            outcome="paid" if state == "SUCCESS" else "failed",
            currency=amount["currency"],
            reference=trade_no[:64],
        )

    def _query_path(self, reference: str) -> str:
        prefix = "/v3/global/transactions" if self.api == "global" else "/v3/pay/transactions"
        return f"{prefix}/out-trade-no/{quote(reference, safe='')}"

    def query(self, order, reference: str) -> PaymentEvent | None:
        path = f"{self._query_path(reference)}?mchid={self.mchid}"
        code, data = self._request("query", RequestType.GET, path)
        if code == 404 or (code == 200 and data.get("trade_state") != "SUCCESS"):
            return None  # never reached WeChat Pay, or not paid yet
        if code != 200:
            raise ProviderError(f"query: HTTP {code} {data.get('code', '')}")
        try:
            return self._event(data)
        except BadNotification as exc:
            raise ProviderError(f"query: {exc}") from exc

    def close(self, order, reference: str) -> PaymentEvent | None:
        """Close the attempt's trade so that it can no longer be paid. When it was paid after all,
        the payment (to apply) instead. ProviderError when WeChat Pay cannot be asked."""
        paid = self.query(order, reference)
        if paid is not None:
            return paid
        path = f"{self._query_path(reference)}/close"
        code, data = self._request("close", RequestType.POST, path, {"mchid": self.mchid})
        if code in (200, 204) or data.get("code") in (
            "ORDER_CLOSED",
            "ORDER_NOT_EXIST",
            "RESOURCE_NOT_EXISTS",
        ):
            return None
        if code == 404:
            return None  # never created at WeChat Pay: nothing can be paid
        raise ProviderError(f"close: HTTP {code} {data.get('code', '')}")

    # Refunds ---------------------------------------------------------------------------------

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
        body = {
            "transaction_id": transaction_id,
            "out_refund_no": refund_number,
            "amount": money,
            "notify_url": self.refund_notify_url,
            **({"reason": reason[:80]} if reason else {}),
        }
        if self.api == "domestic":
            path = "/v3/refund/domestic/refunds"
        else:
            body = {"mchid": self.mchid, "appid": self.appid, **body}
            path = "/v3/global/refunds"
        code, data = self._request("refund", RequestType.POST, path, body)
        refund_id = data.get("refund_id") or data.get("id")
        if code != 200 or not refund_id:
            raise ProviderError(f"refund: HTTP {code} {data.get('code', '')} {data.get('message', '')}")
        # The overseas answer has no status: accepted is all it says, so processing until told.
        status = REFUND_STATES.get(data.get("status"), "processing")
        return RefundResult(refund_id=str(refund_id)[:128], status=status)

    def query_refund(self, refund_number: str) -> str | None:
        """succeeded, processing, abnormal or failed, as the refund query says; None when unknown
        there."""
        if self.api == "domestic":
            path = f"/v3/refund/domestic/refunds/{quote(refund_number, safe='')}"
        else:
            path = f"/v3/global/refunds/out-refund-no/{quote(refund_number, safe='')}?mchid={self.mchid}"
        code, data = self._request("refund query", RequestType.GET, path)
        if code == 404:
            return None
        if code != 200 or data.get("status") not in REFUND_STATES:
            raise ProviderError(f"refund query: HTTP {code} {data.get('code', '')}")
        return REFUND_STATES[data["status"]]

    def parse_refund_notification(self, body: bytes, headers) -> RefundEvent:
        resource = self._verified(body, headers, "REFUND.")
        if resource.get("mchid") != self.mchid:
            raise BadNotification("another merchant's refund")
        number, state = resource.get("out_refund_no"), resource.get("refund_status")
        if not isinstance(number, str) or state not in REFUND_STATES:
            raise BadNotification("no refund number or state")
        return RefundEvent(provider=self.name, refund_number=number[:64], status=REFUND_STATES[state])

    # Keys --------------------------------------------------------------------------------------

    def refresh_certificates(self) -> list[str]:
        """Download the platform certificates from the account's host and path (one call); the
        serials now held. Only the schedule and the console's test connection call this. The
        answer is read without a verified signature when no key is held yet (a first download, or
        after a rotation): each certificate is sealed with the APIv3 key, which authenticates it."""
        path = CERTIFICATE_PATHS[self.api]
        try:
            code, text_ = self.client._core.request(path, skip_verify=True)
        except Exception as exc:
            raise ProviderError(f"certificates: {exc}") from exc
        if code != 200:
            raise ProviderError(f"certificates: HTTP {code}")
        if isinstance(text_, bytes):
            text_ = text_.decode("utf-8", "replace")
        try:
            return store_certificates(text_, self.apiv3_key, self.cert_dir)
        except (ValueError, TypeError) as exc:
            raise ProviderError(f"certificates: {exc}") from exc


def _no_download():
    """In place of the package's certificate download (see the module's docstring)."""
