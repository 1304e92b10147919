"""Bodies and answers of the admin catalogue calls (bff/catalog/admin_routes.py).

Validation messages are keys of bff/catalog/messages.py; the admin blueprint answers them in the
shop's language. Unknown fields are ignored, so a client may send back what a GET gave it.
"""

from flask_smorest.fields import Upload
from marshmallow import Schema, ValidationError, fields, pre_load, validate, validates_schema
from webargs.fields import DelimitedList

from bff.catalog.barcodes import normal_gtin
from bff.catalog.schemas import ImageSchema, NamedRefSchema
from bff.common.form_fields import Body, flag, integer, money, name_field, optional_money, ref, text_field
from bff.common.html import RichHtml
from bff.common.links import LINK_PATTERN, is_safe_link
from bff.common.models import MAX_ID
from bff.common.schemas import (
    MAX_PAGE,
    NOT_BLANK_TEXT,
    AwareDateTime,
    Flag,
    Money,
    PaginatorSchema,
    Text,
    UtcDateTime,
    WholeNumber,
)
from bff.media.schemas import MediaPath, Srcset

MAX_STOCK = 1_000_000_000
MAX_GRAMS = 1_000_000
MAX_WEIGHT_ORDER = 2**31 - 1
MAX_VARIANTS = 50


SKU_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$"


def sku_field() -> Text:
    """The shop's own code of a product: blank means none."""
    return Text(
        allow_none=True,
        load_default=None,
        validate=validate.Regexp(SKU_PATTERN, error="sku_invalid"),
        error_messages={"invalid": "sku_invalid"},
        metadata={
            "description": "The shop's own code, unique in the shop; empty or null for none.",
            "pattern": f"^(|{SKU_PATTERN[1:-1]})$",
        },
    )


class Barcode(Text):
    """A GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) with its check digit, kept as digits only; blank
    or null: none (bff/catalog/barcodes.py)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("allow_none", True)
        kwargs.setdefault("load_default", None)
        kwargs.setdefault(
            "metadata",
            {
                "description": "GTIN of 8, 12, 13 or 14 digits with its check digit (spaces and "
                "hyphens are read past); empty or null for none.",
                "pattern": r"^[0-9 -]{0,40}$",
            },
        )
        super().__init__(error_messages={"invalid": "barcode_invalid"}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        code = super()._deserialize(value, attr, data, **kwargs)
        if not code.strip():
            return None
        normal = normal_gtin(code) if len(code) <= 40 else None
        if normal is None:
            raise ValidationError("barcode_invalid")
        return normal


class VariantInput(Body):
    id = WholeNumber(
        load_default=None,
        allow_none=True,
        metadata={"description": "An existing variant of this product; omit for a new one."},
    )
    name = name_field(120)
    price = money(required=True)
    discount = optional_money()
    member_price = optional_money()
    weight = integer(0, MAX_GRAMS, load_default=0, metadata={"description": "Grams; above 0 overrides."})
    virtual_inventory = integer(
        0,
        MAX_STOCK,
        load_default=0,
        metadata={"description": "Opening stock of a new variant; ignored for an existing one."},
    )
    sku = sku_field()
    barcode = Barcode()
    image_id = WholeNumber(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=MAX_ID, error="image_not_found"),
        error_messages={"invalid": "integer_invalid"},
        metadata={
            "description": "One of the product's pictures, shown when the variant is chosen; null: none."
        },
    )


class ProductInput(Body):
    """A product's editable fields. PUT and POST take them all (missing ones get their default);
    PATCH only those given. `variants`, when given, is the whole list: entries with an `id`
    update that variant, entries without one create a variant, variants left out are deleted."""

    name = name_field(255)
    sku = sku_field()
    description = text_field(10_000, load_default="", metadata={"description": "The brief."})
    price = money(required=True)
    discount = optional_money()
    member_price = optional_money()
    weight = integer(0, MAX_GRAMS, load_default=0, metadata={"description": "Grams."})
    is_free_shipping = flag(load_default=False)
    category_id = ref(load_default=None)
    brand_id = ref(load_default=None)
    is_featured = flag(load_default=False, metadata={"description": "In the best (featured) list."})
    recommend_weight = integer(
        -MAX_WEIGHT_ORDER,
        MAX_WEIGHT_ORDER,
        load_default=0,
        metadata={"description": "Sort weight, high first."},
    )
    composition = text_field(20_000, load_default="")
    usage_instructions = text_field(20_000, load_default="")
    product_details = text_field(200_000, load_default="", metadata={"description": "Rich HTML, sanitised."})
    color = text_field(64, load_default="")
    size = text_field(64, load_default="")
    image_alt = text_field(255, load_default="")
    is_active = flag(
        load_default=None,
        allow_none=True,
        metadata={
            "description": "false: a draft, not on the storefront; left out or null: as it was (new: true)."
        },
    )
    publish_at = AwareDateTime(
        allow_none=True,
        load_default=None,
        error_messages={"invalid": "invalid", "invalid_awareness": "invalid"},
        metadata={
            "description": "When an active product appears on the storefront (its start); null: at once. "
            "ISO 8601 with an offset.",
            "pattern": r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$",
        },
    )
    virtual_inventory = integer(
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
    ids = DelimitedList(
        WholeNumber(validate=validate.Range(min=1, max=MAX_ID)),
        validate=validate.Length(max=500),
        metadata={"description": "Only these products (comma-separated ids): a picker naming what it holds."},
    )
    category_id = ref(load_default=None, metadata={"description": "This category and its subcategories"})
    brand_id = ref(load_default=None)
    sold_out = fields.Boolean(
        load_default=None, allow_none=True, metadata={"description": "Stock 0 (or not)"}
    )
    hidden = fields.Boolean(load_default=None, allow_none=True, metadata={"description": "Hidden (or not)"})
    page = WholeNumber(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE))

    @pre_load
    def _blank_means_not_given(self, data, **kwargs):
        return {k: v for k, v in data.items() if not (isinstance(v, str) and v.strip() == "")}


class StockAdjustArgs(Body):
    variant_id = WholeNumber(
        load_default=None,
        allow_none=True,
        metadata={"description": "Required for a product with variants."},
    )
    delta = WholeNumber(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=-MAX_STOCK, max=MAX_STOCK, error="number_too_large"),
        error_messages={"invalid": "integer_invalid"},
        metadata={"description": "Units to add (or remove, negative); not 0.", "not": {"enum": [0]}},
    )
    level = integer(
        0, MAX_STOCK, load_default=None, allow_none=True, metadata={"description": "The new stock level."}
    )
    expected = integer(
        0,
        MAX_STOCK,
        load_default=None,
        allow_none=True,
        metadata={"description": "With `level`: the level read; another one now is a 409 `stale_stock`."},
    )
    reason = Text(
        required=True,
        validate=validate.Length(min=1, max=255, error="reason_required"),
        metadata={"pattern": NOT_BLANK_TEXT},
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
        if data.get("level") is not None and data.get("expected") is None:
            raise ValidationError("expected_required", field_name="expected")
        if not (data.get("reason") or "").strip():
            raise ValidationError("reason_required", field_name="reason")


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
    sku = fields.String(allow_none=True)
    barcode = fields.String(allow_none=True, metadata={"description": "GTIN, digits only."})
    image_id = fields.Integer(
        attribute="image", allow_none=True, metadata={"description": "Its picture among `images`."}
    )


class AdminProductRowSchema(Schema):
    id = fields.Integer()
    version = fields.Integer()
    name = fields.String()
    sku = fields.String(allow_none=True)
    price = Money()
    discount = Money(allow_none=True)
    member_price = Money(allow_none=True)
    virtual_inventory = fields.Integer(
        metadata={"description": "Stock; the sum of the variants' when it has any."}
    )
    is_active = Flag(metadata={"description": "0 when hidden from the storefront (a draft)."})
    publish_at = UtcDateTime(
        allow_none=True, metadata={"description": "Its start on the storefront; null: at once."}
    )
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


class DetailPictureArgs(Schema):
    picture = Upload(
        required=True,
        metadata={"description": "One picture (JPEG, PNG, WebP or GIF; 8 MB at most)."},
    )


class DetailPictureSchema(Schema):
    path = MediaPath(metadata={"description": "The picture as uploaded (metadata removed): the <img src>."})
    srcset = Srcset(
        attribute="webp",
        allow_none=True,
        metadata={
            "type": "string",
            "description": 'Its WebP widths for <img srcset> ("/media/a-320w.webp 320w, ...").',
        },
    )
    width = fields.Integer()
    height = fields.Integer()


class DetailPictureResponse(Schema):
    picture = fields.Nested(DetailPictureSchema)


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


# --- categories, brands, banners ------------------------------------------------------------

POSITION = (-1_000_000, 1_000_000)


def _position():
    return WholeNumber(
        load_default=0,
        validate=validate.Range(*POSITION, error="number_too_large"),
        error_messages={"invalid": "integer_invalid", "null": "integer_invalid"},
        metadata={"description": "The shop's order, low first."},
    )


def _link(value: str | None) -> None:
    if value and not is_safe_link(value):
        raise ValidationError("link_invalid")


ISO_MOMENT = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$"


def _moment(description: str) -> AwareDateTime:
    return AwareDateTime(
        allow_none=True,
        load_default=None,
        error_messages={"invalid": "invalid", "invalid_awareness": "invalid"},
        metadata={"description": f"{description} ISO 8601 with an offset.", "pattern": ISO_MOMENT},
    )


class CategoryInput(Body):
    name = name_field(120)
    parent_id = ref(
        load_default=None, metadata={"description": "A top-level category; null for a top-level one."}
    )
    position = _position()


class BrandInput(Body):
    name = name_field(120)
    tagline = text_field(255, load_default="")
    is_featured = flag(load_default=False)
    position = _position()


class BannerInput(Body):
    name = name_field(120)
    link_url = Text(
        allow_none=True,
        load_default=None,
        validate=[validate.Length(max=500, error="too_long"), _link],
        metadata={
            "description": "Where the slide leads (https://... or a path like /brand/3); null: its products.",
            "pattern": LINK_PATTERN,
        },
    )
    position = _position()
    is_active = flag(load_default=True)
    starts_at = _moment("From when the slide shows; null: already.")
    ends_at = _moment("Until when (not included); null: no end.")
    product_ids = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID)),
        load_default=list,
        validate=validate.Length(max=500),
        metadata={"description": "The products the slide shows when it has no link."},
    )


class AdminCategorySchema(Schema):
    id = fields.Integer()
    name = fields.String()
    parent_id = fields.Integer(allow_none=True)
    position = fields.Integer()
    avatar = MediaPath(allow_none=True)
    version = fields.Integer()
    updated_at = UtcDateTime()


class AdminBrandSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    tagline = fields.String()
    is_featured = Flag()
    position = fields.Integer()
    avatar = MediaPath(allow_none=True)
    version = fields.Integer()
    updated_at = UtcDateTime()


class AdminBannerSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    link_url = fields.String(allow_none=True)
    position = fields.Integer()
    is_active = Flag()
    starts_at = UtcDateTime(allow_none=True)
    ends_at = UtcDateTime(allow_none=True)
    product_ids = fields.Function(
        lambda banner: sorted(link.product_id for link in banner.product_links),
        metadata={"type": "array", "items": {"type": "integer"}},
    )
    avatar = MediaPath(allow_none=True)
    version = fields.Integer()
    updated_at = UtcDateTime()
