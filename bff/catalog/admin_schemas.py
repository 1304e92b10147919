"""Bodies and answers of the admin catalogue calls (bff/catalog/admin_routes.py).

Validation messages are keys of bff/catalog/messages.py; the admin blueprint answers them in the
shop's language. Unknown fields are ignored, so a client may send back what a GET gave it.
"""

from decimal import Decimal, InvalidOperation

from flask_smorest.fields import Upload
from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validate, validates_schema

from bff.catalog.schemas import ImageSchema, NamedRefSchema
from bff.common.html import RichHtml
from bff.common.models import MAX_ID
from bff.common.schemas import MAX_PAGE, Flag, Money, PaginatorSchema, Text, UtcDateTime

MAX_MONEY = Decimal("9999999999.99")  # Numeric(12, 2)
MAX_STOCK = 1_000_000_000
MAX_GRAMS = 1_000_000
MAX_WEIGHT_ORDER = 2**31 - 1
MAX_VARIANTS = 50
CENT = Decimal("0.01")


class MoneyInput(fields.Field):
    """An amount of money: a number or numeric string, >= 0, at most two decimals, finite.
    Never rounded: 10.555 is refused, not stored as 10.56."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise ValidationError("money_invalid")
        try:
            amount = Decimal(str(value).strip())
        except (InvalidOperation, ValueError):
            raise ValidationError("money_invalid") from None
        if not amount.is_finite() or amount < 0 or amount.as_tuple().exponent < -2:
            raise ValidationError("money_invalid")
        if amount > MAX_MONEY:
            raise ValidationError("money_too_large")
        return amount.quantize(CENT)


def _money(**kwargs) -> MoneyInput:
    kwargs.setdefault("error_messages", {"required": "required", "null": "required"})
    kwargs.setdefault("metadata", {"description": "NZD, >= 0, at most two decimals."})
    return MoneyInput(**kwargs)


def _optional_money() -> MoneyInput:
    return _money(allow_none=True, load_default=None, metadata={"description": "NZD, or null (not set)."})


def _integer(low: int, high: int, **kwargs) -> fields.Integer:
    def check(value: int) -> None:
        if value < low:
            raise ValidationError("not_negative" if low == 0 else "integer_invalid")
        if value > high:
            raise ValidationError("number_too_large")

    messages = {"invalid": "integer_invalid", "required": "required", "null": "required"}
    return fields.Integer(strict=False, validate=check, error_messages=messages, **kwargs)


def _text(longest: int, **kwargs) -> fields.String:
    messages = {"invalid": "invalid", "required": "required", "null": "required"}
    return Text(validate=validate.Length(max=longest, error="too_long"), error_messages=messages, **kwargs)


def _name(longest: int) -> fields.String:
    def check(value: str) -> None:
        if not value.strip():
            raise ValidationError("name_required")
        if len(value) > longest:
            raise ValidationError("too_long")

    messages = {"invalid": "name_required", "required": "name_required", "null": "name_required"}
    return Text(required=True, validate=check, error_messages=messages)


def _flag(**kwargs) -> fields.Boolean:
    return fields.Boolean(error_messages={"invalid": "invalid", "null": "invalid"}, **kwargs)


def _ref(**kwargs) -> fields.Integer:
    return fields.Integer(
        strict=False,
        allow_none=True,
        validate=validate.Range(min=1, max=MAX_ID, error="invalid"),
        error_messages={"invalid": "invalid"},
        **kwargs,
    )


class Body(Schema):
    class Meta:
        unknown = EXCLUDE

    @pre_load
    def _blank_optional_means_null(self, data, **kwargs):
        # Forms send "" for an empty optional number; it means "not set".
        if not isinstance(data, dict):
            return data
        nullable = {n for n, f in self.load_fields.items() if f.allow_none}
        return {k: (None if k in nullable and v == "" else v) for k, v in data.items()}


class VariantInput(Body):
    id = fields.Integer(
        strict=False,
        load_default=None,
        allow_none=True,
        metadata={"description": "An existing variant of this product; omit for a new one."},
    )
    name = _name(120)
    price = _money(required=True)
    discount = _optional_money()
    member_price = _optional_money()
    weight = _integer(0, MAX_GRAMS, load_default=0, metadata={"description": "Grams; above 0 overrides."})
    virtual_inventory = _integer(
        0,
        MAX_STOCK,
        load_default=0,
        metadata={"description": "Opening stock of a new variant; ignored for an existing one."},
    )


class ProductInput(Body):
    """A product's editable fields. PUT and POST take them all (missing ones get their default);
    PATCH only those given. `variants`, when given, is the whole list: entries with an `id`
    update that variant, entries without one create a variant, variants left out are deleted."""

    name = _name(255)
    description = _text(10_000, load_default="", metadata={"description": "The brief."})
    price = _money(required=True)
    discount = _optional_money()
    member_price = _optional_money()
    weight = _integer(0, MAX_GRAMS, load_default=0, metadata={"description": "Grams."})
    is_free_shipping = _flag(load_default=False)
    category_id = _ref(load_default=None)
    brand_id = _ref(load_default=None)
    is_featured = _flag(load_default=False, metadata={"description": "In the best (featured) list."})
    recommend_weight = _integer(
        -MAX_WEIGHT_ORDER,
        MAX_WEIGHT_ORDER,
        load_default=0,
        metadata={"description": "Sort weight, high first."},
    )
    composition = _text(20_000, load_default="")
    usage_instructions = _text(20_000, load_default="")
    product_details = _text(200_000, load_default="", metadata={"description": "Rich HTML, sanitised."})
    color = _text(64, load_default="")
    size = _text(64, load_default="")
    image_alt = _text(255, load_default="")
    virtual_inventory = _integer(
        0,
        MAX_STOCK,
        load_default=0,
        metadata={
            "description": "Opening stock of a new product without variants; ignored on update "
            "(stock changes go through POST .../stock, with a reason)."
        },
    )
    variants = fields.List(
        fields.Nested(VariantInput),
        validate=validate.Length(max=MAX_VARIANTS, error="too_many_variants"),
        metadata={"description": "The whole list of variants; when left out, they stay as they are."},
    )


class ProductPatchInput(ProductInput):
    """The same fields, every one optional (use with partial=True): PATCH changes those given."""


class ProductListArgs(Schema):
    q = Text(load_default="", validate=validate.Length(max=100), metadata={"description": "Name contains"})
    category_id = _ref(load_default=None, metadata={"description": "This category and its subcategories"})
    brand_id = _ref(load_default=None)
    sold_out = fields.Boolean(
        load_default=None, allow_none=True, metadata={"description": "Stock 0 (or not)"}
    )
    hidden = fields.Boolean(load_default=None, allow_none=True, metadata={"description": "Hidden (or not)"})
    page = fields.Integer(load_default=1, strict=False, validate=validate.Range(min=1, max=MAX_PAGE))

    @pre_load
    def _blank_means_not_given(self, data, **kwargs):
        return {k: v for k, v in data.items() if not (isinstance(v, str) and v.strip() == "")}


class StockAdjustArgs(Body):
    variant_id = fields.Integer(
        strict=False,
        load_default=None,
        allow_none=True,
        metadata={"description": "Required for a product with variants."},
    )
    delta = fields.Integer(
        strict=False,
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=-MAX_STOCK, max=MAX_STOCK, error="number_too_large"),
        error_messages={"invalid": "integer_invalid"},
        metadata={"description": "Units to add (or remove, negative)."},
    )
    level = _integer(
        0, MAX_STOCK, load_default=None, allow_none=True, metadata={"description": "The new stock level."}
    )
    reason = Text(
        required=True,
        validate=validate.Length(min=1, max=255, error="reason_required"),
        error_messages={
            "required": "reason_required",
            "null": "reason_required",
            "invalid": "reason_required",
        },
    )

    @validates_schema
    def _one_of_delta_or_level(self, data, **kwargs):
        if (data.get("delta") is None) == (data.get("level") is None):
            raise ValidationError("delta_or_level", field_name="delta")
        if data.get("delta") == 0:
            raise ValidationError("delta_zero", field_name="delta")
        if not (data.get("reason") or "").strip():
            raise ValidationError("reason_required", field_name="reason")


class PageArgs(Schema):
    page = fields.Integer(load_default=1, strict=False, validate=validate.Range(min=1, max=MAX_PAGE))


# --- answers -------------------------------------------------------------------------------


class AdminVariantSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    price = Money()
    discount = Money(allow_none=True)
    member_price = Money(allow_none=True)
    weight = fields.Integer()
    virtual_inventory = fields.Integer(metadata={"description": "Stock (change it with POST .../stock)."})
    position = fields.Integer()


class AdminProductRowSchema(Schema):
    id = fields.Integer()
    version = fields.Integer()
    name = fields.String()
    price = Money()
    discount = Money(allow_none=True)
    member_price = Money(allow_none=True)
    virtual_inventory = fields.Integer(
        metadata={"description": "Stock; the sum of the variants' when it has any."}
    )
    is_active = Flag(metadata={"description": "0 when hidden from the storefront."})
    is_featured = Flag()
    recommend_weight = fields.Integer()
    category = fields.Nested(NamedRefSchema, allow_none=True)
    brand = fields.Nested(NamedRefSchema, allow_none=True)
    avatar = fields.Integer(allow_none=True)
    images = fields.List(fields.Nested(ImageSchema))
    variants = fields.List(fields.Nested(AdminVariantSchema))
    updated_at = UtcDateTime()


class AdminProductSchema(AdminProductRowSchema):
    description = fields.String()
    weight = fields.Integer()
    is_free_shipping = Flag()
    category_id = fields.Integer(allow_none=True)
    brand_id = fields.Integer(allow_none=True)
    sales_count = fields.Integer()
    composition = fields.String()
    usage_instructions = fields.String()
    product_details = RichHtml()
    color = fields.String()
    size = fields.String()
    image_alt = fields.String()
    created_at = UtcDateTime()


class AdminProductResponse(Schema):
    product = fields.Nested(AdminProductSchema)


class AdminProductPage(PaginatorSchema):
    data = fields.List(fields.Nested(AdminProductRowSchema))


class AdminProductListResponse(Schema):
    products = fields.Nested(AdminProductPage)


class StockChangeSchema(Schema):
    variant_id = fields.Integer(allow_none=True)
    before = fields.Integer()
    after = fields.Integer()


class StockAdjustResponse(AdminProductResponse):
    change = fields.Nested(StockChangeSchema)


class StockMovementSchema(Schema):
    id = fields.Integer()
    at = UtcDateTime()
    variant_id = fields.Integer(allow_none=True)
    delta = fields.Integer()
    reason = fields.String(metadata={"description": "order, cancel, release, admin_adjust, initial"})
    order_id = fields.Integer(allow_none=True)
    actor_id = fields.Integer(allow_none=True)
    note = fields.String()


class StockMovementPage(PaginatorSchema):
    data = fields.List(fields.Nested(StockMovementSchema))


class StockMovementListResponse(Schema):
    movements = fields.Nested(StockMovementPage)


# --- pictures ------------------------------------------------------------------------------


class ImageUploadArgs(Schema):
    images = fields.List(
        Upload(),
        required=True,
        validate=validate.Length(min=1, error="images_required"),
        metadata={"description": "One or more pictures (JPEG, PNG, WebP or GIF; 8 MB each at most)."},
    )


class ImageArrangeArgs(Body):
    order = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID)),
        required=True,
        validate=validate.Length(max=100),
        metadata={"description": "Every picture id of the product, once, in the order to show them."},
    )
    cover = fields.Integer(
        strict=True,
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=MAX_ID),
        metadata={"description": "The picture shown first (cards, the page); default the first of `order`."},
    )


class ImageAltArgs(Body):
    alt = Text(required=True, validate=validate.Length(max=255, error="too_long"))
