from marshmallow import Schema, fields, validate

from bff.common.schemas import Money, MoneyInput, Text, UtcDateTime
from bff.payments.devices import DEVICES
from bff.payments.methods import METHODS
from bff.payments.providers import REAL

PROVIDERS = (*REAL, "sandbox")


class CreatePaymentArgs(Schema):
    order_number = Text(required=True, validate=validate.Length(min=1, max=20))
    total_price = MoneyInput(required=True, metadata={"description": "The order's total_price, as shown."})
    provider = fields.String(
        validate=validate.OneOf(PROVIDERS),
        metadata={"description": "One of the shop's providers (GET methods); the first when absent."},
    )
    method = fields.String(
        validate=validate.OneOf(METHODS),
        metadata={
            "description": "The payment method (GET methods: `methods`): paid with the provider the "
            "shop chose for it. Takes the place of `provider` when both are sent."
        },
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


class MethodView(Schema):
    method = fields.String(
        metadata={"description": "wechat_pay, alipay or card (cards, Apple Pay, Google Pay)"}
    )
    provider = fields.String(metadata={"description": "The shop's provider that serves it."})


class MethodsResponse(Schema):
    providers = fields.List(
        fields.String(), metadata={"description": "The shop's providers; empty: the manual QR payment."}
    )
    methods = fields.List(
        fields.Nested(MethodView),
        metadata={
            "description": "The payment methods the shop offers, each with its provider (none "
            "where only the sandbox or the manual QR payment is offered)."
        },
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


class AntomResult(Schema):
    resultCode = fields.String()
    resultStatus = fields.String()
    resultMessage = fields.String()


class AntomAckResponse(Schema):
    result = fields.Nested(AntomResult, metadata={"description": "SUCCESS / S: Antom stops resending."})


class SandboxArgs(Schema):
    outcome = fields.String(required=True, validate=validate.OneOf(["paid", "failed"]))


class RefundNotificationResponse(Schema):
    received = fields.Boolean()
    status = fields.String(metadata={"description": "processing, refunded, failed, abnormal or ignored"})


class ShopperRefund(Schema):
    amount = Money()
    status = fields.String(
        metadata={
            "description": "processing (asked of the provider), refunded (the provider says it "
            "succeeded; a refund by hand at once), failed (the shop will refund it again) or abnormal "
            "(stuck at the provider and being finished by the shop: still on its way to the shopper, "
            "shown as in progress)"
        }
    )
    created_at = UtcDateTime()


class ShopperRefundsResponse(Schema):
    refunds = fields.List(fields.Nested(ShopperRefund))
