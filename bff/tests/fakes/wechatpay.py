"""A fake WeChat Pay (API v3) gateway: the calls the shop uses, checked and answered as the real
one does them.

- Requests must carry a valid `Authorization: WECHATPAY2-SHA256-RSA2048 ...` signed with the
  merchant key over "METHOD\\nPATH?QUERY\\nTIMESTAMP\\nNONCE\\nBODY\\n" (else 401 SIGN_ERROR).
- Answers are signed with the platform key over "TIMESTAMP\\nNONCE\\nBODY\\n" (Wechatpay-* headers),
  the serial being the public key id (public key mode) or the platform certificate's serial.
- Notifications: the transaction JSON encrypted with AEAD_AES_256_GCM under the APIv3 key
  (associated data "transaction", a 12-character nonce), the whole body signed like an answer.
- The merchant is one kind (`api`): a `domestic` (mainland) one is served by `/v3/pay/...` and
  `/v3/refund/domestic/refunds`, which refuse any currency but CNY; a `global` (overseas) one by
  `/v3/global/...`, which takes the merchant's currency (`currency`, NZD) only and reports what
  the shopper paid in yuan (payer_total, payer_currency, exchange_rate). A call to the other
  kind's API is refused as the real one refuses a merchant without the product (403 NO_AUTH).
"""

import base64
import json
import re
import secrets
import threading
import time
import uuid
from dataclasses import dataclass, field

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from markupsafe import escape
from werkzeug.wrappers import Request, Response

from bff.tests.fakes import keys

_AUTH = re.compile(r'(\w+)="([^"]*)"')


@dataclass
class FakeTransaction:
    out_trade_no: str
    trade_type: str
    amount: dict
    notify_url: str
    payer: dict | None = None
    trade_state: str = "NOTPAY"
    transaction_id: str = ""


@dataclass
class FakeWechatPay:
    mchid: str = "1900000109"
    appid: str = "wx8888888888888888"
    cert_serial_no: str = "3775B6A45ACD588826D15E583A95F5DD********".replace("*", "0")
    apiv3_key: str = field(default_factory=lambda: secrets.token_hex(16))  # 32 characters
    public_key_id: str = "PUB_KEY_ID_0119000000000000000000000000000001"
    use_certificate: bool = False  # sign as the platform certificate instead of the public key id
    api: str = "global"  # global (overseas merchant, NZD) | domestic (mainland merchant, CNY)
    currency: str = "NZD"  # what a global merchant charges in
    merchant_category_code: str = "5499"
    wallet_rate: int = 452_000_000  # the overseas API's exchange_rate.rate: CNY per unit x 10^8

    def __post_init__(self):
        self.merchant_key = keys.new_key()
        self.platform_key = keys.new_key()
        self.platform_serial = 0x5157F09EFDC096DE15EBE81A47057A7232F1B8E1
        self.platform_certificate = keys.certificate(self.platform_key, self.platform_serial)
        self.transactions: dict[str, FakeTransaction] = {}
        self.refunds: list[dict] = []
        self.requests: list[tuple[str, str]] = []
        self.app_secret = secrets.token_hex(16)
        self.openid = "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"
        self.codes: dict[str, str] = {}
        self.prepays: dict[str, str] = {}  # prepay id -> out_trade_no
        self.h5_base = "https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb"
        self.deliver_to: str | None = None  # e2e: post notifications to this base URL
        self._lock = threading.Lock()

    # What the shop owner enters -----------------------------------------------------------

    def shop_fields(self) -> dict:
        fields = {
            "mchid": self.mchid,
            "appid": self.appid,
            "cert_serial_no": self.cert_serial_no,
            "private_key": keys.private_pem(self.merchant_key),
            "apiv3_key": self.apiv3_key,
            "app_secret": self.app_secret,
            "api": self.api,
        }
        if self.api == "global":
            fields["merchant_category_code"] = self.merchant_category_code
        if self.use_certificate:
            fields["platform_certificate"] = self.platform_certificate
        else:
            fields["public_key_id"] = self.public_key_id
            fields["public_key"] = keys.public_pem(self.platform_key)
        return fields

    # Signing as the platform ---------------------------------------------------------------

    def signed_headers(self, body: str, timestamp: int | None = None) -> dict:
        timestamp = str(int(time.time()) if timestamp is None else timestamp)
        nonce = secrets.token_hex(16)
        serial = f"{self.platform_serial:X}" if self.use_certificate else self.public_key_id
        return {
            "Wechatpay-Timestamp": timestamp,
            "Wechatpay-Nonce": nonce,
            "Wechatpay-Signature": keys.rsa_sha256(self.platform_key, f"{timestamp}\n{nonce}\n{body}\n"),
            "Wechatpay-Serial": serial,
            "Wechatpay-Signature-Type": "WECHATPAY2-SHA256-RSA2048",
        }

    def encrypt(self, plain: str, associated_data: str) -> dict:
        nonce = secrets.token_hex(6)  # 12 characters, as WeChat Pay sends
        aes = AESGCM(self.apiv3_key.encode())
        data = aes.encrypt(nonce.encode(), plain.encode(), associated_data.encode())
        return {
            "algorithm": "AEAD_AES_256_GCM",
            "ciphertext": base64.b64encode(data).decode(),
            "associated_data": associated_data,
            "nonce": nonce,
        }

    def _answer(self, status: int, data: dict | None) -> Response:
        body = json.dumps(data, ensure_ascii=False) if data is not None else ""
        return Response(body, status, headers=self.signed_headers(body), content_type="application/json")

    # The shopper pays; WeChat Pay notifies ---------------------------------------------------

    def pay(self, out_trade_no: str, timestamp: int | None = None, **changes) -> tuple[str, bytes, dict]:
        """The shopper pays: the transaction succeeds. Returns the notification WeChat Pay sends:
        (notify_url, body, headers)."""
        with self._lock:
            txn = self.transactions[out_trade_no]
            txn.trade_state = "SUCCESS"
            txn.transaction_id = txn.transaction_id or f"4200{secrets.randbelow(10**24):024d}"
        resource = {**self._transaction_json(txn), **changes}
        body = json.dumps(
            {
                "id": str(uuid.uuid4()),
                "create_time": time.strftime("%Y-%m-%dT%H:%M:%S+08:00"),
                "resource_type": "encrypt-resource",
                "event_type": "TRANSACTION.SUCCESS",
                "summary": "支付成功",
                "resource": {
                    "original_type": "transaction",
                    **self.encrypt(json.dumps(resource, ensure_ascii=False), "transaction"),
                },
            },
            ensure_ascii=False,
        )
        return txn.notify_url, body.encode(), self.signed_headers(body, timestamp)

    def _amount_paid(self, amount: dict) -> dict:
        if amount["currency"] == "CNY":
            return {**amount, "payer_total": amount["total"], "payer_currency": "CNY"}
        # The overseas API: the shopper's wallet pays yuan at WeChat Pay's rate of the day.
        payer_total = amount["total"] * self.wallet_rate // 10**8
        return {
            **amount,
            "payer_total": payer_total,
            "payer_currency": "CNY",
            "exchange_rate": {"type": "SETTLEMENT_RATE", "rate": self.wallet_rate},
        }

    def _transaction_json(self, txn: FakeTransaction) -> dict:
        data = {
            "mchid": self.mchid,
            "appid": self.appid,
            "out_trade_no": txn.out_trade_no,
            "trade_state": txn.trade_state,
            "trade_state_desc": {"SUCCESS": "支付成功", "NOTPAY": "未支付"}.get(txn.trade_state, ""),
            "amount": self._amount_paid(txn.amount),
        }
        if txn.trade_state == "SUCCESS":
            data.update(
                transaction_id=txn.transaction_id,
                trade_type=txn.trade_type,
                bank_type="OTHERS",
                attach="",
                success_time=time.strftime("%Y-%m-%dT%H:%M:%S+08:00"),
                payer=txn.payer or {"openid": "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"},
            )
        return data

    # The gateway ---------------------------------------------------------------------------

    def _authorised(self, request: Request) -> bool:
        header = request.headers.get("Authorization", "")
        if not header.startswith("WECHATPAY2-SHA256-RSA2048 "):
            return False
        parts = dict(_AUTH.findall(header))
        if parts.get("mchid") != self.mchid or parts.get("serial_no") != self.cert_serial_no:
            return False
        path = request.full_path.rstrip("?")
        body = request.get_data(as_text=True)
        message = f"{request.method}\n{path}\n{parts['timestamp']}\n{parts['nonce_str']}\n{body}\n"
        return keys.rsa_sha256_ok(self.merchant_key.public_key(), message, parts.get("signature", ""))

    # WeChat's OAuth (snsapi_base) -----------------------------------------------------------

    def _oauth(self, request: Request) -> Response:
        if request.path == "/connect/oauth2/authorize":
            # WeChat signs the shopper in silently and sends the browser back with a code.
            code = secrets.token_hex(16)
            self.codes[code] = self.openid
            back = request.args["redirect_uri"]
            sep = "&" if "?" in back else "?"
            location = f"{back}{sep}code={code}&state={request.args.get('state', '')}"
            return Response("", 302, headers={"Location": location})
        args = request.args
        if args.get("appid") != self.appid or args.get("secret") != self.app_secret:
            return Response(json.dumps({"errcode": 40125, "errmsg": "invalid appsecret"}), 200)
        openid = self.codes.pop(args.get("code", ""), None)
        if openid is None:
            return Response(json.dumps({"errcode": 40029, "errmsg": "invalid code"}), 200)
        answer = {
            "access_token": secrets.token_hex(16),
            "expires_in": 7200,
            "openid": openid,
            "scope": "snsapi_base",
        }
        return Response(json.dumps(answer), 200, content_type="application/json")

    def __call__(self, environ, start_response):
        request = Request(environ)
        self.requests.append((request.method, request.path))
        if request.path in ("/connect/oauth2/authorize", "/sns/oauth2/access_token"):
            response = self._oauth(request)
        elif request.path.startswith("/_fake/"):
            response = self._control(request)
        elif not self._authorised(request):
            error = json.dumps({"code": "SIGN_ERROR", "message": "签名错误"})
            response = Response(error, 401, content_type="application/json")
        else:
            response = self._route(request)
        return response(environ, start_response)

    # What the browser tests drive: the shopper's side of WeChat --------------------------------

    def deliver(self, notification: tuple[str, bytes, dict]) -> None:
        url, body, headers = notification
        host, path = url.split("/")[2], "/" + url.split("/", 3)[3]
        requests.post(
            f"{self.deliver_to}{path}", data=body, headers={**headers, "X-Site-Host": host}, timeout=10
        )

    def _control(self, request: Request) -> Response:
        path, args = request.path, request.values
        if path == "/_fake/deliver-to":
            self.deliver_to = args["url"]
            return Response("ok")
        if path == "/_fake/account":
            # The browser tests switch the merchant between an overseas and a mainland account.
            self.api = args["api"]
            return Response("ok")
        if path == "/_fake/transaction":
            txn = self.transactions.get(args.get("out_trade_no", ""))
            if txn is None:
                return Response("no such transaction", 404)
            return Response(json.dumps({"amount": txn.amount}), content_type="application/json")
        if path == "/_fake/h5":
            # WeChat's H5 cashier page: a Pay button.
            return Response(
                '<!doctype html><html><head><meta charset="utf-8"><title>WeChat Pay (fake)</title>'
                '<link rel="icon" href="data:,"></head>'
                "<body>"
                '<form method="post" action="/_fake/h5/pay">'
                f'<input type="hidden" name="prepay_id" value="{escape(args.get("prepay_id", ""))}">'
                f'<input type="hidden" name="redirect_url" value="{escape(args.get("redirect_url", ""))}">'
                '<button id="wechat-h5-pay">确认支付</button></form></body></html>',
                content_type="text/html; charset=utf-8",
            )
        number = self.prepays.get(args.get("prepay_id", ""), args.get("out_trade_no", ""))
        if number not in self.transactions:
            return Response("no such transaction", 404)
        notification = self.pay(number)
        if args.get("notify", "1") == "1":
            self.deliver(notification)
        if path == "/_fake/h5/pay":
            return Response("", 302, headers={"Location": args["redirect_url"]})
        return Response("paid")

    def _route(self, request: Request) -> Response:
        path, method = request.path, request.method
        overseas = path.startswith("/v3/global/")
        if path != "/v3/certificates" and overseas != (self.api == "global"):
            return self._answer(403, {"code": "NO_AUTH", "message": "商户号无权限调用该接口"})
        prefix = "/v3/global/transactions/" if overseas else "/v3/pay/transactions/"
        if method == "POST" and path.startswith(prefix) and "/out-trade-no/" not in path:
            return self._place(request, path.rsplit("/", 1)[1])
        if method == "GET" and path.startswith(f"{prefix}out-trade-no/"):
            txn = self.transactions.get(path.rsplit("/", 1)[1])
            if txn is None or request.args.get("mchid") != self.mchid:
                return self._answer(404, {"code": "ORDER_NOT_EXIST", "message": "订单不存在"})
            return self._answer(200, self._transaction_json(txn))
        if method == "POST" and path in ("/v3/refund/domestic/refunds", "/v3/global/refunds"):
            return self._refund(request.get_json())
        if method == "GET" and path == "/v3/certificates":
            return self._certificates()
        return self._answer(404, {"code": "NOT_FOUND", "message": "no such call"})

    def _currency_refused(self, currency) -> str | None:
        """Why the merchant cannot charge `currency`, or None."""
        if self.api == "domestic" and currency != "CNY":
            return "境内商户号仅支持人民币（CNY）"
        if self.api == "global" and currency != self.currency:
            return f"商户号不支持该币种：{currency}"
        return None

    def _place(self, request: Request, trade_type: str) -> Response:
        data = request.get_json()
        if data.get("mchid") != self.mchid or data.get("appid") != self.appid:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "mchid/appid"})
        if trade_type == "jsapi" and not (data.get("payer") or {}).get("openid"):
            return self._answer(400, {"code": "PARAM_ERROR", "message": "缺少参数 payer.openid"})
        if trade_type == "h5" and not (data.get("scene_info") or {}).get("payer_client_ip"):
            return self._answer(400, {"code": "PARAM_ERROR", "message": "缺少参数 scene_info"})
        amount = data.get("amount") or {}
        if not isinstance(amount.get("total"), int) or amount["total"] <= 0:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "amount.total"})
        refused = self._currency_refused(amount.get("currency", "CNY"))  # domestic: CNY by default
        if refused:
            return self._answer(400, {"code": "PARAM_ERROR", "message": refused})
        if self.api == "global":
            expected = {"jsapi": "JSAPI", "h5": "MWEB", "native": "NATIVE"}.get(trade_type)
            if data.get("trade_type") != expected or not data.get("merchant_category_code"):
                return self._answer(
                    400, {"code": "PARAM_ERROR", "message": "trade_type/merchant_category_code"}
                )
            if not data.get("notify_url"):
                return self._answer(400, {"code": "PARAM_ERROR", "message": "notify_url"})
        out_trade_no = data["out_trade_no"]
        with self._lock:
            txn = self.transactions.get(out_trade_no)
            if txn and txn.trade_state == "SUCCESS":
                return self._answer(403, {"code": "ORDERPAID", "message": "该订单已支付"})
            self.transactions[out_trade_no] = FakeTransaction(
                out_trade_no, trade_type.upper(), amount, data["notify_url"], data.get("payer")
            )
        prepay = f"wx{secrets.token_hex(16)}"
        self.prepays[prepay] = out_trade_no
        if trade_type == "native":
            return self._answer(200, {"code_url": f"weixin://wxpay/bizpayurl?pr={prepay[:10]}"})
        if trade_type == "h5":
            return self._answer(
                200,
                {"h5_url": f"{self.h5_base}?prepay_id={prepay}&package=1"},
            )
        return self._answer(200, {"prepay_id": prepay})

    def _refund(self, data: dict) -> Response:
        paid = {t.transaction_id: t for t in self.transactions.values() if t.transaction_id}
        txn = paid.get(data.get("transaction_id"))
        if txn is None or txn.trade_state != "SUCCESS":
            return self._answer(404, {"code": "RESOURCE_NOT_EXISTS", "message": "订单不存在"})
        money = data["amount"]
        if money.get("currency", "CNY") != txn.amount["currency"]:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "退款币种须与支付币种一致"})
        refunded = sum(
            r["amount"]["refund"] for r in self.refunds if r["transaction_id"] == txn.transaction_id
        )
        if refunded + money["refund"] > txn.amount["total"] or money["total"] != txn.amount["total"]:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "退款金额"})
        if self.api == "global" and (data.get("mchid") != self.mchid or data.get("appid") != self.appid):
            return self._answer(400, {"code": "PARAM_ERROR", "message": "mchid/appid"})
        id_field = "id" if self.api == "global" else "refund_id"  # as the overseas API names it
        refund = {
            id_field: f"5030{secrets.randbelow(10**24):024d}",
            "out_refund_no": data["out_refund_no"],
            "transaction_id": txn.transaction_id,
            "out_trade_no": txn.out_trade_no,
            "status": "PROCESSING",
            "amount": {**data["amount"]},
        }
        self.refunds.append(refund)
        return self._answer(200, refund)

    def _certificates(self) -> Response:
        return self._answer(
            200,
            {
                "data": [
                    {
                        "serial_no": f"{self.platform_serial:X}",
                        "effective_time": "2026-01-01T00:00:00+08:00",
                        "expire_time": "2031-01-01T00:00:00+08:00",
                        "encrypt_certificate": self.encrypt(self.platform_certificate, "certificate"),
                    }
                ]
            },
        )
