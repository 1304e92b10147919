"""Product cards written by plain functions: what `ProductCardSchema` dumps, value for value and
key for key, without marshmallow's work per field (a listing of 20 cards with their pictures and
variants was some 2,000 field dumps; the profile put ~30 % of a listing call there). The schema
still documents the answer (OpenAPI): `CardList` is its list field, and
bff/tests/catalog/test_cards.py holds the two to the same output.

Each product's and variant's price is quoted once per card (the schema quoted it for
`final_price`, again for `show_special_badge`, and each variant again for `from_price`).
"""

from decimal import Decimal
from typing import Any, NamedTuple

from marshmallow import fields

from bff.common.html import rich_html
from bff.media.schemas import srcset
from bff.media.storage import media_base, media_url
from bff.pricing.context import current_shopper
from bff.pricing.rules import Shopper, quote_for

CENT = Decimal("0.01")


def _money(value) -> Decimal | None:
    """marshmallow's Decimal(places=2) dump: the value through str, to the cent (half even). A
    Decimal is its own str's value, so it is quantized as it is."""
    if value is None:
        return None
    return (value if type(value) is Decimal else Decimal(str(value))).quantize(CENT)


def _int(value) -> int | None:
    return None if value is None else int(value)


def _text(value) -> str | None:
    return None if value is None else str(value)


def image_out(image, base: str) -> dict:
    """ImageSchema's dump; `base`: media_base(). The row's values go in as they are: its columns
    are integers and strings already, what the schema's int() and str() would make of them."""
    return {
        "id": image.id,
        "path": media_url(image.path, base),
        "alt": image.alt,
        "name": image.name,
        "width": image.width,
        "height": image.height,
        "srcset": srcset(image.webp, base),
    }


def variant_out(variant, quote, image_ids: set[int]) -> dict:
    """VariantSchema's dump; `quote` is the variant's for the shopper, `image_ids` its product's
    pictures (ProductVariant.image)."""
    return {
        "id": _int(variant.id),
        "name": _text(variant.name),
        "price": _money(variant.price),
        "discount": _money(variant.discount),
        "member_price": _money(variant.member_price),
        "weight": _int(variant.weight),
        "virtual_inventory": _int(variant.virtual_inventory),
        "final_price": _money(quote.amount),
        "show_special_badge": int(quote.badge),
        "sku": _text(variant.sku),
        "barcode": _text(variant.barcode),
        "image": _int(variant.image_id if variant.image_id in image_ids else None),
    }


class CardSource(NamedTuple):
    """A card's rows as a listing reads them (bff/catalog/services.py, CARD_COLUMNS): the product's,
    and its pictures' and variants', each in their order."""

    product: Any
    images: list
    variants: list


def card(product, shopper: Shopper, images=None, variants=None, base: str | None = None) -> dict:
    """ProductCardSchema's dump of `product` (a Product, or a card row with its `images` and
    `variants` rows) with `shopper`'s prices; `base`: media_base(), looked up once for a list."""
    if base is None:
        base = media_base()
    if images is None:
        images = product.images
    if variants is None:
        variants = product.variants or []
    image_ids = {image.id for image in images}
    quotes = [quote_for(variant, shopper) for variant in variants]
    own = quote_for(product, shopper)
    flag = product.is_free_shipping
    # Integers and strings go in as they are (see image_out); prices are quantized, as the
    # schema's Decimal(places=2) does.
    return {
        "id": product.id,
        "name": product.name,
        "description": product.description,
        "price": _money(product.price),
        "discount": _money(product.discount),
        "member_price": _money(product.member_price),
        "virtual_inventory": product.virtual_inventory,
        "weight": product.weight,
        "is_free_shipping": None if flag is None else int(bool(flag)),
        "avatar": product.avatar,
        "images": [image_out(image, base) for image in images],
        "imageAlt": product.image_alt,
        "product_variants": [
            variant_out(variant, quote, image_ids) for variant, quote in zip(variants, quotes, strict=True)
        ],
        "color": product.color,
        "size": product.size,
        "final_price": _money(own.amount),
        "show_special_badge": int(own.badge),
        # price_range's lowest, by the same quotes.
        "from_price": _money(min(quote.amount for quote in quotes)) if quotes else None,
    }


class CardList(fields.List):
    """A list of product cards: documented as a list of `schema` (ProductCardSchema), written by
    `card` with the current shopper's prices."""

    def __init__(self, schema, **kwargs):
        super().__init__(fields.Nested(schema), **kwargs)

    def _serialize(self, value, attr, obj, **kwargs):
        if value is None:
            return None
        shopper = current_shopper()
        base = media_base()
        return [
            card(item.product, shopper, item.images, item.variants, base)
            if isinstance(item, CardSource)
            else card(item, shopper, base=base)
            for item in value
        ]


def _named(id_, name) -> dict | None:
    """NamedRefSchema's dump of a category or brand, or None for none."""
    return None if id_ is None else {"id": _int(id_), "name": _text(name)}


def product_page(source: CardSource, shopper: Shopper, base: str | None = None) -> dict:
    """ProductSchema's dump of a product page's rows (bff/catalog/services.py, get_product): its
    card, then its texts (the details sanitised, as RichHtml's) and its category and brand."""
    product = source.product
    return {
        **card(product, shopper, source.images, source.variants, base),
        "composition": _text(product.composition),
        "usage_instructions": _text(product.usage_instructions),
        "product_details": rich_html(product.product_details),
        "category": _named(product.category_id, product.category_name),
        "brand": _named(product.brand_id, product.brand_name),
    }


class ProductPage(fields.Nested):
    """A product page: documented as `schema` (ProductSchema), written by `product_page` with the
    current shopper's prices."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else product_page(value, current_shopper())
