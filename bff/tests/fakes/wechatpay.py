"""A fake WeChat Pay (API v3) gateway: the calls the shop uses, checked and answered as the real
one does them.

- Requests must carry a valid `Authorization: WECHATPAY2-SHA256-RSA2048 ...` signed with the
  merchant key over "METHOD\\nPATH?QUERY\\nTIMESTAMP\\nNONCE\\nBODY\\n" (else 401 SIGN_ERROR).
- Answers are signed with the platform key over "TIMESTAMP\\nNONCE\\nBODY\\n" (Wechatpay-* headers),
  the serial being the public key id (public key mode) or the platform certificate's serial.
- Notifications: the transaction JSON encrypted with AEAD_AES_256_GCM under the APIv3 key
  (associated data "transaction", a 12-character nonce), the whole body signed like an answer.
- Two hosts, as WeChat Pay has them: `mainland()` (api.mch.weixin.qq.com) serves only the mainland
  API, `overseas()` (apihk.mch.weixin.qq.com) only `/v3/global/...`; each is served on its own
  port by the tests. Every request body is validated against the official pages' schema of its
  endpoint (bff/tests/fakes/wechatpay_schemas.py; 400 PARAM_ERROR otherwise) and every answer and
  notification resource the fake builds is validated against its schema before it is sent (the
  fake cannot answer a field the pages do not have: `schema_errors` says so, and the tests check
  it stays empty).
- The merchant is one kind (`api`): a `domestic` (mainland) one is served by `/v3/pay/...` and
  `/v3/refund/domestic/refunds`, which refuse any currency but CNY; a `global` (overseas) one by
  `/v3/global/...`, which takes the merchant's currency (`currency`, NZD) only and reports what
  the shopper paid in yuan (payer_total, payer_currency, exchange_rate). A call to the other
  kind's API is refused as the real one refuses a merchant without the product (403 NO_AUTH).
- An out_trade_no placed again with another amount is refused (403 OUT_TRADE_NO_USED, "商户订单号
  重复"); a closed one cannot be placed or paid again (400 ORDER_CLOSED); a trade past its
  `time_expire` cannot be paid.
- Refunds stay PROCESSING (the overseas answer has no status) until `finish_refund`, which gives
  the REFUND.SUCCESS / ABNORMAL / CLOSED notification for the refund's own notify_url.
- Certificates: `rotate()` gives the platform a new certificate (the old one expired), served by
  the certificate list of the merchant's host.
"""

import base64
import datetime
import json
import re
import secrets
import threading
import time
import uuid
from dataclasses import dataclass, field

import jsonschema
import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from markupsafe import escape
from werkzeug.wrappers import Request, Response

from bff.tests.fakes import keys
from bff.tests.fakes.wechatpay_schemas import (
    ENDPOINTS,
    GLOBAL_TRANSACTION,
    MAINLAND_TRANSACTION,
    REFUND_RESOURCE,
)

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
    api: str = "global"
    time_expire: str | None = None
    request: dict | None = None


@dataclass
class FakeWechatPay:
    mchid: str = "1900000109"
    appid: str = "wx8888888888888888"
    cert_serial_no: str = "3775B6A45ACD588826D15E583A95F5DD********".replace("*", "0")
    apiv3_key: str = field(default_factory=lambda: secrets.token_hex(16))  # 32 characters
    public_key_id: str = "PUB_KEY_ID_0119000000000000000000000000000001"
    use_certificate: bool = False  # sign as the platform certificate instead of the public key id
    both_keys: bool = False  # the owner entered both (a switch to the public key under way)
    api: str = "global"  # global (overseas merchant, NZD) | domestic (mainland merchant, CNY)
    currency: str = "NZD"  # what a global merchant charges in
    merchant_category_code: str = "5499"
    wallet_rate: int = 452_000_000  # the overseas API's exchange_rate.rate: CNY per unit x 10^8

    def __post_init__(self):
        self.merchant_key = keys.new_key()
        self.platform_key = keys.new_key()
        self.platform_serial = 0x5157F09EFDC096DE15EBE81A47057A7232F1B8E1
        self.platform_certificate = keys.certificate(self.platform_key, self.platform_serial)
        self.public_key = keys.new_key()  # 微信支付公钥: a key of its own, with its id
        self.transactions: dict[str, FakeTransaction] = {}
        self.refunds: list[dict] = []
        self.requests: list[tuple[str, str]] = []
        self.app_secret = secrets.token_hex(16)
        self.openid = "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"
        self.codes: dict[str, str] = {}
        self.prepays: dict[str, str] = {}  # prepay id -> out_trade_no
        self.h5_base = "https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb"
        self.deliver_to: str | None = None  # e2e: post notifications to this base URL
        self.schema_errors: list[str] = []
        self.entered_certificate = self.platform_certificate  # what the owner entered
        # The certificate as first issued: reset() goes back to it, so a test's rotate() or
        # expire_entered_certificate() never reaches the next test of the session.
        self._first_certificate = (self.platform_key, self.platform_serial, self.platform_certificate)
        self._lock = threading.Lock()

    def reset(self) -> None:
        self.transactions.clear()
        self.refunds.clear()
        self.codes.clear()
        self.requests.clear()
        self.schema_errors.clear()
        self.use_certificate = self.both_keys = False
        self.api = "global"
        self.platform_key, self.platform_serial, self.platform_certificate = self._first_certificate
        self.entered_certificate = self.platform_certificate

    def rotate(self) -> None:
        """WeChat Pay's platform certificate rotates: a new key and serial; the one the owner
        entered has expired."""
        self.platform_key = keys.new_key()
        self.platform_serial += 1
        self.platform_certificate = keys.certificate(self.platform_key, self.platform_serial)

    def expire_entered_certificate(self) -> None:
        self.entered_certificate = keys.certificate(self.platform_key, self.platform_serial - 1, expired=True)

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
        if self.use_certificate or self.both_keys:
            fields["platform_certificate"] = self.entered_certificate
        if not self.use_certificate or self.both_keys:
            fields["public_key_id"] = self.public_key_id
            fields["public_key"] = keys.public_pem(self.public_key)
        return fields

    # Signing as the platform ---------------------------------------------------------------

    def signed_headers(self, body: str, timestamp: int | None = None, by: str | None = None) -> dict:
        """Signed by the platform certificate ("certificate") or the public key ("public_key"):
        the merchant's mode, or during a switch to the public key either, at random."""
        timestamp = str(int(time.time()) if timestamp is None else timestamp)
        nonce = secrets.token_hex(16)
        if by is None:
            by = "certificate" if self.use_certificate else "public_key"
            if self.both_keys:
                by = secrets.choice(["certificate", "public_key"])
        key = self.platform_key if by == "certificate" else self.public_key
        serial = f"{self.platform_serial:X}" if by == "certificate" else self.public_key_id
        return {
            "Wechatpay-Timestamp": timestamp,
            "Wechatpay-Nonce": nonce,
            "Wechatpay-Signature": keys.rsa_sha256(key, f"{timestamp}\n{nonce}\n{body}\n"),
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

    def _answer(self, status: int, data: dict | None, schema: dict | None = None) -> Response:
        if schema is not None and data is not None and status == 200:
            self._check(schema, data, "answer")
        body = json.dumps(data, ensure_ascii=False) if data is not None else ""
        return Response(body, status, headers=self.signed_headers(body), content_type="application/json")

    def _check(self, schema: dict, data: dict, what: str) -> None:
        """What the fake sends must be what the pages describe."""
        error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(data))
        if error is not None:
            self.schema_errors.append(f"{what}: {error.json_path}: {error.message}")

    # The shopper pays; WeChat Pay notifies ---------------------------------------------------

    def pay(self, out_trade_no: str, /, timestamp: int | None = None, **changes) -> tuple[str, bytes, dict]:
        """The shopper pays: the transaction succeeds. Returns the notification WeChat Pay sends:
        (notify_url, body, headers)."""
        with self._lock:
            txn = self.transactions[out_trade_no]
            if txn.trade_state == "CLOSED":
                raise ValueError("a closed trade cannot be paid")
            if txn.time_expire and datetime.datetime.fromisoformat(txn.time_expire) < datetime.datetime.now(
                datetime.UTC
            ):
                raise ValueError("the trade expired")
            txn.trade_state = "SUCCESS"
            txn.transaction_id = txn.transaction_id or f"4200{secrets.randbelow(10**24):024d}"
        resource = self._transaction_json(txn)
        self._check(
            GLOBAL_TRANSACTION if txn.api == "global" else MAINLAND_TRANSACTION, resource, "notification"
        )
        resource = {k: v for k, v in {**resource, **changes}.items() if v is not None}
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
            # The overseas order object names WeChat's order number `id`.
            data["id" if txn.api == "global" else "transaction_id"] = txn.transaction_id
            data.update(
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

    def mainland(self):
        """The WSGI app of api.mch.weixin.qq.com (and WeChat's OAuth, and the fake's controls)."""
        return lambda environ, start_response: self._serve(environ, start_response, "mainland")

    def overseas(self):
        """The WSGI app of apihk.mch.weixin.qq.com."""
        return lambda environ, start_response: self._serve(environ, start_response, "global")

    def __call__(self, environ, start_response):
        return self._serve(environ, start_response, "mainland")

    def _serve(self, environ, start_response, host: str):
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
            response = self._route(request, host)
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

    def _route(self, request: Request, host: str) -> Response:
        path, method = request.path, request.method
        found = next(
            (
                (re.fullmatch(pattern, path), request_schema, answer_schema)
                for verb, pattern, request_schema, answer_schema in ENDPOINTS[host]
                if verb == method and re.fullmatch(pattern, path)
            ),
            None,
        )
        if found is None:  # not an endpoint of this host (an overseas path on the mainland host, or none)
            return self._answer(404, {"code": "NOT_FOUND", "message": "no such call on this host"})
        match, request_schema, answer_schema = found
        if (host == "global") != (self.api == "global"):
            return self._answer(403, {"code": "NO_AUTH", "message": "商户号无权限调用该接口"})
        data = None
        if method == "POST":
            try:
                data = json.loads(request.get_data(as_text=True) or "null")
            except ValueError:
                return self._answer(400, {"code": "PARAM_ERROR", "message": "JSON"})
            errors = list(jsonschema.Draft202012Validator(request_schema).iter_errors(data))
            if errors:
                error = jsonschema.exceptions.best_match(errors)
                message = f"{error.json_path}: {error.message}"
                return self._answer(400, {"code": "PARAM_ERROR", "message": message})
        needs_mchid = "out-trade-no" in path and method == "GET" or "/global/refunds/" in path
        if needs_mchid and request.args.get("mchid") != self.mchid:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "mchid"})
        number = match.groupdict().get("no")
        if path.endswith("/close"):
            return self._close(number, data)
        if "/transactions/out-trade-no/" in path:
            txn = self.transactions.get(number)
            if txn is None:
                return self._answer(404, {"code": "ORDER_NOT_EXIST", "message": "订单不存在"})
            return self._answer(200, self._transaction_json(txn), answer_schema)
        if "/transactions/" in path:
            return self._place(data, path.rsplit("/", 1)[1], answer_schema)
        if "certificates" in path:
            return self._certificates(answer_schema)
        if method == "POST":
            return self._refund(data, answer_schema)
        return self._refund_query(number, answer_schema)

    def _currency_refused(self, currency) -> str | None:
        """Why the merchant cannot charge `currency`, or None."""
        if self.api == "domestic" and currency != "CNY":
            return "境内商户号仅支持人民币（CNY）"
        if self.api == "global" and currency != self.currency:
            return f"商户号不支持该币种：{currency}"
        return None

    def _place(self, data: dict, trade_type: str, answer_schema: dict) -> Response:
        if data.get("mchid") != self.mchid or data.get("appid") != self.appid:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "mchid/appid"})
        amount = data["amount"]
        refused = self._currency_refused(amount.get("currency", "CNY"))  # domestic: CNY by default
        if refused:
            return self._answer(400, {"code": "PARAM_ERROR", "message": refused})
        if self.api == "global":
            expected = {"jsapi": "JSAPI", "mweb": "MWEB", "native": "NATIVE"}[trade_type]
            if data.get("trade_type") != expected or not data.get("merchant_category_code"):
                return self._answer(
                    400, {"code": "PARAM_ERROR", "message": "trade_type/merchant_category_code"}
                )
        out_trade_no = data["out_trade_no"]
        with self._lock:
            txn = self.transactions.get(out_trade_no)
            if txn and txn.api == self.api:
                if txn.trade_state == "SUCCESS":
                    return self._answer(403, {"code": "ORDERPAID", "message": "该订单已支付"})
                if txn.trade_state == "CLOSED":
                    return self._answer(400, {"code": "ORDER_CLOSED", "message": "订单已关闭"})
                same = {k: txn.request.get(k) for k in ("amount", "time_expire")}
                if same != {k: data.get(k) for k in ("amount", "time_expire")}:
                    return self._answer(403, {"code": "OUT_TRADE_NO_USED", "message": "商户订单号重复"})
            kind = {"mweb": "MWEB", "h5": "MWEB"}.get(trade_type, trade_type.upper())
            self.transactions[out_trade_no] = FakeTransaction(
                out_trade_no,
                kind if self.api == "global" else trade_type.upper(),
                amount,
                data["notify_url"],
                data.get("payer"),
                api=self.api,
                time_expire=data.get("time_expire"),
                request=data,
            )
        prepay = f"wx{secrets.token_hex(16)}"
        self.prepays[prepay] = out_trade_no
        if trade_type == "native":
            return self._answer(
                200, {"code_url": f"weixin://wxpay/bizpayurl?pr={prepay[:10]}"}, answer_schema
            )
        if trade_type in ("h5", "mweb"):
            field = "mweb_url" if trade_type == "mweb" else "h5_url"
            return self._answer(200, {field: f"{self.h5_base}?prepay_id={prepay}&package=1"}, answer_schema)
        return self._answer(200, {"prepay_id": prepay}, answer_schema)

    def _close(self, number: str, data: dict) -> Response:
        if data.get("mchid") != self.mchid:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "mchid"})
        with self._lock:
            txn = self.transactions.get(number)
            if txn is None:
                return self._answer(404, {"code": "ORDER_NOT_EXIST", "message": "订单不存在"})
            if txn.trade_state == "SUCCESS":
                return self._answer(400, {"code": "ORDERPAID", "message": "订单已支付"})
            txn.trade_state = "CLOSED"
        return Response("", 204, headers=self.signed_headers(""))

    def _refund(self, data: dict, answer_schema: dict) -> Response:
        paid = {t.transaction_id: t for t in self.transactions.values() if t.transaction_id}
        txn = paid.get(data.get("transaction_id"))
        if txn is None or txn.trade_state != "SUCCESS":
            return self._answer(404, {"code": "RESOURCE_NOT_EXISTS", "message": "订单不存在"})
        money = data["amount"]
        if money.get("currency", "CNY") != txn.amount["currency"]:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "退款币种须与支付币种一致"})
        refunded = sum(  # a CLOSED refund (退款关闭) gave nothing back: its amount is refundable again
            r["amount"]["refund"]
            for r in self.refunds
            if r["transaction_id"] == txn.transaction_id and r.get("status") != "CLOSED"
        )
        if refunded + money["refund"] > txn.amount["total"] or money["total"] != txn.amount["total"]:
            return self._answer(400, {"code": "PARAM_ERROR", "message": "退款金额"})
        if self.api == "global" and (data.get("mchid") != self.mchid or data.get("appid") != self.appid):
            return self._answer(400, {"code": "PARAM_ERROR", "message": "mchid/appid"})
        refund = {
            "id": f"5030{secrets.randbelow(10**24):024d}",
            "out_refund_no": data["out_refund_no"],
            "transaction_id": txn.transaction_id,
            "out_trade_no": txn.out_trade_no,
            "status": "PROCESSING",
            "amount": {**money},
            "notify_url": data.get("notify_url"),
            "create_time": time.strftime("%Y-%m-%dT%H:%M:%S+08:00"),
        }
        self.refunds.append(refund)
        return self._answer(200, self._refund_json(refund, answer=True), answer_schema)

    def _refund_json(self, refund: dict, answer: bool = False) -> dict:
        data = {
            "out_refund_no": refund["out_refund_no"],
            "transaction_id": refund["transaction_id"],
            "out_trade_no": refund["out_trade_no"],
            "create_time": refund["create_time"],
            "amount": {"refund": refund["amount"]["refund"], "currency": refund["amount"]["currency"]},
        }
        if self.api == "global":
            data["id"] = refund["id"]
            if not answer:  # the overseas refund answer says only that it was accepted
                data["status"] = refund["status"]
        else:
            data.update(refund_id=refund["id"], status=refund["status"])
        return data

    def _refund_query(self, number: str, answer_schema: dict) -> Response:
        refund = next((r for r in self.refunds if r["out_refund_no"] == number), None)
        if refund is None:
            return self._answer(404, {"code": "RESOURCE_NOT_EXISTS", "message": "退款单不存在"})
        return self._answer(200, self._refund_json(refund), answer_schema)

    def finish_refund(self, out_refund_no: str, status: str = "SUCCESS") -> tuple[str, bytes, dict] | None:
        """WeChat Pay ends a refund (SUCCESS, ABNORMAL, CLOSED). Returns the REFUND.<status>
        notification for the refund's notify_url: (url, body, headers), or None without one."""
        refund = next(r for r in self.refunds if r["out_refund_no"] == out_refund_no)
        refund["status"] = status
        if not refund.get("notify_url"):
            return None
        resource = {
            "mchid": self.mchid,
            "out_trade_no": refund["out_trade_no"],
            "transaction_id": refund["transaction_id"],
            "out_refund_no": out_refund_no,
            "refund_id": refund["id"],
            "refund_status": status,
            "amount": {"refund": refund["amount"]["refund"], "total": refund["amount"]["total"]},
        }
        if status == "SUCCESS":
            resource["success_time"] = time.strftime("%Y-%m-%dT%H:%M:%S+08:00")
        self._check(REFUND_RESOURCE, resource, "refund notification")
        body = json.dumps(
            {
                "id": str(uuid.uuid4()),
                "create_time": time.strftime("%Y-%m-%dT%H:%M:%S+08:00"),
                "resource_type": "encrypt-resource",
                "event_type": f"REFUND.{status}",
                "summary": "退款状态",
                "resource": {
                    "original_type": "refund",
                    **self.encrypt(json.dumps(resource, ensure_ascii=False), "refund"),
                },
            },
            ensure_ascii=False,
        )
        return refund["notify_url"], body.encode(), self.signed_headers(body)

    def _certificates(self, answer_schema: dict) -> Response:
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
            answer_schema,
        )
