"""Load the two demo shops from `db/demo/*.json` (run by `flask seed-demo`, `make start`).

Idempotency: a shop is keyed on its `code`. A shop that already exists is left exactly
as it is: the seed never overwrites data that someone may have edited since, and a second
run is a handful of SELECTs. Each new shop is written in one transaction, so a shop
either exists complete or not at all (a crash half-way leaves nothing to repair; two
seeds racing end with one shop, the loser sees the unique code and skips it). To reload a
shop from changed files, delete it (its rows cascade) and seed again.

The one repair an existing shop gets: when any of its image files is missing under
MEDIA_ROOT (say `var/media` was wiped but not the database), the images are drawn again.
They are deterministic and their names carry a content hash, so they land on the very
paths the database already holds.
"""

import logging
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import click
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.catalog import stock
from bff.catalog.models import Banner, BannerProduct, Brand, Category, Product, ProductImage, ProductVariant
from bff.catalog.search import reindex_product
from bff.content.models import Article
from bff.demo import images
from bff.demo.catalogue import grow_catalogue
from bff.demo.data import load_shops, render_details
from bff.demo.members import seed_members
from bff.extensions import db
from bff.media.images import StoredImage, store_with_webp
from bff.media.storage import LocalStorage, S3Storage, media_storage
from bff.shops.models import SHOP_IMAGE_FIELDS, ExchangeRate, Shop, ShopDomain

log = logging.getLogger(__name__)

_SHOP_MONEY = {
    "shop_exchange_rate",
    "shipping_cost",
    "overseas_direct_special_area_shipping_fee",
    "local_shipping_cost",
    "out_auckland_local_shipping_fee",
}
# Product keys in the data files that are columns, copied as they are (money as Decimal).
_PRODUCT_COLUMNS = {
    "name",
    "description",
    "price",
    "discount",
    "member_price",
    "virtual_inventory",
    "weight",
    "is_free_shipping",
    "composition",
    "usage_instructions",
    "color",
    "size",
    "is_featured",
    "recommend_weight",
    "sales_count",
    "image_alt",
}
_PRODUCT_OTHER = {
    "key",
    "category",
    "brand",
    "image",
    "images",
    "details",
    "details_html",
    "age_days",
    "variants",
}
_MONEY = {"price", "discount", "member_price"}
_VARIANT_COLUMNS = {"name", "price", "discount", "member_price", "weight", "virtual_inventory"}


class SeedError(click.ClickException):
    """A conflict the seed will not resolve on its own (shown without a traceback)."""


def seed() -> dict[str, str]:
    """Create each demo shop that does not exist yet. Returns what happened per shop code."""
    storage = media_storage()
    outcome = {}
    for data in load_shops():
        outcome[data["code"]] = _seed_shop(db.session, storage, data)
        shop = db.session.scalar(select(Shop).where(Shop.code == data["code"]))
        added = seed_members(db.session, shop, data)
        log.info("demo shop %s: %s, %d members added", data["code"], outcome[data["code"]], added)
    return outcome


def seed_catalogue(shop_code: str, products: int) -> int:
    """Grow a demo shop to `products` products with generated ones (bff/demo/catalogue.py)."""
    shop = db.session.scalar(select(Shop).where(Shop.code == shop_code))
    if shop is None:
        raise click.ClickException(f"no shop {shop_code!r}")
    return grow_catalogue(db.session, shop, products)


def _seed_shop(session: Session, storage: LocalStorage | S3Storage, data: dict) -> str:
    code = data["code"]
    shop = session.scalar(select(Shop).where(Shop.code == code))
    if shop is not None:
        if _missing_media(session, shop, storage):
            render_media(data, storage)
            return "exists, images restored"
        return "exists"
    _check_hostnames_free(session, data)
    media = render_media(data, storage)
    try:
        _create_shop(session, data, media)
        session.commit()
    except IntegrityError:
        session.rollback()
        if session.scalar(select(Shop.id).where(Shop.code == code)) is not None:
            return "exists"  # a concurrent seed won the race
        raise
    except BaseException:
        session.rollback()
        raise
    return "created"


def _check_hostnames_free(session: Session, data: dict) -> None:
    taken = session.scalars(
        select(ShopDomain.hostname).where(ShopDomain.hostname.in_(data["hostnames"]))
    ).all()
    if taken:
        raise SeedError(
            f"Cannot create demo shop {data['code']!r}: hostname(s) {', '.join(sorted(taken))} "
            "already belong to another shop."
        )


# --- images ----------------------------------------------------------------------------


def _initials(text: str) -> str:
    words = [w for w in text.replace("-", " ").split() if w[:1].isalnum()]
    return "".join(w[0] for w in words[:2]).upper() or "NZ"


def _draw(spec: dict, theme: str) -> tuple[str, bytes]:
    """Encode one shop-level image spec from a data file; returns (file suffix, bytes)."""
    colour = spec.get("color", theme)
    match spec["type"]:
        case "icon":
            return ".png", images.icon(spec["text"], colour)
        case "logo":
            return ".png", images.logo(spec["text"], colour)
        case "hero":
            return ".jpg", images.hero(spec["text"], spec.get("subline", ""), colour)
        case "qr":
            return ".png", images.qr_like(spec["seed"], spec.get("caption", ""))
        case "pictogram":
            return ".png", images.pictogram(spec["shape"], colour)
    raise ValueError(f"unknown image type {spec['type']!r}")


def render_media(data: dict, storage: LocalStorage | S3Storage) -> dict[tuple, Any]:
    """Draw and store every image of one shop; returns media paths keyed by what they show (and
    the banners' and brands' pictures as stored, with their sizes, under "banner sizes", ...)."""
    theme = data["theme"]
    paths: dict[tuple, str] = {}
    for field, spec in data["shop_images"].items():
        suffix, blob = _draw(spec, theme)
        paths[("shop", field)] = storage.save("shops", f"{data['code']}-{field}{suffix}", blob)
    for brand in data["brands"]:
        blob = images.badge(_initials(brand["en"]), brand["color"], caption=brand["en"])
        stored = store_with_webp(storage, "brands", f"{brand['key']}.png", blob)
        paths[("brand", brand["key"])] = stored.path
        paths[("brand sizes", brand["key"])] = stored
    for top in data["categories"]:
        for category in (top, *top.get("children", [])):
            blob = images.badge(_initials(category["en"]), top["color"], caption=category["en"])
            paths[("category", category["key"])] = storage.save("categories", f"{category['key']}.png", blob)
    for banner in data["banners"]:
        blob = images.banner(banner["headline"], banner["subline"], banner["color"], tuple(banner["kinds"]))
        stored = store_with_webp(storage, "banners", f"{banner['key']}.jpg", blob)
        paths[("banner", banner["key"])] = stored.path
        paths[("banner sizes", banner["key"])] = stored
    brand_labels = {b["key"]: b["en"] for b in data["brands"]}
    for product in data["products"]:
        spec = product["image"]
        brand = brand_labels.get(product.get("brand"), "New Zealand")
        for view in range(product.get("images", 1)):
            blob = images.product_image(
                spec["kind"], spec["color"], brand, spec["label"], spec.get("sub", ""), view
            )
            # With their WebP widths, as an upload gets them: the cards' srcset (issue 27.5).
            stored = store_with_webp(storage, "products", f"{product['key']}-{view + 1}.jpg", blob)
            paths[("product sizes", product["key"], view)] = stored
    return paths


def _missing_media(session: Session, shop: Shop, storage: LocalStorage | S3Storage) -> bool:
    paths = [getattr(shop, field) for field in SHOP_IMAGE_FIELDS]
    for column in (Category.avatar, Brand.avatar, Banner.avatar, ProductImage.path):
        paths += session.scalars(select(column).where(column.class_.shop_id == shop.id)).all()
    return any(path and not storage.exists(path) for path in paths)


# --- rows ------------------------------------------------------------------------------


def _create_shop(session: Session, data: dict, media: dict[tuple, str]) -> Shop:
    shop = Shop(code=data["code"], **_shop_settings(data["shop"]))
    for field in SHOP_IMAGE_FIELDS:
        setattr(shop, field, media[("shop", field)])
    shop.domains = [ShopDomain(hostname=h) for h in data["hostnames"]]
    session.add(shop)
    session.flush()
    session.add(ExchangeRate(shop_id=shop.id, rate=shop.shop_exchange_rate))

    brands = _create_brands(session, shop, data["brands"], media)
    categories = _create_categories(session, shop, data["categories"], media)
    products = _create_products(session, shop, data, brands, categories, media)
    _create_banners(session, shop, data["banners"], products, brands, media)
    for position, article in enumerate(data["articles"]):
        session.add(
            Article(
                shop_id=shop.id, title=article["title"], long_text=article["long_text"], position=position
            )
        )
    session.flush()
    return shop


def _shop_settings(settings: dict[str, Any]) -> dict[str, Any]:
    columns = set(Shop.__table__.columns.keys())
    unknown = set(settings) - columns
    if unknown:
        raise ValueError(f"unknown shop settings: {sorted(unknown)}")
    return {k: Decimal(str(v)) if k in _SHOP_MONEY else v for k, v in settings.items()}


def _avatar(stored: StoredImage) -> dict[str, Any]:
    """A banner's or brand's picture columns: its path, size and WebP copies (the srcset)."""
    return {
        "avatar": stored.path,
        "avatar_width": stored.width,
        "avatar_height": stored.height,
        "avatar_webp": stored.webp or None,
    }


def _create_brands(session, shop, brands: list[dict], media) -> dict[str, int]:
    rows = {}
    for position, b in enumerate(brands):
        rows[b["key"]] = Brand(
            shop_id=shop.id,
            name=b["name"],
            **_avatar(media[("brand sizes", b["key"])]),
            is_featured=b.get("is_featured", False),
            position=position,
        )
    session.add_all(rows.values())
    session.flush()
    return {key: brand.id for key, brand in rows.items()}


def _create_categories(session, shop, tree: list[dict], media) -> dict[str, int]:
    tops = {}
    for position, top in enumerate(tree):
        tops[top["key"]] = Category(
            shop_id=shop.id, name=top["name"], avatar=media[("category", top["key"])], position=position
        )
    session.add_all(tops.values())
    session.flush()
    ids = {key: category.id for key, category in tops.items()}
    children = {}
    for top in tree:
        for position, child in enumerate(top.get("children", [])):
            children[child["key"]] = Category(
                shop_id=shop.id,
                parent_id=ids[top["key"]],
                name=child["name"],
                avatar=media[("category", child["key"])],
                position=position,
            )
    session.add_all(children.values())
    session.flush()
    ids.update({key: category.id for key, category in children.items()})
    return ids


def _money(value) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def _product_image(shop, p: dict, labels: dict, view: int, media) -> ProductImage:
    """Picture `view` of demo product `p`, with its size and WebP widths as an upload has them."""
    stored = media[("product sizes", p["key"], view)]
    return ProductImage(
        shop_id=shop.id,
        path=stored.path,
        alt=f"{p['name']} - {labels['views'][view]}",
        name=f"{p['key']}-{view + 1}",
        position=view,
        width=stored.width,
        height=stored.height,
        webp=stored.webp or None,
    )


def _create_products(session, shop, data, brands, categories, media) -> dict[str, int]:
    labels = data["labels"]
    brand_names = {b["key"]: b["name"] for b in data["brands"]}
    # Ages are days before the seed; the minute offset keeps creation times distinct.
    seeded_at = datetime.now(UTC).replace(second=0, microsecond=0)
    rows = {}
    for index, p in enumerate(data["products"]):
        unknown = set(p) - _PRODUCT_COLUMNS - _PRODUCT_OTHER
        unknown |= {f"variants.{k}" for v in p.get("variants", []) for k in set(v) - _VARIANT_COLUMNS}
        if unknown:
            raise ValueError(f"{data['code']}: product {p['key']}: unknown fields {sorted(unknown)}")
        columns = {k: (_money(v) if k in _MONEY else v) for k, v in p.items() if k in _PRODUCT_COLUMNS}
        columns.setdefault("image_alt", p["name"])
        created = seeded_at - timedelta(days=p.get("age_days", 0), minutes=index)
        product = Product(
            shop_id=shop.id,
            category_id=categories[p["category"]],
            brand_id=brands.get(p.get("brand")),
            product_details=render_details(p, labels, brand_names.get(p.get("brand"))),
            created_at=created,
            updated_at=created,
            **columns,
        )
        product.images = [_product_image(shop, p, labels, view, media) for view in range(p.get("images", 1))]
        product.variants = [
            ProductVariant(
                shop_id=shop.id,
                position=position,
                **{k: (_money(v) if k in _MONEY else v) for k, v in variant.items() if k in _VARIANT_COLUMNS},
            )
            for position, variant in enumerate(p.get("variants", []))
        ]
        rows[p["key"]] = product
    session.add_all(rows.values())
    session.flush()
    # The ledger's opening movements; a product with variants holds their sum, not the file's number.
    for product in rows.values():
        stock.record_opening(session, product, note="demo seed")
    # Image ids exist only now. Naming updated_at keeps it at the creation time instead of
    # the UPDATE's own "now".
    session.execute(
        update(Product),
        [
            {"id": p.id, "version": p.version, "avatar": p.images[0].id, "updated_at": p.created_at}
            for p in rows.values()
        ],
    )
    for product in rows.values():
        reindex_product(session, product)
    return {key: product.id for key, product in rows.items()}


def _create_banners(session, shop, banners: list[dict], products, brands, media) -> None:
    for position, b in enumerate(banners):
        link_url = b.get("link_url")
        if link_url and "{brand:" in link_url:
            # "/brand/{brand:comvita}": the brand's id is known only now.
            key = link_url.split("{brand:", 1)[1].split("}", 1)[0]
            link_url = link_url.replace(f"{{brand:{key}}}", str(brands[key]))
        banner = Banner(
            shop_id=shop.id,
            name=b["name"],
            **_avatar(media[("banner sizes", b["key"])]),
            link_url=link_url,
            position=position,
        )
        session.add(banner)
        session.flush()
        session.add_all(
            BannerProduct(shop_id=shop.id, banner_id=banner.id, product_id=products[key])
            for key in b.get("products", [])
        )
