"""The shop owner's catalogue: products and their variants, visibility and stock.

Every change is one transaction that also writes its audit entry (bff/audit/services.py) and,
when stock moves, its stock movements (bff/catalog/stock.py).

Stale edits: a product's `version` is its mapper's version counter. An update names the
versions it was made on (If-Match); a different current version is refused (412) before
anything is written, and the UPDATE itself runs `WHERE version = <the version read>`, so an
edit that races past the check fails too (StaleDataError), instead of overwriting.
"""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import column, delete, exists, or_, select, table, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.exc import StaleDataError

from bff.accounts.models import User
from bff.audit.services import Action, diff, record
from bff.catalog import stock
from bff.catalog.error_codes import CatalogErrorCode as Code
from bff.catalog.messages import text
from bff.catalog.models import Brand, Category, Product, ProductVariant, StockMovement
from bff.catalog.search import reindex_product
from bff.common.errors import DomainError
from bff.common.etags import VersionCheck, version_check
from bff.common.models import utcnow
from bff.common.pagination import Page, paginate
from bff.shops.models import Shop

OBJECT = "product"
# Orders import the catalogue, so the catalogue names their table rather than their model.
_ORDER_LINES = table("order_lines", column("product_id"))

PRODUCT_FIELDS = (
    "name",
    "sku",
    "description",
    "price",
    "discount",
    "member_price",
    "weight",
    "is_free_shipping",
    "category_id",
    "brand_id",
    "is_featured",
    "recommend_weight",
    "composition",
    "usage_instructions",
    "product_details",
    "color",
    "size",
    "image_alt",
    "publish_at",
)
VARIANT_FIELDS = ("name", "price", "discount", "member_price", "weight", "sku", "barcode", "image_id")


@dataclass
class ProductFilters:
    q: str = ""
    ids: list[int] | None = None
    category_id: int | None = None
    brand_id: int | None = None
    sold_out: bool | None = None
    hidden: bool | None = None


def invalid(shop: Shop, field: str, key: str, **values) -> DomainError:
    message = text(shop.language, key, **values)
    return DomainError(Code.VALIDATION, message, {field: [message]})


def _not_found(shop: Shop) -> DomainError:
    return DomainError(Code.NOT_FOUND, text(shop.language, "product_not_found"))


def _query(shop: Shop):
    return (
        select(Product)
        .where(Product.shop_id == shop.id)
        .options(
            selectinload(Product.images),
            selectinload(Product.variants),
            selectinload(Product.category),
            selectinload(Product.brand),
        )
    )


def _escape_like(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# --- reading -------------------------------------------------------------------------------


def list_products(session: Session, shop: Shop, filters: ProductFilters, page: int, per_page: int) -> Page:
    """Every product of the shop, hidden ones included, newest first, filtered."""
    stmt = _query(shop)
    term = filters.q.replace("\x00", " ").strip()
    if term:
        stmt = stmt.where(
            or_(Product.name.ilike(f"%{_escape_like(term)}%", escape="\\"), Product.sku == term)
        )
    if filters.ids is not None:
        stmt = stmt.where(Product.id.in_(filters.ids))
    if filters.category_id is not None:
        # The tree has two levels: a category's products and its subcategories'.
        children = select(Category.id).where(
            Category.shop_id == shop.id, Category.parent_id == filters.category_id
        )
        stmt = stmt.where(or_(Product.category_id == filters.category_id, Product.category_id.in_(children)))
    if filters.brand_id is not None:
        stmt = stmt.where(Product.brand_id == filters.brand_id)
    if filters.sold_out is not None:
        stmt = stmt.where(
            Product.virtual_inventory <= 0 if filters.sold_out else Product.virtual_inventory > 0
        )
    if filters.hidden is not None:
        stmt = stmt.where(Product.is_active.is_(not filters.hidden))
    return paginate(session, stmt.order_by(Product.created_at.desc(), Product.id.desc()), page, per_page)


def get_product(session: Session, shop: Shop, product_id: int) -> Product:
    """One product of the shop, hidden or not."""
    product = session.scalar(_query(shop).where(Product.id == product_id))
    if product is None:
        raise _not_found(shop)
    return product


def list_movements(session: Session, shop: Shop, product_id: int, page: int, per_page: int) -> Page:
    """A product's stock ledger, newest first."""
    get_product(session, shop, product_id)
    stmt = (
        select(StockMovement)
        .where(StockMovement.shop_id == shop.id, StockMovement.product_id == product_id)
        .order_by(StockMovement.at.desc(), StockMovement.id.desc())
    )
    return paginate(session, stmt, page, per_page)


# --- writing -------------------------------------------------------------------------------


def snapshot(product: Product) -> dict[str, Any]:
    """What the audit log compares: the editable fields, the visibility and each variant's."""
    values: dict[str, Any] = {name: getattr(product, name) for name in PRODUCT_FIELDS}
    values["is_active"] = product.is_active
    for variant in product.variants:
        values[f"variants[{variant.id}]"] = {name: getattr(variant, name) for name in VARIANT_FIELDS}
    return values


def _check_references(session: Session, shop: Shop, data: dict) -> None:
    for field, model, key in (
        ("category_id", Category, "category_not_found"),
        ("brand_id", Brand, "brand_not_found"),
    ):
        ref = data.get(field)
        if (
            ref is not None
            and session.scalar(select(model.id).where(model.id == ref, model.shop_id == shop.id)) is None
        ):
            raise invalid(shop, field, key)


def check_sku(session: Session, shop: Shop, sku: str | None, product_id: int | None) -> None:
    """A SKU names one product of the shop (the unique index holds it too)."""
    if not sku:
        return
    holder = session.scalar(select(Product.id).where(Product.shop_id == shop.id, Product.sku == sku))
    if holder is not None and holder != product_id:
        raise invalid(shop, "sku", "sku_taken")


def _check_variant_codes(session: Session, shop: Shop, product: Product | None, wanted: list[dict]) -> None:
    """Each variant's SKU names one variant of the shop (the unique index holds it too), and its
    picture is one of the product's (a new product has none yet: pictures come after the save)."""
    for spec in wanted:
        if "sku" in spec and not spec["sku"]:
            spec["sku"] = None
    images = {i.id for i in product.images} if product is not None else set()
    own = {v.id for v in product.variants} if product is not None else set()
    seen: set[str] = set()
    for position, spec in enumerate(wanted):
        if spec.get("image_id") is not None and spec["image_id"] not in images:
            raise invalid(shop, f"variants.{position}.image_id", "variant_image_not_found")
        sku = spec.get("sku")
        if not sku:
            continue
        if sku in seen:
            raise invalid(shop, f"variants.{position}.sku", "variant_sku_taken")
        seen.add(sku)
        holder = session.scalar(
            select(ProductVariant.id).where(ProductVariant.shop_id == shop.id, ProductVariant.sku == sku)
        )
        if holder is not None and holder not in own:
            raise invalid(shop, f"variants.{position}.sku", "variant_sku_taken")


def _check_prices(shop: Shop, price, discount, field: str = "discount") -> None:
    """A special price counts only below the price (bff/pricing/rules.py); refuse one that would not."""
    if discount is not None and discount > 0 and discount >= price:
        raise invalid(shop, field, "discount_not_below_price")


def create_product(session: Session, shop: Shop, actor: User, data: dict) -> Product:
    """A new product (visible, unless saved as a draft), its variants and their opening stock, and
    its audit entry."""
    _check_references(session, shop, data)
    check_sku(session, shop, data.get("sku"), None)
    _check_prices(shop, data["price"], data.get("discount"))
    for index, variant in enumerate(data.get("variants") or []):
        _check_prices(shop, variant["price"], variant.get("discount"), f"variants.{index}.discount")
    _check_variant_codes(session, shop, None, data.get("variants") or [])
    product = Product(shop_id=shop.id, **{name: data[name] for name in PRODUCT_FIELDS if name in data})
    product.is_active = data.get("is_active") is not False  # saved as a draft: not on the storefront
    product.virtual_inventory = data.get("virtual_inventory") or 0
    product.variants = [
        ProductVariant(
            shop_id=shop.id,
            position=position,
            virtual_inventory=v.get("virtual_inventory") or 0,
            **{name: v[name] for name in VARIANT_FIELDS if name in v},
        )
        for position, v in enumerate(data.get("variants") or [])
    ]
    session.add(product)
    session.flush()
    stock.record_opening(session, product, actor_id=actor.id)
    after = snapshot(product)
    after["virtual_inventory"] = product.virtual_inventory  # reloaded: the variants' sum when it has any
    record(session, shop, actor, Action.CREATE, OBJECT, product.id, diff({}, after))
    reindex_product(session, product)
    session.commit()
    return get_product(session, shop, product.id)


def check_version(shop: Shop, product: Product, if_match: set[int] | None, required: bool = True) -> None:
    problem = version_check(product.version, if_match, required)
    if problem is VersionCheck.REQUIRED:
        raise DomainError(Code.IF_MATCH_REQUIRED, text(shop.language, "if_match_required"))
    if problem is VersionCheck.STALE:
        raise DomainError(Code.STALE_VERSION, text(shop.language, "stale_version"))


def flush_versioned(session: Session, shop: Shop, product: Product) -> None:
    """Write the product row with its version check (a save that raced ours is a 412 too)."""
    product.updated_at = (
        utcnow()
    )  # the row is written (and its version raised) even when only variants change
    try:
        session.flush()
    except StaleDataError:
        session.rollback()
        raise DomainError(Code.STALE_VERSION, text(shop.language, "stale_version")) from None
    except IntegrityError:
        # A SKU another save took between our check and this write (the unique indexes).
        session.rollback()
        raise invalid(shop, "sku", "sku_taken") from None


def update_product(
    session: Session, shop: Shop, actor: User, product_id: int, data: dict, if_match: set[int] | None
) -> Product:
    """Apply the given fields (and, when `variants` is given, that whole list) to a product
    edited at one of the versions `if_match` names; 428 without one, 412 when stale."""
    product = get_product(session, shop, product_id)
    check_version(shop, product, if_match)
    _check_references(session, shop, data)
    if "sku" in data:
        check_sku(session, shop, data["sku"], product.id)
    _check_prices(shop, data.get("price", product.price), data.get("discount", product.discount))
    before = snapshot(product)
    had_variants = bool(product.variants)

    for name in PRODUCT_FIELDS:
        if name in data:
            setattr(product, name, data[name])
    if data.get("is_active") is not None:  # left out (or null): as it was
        product.is_active = data["is_active"]
    created, dropped = [], []
    if "variants" in data:
        _check_variant_codes(session, shop, product, data["variants"])
        created, dropped = _apply_variants(session, shop, product, data["variants"])
    # The product row first, with its version check: a stale edit stops here, before any stock moves.
    flush_versioned(session, shop, product)
    session.expire(product, ["variants"])

    if created and not had_variants:
        note = text(shop.language, "stock_moved_to_variants")
        stock.clear_own_stock(session, shop.id, product.id, actor.id, note)
    for variant in created:
        stock.add_variant_stock(session, shop.id, variant, actor.id)
    for variant in dropped:
        note = f"{text(shop.language, 'variant_deleted')}: {variant.name} (#{variant.id})"
        stock.close_variant(session, shop.id, variant, actor.id, note)
        session.expunge(variant)
        _delete_rows(session, ProductVariant, [variant.id])

    session.expire(product)
    changes = diff(before, snapshot(product))
    record(session, shop, actor, Action.UPDATE, OBJECT, product.id, changes)
    reindex_product(session, product)
    session.commit()
    session.expire_all()
    return get_product(session, shop, product.id)


def _apply_variants(
    session: Session, shop: Shop, product: Product, wanted: list[dict]
) -> tuple[list[ProductVariant], list[ProductVariant]]:
    """Update and create variants to match `wanted`; returns (created, to drop). The stock of
    existing variants is left alone (it changes through adjust_stock)."""
    current = {v.id: v for v in product.variants}
    # SKUs that change are freed first, so two variants may swap theirs in one save.
    changing = [
        v.id
        for v in current.values()
        if v.sku and any(s.get("id") == v.id and "sku" in s and s["sku"] != v.sku for s in wanted)
    ]
    if changing:
        with session.no_autoflush:
            session.execute(update(ProductVariant).where(ProductVariant.id.in_(changing)).values(sku=None))
    created, kept = [], set()
    for position, spec in enumerate(wanted):
        if spec.get("id") is not None:
            variant = current.get(spec["id"])
            if variant is None or variant.id in kept:
                raise invalid(shop, f"variants.{position}.id", "variant_not_found")
            kept.add(variant.id)
        else:
            for name in ("name", "price"):  # a PATCH may leave them out of an existing variant only
                if spec.get(name) is None:
                    raise invalid(shop, f"variants.{position}.{name}", "required")
            variant = ProductVariant(
                shop_id=shop.id, product_id=product.id, virtual_inventory=spec.get("virtual_inventory") or 0
            )
            created.append(variant)
        price = spec.get("price", variant.price)
        _check_prices(shop, price, spec.get("discount", variant.discount), f"variants.{position}.discount")
        for name in VARIANT_FIELDS:
            if name in spec:
                setattr(variant, name, spec[name])
        variant.position = position
    for variant in created:
        session.add(variant)
    return created, [v for vid, v in current.items() if vid not in kept]


def _delete_rows(session: Session, model, ids: list[int]) -> None:
    """Delete rows of `model`, doing each referencing foreign key's ON DELETE by hand first:
    SQLite (the embedded set-up) does not enforce foreign keys, PostgreSQL would do the same."""
    target = model.__table__.c.id
    for referencing in model.metadata.sorted_tables:
        for fk in referencing.foreign_keys:
            if fk.column is not target or referencing is model.__table__:
                continue
            col = fk.parent
            if fk.ondelete == "SET NULL":
                session.execute(update(referencing).where(col.in_(ids)).values({col.name: None}))
            elif fk.ondelete == "CASCADE":
                session.execute(delete(referencing).where(col.in_(ids)))
    session.execute(delete(model.__table__).where(target.in_(ids)))


def set_visibility(
    session: Session,
    shop: Shop,
    actor: User,
    product_id: int,
    visible: bool,
    if_match: set[int] | None,
) -> Product:
    """Show or hide a product on the storefront (a hidden one is a 404 there). Repeating is a no-op."""
    product = get_product(session, shop, product_id)
    check_version(shop, product, if_match)
    if product.is_active != visible:
        product.is_active = visible
        flush_versioned(session, shop, product)
        action = Action.SHOW if visible else Action.HIDE
        record(session, shop, actor, action, OBJECT, product.id, {"is_active": [not visible, visible]})
        session.commit()
        session.expire_all()
    return get_product(session, shop, product.id)


def delete_product(
    session: Session, shop: Shop, actor: User, product_id: int, if_match: set[int] | None
) -> None:
    """Delete a product that no order names (409 otherwise: hide it instead), with its variants,
    images, stock ledger, cart lines and favourites."""
    product = get_product(session, shop, product_id)
    check_version(shop, product, if_match)
    # Locked first (as orders and stock changes do), so an order being placed now either
    # commits before the check below sees its line, or waits and then finds no product.
    stock.lock_product(session, shop.id, product.id)
    if session.scalar(select(exists().where(_ORDER_LINES.c.product_id == product.id))):
        session.rollback()
        raise DomainError(Code.PRODUCT_IN_USE, text(shop.language, "product_in_use"))
    before = snapshot(product)
    before["virtual_inventory"] = product.virtual_inventory
    variant_ids = [v.id for v in product.variants]
    session.expunge(product)
    if variant_ids:
        _delete_rows(session, ProductVariant, variant_ids)
    _delete_rows(session, Product, [product_id])
    record(session, shop, actor, Action.DELETE, OBJECT, product_id, diff(before, {}))
    session.commit()


def adjust_stock(
    session: Session,
    shop: Shop,
    actor: User,
    product_id: int,
    variant_id: int | None,
    reason: str,
    delta: int | None = None,
    level: int | None = None,
    expected: int | None = None,
    if_match: set[int] | None = None,
) -> tuple[Product, dict]:
    """Change a variant's stock (a product's, when it has no variants) by `delta` or to `level`,
    with the reason in the ledger and the audit log. Returns the product and {before, after}.

    A level is set only over the level the owner read (`expected`), checked under the product's
    lock: sales made meanwhile are never overwritten (409 `stale_stock`); a delta adds to
    whatever is there. Like every console change, it names the product's version (If-Match)."""
    product = get_product(session, shop, product_id)
    check_version(shop, product, if_match)
    if product.variants and variant_id is None:
        raise invalid(shop, "variant_id", "variant_required")
    if variant_id is not None and not product.variants:
        raise invalid(shop, "variant_id", "no_variants")
    if variant_id is not None and variant_id not in {v.id for v in product.variants}:
        raise invalid(shop, "variant_id", "variant_not_found")
    line = stock.StockLine(product.id, variant_id, 0)
    try:
        before, after = stock.adjust(
            session,
            shop.id,
            line,
            delta=delta,
            level=level,
            expected=expected,
            actor_id=actor.id,
            note=reason.strip(),
        )
    except stock.NegativeStock as exc:
        session.rollback()
        raise DomainError(
            Code.NEGATIVE_STOCK, text(shop.language, "negative_stock", stock=exc.current)
        ) from None
    except stock.StaleStock as exc:
        session.rollback()
        raise DomainError(Code.STALE_STOCK, text(shop.language, "stale_stock", stock=exc.current)) from None
    if before != after:
        field = f"variants[{variant_id}].virtual_inventory" if variant_id else "virtual_inventory"
        record(
            session,
            shop,
            actor,
            Action.ADJUST_STOCK,
            OBJECT,
            product.id,
            {field: [before, after]},
            reason.strip(),
        )
    session.commit()
    session.expire_all()
    return get_product(session, shop, product.id), {
        "variant_id": variant_id,
        "before": before,
        "after": after,
    }
