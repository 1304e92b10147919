from marshmallow import Schema, fields, validate

from bff.common.schemas import MoneyInput, Text


class CreatePaymentArgs(Schema):
    order_number = Text(required=True, validate=validate.Length(min=1, max=20))
    total_price = MoneyInput(required=True, metadata={"description": "The order's total_price, as shown."})


class CreatePaymentResponse(Schema):
    paymentPageUrl = fields.String()


class NotificationResponse(Schema):
    received = fields.Boolean()
    applied = fields.Boolean()
    result = fields.String()


class SandboxArgs(Schema):
    outcome = fields.String(required=True, validate=validate.OneOf(["paid", "failed"]))
