"""Bodies and answers of the owner's order calls (bff/orders/admin_routes.py) and the refund
call (bff/payments/admin_refund_routes.py). Validation messages are keys of bff/orders/messages.py or
bff/common/messages.py, answered in the shop's language."""

from marshmallow import Schema, ValidationError, fields, pre_load, validate

from bff.addresses.schemas import RecipientArgs
from bff.common.form_fields import Body, flag, money, text_field
from bff.common.schemas import (
    CONTROL_RANGES,
    MAX_PAGE,
    NOT_BLANK_TEXT,
    Money,
    PaginatorSchema,
    Text,
    UtcDateTime,
    WholeNumber,
)
from bff.orders.models import OrderStatus
from bff.orders.schemas import OrderSchema
from bff.orders.transitions import OWNER_ACTIONS, OrderAction
from bff.shipping.rules import Method

# The console's filter form sends its empty fields ("any"), so the description allows them.
DATE = r"^(\d{4}-\d{2}-\d{2})?$"
STATUSES = [s.value for s in OrderStatus]
SHIPPING_TYPES = [m.value for m in Method]
PAYMENT_METHODS = ["none", "manual", "sandbox", "wechat_pay", "alipay"]  # the providers' names


def _not_blank(key: str):
    def check(value: str) -> None:
        if not value.strip():
            raise ValidationError(key)

    return check


def _required_text(longest: int, key: str):
    messages = {"required": key, "null": key, "invalid": "invalid"}
    return Text(
        required=True, validate=validate.Length(min=1, max=longest, error=key), error_messages=messages
    )


class OrderListArgs(Schema):
    q = Text(
        load_default="",
        validate=validate.Length(max=100),
        metadata={"description": "Order number, shopper email, recipient name or phone (part of)."},
    )
    status = fields.String(
        load_default=None,
        validate=validate.OneOf(STATUSES),
        metadata={"enum": [*STATUSES, ""]},
    )
    date_from = fields.Date(
        load_default=None, metadata={"description": "Placed on or after (shop's day).", "pattern": DATE}
    )
    date_to = fields.Date(
        load_default=None, metadata={"description": "Placed on or before (shop's day).", "pattern": DATE}
    )
    payment_method = fields.String(
        load_default=None, validate=validate.OneOf(PAYMENT_METHODS), metadata={"enum": [*PAYMENT_METHODS, ""]}
    )
    shipping_type = fields.String(
        load_default=None,
        validate=validate.OneOf(SHIPPING_TYPES),
        metadata={"enum": [*SHIPPING_TYPES, ""]},
    )
    claimed = fields.Boolean(
        load_default=False, metadata={"description": "Only orders said to be paid by QR code (待确认收款)."}
    )
    held = fields.Boolean(
        load_default=False,
        metadata={"description": "Only cancelled orders still holding money paid (待退款)."},
    )
    refund_abnormal = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Only orders with a refund stuck at WeChat Pay (ABNORMAL), for the owner to "
            "finish by hand in its merchant platform (退款异常)."
        },
    )
    tag = Text(load_default=None, validate=validate.Length(max=40), metadata={"description": "A staff tag."})
    page = WholeNumber(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE))

    @pre_load
    def _blank(self, data, **kwargs):
        # The console's filter form sends its empty fields: they mean "any".
        return {k: data[k] for k in data.keys() if data[k] not in ("", None)}


class AdminOrderSchema(OrderSchema):
    customer_email = fields.String()
    user_id = fields.Integer()
    paid_amount = Money()
    refunded_amount = Money()
    payment_method = fields.String(allow_none=True)
    shipped_at = UtcDateTime(allow_none=True)
    cancelled_at = UtcDateTime(allow_none=True)
    payment_claimed_at = UtcDateTime(allow_none=True)
    has_payment_proof = fields.Boolean(load_default=False)
    version = fields.Integer()
    tags = fields.List(fields.String(), metadata={"description": "Staff tags (never shown to the shopper)."})


class AdminOrderListItem(Schema):
    id = fields.Integer()
    order_number = fields.String()
    status = fields.String()
    datetime = UtcDateTime(attribute="created_at")
    customer_email = fields.String()
    shipping_name = fields.String()
    shipping_contact = fields.String()
    shipping_type = fields.String()
    total_price = Money()
    total_quantity = fields.Integer()
    payment_method = fields.String(allow_none=True)
    paid_amount = Money()
    refunded_amount = Money()
    tracking_number = fields.String(allow_none=True)
    payment_claimed_at = UtcDateTime(allow_none=True)
    tags = fields.List(fields.String(), load_default=list)


class AdminOrderPage(PaginatorSchema):
    data = fields.List(fields.Nested(AdminOrderListItem))


class AdminOrderListResponse(Schema):
    orders = fields.Nested(AdminOrderPage)


class PaymentRecordSchema(Schema):
    id = fields.Integer()
    method = fields.String()
    amount = Money()
    reference = fields.String()
    note = fields.String()
    created_at = UtcDateTime()


class RefundRecordSchema(Schema):
    id = fields.Integer()
    payment_id = fields.Integer()
    amount = Money()
    reason = fields.String()
    method = fields.String()
    status = fields.String(
        metadata={
            "description": "processing (the provider has not said yet), refunded, failed (its amount "
            "refundable again) or abnormal (stuck at the provider, e.g. WeChat Pay's ABNORMAL: still "
            "owed to the shopper and counted as refunded; the owner handles it by hand in the "
            "provider's merchant platform, after which it ends refunded or failed)"
        }
    )
    created_at = UtcDateTime()


class HistorySchema(Schema):
    id = fields.Integer()
    at = UtcDateTime()
    action = fields.String()
    from_status = fields.String(allow_none=True)
    to_status = fields.String(allow_none=True)
    actor_kind = fields.String()
    actor_email = fields.String()
    note = fields.String()
    details = fields.Dict()


class CustomerRefSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    email = fields.String()


class OrderNoteSchema(Schema):
    id = fields.Integer()
    body = fields.String()
    author_email = fields.String()
    created_at = UtcDateTime()


class AdminOrderDetailResponse(Schema):
    order = fields.Nested(AdminOrderSchema)
    notes = fields.List(
        fields.Nested(OrderNoteSchema), metadata={"description": "Staff notes, oldest first (staff only)."}
    )
    customer = fields.Nested(CustomerRefSchema)
    payments = fields.List(fields.Nested(PaymentRecordSchema))
    refunds = fields.List(fields.Nested(RefundRecordSchema))
    history = fields.List(fields.Nested(HistorySchema))
    actions = fields.List(
        fields.String(
            validate=validate.OneOf([a.value for a in (*OWNER_ACTIONS, OrderAction.REJECT_PAYMENT)])
        ),
        metadata={"description": "What the order's state allows now."},
    )


class MarkPaidArgs(Body):
    amount = money(required=True)
    reference = _required_text(128, "reference_required")
    note = text_field(1000, load_default="")


class ShipArgs(Body):
    shipping_company = _required_text(120, "company_required")
    tracking_number = _required_text(120, "tracking_required")
    note = text_field(1000, load_default="")


class CancelArgs(Body):
    reason = _required_text(1000, "reason_required")
    refund_amount = money(
        load_default=None,
        allow_none=True,
        metadata={"description": "A paid order: NZD given back now (at most what is paid and not refunded)."},
    )
    restock = flag(load_default=True, metadata={"description": "A paid order: put its units back in stock."})
    keep_reason = text_field(
        1000, load_default="", metadata={"description": "Why money paid stays unrefunded (required then)."}
    )


class RejectPaymentArgs(Body):
    reason = _required_text(1000, "reason_required")


class RefundArgs(Body):
    amount = money(required=True, positive=True, invalid="refund_not_positive")
    reason = _required_text(1000, "reason_required")


class ReviveArgs(Body):
    note = text_field(1000, load_default="")


class AddressEditArgs(RecipientArgs):
    note = text_field(1000, load_default="")


class DashboardDay(Schema):
    date = fields.Date()
    orders = fields.Integer()
    sales = Money()


class TopProduct(Schema):
    product_id = fields.Integer(allow_none=True)
    name = fields.String()
    quantity = fields.Integer()
    sales = Money()


class LowStock(Schema):
    product_id = fields.Integer()
    name = fields.String()
    variant_id = fields.Integer(allow_none=True)
    variant_name = fields.String()
    stock = fields.Integer()


class MoneyHeld(Schema):
    id = fields.Integer()
    order_number = fields.String()
    shipping_name = fields.String()
    paid_amount = Money()
    refunded_amount = Money()
    cancelled_at = UtcDateTime(allow_none=True)


class PeriodSales(Schema):
    orders = fields.Integer()
    nzd = Money()
    cny = Money(metadata={"description": "Yuan, each order's at its own rate, to the jiao."})


class TodaySales(Schema):
    today = fields.Nested(PeriodSales)
    yesterday = fields.Nested(PeriodSales)
    week = fields.Nested(PeriodSales, metadata={"description": "From Monday."})
    month = fields.Nested(PeriodSales)


class TodayCounts(Schema):
    to_ship = fields.Integer()
    awaiting_confirmation = fields.Integer()
    money_to_refund = fields.Integer()
    refunds_to_handle = fields.Integer(
        metadata={
            "description": "Orders with a refund stuck at WeChat Pay (ABNORMAL, e.g. the shopper's card "
            "cancelled), counted once however many: the owner finishes each by hand in WeChat Pay's "
            "merchant platform (商户平台 → 交易中心), never refunds again here; the order's refund "
            "then ends as refunded (or failed). Listed by the orders filter refund_abnormal."
        }
    )


class Today(Schema):
    date = fields.Date(metadata={"description": "Today on the shop's calendar."})
    time_zone = fields.String(metadata={"description": "The shop's zone (IANA), e.g. Pacific/Auckland."})
    sales = fields.Nested(
        TodaySales,
        metadata={"description": "Paid orders by the day paid, refunds taken off; never cancelled."},
    )
    counts = fields.Nested(TodayCounts)
    low_stock_threshold = fields.Integer()


class DashboardResponse(Schema):
    today = fields.Nested(Today)
    days = fields.List(fields.Nested(DashboardDay))
    awaiting_confirmation = fields.List(
        fields.Nested(AdminOrderListItem),
        metadata={"description": "Said to be paid by QR code (待确认收款)."},
    )
    money_held = fields.List(
        fields.Nested(MoneyHeld), metadata={"description": "Cancelled orders still holding money paid."}
    )
    top_products = fields.List(fields.Nested(TopProduct))
    low_stock = fields.List(fields.Nested(LowStock))
    to_ship = fields.List(fields.Nested(AdminOrderListItem))
    to_ship_count = fields.Integer()


class NoteArgs(Body):
    body = Text(
        required=True,
        validate=[validate.Length(min=1, max=2000, error="note_required"), _not_blank("note_required")],
        error_messages={"required": "note_required", "null": "note_required", "invalid": "invalid"},
        metadata={"pattern": NOT_BLANK_TEXT, "minLength": 1, "maxLength": 2000},
    )


class TagsArgs(Body):
    # What OpenAPI can say of bff/orders/notes.py's rule (blanks and repeats are dropped, not refused).
    tags = fields.List(
        Text(
            validate=[
                validate.Length(max=40, error="tag_invalid"),
                validate.Regexp(r"^[^,，]*$", error="tag_invalid"),
            ],
            metadata={"pattern": f"^[^,，{CONTROL_RANGES}]*$", "maxLength": 40},
        ),
        # Absent is none: a form body cannot send an empty list (qs leaves it out).
        load_default=list,
        validate=validate.Length(max=10, error="too_many_tags"),
        metadata={
            "description": "The order's tags from now on: 10 at most, each 40 characters, no commas; "
            "absent or empty clears them."
        },
    )
