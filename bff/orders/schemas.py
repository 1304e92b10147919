from marshmallow import EXCLUDE, Schema, fields, pre_load, validate

from bff.addresses.schemas import RecipientArgs
from bff.common.arguments import unflatten
from bff.common.models import MAX_ID
from bff.common.schemas import (
    MAX_PAGE,
    MaskedIdNumber,
    Money,
    MoneyInput,
    PaginatorSchema,
    Text,
    UtcDateTime,
    WholeNumber,
)
from bff.media.schemas import MediaPath
from bff.orders.models import OrderStatus
from bff.shipping.rules import Method

STATUS_FILTERS = ["all", *[s.value for s in OrderStatus]]


class OrderItemArgs(Schema):
    class Meta:
        unknown = EXCLUDE

    product_id = WholeNumber(required=True, validate=validate.Range(min=1, max=MAX_ID))
    variant_id = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(min=1, max=MAX_ID))
    quantity = WholeNumber(required=True, validate=validate.Range(min=1, max=999))

    @pre_load
    def _blank_variant(self, data, **kwargs):
        if isinstance(data, dict) and data.get("variant_id") in ("", "null", "0", 0):
            data = {**data, "variant_id": None}
        return data


class ShippingInfoArgs(RecipientArgs):
    class Meta:
        unknown = EXCLUDE

    shipping_type = fields.String(
        load_default="",
        allow_none=True,
        validate=validate.OneOf(["", *(m.value for m in Method)]),
        metadata={"description": "Empty: the first method the address allows."},
    )
    user_remark = Text(load_default="", allow_none=True, validate=validate.Length(max=1000))
    sender_name = Text(load_default="", allow_none=True, validate=validate.Length(max=120))
    sender_address = Text(load_default="", allow_none=True, validate=validate.Length(max=255))
    sender_contact = Text(load_default="", allow_none=True, validate=validate.Length(max=40))


class OrderCreateArgs(Schema):
    """SPEC section 3's order creation payload, as JSON or in `qs` bracket notation."""

    class Meta:
        unknown = EXCLUDE

    cartItems = fields.List(
        fields.Nested(OrderItemArgs), required=True, validate=validate.Length(min=1, max=100)
    )
    shippingInfo = fields.Nested(ShippingInfoArgs, required=True)
    totalAmount = MoneyInput(required=True, metadata={"description": "Items subtotal the shopper saw (NZD)."})
    shippingCost = MoneyInput(required=True, metadata={"description": "Shipping fee the shopper saw (NZD)."})
    totalWeight = WholeNumber(load_default=None, allow_none=True, validate=validate.Range(min=0, max=MAX_ID))
    totalQuantity = WholeNumber(
        load_default=None, allow_none=True, validate=validate.Range(min=0, max=MAX_ID)
    )
    discountCode = Text(
        load_default="",
        allow_none=True,
        validate=validate.Length(max=100),
        metadata={"description": "The discount code the shopper entered (any case); empty: none."},
    )
    discountAmount = MoneyInput(
        load_default="0",
        metadata={"description": "What the promotions took off the items, as the shopper saw it (NZD)."},
    )

    @pre_load
    def _brackets(self, data, **kwargs):
        keys = list(data.keys())
        if any("[" in k for k in keys):
            return unflatten(data)
        return {k: data[k] for k in keys}


class PromotionPreviewArgs(Schema):
    """The checkout's cart, method and code: what the promotions would take off."""

    class Meta:
        unknown = EXCLUDE

    cartItems = fields.List(
        fields.Nested(OrderItemArgs), required=True, validate=validate.Length(min=1, max=100)
    )
    shipping_type = fields.String(
        load_default="", allow_none=True, validate=validate.OneOf(["", *(m.value for m in Method)])
    )
    code = Text(load_default="", allow_none=True, validate=validate.Length(max=100))

    @pre_load
    def _brackets(self, data, **kwargs):
        keys = list(data.keys())
        if any("[" in k for k in keys):
            return unflatten(data)
        return {k: data[k] for k in keys}


class AppliedDiscountSchema(Schema):
    kind = fields.String(metadata={"description": "tier (满减), code, free_shipping"})
    label = fields.String()
    amount = Money()


class CodeErrorSchema(Schema):
    code = fields.String()
    message = fields.String()


class PromotionPreviewResponse(Schema):
    subtotal = Money()
    discounts = fields.List(
        fields.Nested(AppliedDiscountSchema), metadata={"description": "The items' discounts."}
    )
    discount_total = Money()
    items_total = Money(metadata={"description": "The subtotal less the discounts."})
    code = fields.String(allow_none=True, metadata={"description": "The code applied, or null."})
    code_error = fields.Nested(
        CodeErrorSchema, allow_none=True, metadata={"description": "Why the code was left out."}
    )
    free_shipping = fields.Boolean(metadata={"description": "Shipping by the method is free."})
    free_shipping_threshold = Money(allow_none=True)
    free_shipping_label = fields.String(allow_none=True)


class OrderListArgs(Schema):
    status = fields.String(
        load_default="all", validate=validate.OneOf(STATUS_FILTERS), metadata={"allow_empty": True}
    )
    page = WholeNumber(
        load_default=1,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata={"allow_empty": True},
    )

    @pre_load
    def _blank(self, data, **kwargs):
        return {k: data[k] for k in data.keys() if data[k] not in ("", None)}


class LineImageSchema(Schema):
    id = fields.Integer()
    path = MediaPath()


class LineProductSchema(Schema):
    id = fields.Integer()
    avatar = fields.Integer(allow_none=True)
    images = fields.List(fields.Nested(LineImageSchema))
    imageAlt = fields.String(attribute="image_alt")


class OrderLineSchema(Schema):
    id = fields.Integer()
    product_id = fields.Integer(allow_none=True)
    variant_id = fields.Integer(allow_none=True)
    product_name = fields.String()
    variant_name = fields.String()
    final_price = Money()
    quantity = fields.Integer()
    discount_amount = Money(metadata={"description": "The line's share of the order's discounts."})
    paid_amount = Money(metadata={"description": "What the line paid: price x quantity less its share."})
    weight = fields.Integer()
    product = fields.Nested(LineProductSchema, allow_none=True)


class OrderSchema(Schema):
    id = fields.Integer()
    order_number = fields.String()
    status = fields.String(validate=validate.OneOf([s.value for s in OrderStatus]))
    total_price = Money()
    total_amount = Money()
    discount_amount = Money(metadata={"description": "Taken off the items by promotions."})
    discounts = fields.List(
        fields.Nested(AppliedDiscountSchema),
        metadata={"description": "Every promotion applied and what it saved."},
    )
    shipping_cost = Money()
    exchange_rate = fields.Decimal(
        places=4, as_string=False, metadata={"description": "Yuan per NZ dollar when the order was placed."}
    )
    yuan_total = fields.Decimal(
        places=1,
        as_string=False,
        dump_only=True,
        metadata={
            "description": "The total in yuan at the order's rate, to the jiao: what a yuan charge takes."
        },
    )
    total_quantity = fields.Integer()
    total_weight = fields.Integer()
    shipping_type = fields.String()
    shipping_name = fields.String()
    payment_claimed_at = UtcDateTime(
        allow_none=True, metadata={"description": "When the shopper said it is paid by QR code (待确认收款)."}
    )
    shipping_id = MaskedIdNumber()
    shipping_contact = fields.String()
    shipping_country = fields.String()
    shipping_city = fields.String()
    shipping_address = fields.String()
    province_code = fields.String(allow_none=True)
    city_code = fields.String(allow_none=True)
    district_code = fields.String(allow_none=True)
    user_remark = fields.String()
    sender_name = fields.String()
    sender_address = fields.String()
    sender_contact = fields.String()
    shipping_company = fields.String(allow_none=True)
    tracking_number = fields.String(allow_none=True)
    updated_at = UtcDateTime()
    datetime = UtcDateTime(attribute="created_at")
    paid_at = UtcDateTime(allow_none=True)
    order_details = fields.List(fields.Nested(OrderLineSchema), attribute="lines")


class OrderResponse(Schema):
    order = fields.Nested(OrderSchema)


class OrderCreatedResponse(OrderResponse):
    created = fields.Boolean(metadata={"description": "false when this repeats an earlier submission."})


class OrderPageSchema(PaginatorSchema):
    data = fields.List(fields.Nested(OrderSchema))


class OrderListResponse(Schema):
    orders = fields.Nested(OrderPageSchema)


class CancelResponse(OrderResponse):
    message = fields.String()
