"""The console's promotion forms and answers (bff/promotions/admin_routes.py)."""

from marshmallow import Schema, fields, post_load, validate

from bff.catalog.admin_schemas import ISO_MOMENT
from bff.common.form_fields import Body, flag, integer, money
from bff.common.models import MAX_ID
from bff.common.schemas import AwareDateTime, Money, Text, UtcDateTime
from bff.promotions.models import CodeKind, Scope
from bff.shipping.rules import Method

CODE_PATTERN = r"^[A-Za-z0-9_-]{1,40}$"


def _moment(description: str) -> AwareDateTime:
    return AwareDateTime(
        allow_none=True,
        load_default=None,
        error_messages={"invalid": "invalid", "invalid_awareness": "invalid"},
        metadata={"description": f"{description} ISO 8601 with an offset.", "pattern": ISO_MOMENT},
    )


def _limit(description: str):
    return integer(1, 1_000_000, allow_none=True, load_default=None, metadata={"description": description})


class CodeInput(Body):
    code = Text(
        required=True,
        validate=validate.Regexp(CODE_PATTERN, error="code_format"),
        error_messages={"required": "code_format", "null": "code_format", "invalid": "code_format"},
        metadata={
            "description": "What shoppers type (any case; kept in upper case).",
            "pattern": CODE_PATTERN,
        },
    )
    kind = fields.String(
        required=True,
        validate=validate.OneOf([k.value for k in CodeKind], error="invalid"),
        error_messages={"required": "required", "null": "required"},
    )
    value = money(required=True, metadata={"description": "A percentage (1-100) or NZD off."})
    min_spend = money(load_default="0", metadata={"description": "On the items the code covers."})
    starts_at = _moment("From when it can be used; null: already.")
    ends_at = _moment("Until when (not included); null: no end.")
    usage_limit = _limit("Uses in total; null: no limit.")
    per_member_limit = _limit("Uses per member; null: no limit.")
    scope = fields.String(
        load_default=Scope.ALL.value, validate=validate.OneOf([s.value for s in Scope], error="invalid")
    )
    scope_ids = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID)),
        load_default=list,
        validate=validate.Length(max=500),
        metadata={"description": "The categories, brands or products it covers (scope other than all)."},
    )
    paused = flag(load_default=False)

    @post_load
    def _upper(self, data, **kwargs):
        if data.get("code"):
            data["code"] = data["code"].strip().upper()
        return data


class TierInput(Body):
    threshold = money(required=True, metadata={"description": "Spend at least this (NZD) on the items."})
    saving = money(required=True, metadata={"description": "Save this (NZD)."})
    starts_at = _moment("From when it applies; null: already.")
    ends_at = _moment("Until when (not included); null: no end.")
    paused = flag(load_default=False)


class FreeShippingInput(Body):
    shipping_type = fields.String(
        required=True,
        validate=validate.OneOf([m.value for m in Method], error="invalid"),
        error_messages={"required": "required", "null": "required"},
    )
    threshold = money(
        required=True, metadata={"description": "Items (after discounts) from this NZD ship free."}
    )
    paused = flag(load_default=False)


class _Rule(Schema):
    id = fields.Integer()
    paused = fields.Boolean()
    version = fields.Integer()
    updated_at = UtcDateTime()


class AdminCodeSchema(_Rule):
    code = fields.String()
    kind = fields.String()
    value = Money()
    min_spend = Money()
    starts_at = UtcDateTime(allow_none=True)
    ends_at = UtcDateTime(allow_none=True)
    usage_limit = fields.Integer(allow_none=True)
    per_member_limit = fields.Integer(allow_none=True)
    scope = fields.String()
    scope_ids = fields.List(fields.Integer())
    used_count = fields.Integer(
        metadata={"description": "Orders holding a use (cancelled ones give it back)."}
    )


class AdminTierSchema(_Rule):
    threshold = Money()
    saving = Money()
    starts_at = UtcDateTime(allow_none=True)
    ends_at = UtcDateTime(allow_none=True)


class AdminFreeShippingSchema(_Rule):
    shipping_type = fields.String()
    threshold = Money()


class UseSchema(Schema):
    order_number = fields.String()
    status = fields.String()
    datetime = UtcDateTime()
    total_price = Money()
    amount = Money(metadata={"description": "What the rule saved the order."})
    email = fields.String()


class UsesResponse(Schema):
    orders = fields.List(fields.Nested(UseSchema), metadata={"description": "The newest 100."})
    count = fields.Integer(metadata={"description": "Orders not cancelled that applied it."})
    saved = Money(metadata={"description": "What it saved those orders."})
