"""A fake Alipay open-platform gateway (`/gateway.do`): the calls the shop uses, checked and
answered as the real one does them.

- Every request carries `sign` (RSA2: SHA256withRSA by the app's private key over the parameters
  but sign, sorted, as `k=v` joined by `&`); a bad one answers `isv.invalid-signature`.
- Page and WAP pay (a browser GET) show a payment page whose button pays, notifies and returns
  the shopper to `return_url`.
- Query and refund answer `{"<method>_response": {...}, "sign": ...}`, the object's exact JSON text
  signed with Alipay's private key.
- Notifications are form posts signed with Alipay's private key over the parameters but sign and
  sign_type.
- What the official pages say the gateway refuses (Alipay's Java SDK models, alipay/alipay-sdk-java-all
  v2/src/main/java/com/alipay/api/domain/AlipayTradeWapPayModel.java, AlipayTradePagePayModel.java,
  AlipayTradeRefundModel.java; written here from those descriptions, not from our client): a WAP
  pay whose product_code is not QUICK_WAP_WAY (page pay: FAST_INSTANT_TRADE_PAY); an out_trade_no
  longer than 64 or holding anything but letters, digits and `_`; a time_expire not
  "yyyy-MM-dd HH:mm:ss"; a refund of a foreign-currency trade without its `refund_currency`, or a
  refund_currency on a yuan trade.
- alipay.trade.close closes an unpaid trade (its page then refuses to pay); a refund may be held
  pending (`fund_change: N`, `hold_refunds`) until `settle_refunds`, and
  alipay.trade.fastpay.refund.query answers REFUND_SUCCESS only once settled (its fields and that
  rule, checked against the official SDK's response model, alipay/alipay-sdk-java-all
  v2/src/main/java/com/alipay/api/response/AlipayTradeFastpayRefundQueryResponse.java:
  `trade_no`, `out_request_no`, `refund_amount`, `refund_status` whose only value is
  REFUND_SUCCESS, "absent: the refund was not received or failed"). A refund sent
  again with the same out_request_no must ask the same amount; it moves the money if that had
  not moved yet (`fund_change` Y), else answers N. `refuse_refunds` refuses every refund with
  that sub_code (a business failure, 40004).
- The merchant's account (`currency`): a cross-border one (NZD) takes trades priced in it
  (`trans_currency`), a mainland one (CNY) takes yuan and refuses a `trans_currency`. A trade
  priced in a `trans_currency` is reported with it and `total_amount` as priced (an assumption
  this project could not check against Alipay's live service: bff/payments/providers/alipay.py).
"""

import json
import re
import secrets
import threading
import time
from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import urlencode

import requests
from markupsafe import escape
from werkzeug.wrappers import Request, Response

from bff.tests.fakes import keys

OUT_TRADE_NO = re.compile(r"^[A-Za-z0-9_]{1,64}$")
TIME_EXPIRE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")
PRODUCT_CODES = {"alipay.trade.wap.pay": "QUICK_WAP_WAY", "alipay.trade.page.pay": "FAST_INSTANT_TRADE_PAY"}


def sign_string(params: dict, without=("sign",)) -> str:
    """Requests are signed over every parameter but `sign`; notifications without `sign_type` too."""
    return "&".join(f"{k}={v}" for k, v in sorted(params.items()) if k not in without)


@dataclass
class FakeTrade:
    out_trade_no: str
    total_amount: str
    subject: str
    product_code: str
    notify_url: str
    return_url: str
    trans_currency: str | None = None
    trade_status: str = "WAIT_BUYER_PAY"
    trade_no: str = ""


class FakeAlipay:
    def __init__(self, app_id: str = "2021000000000001", currency: str = "NZD"):
        self.app_id = app_id
        self.seller_id = "2088102177649450"  # the merchant's PID
        self.currency = currency
        self.hold_refunds = False  # answer fund_change N and keep refunds pending
        self.refuse_refunds: str | None = None  # a sub_code: every refund refused (40004) with it
        self.requests: list[tuple[str, dict]] = []  # (method, biz_content)
        self.app_key = keys.new_key()
        self.alipay_key = keys.new_key()
        self.trades: dict[str, FakeTrade] = {}
        self.refunds: list[dict] = []
        self.deliver_to: str | None = None  # e2e: post notifications to this base URL
        self._lock = threading.Lock()

    def shop_fields(self) -> dict:
        """What the owner enters, as Alipay's key tool and console hand them out (bare base64)."""
        return {
            "app_id": self.app_id,
            "seller_id": self.seller_id,
            "app_private_key": keys.bare(keys.private_pem(self.app_key, pkcs1=True)),
            "alipay_public_key": keys.bare(keys.public_pem(self.alipay_key)),
            "currency": self.currency,
        }

    # Alipay pays and notifies ----------------------------------------------------------------

    def pay(self, out_trade_no: str, **changes) -> tuple[str, bytes, dict]:
        """The shopper pays: the trade succeeds. Returns the notification Alipay posts:
        (notify_url, form body, headers)."""
        with self._lock:
            trade = self.trades[out_trade_no]
            if trade.trade_status == "TRADE_CLOSED":
                raise ValueError("a closed trade cannot be paid")
            trade.trade_status = "TRADE_SUCCESS"
            trade.trade_no = trade.trade_no or f"2026{secrets.randbelow(10**24):024d}"
        now = time.strftime("%Y-%m-%d %H:%M:%S")
        params = {
            "gmt_create": now,
            "charset": "utf-8",
            "seller_email": "shop@example.com",
            "subject": trade.subject,
            "buyer_id": "2088102177846880",
            "invoice_amount": trade.total_amount,
            "notify_id": secrets.token_hex(16),
            "fund_bill_list": json.dumps([{"amount": trade.total_amount, "fundChannel": "ALIPAYACCOUNT"}]),
            "notify_type": "trade_status_sync",
            "trade_status": trade.trade_status,
            "receipt_amount": trade.total_amount,
            "buyer_pay_amount": trade.total_amount,
            "app_id": self.app_id,
            "seller_id": self.seller_id,
            "gmt_payment": now,
            "notify_time": now,
            "version": "1.0",
            "out_trade_no": trade.out_trade_no,
            "total_amount": trade.total_amount,
            "trade_no": trade.trade_no,
            "auth_app_id": self.app_id,
            "point_amount": "0.00",
            **({"trans_currency": trade.trans_currency} if trade.trans_currency else {}),
            **changes,
        }
        params["sign"] = keys.rsa_sha256(self.alipay_key, sign_string(params, ("sign", "sign_type")))
        params["sign_type"] = "RSA2"
        body = urlencode(params).encode()
        return trade.notify_url, body, {"Content-Type": "application/x-www-form-urlencoded; charset=utf-8"}

    # The gateway ------------------------------------------------------------------------------

    def __call__(self, environ, start_response):
        request = Request(environ)
        if request.path == "/gateway.do/pay" and request.method == "POST":
            response = self._paid_on_page(request)
        elif request.path == "/_fake/deliver-to":
            self.deliver_to = request.values["url"]
            response = Response("ok")
        else:
            response = self._call(request.args.to_dict())
        return response(environ, start_response)

    def _signed(self, method: str, result: dict) -> Response:
        inner = json.dumps(result, ensure_ascii=False, separators=(",", ":"))
        sign = keys.rsa_sha256(self.alipay_key, inner)
        name = method.replace(".", "_") + "_response"
        body = f'{{"{name}":{inner},"sign":"{sign}"}}'
        return Response(body, content_type="application/json; charset=utf-8")

    def _call(self, params: dict) -> Response:
        method = params.get("method", "")
        if params.get("app_id") != self.app_id or params.get("sign_type") != "RSA2":
            return self._signed(
                method, {"code": "40002", "msg": "Invalid Arguments", "sub_code": "isv.invalid-app-id"}
            )
        if not keys.rsa_sha256_ok(self.app_key.public_key(), sign_string(params), params.get("sign", "")):
            return self._signed(
                method, {"code": "40002", "msg": "Invalid Arguments", "sub_code": "isv.invalid-signature"}
            )
        biz = json.loads(params.get("biz_content") or "{}")
        self.requests.append((method, biz))
        refused = self._refused(method, biz)
        if refused:
            return self._signed(method, {"code": "40004", "msg": "Business Failed", **refused})
        if method in ("alipay.trade.page.pay", "alipay.trade.wap.pay"):
            return self._page(params, biz)
        if method == "alipay.trade.close":
            trade = self.trades.get(biz.get("out_trade_no", ""))
            if trade is None:
                return self._signed(
                    method, {"code": "40004", "msg": "Business Failed", "sub_code": "ACQ.TRADE_NOT_EXIST"}
                )
            if trade.trade_status != "WAIT_BUYER_PAY":
                return self._signed(
                    method, {"code": "40004", "msg": "Business Failed", "sub_code": "ACQ.TRADE_STATUS_ERROR"}
                )
            trade.trade_status = "TRADE_CLOSED"
            return self._signed(
                method,
                {"code": "10000", "msg": "Success", "out_trade_no": trade.out_trade_no, "trade_no": ""},
            )
        if method == "alipay.trade.fastpay.refund.query":
            refund = next(
                (r for r in self.refunds if r.get("out_request_no") == biz.get("out_request_no")), None
            )
            if refund is None or refund.get("_pending"):
                # Alipay answers no refund record while the refund is not done.
                return self._signed(
                    method, {"code": "10000", "msg": "Success", "out_request_no": biz.get("out_request_no")}
                )
            return self._signed(
                method,
                {
                    "code": "10000",
                    "msg": "Success",
                    "trade_no": refund["trade_no"],
                    "out_request_no": refund["out_request_no"],
                    "refund_amount": refund["refund_amount"],
                    "refund_status": "REFUND_SUCCESS",
                },
            )
        if method == "alipay.trade.query":
            trade = self.trades.get(biz.get("out_trade_no", ""))
            if trade is None:
                return self._signed(
                    method,
                    {
                        "code": "40004",
                        "msg": "Business Failed",
                        "sub_code": "ACQ.TRADE_NOT_EXIST",
                        "sub_msg": "交易不存在",
                    },
                )
            return self._signed(
                method,
                {
                    "code": "10000",
                    "msg": "Success",
                    "out_trade_no": trade.out_trade_no,
                    "trade_no": trade.trade_no,
                    "trade_status": trade.trade_status,
                    "total_amount": trade.total_amount,
                    **({"trans_currency": trade.trans_currency} if trade.trans_currency else {}),
                },
            )
        if method == "alipay.trade.refund":
            trade = next(
                (t for t in self.trades.values() if t.trade_no and t.trade_no == biz.get("trade_no")), None
            )
            if trade is None or Decimal(biz["refund_amount"]) > Decimal(trade.total_amount):
                return self._signed(
                    method, {"code": "40004", "msg": "Business Failed", "sub_code": "ACQ.TRADE_NOT_EXIST"}
                )
            if bool(trade.trans_currency) != ("refund_currency" in biz) or (
                trade.trans_currency and biz.get("refund_currency") != trade.trans_currency
            ):
                return self._signed(
                    method,
                    {"code": "40004", "msg": "Business Failed", "sub_code": "ACQ.CURRENCY_NOT_SUPPORT"},
                )
            if self.refuse_refunds:  # e.g. ACQ.SELLER_BALANCE_NOT_ENOUGH: the merchant's balance is short
                return self._signed(
                    method, {"code": "40004", "msg": "Business Failed", "sub_code": self.refuse_refunds}
                )
            known = next((r for r in self.refunds if r["out_request_no"] == biz.get("out_request_no")), None)
            if known is not None:
                # The same refund sent again: it must ask the same amount; money moves only if
                # it had not moved yet (fund_change says whether this call moved it).
                if known["refund_amount"] != biz["refund_amount"]:
                    return self._signed(
                        method,
                        {"code": "40004", "msg": "Business Failed", "sub_code": "ACQ.INVALID_PARAMETER"},
                    )
                moved = known["_pending"] and not self.hold_refunds
                known["_pending"] = known["_pending"] and self.hold_refunds
            else:
                self.refunds.append({**biz, "_pending": self.hold_refunds})
                moved = not self.hold_refunds
            return self._signed(
                method,
                {
                    "code": "10000",
                    "msg": "Success",
                    "trade_no": trade.trade_no,
                    "out_trade_no": trade.out_trade_no,
                    "refund_fee": biz["refund_amount"],
                    "fund_change": "Y" if moved else "N",
                },
            )
        return self._signed(
            method, {"code": "40004", "msg": "Business Failed", "sub_code": "isv.invalid-method"}
        )

    def settle_refunds(self) -> None:
        for refund in self.refunds:
            refund["_pending"] = False

    @staticmethod
    def _refused(method: str, biz: dict) -> dict | None:
        """What the official models say the gateway refuses (see the module's docstring)."""
        number = biz.get("out_trade_no")
        if number is not None and not OUT_TRADE_NO.match(str(number)):
            return {"sub_code": "ACQ.INVALID_PARAMETER", "sub_msg": "out_trade_no"}
        if method in PRODUCT_CODES and biz.get("product_code") != PRODUCT_CODES[method]:
            return {"sub_code": "ACQ.INVALID_PARAMETER", "sub_msg": "product_code"}
        if "time_expire" in biz and not TIME_EXPIRE.match(str(biz["time_expire"])):
            return {"sub_code": "ACQ.INVALID_PARAMETER", "sub_msg": "time_expire"}
        return None

    def _page(self, params: dict, biz: dict) -> Response:
        priced_in = biz.get("trans_currency")
        if (self.currency == "CNY" and priced_in) or (self.currency != "CNY" and priced_in != self.currency):
            return Response(f"币种不支持：{priced_in}", 400, content_type="text/plain; charset=utf-8")
        known = self.trades.get(biz["out_trade_no"])
        if known is not None and known.trade_status != "WAIT_BUYER_PAY":
            return Response("交易已关闭或已支付", 400, content_type="text/plain; charset=utf-8")
        trade = FakeTrade(
            out_trade_no=biz["out_trade_no"],
            total_amount=biz["total_amount"],
            subject=biz["subject"],
            product_code=biz["product_code"],
            notify_url=params.get("notify_url", ""),
            return_url=params.get("return_url", ""),
            trans_currency=priced_in,
        )
        with self._lock:
            self.trades[trade.out_trade_no] = trade
        html = (
            '<!doctype html><html><head><meta charset="utf-8"><title>Alipay (fake)</title>'
            '<link rel="icon" href="data:,"></head><body>'
            f'<h1>支付宝</h1><p id="subject">{escape(trade.subject)}</p>'
            f'<p>¥ <strong id="amount">{escape(trade.total_amount)}</strong></p>'
            f'<form method="post" action="/gateway.do/pay"><input type="hidden" name="out_trade_no" '
            f'value="{escape(trade.out_trade_no)}"><button id="alipay-pay">确认付款</button></form>'
            "</body></html>"
        )
        return Response(html, content_type="text/html; charset=utf-8")

    def _paid_on_page(self, request: Request) -> Response:
        number = request.form.get("out_trade_no", "")
        url, body, headers = self.pay(number)
        if self.deliver_to:
            path = url.split("/", 3)[3]
            host = url.split("/")[2]
            requests.post(
                f"{self.deliver_to}/{path}", data=body, headers={**headers, "X-Site-Host": host}, timeout=10
            )
        trade = self.trades[number]
        back = f"{trade.return_url}{'&' if '?' in trade.return_url else '?'}out_trade_no={number}"
        return Response("", 302, headers={"Location": back})
