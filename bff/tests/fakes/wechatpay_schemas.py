"""JSON Schemas of the WeChat Pay API v3 calls the shop makes, mainland and overseas, written for
this project from WeChat Pay's official pages. No machine-readable schema could be kept: the
`wechatpay-openapi` YAML files (github.com/TheNorthMemory/wechatpay-openapi, by the wechatpay-php
maintainer) carry no licence file, and their overseas part (docs/global/v3/) covers customs only,
not the transactions, refunds or certificates used here. Each entry names its page; the fake gateway
(bff/tests/fakes/wechatpay.py) validates every request against its schema and every answer it
builds before sending it, so our client (bff/payments/providers/wechat_pay.py) and the fake
cannot share one misreading: a request field the page does not list, a missing required field or
an answer field that does not exist fails the tests.

Requests are closed (`additionalProperties: false`): only the fields the page lists, in the
direct ("common"/普通商户) mode the shop uses (the institutional/partner fields are left out).
Answers are closed too: the fake cannot invent a field the page does not list.

Pages (fetched November 2026):
- Overseas (WeChat Pay Global, API v3; host https://apihk.mch.weixin.qq.com):
  native https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_2_1.shtml
  jsapi https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter4_1_26.shtml
  mweb (H5) https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter4_1_30.shtml and the H5
      development guide https://pay.weixin.qq.com/wiki/doc/api/wxpay/en/fusion_wallet/H5Payment/chapter3_2.shtml
      (the answer's `mweb_url`; `payer_client_ip` in the order request)
  query https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter3_2_2.shtml (order object:
      `id` is WeChat's order number)
  close https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_4_7.shtml
  refund https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter3_4_3.shtml
  refund notification https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_2_9.shtml
  certificates https://pay.weixin.qq.com/wiki/doc/api_external/en/wechatpay/wechatpay5_1.shtml
- Mainland (host https://api.mch.weixin.qq.com):
  h5 https://pay.weixin.qq.com/docs/merchant/products/h5-payment/apilist.html (answer `h5_url`,
      `time_expire` RFC 3339, `scene_info.h5_info` required)
  close https://pay.weixin.qq.com/docs/merchant/products/close-order/introduction.html (204)
  certificates https://wechatpay-api.gitbook.io/wechatpay-api-v3/jie-kou-wen-dang/ping-tai-zheng-shu
  native, jsapi, query and domestic refunds: the same merchant documentation
  (https://pay.weixin.qq.com/docs/merchant/apis/...), whose fields the official SDK's models
  repeat (wechatpay-apiv3/wechatpay-go services/payments/native, h5, jsapi and
  services/refunddomestic).

Rows not verified from a published page (kept loose rather than guessed tight): the overseas
refund answer's and refund notification's full field lists (taken as the refund query's), and
the overseas `store_info`'s inner fields.
"""

STR32 = {"type": "string", "minLength": 1, "maxLength": 32}
RFC3339 = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$"}
# out_trade_no: 6-32 characters, digits, letters and _-|* (mainland h5 page; overseas "32个字符内").
OUT_TRADE_NO = {"type": "string", "pattern": r"^[0-9A-Za-z_\-|*]{6,32}$"}
# out_refund_no: 1-64, digits, letters and _-|*@ (overseas refund page).
OUT_REFUND_NO = {"type": "string", "pattern": r"^[0-9A-Za-z_\-|*@]{1,64}$"}


def closed(required: list[str], **properties) -> dict:
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


def loose(required: list[str], **properties) -> dict:
    return {"type": "object", "required": required, "properties": properties}


AMOUNT = closed(
    ["total"], total={"type": "integer", "minimum": 1}, currency={"type": "string", "pattern": "^[A-Z]{3}$"}
)
PAYER = closed(["openid"], openid={"type": "string", "minLength": 1, "maxLength": 128})

_COMMON_ORDER = {
    "appid": STR32,
    "mchid": STR32,
    "description": {"type": "string", "minLength": 1, "maxLength": 127},
    "out_trade_no": OUT_TRADE_NO,
    "time_expire": RFC3339,
    "attach": {"type": "string", "maxLength": 128},
    "notify_url": {"type": "string", "minLength": 1, "maxLength": 256, "pattern": r"^https?://[^?]+$"},
    "goods_tag": {"type": "string", "maxLength": 32},
    "amount": AMOUNT,
}
_REQUIRED = ["appid", "mchid", "description", "out_trade_no", "notify_url", "amount"]

# Overseas: the way of paying and the MCC in the body; H5's scene_info has no h5_info.
_GLOBAL_ORDER = {
    **_COMMON_ORDER,
    "trade_type": {"enum": ["JSAPI", "NATIVE", "APP", "MWEB", "MICROPAY"]},
    "merchant_category_code": {"type": "string", "minLength": 1, "maxLength": 16},
    "time_start": RFC3339,
    "limit_pay": {"type": "array"},
}
GLOBAL_SCENE = closed(
    ["payer_client_ip"],
    payer_client_ip={"type": "string", "minLength": 1, "maxLength": 45},
    device_id={"type": "string", "maxLength": 32},
    device_ip={"type": "string", "maxLength": 45},
    operator_id={"type": "string", "maxLength": 32},
    store_info={"type": "object"},
)
MAINLAND_SCENE = closed(
    ["payer_client_ip", "h5_info"],
    payer_client_ip={"type": "string", "minLength": 1, "maxLength": 45},
    device_id={"type": "string", "maxLength": 32},
    store_info={"type": "object"},
    h5_info=closed(
        ["type"],
        type={"enum": ["iOS", "Android", "Wap"]},
        app_name={"type": "string"},
        app_url={"type": "string"},
        bundle_id={"type": "string"},
        package_name={"type": "string"},
    ),
)

TRANSACTION_AMOUNT = closed(
    ["total", "currency"],
    total={"type": "integer"},
    currency={"type": "string"},
    payer_total={"type": "integer"},
    payer_currency={"type": "string"},
    exchange_rate=closed(["type", "rate"], type={"type": "string"}, rate={"type": "integer"}),
)
_TRANSACTION = {
    "appid": STR32,
    "mchid": STR32,
    "out_trade_no": OUT_TRADE_NO,
    "trade_type": {"type": "string"},
    "trade_state": {"enum": ["SUCCESS", "REFUND", "NOTPAY", "CLOSED", "REVOKED", "USERPAYING", "PAYERROR"]},
    "trade_state_desc": {"type": "string"},
    "bank_type": {"type": "string"},
    "attach": {"type": "string"},
    "success_time": RFC3339,
    "payer": PAYER,
    "amount": TRANSACTION_AMOUNT,
    "promotion_detail": {"type": "array"},
}
# The overseas order object names WeChat's order number `id`; the mainland one `transaction_id`.
GLOBAL_TRANSACTION = closed(
    ["appid", "mchid", "out_trade_no", "trade_state", "amount"],
    **_TRANSACTION,
    id={"type": "string"},
    merchant_category_code={"type": "string"},
    time_start=RFC3339,
)
MAINLAND_TRANSACTION = closed(
    ["appid", "mchid", "out_trade_no", "trade_state", "amount"],
    **_TRANSACTION,
    transaction_id={"type": "string"},
    scene_info={"type": "object"},
)

REFUND_MONEY = closed(
    ["refund", "total", "currency"],
    refund={"type": "integer", "minimum": 1},
    total={"type": "integer", "minimum": 1},
    currency={"type": "string", "pattern": "^[A-Z]{3}$"},
)
_REFUND_REQUEST = {
    "transaction_id": STR32,
    "out_trade_no": OUT_TRADE_NO,
    "out_refund_no": OUT_REFUND_NO,
    "reason": {"type": "string", "maxLength": 80},
    "notify_url": {"type": "string", "maxLength": 256, "pattern": r"^https?://[^?]+$"},
    "amount": REFUND_MONEY,
}
# The refund states, as WeChat Pay's refund guide lists them ("退款状态", mainland,
# https://pay.weixin.qq.com/doc/v3/merchant/4013071031: SUCCESS, CLOSED, PROCESSING, ABNORMAL); the
# overseas refund query added ABNORMAL in 2023-06
# (https://pay.weixin.qq.com/wiki/doc/api_external/en/release/chapter1_1_2.shtml).
REFUND_STATUS = {"enum": ["SUCCESS", "CLOSED", "PROCESSING", "ABNORMAL"]}
_REFUND_ANSWER_AMOUNT = loose(["refund"], refund={"type": "integer"}, currency={"type": "string"})
# Overseas refund answer: accepted, no status (the refund query and notification tell the end).
GLOBAL_REFUND_ANSWER = closed(
    ["id", "out_refund_no", "amount"],
    id={"type": "string"},
    out_refund_no=OUT_REFUND_NO,
    transaction_id={"type": "string"},
    out_trade_no={"type": "string"},
    create_time=RFC3339,
    amount=_REFUND_ANSWER_AMOUNT,
    promotion_detail={"type": "array"},
)
GLOBAL_REFUND_QUERY = closed(
    ["id", "out_refund_no", "status", "amount"],
    **GLOBAL_REFUND_ANSWER["properties"],
    status=REFUND_STATUS,
    success_time=RFC3339,
    channel={"type": "string"},
    recv_account={"type": "string"},
)
MAINLAND_REFUND = closed(
    ["refund_id", "out_refund_no", "status", "amount", "create_time"],
    refund_id={"type": "string"},
    out_refund_no=OUT_REFUND_NO,
    transaction_id={"type": "string"},
    out_trade_no={"type": "string"},
    channel={"type": "string"},
    user_received_account={"type": "string"},
    success_time=RFC3339,
    create_time=RFC3339,
    status=REFUND_STATUS,
    funds_account={"type": "string"},
    amount=_REFUND_ANSWER_AMOUNT,
    promotion_detail={"type": "array"},
)
REFUND_RESOURCE = loose(
    ["mchid", "out_trade_no", "out_refund_no", "refund_status", "amount"],
    mchid=STR32,
    out_trade_no={"type": "string"},
    transaction_id={"type": "string"},
    out_refund_no=OUT_REFUND_NO,
    refund_id={"type": "string"},
    refund_status=REFUND_STATUS,
    success_time=RFC3339,
    amount={"type": "object"},
)

CERTIFICATES = closed(
    ["data"],
    data={
        "type": "array",
        "items": closed(
            ["serial_no", "effective_time", "expire_time", "encrypt_certificate"],
            serial_no={"type": "string"},
            effective_time=RFC3339,
            expire_time=RFC3339,
            encrypt_certificate=closed(
                ["algorithm", "nonce", "associated_data", "ciphertext"],
                algorithm={"const": "AEAD_AES_256_GCM"},
                nonce={"type": "string"},
                associated_data={"type": "string"},
                ciphertext={"type": "string"},
            ),
        ),
    },
)

CLOSE_BODY = closed(["mchid"], mchid=STR32)

# The endpoints by host ("global", "mainland"), method and path pattern: (request, answer) schemas.
# The path patterns name their parameter; a query string is checked by the fake (mchid=).
ENDPOINTS = {
    "global": [
        (
            "POST",
            r"/v3/global/transactions/native",
            closed(_REQUIRED, **_GLOBAL_ORDER),
            closed(["code_url"], code_url={"type": "string"}),
        ),
        (
            "POST",
            r"/v3/global/transactions/jsapi",
            closed([*_REQUIRED, "payer"], **_GLOBAL_ORDER, payer=PAYER),
            closed(["prepay_id"], prepay_id={"type": "string"}),
        ),
        (
            "POST",
            r"/v3/global/transactions/mweb",
            closed([*_REQUIRED, "scene_info"], **_GLOBAL_ORDER, scene_info=GLOBAL_SCENE),
            closed(["mweb_url"], mweb_url={"type": "string"}),
        ),
        ("GET", r"/v3/global/transactions/out-trade-no/(?P<no>[^/]+)", None, GLOBAL_TRANSACTION),
        ("POST", r"/v3/global/transactions/out-trade-no/(?P<no>[^/]+)/close", CLOSE_BODY, None),
        (
            "POST",
            r"/v3/global/refunds",
            closed(
                ["mchid", "appid", "out_refund_no", "amount"], **_REFUND_REQUEST, mchid=STR32, appid=STR32
            ),
            GLOBAL_REFUND_ANSWER,
        ),
        ("GET", r"/v3/global/refunds/out-refund-no/(?P<no>[^/]+)", None, GLOBAL_REFUND_QUERY),
        ("GET", r"/v3/global/certificates", None, CERTIFICATES),
    ],
    "mainland": [
        (
            "POST",
            r"/v3/pay/transactions/native",
            closed(_REQUIRED, **_COMMON_ORDER),
            closed(["code_url"], code_url={"type": "string"}),
        ),
        (
            "POST",
            r"/v3/pay/transactions/jsapi",
            closed([*_REQUIRED, "payer"], **_COMMON_ORDER, payer=PAYER),
            closed(["prepay_id"], prepay_id={"type": "string"}),
        ),
        (
            "POST",
            r"/v3/pay/transactions/h5",
            closed([*_REQUIRED, "scene_info"], **_COMMON_ORDER, scene_info=MAINLAND_SCENE),
            closed(["h5_url"], h5_url={"type": "string"}),
        ),
        ("GET", r"/v3/pay/transactions/out-trade-no/(?P<no>[^/]+)", None, MAINLAND_TRANSACTION),
        ("POST", r"/v3/pay/transactions/out-trade-no/(?P<no>[^/]+)/close", CLOSE_BODY, None),
        (
            "POST",
            r"/v3/refund/domestic/refunds",
            closed(["out_refund_no", "amount"], **_REFUND_REQUEST),
            MAINLAND_REFUND,
        ),
        ("GET", r"/v3/refund/domestic/refunds/(?P<no>[^/]+)", None, MAINLAND_REFUND),
        ("GET", r"/v3/certificates", None, CERTIFICATES),
    ],
}
