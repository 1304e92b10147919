from marshmallow import Schema, fields, validate

from bff.common.schemas import MoneyInput, Text
from bff.payments.devices import DEVICES

PROVIDERS = ("wechat_pay", "alipay", "sandbox")


class CreatePaymentArgs(Schema):
    order_number = Text(required=True, validate=validate.Length(min=1, max=20))
    total_price = MoneyInput(required=True, metadata={"description": "The order's total_price, as shown."})
    provider = fields.String(
        validate=validate.OneOf(PROVIDERS),
        metadata={"description": "One of the shop's providers (GET methods); the first when absent."},
    )
    device = fields.String(
        validate=validate.OneOf(DEVICES),
        metadata={"description": "Where the shopper is; read from the User-Agent when absent."},
    )


class JsapiParams(Schema):
    appId = fields.String()
    timeStamp = fields.String()
    nonceStr = fields.String()
    package = fields.String()
    signType = fields.String()
    paySign = fields.String()


class ChargeView(Schema):
    amount = fields.String(metadata={"description": "Two decimals, in `currency`."})
    currency = fields.String(metadata={"description": "NZD (as priced) or CNY (yuan at the shop's rate)."})


class CreatePaymentResponse(Schema):
    flow = fields.String(
        metadata={"description": "redirect (go to paymentPageUrl), qr (show qrCode) or jsapi (WeChat)."}
    )
    paymentPageUrl = fields.String(allow_none=True)
    qrCode = fields.String(allow_none=True, metadata={"description": "The content of the QR code."})
    jsapi = fields.Nested(JsapiParams, allow_none=True)
    charge = fields.Nested(
        ChargeView,
        allow_none=True,
        metadata={"description": "What it charges: the NZD total, or yuan at the rate fixed now."},
    )


class QuoteArgs(Schema):
    order_number = Text(required=True, validate=validate.Length(min=1, max=20))


class QuoteResponse(Schema):
    charges = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(ChargeView),
        metadata={"description": "By provider: what paying the order with it charges."},
    )


class MethodsResponse(Schema):
    providers = fields.List(
        fields.String(), metadata={"description": "The shop's providers; empty: the manual QR payment."}
    )


class SettleArgs(Schema):
    order_number = Text(required=True, validate=validate.Length(min=1, max=20))


class SettleResponse(Schema):
    order_number = fields.String()
    status = fields.String()


class WechatAuthorizeArgs(Schema):
    order_number = Text(required=True, validate=validate.Length(min=1, max=20))


class WechatAuthorizeResponse(Schema):
    url = fields.String(metadata={"description": "WeChat's sign-in page (snsapi_base) to go to."})


class WechatOpenidArgs(Schema):
    order_number = Text(required=True, validate=validate.Length(min=1, max=20))
    code = Text(
        required=True, validate=validate.Length(min=1, max=128), metadata={"pattern": r"^[A-Za-z0-9_-]+$"}
    )
    state = Text(
        required=True, validate=validate.Length(min=1, max=128), metadata={"pattern": r"^[A-Za-z0-9]+$"}
    )


class WechatOpenidResponse(Schema):
    order_number = fields.String()


class NotificationResponse(Schema):
    received = fields.Boolean()
    applied = fields.Boolean()
    result = fields.String()


class SandboxArgs(Schema):
    outcome = fields.String(required=True, validate=validate.OneOf(["paid", "failed"]))


class RefundNotificationResponse(Schema):
    received = fields.Boolean()
    status = fields.String(metadata={"description": "processing, refunded, failed or ignored"})
