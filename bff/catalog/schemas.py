from marshmallow import Schema, fields, pre_load, validate

from bff.catalog.cards import CardList, ProductPage
from bff.catalog.sorting import DEFAULT_SORT, SORTS, Sort
from bff.common.html import RichHtml
from bff.common.links import SafeLink
from bff.common.schemas import MAX_PAGE, Flag, Money, PaginatorSchema, Text, UtcDateTime, WholeNumber
from bff.media.schemas import MediaPath, Srcset
from bff.pricing.fields import FinalPrice, FromPrice, SpecialBadge

# Words beyond this are noise; it also keeps a fully percent-encoded term far inside the URL limit.
SEARCH_TERM_MAX = 200


class ListArgs(Schema):
    """The sort bar and the page of every product list (and the wish list)."""

    sort = fields.String(
        load_default=DEFAULT_SORT.value,
        validate=validate.OneOf(SORTS),
        metadata={"description": "Order of the list; empty means recommend.", "allow_empty": True},
    )
    page = WholeNumber(
        load_default=1,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata={"description": "Page number, from 1; empty means 1.", "allow_empty": True},
    )

    @pre_load
    def _blank_means_default(self, data, **kwargs):
        # The home page sends `sort=` empty; treat blank values as not given.
        return {k: v for k, v in data.items() if not (isinstance(v, str) and v.strip() == "")}


class AvatarSizes(Schema):
    """A banner's or brand's picture beside its path: its size and its WebP copies, as
    ImageSchema gives a product picture's (null for pictures stored without them)."""

    avatar_width = fields.Integer(allow_none=True, metadata={"description": "Pixels; null when not known."})
    avatar_height = fields.Integer(allow_none=True, metadata={"description": "Pixels; null when not known."})
    avatar_srcset = Srcset(
        attribute="avatar_webp",
        allow_none=True,
        metadata={
            "type": "string",
            "description": 'WebP copies for <img srcset> ("/media/a-320w.webp 320w, ..."); null when none.',
        },
    )


class ImageSchema(Schema):
    id = fields.Integer()
    path = MediaPath()
    alt = fields.String()
    name = fields.String()
    width = fields.Integer(allow_none=True, metadata={"description": "Pixels; null when not known."})
    height = fields.Integer(allow_none=True, metadata={"description": "Pixels; null when not known."})
    srcset = Srcset(
        attribute="webp",
        allow_none=True,
        metadata={
            "type": "string",
            "description": 'WebP copies for <img srcset> ("/media/a-320w.webp 320w, ..."); null when none.',
        },
    )


class VariantSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    price = Money()
    discount = Money(allow_none=True)
    member_price = Money(allow_none=True)
    weight = fields.Integer(metadata={"description": "Grams; above 0 overrides the product's weight."})
    virtual_inventory = fields.Integer(metadata={"description": "Stock."})
    final_price = FinalPrice()
    show_special_badge = SpecialBadge()
    sku = fields.String(allow_none=True, metadata={"description": "The shop's own code; null when none."})
    barcode = fields.String(allow_none=True, metadata={"description": "GTIN (EAN/UPC); null when none."})
    image = fields.Integer(
        allow_none=True,
        metadata={
            "description": "Id of the picture (among the product's `images`) shown for it; null: none."
        },
    )


class ProductCardSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    description = fields.String()
    price = Money()
    discount = Money(allow_none=True)
    member_price = Money(allow_none=True)
    virtual_inventory = fields.Integer(metadata={"description": "Stock."})
    weight = fields.Integer(metadata={"description": "Grams."})
    is_free_shipping = Flag()
    avatar = fields.Integer(allow_none=True, metadata={"description": "Id of the main image."})
    images = fields.List(fields.Nested(ImageSchema))
    imageAlt = fields.String(attribute="image_alt")
    product_variants = fields.List(fields.Nested(VariantSchema), attribute="variants")
    color = fields.String()
    size = fields.String()
    final_price = FinalPrice()
    show_special_badge = SpecialBadge()
    from_price = FromPrice()


class NamedRefSchema(Schema):
    id = fields.Integer()
    name = fields.String()


class ProductSchema(ProductCardSchema):
    composition = fields.String()
    usage_instructions = fields.String()
    product_details = RichHtml()
    category = fields.Nested(NamedRefSchema, allow_none=True)
    brand = fields.Nested(NamedRefSchema, allow_none=True)


class ProductResponse(Schema):
    product = ProductPage(ProductSchema)


class ProductPageSchema(PaginatorSchema):
    data = CardList(ProductCardSchema)


class ProductListResponse(Schema):
    products = fields.Nested(ProductPageSchema)


class PreviewArgs(ListArgs):
    """A list of which a page may show only the first few (the home page shows 8)."""

    limit = WholeNumber(
        validate=validate.Range(min=1, max=100),
        metadata={
            "description": "At most this many products (never more than the page size).",
            "allow_empty": True,
        },
    )


class NewestArgs(PreviewArgs):
    sort = fields.String(
        load_default=Sort.NEWEST.value, validate=validate.OneOf(SORTS), metadata={"allow_empty": True}
    )


class SearchArgs(ListArgs):
    searchTerm = Text(
        load_default="",
        validate=validate.Length(max=SEARCH_TERM_MAX),
        metadata={"description": "Words to find; blank finds nothing."},
    )


class CategoryNodeSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    avatar = MediaPath(allow_none=True)
    parent_id = fields.Integer(allow_none=True)
    subcategories = fields.List(fields.Nested(lambda: CategoryNodeSchema()))


class CategoryRootSchema(Schema):
    category = fields.Nested(CategoryNodeSchema)


class CategoryTreeData(Schema):
    categories = fields.List(fields.Nested(CategoryRootSchema))


class CategoryTreeResponse(Schema):
    data = fields.Nested(CategoryTreeData)


class CategoryProductsResponse(Schema):
    category_name = fields.String()
    category = fields.Nested(CategoryNodeSchema)
    products = CardList(ProductCardSchema)
    total_pages = fields.Integer()
    current_page = fields.Integer()
    per_page = fields.Integer()
    total = fields.Integer()


class BrandSchema(AvatarSizes):
    id = fields.Integer()
    name = fields.String()
    avatar = MediaPath(allow_none=True)
    tagline = fields.String(metadata={"description": "A line under the brand's name; may be empty."})
    is_featured = Flag()


class BrandListResponse(Schema):
    brands = fields.List(fields.Nested(BrandSchema))


class BrandProductsResponse(Schema):
    brand = fields.Nested(BrandSchema)
    products = fields.Nested(ProductPageSchema)


class BannerSchema(AvatarSizes):
    id = fields.Integer()
    name = fields.String()
    avatar = MediaPath(allow_none=True)
    link_url = SafeLink(allow_none=True)


class BannerListResponse(Schema):
    banners = fields.List(fields.Nested(BannerSchema))


class BannerProductsResponse(Schema):
    banner = fields.Nested(BannerSchema)
    products = fields.Nested(ProductPageSchema)
    total_pages = fields.Integer()


class SitemapEntry(Schema):
    id = fields.Integer()
    updated_at = UtcDateTime()


class SitemapResponse(Schema):
    products = fields.List(fields.Nested(SitemapEntry))
    categories = fields.List(fields.Nested(SitemapEntry))
    brands = fields.List(fields.Nested(SitemapEntry))
    articles = fields.List(fields.Nested(SitemapEntry))
    banners = fields.List(fields.Nested(SitemapEntry))
