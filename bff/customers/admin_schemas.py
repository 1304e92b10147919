"""Bodies and answers of the owner's customer calls (bff/customers/admin_routes.py)."""

from marshmallow import Schema, fields, pre_load, validate

from bff.common.form_fields import Body, flag, ref, text_field
from bff.common.schemas import MAX_PAGE, Money, PaginatorSchema, Text, UtcDateTime, WholeNumber
from bff.orders.admin_schemas import AdminOrderListItem


class CustomerListArgs(Schema):
    q = Text(
        load_default="",
        validate=validate.Length(max=100),
        metadata={"description": "Email or name (part of)."},
    )
    blocked = fields.Boolean(load_default=None, allow_none=True)
    page = WholeNumber(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE))

    @pre_load
    def _blank(self, data, **kwargs):
        return {k: data[k] for k in data.keys() if data[k] not in ("", None)}


class CustomerLevelSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    discount_percent = fields.Decimal(as_string=False, places=2)


class CustomerSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    email = fields.String()
    member_level = fields.Nested(CustomerLevelSchema, allow_none=True)
    member_level_id = fields.Integer(allow_none=True)
    is_special_member = fields.Boolean()
    version = fields.Integer(metadata={"description": "Send it back as If-Match (the ETag) to change them."})
    blocked = fields.Function(lambda user: user.blocked_at is not None, metadata={"type": "boolean"})
    blocked_at = UtcDateTime(allow_none=True)
    created_at = UtcDateTime()
    orders_count = fields.Integer()
    total_spent = Money(metadata={"description": "Paid and shipped orders, less refunds (NZD)."})
    last_order_at = UtcDateTime(allow_none=True)


class CustomerPage(PaginatorSchema):
    data = fields.List(fields.Nested(CustomerSchema))


class CustomerListResponse(Schema):
    customers = fields.Nested(CustomerPage)


class CustomerDetailResponse(Schema):
    customer = fields.Nested(CustomerSchema)
    orders = fields.List(fields.Nested(AdminOrderListItem))
    member_levels = fields.List(fields.Nested(CustomerLevelSchema))


class MembershipArgs(Body):
    member_level_id = ref(metadata={"description": "A member level of the shop, or null for none."})
    is_special_member = flag()


class BlockArgs(Body):
    reason = text_field(1000, load_default="")
