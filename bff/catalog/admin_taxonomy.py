"""The console's categories (the two-level tree), brands and banners: what each may hold and
when it may go. The calls themselves are bff/admin_crud/'s, given these kinds."""

from sqlalchemy import exists, or_, select
from sqlalchemy.orm import Session

from bff.admin_crud.services import Codes, Kind
from bff.catalog.error_codes import CatalogErrorCode
from bff.catalog.messages import text
from bff.catalog.models import Banner, BannerProduct, Brand, Category, Product
from bff.common.errors import DomainError
from bff.common.models import as_utc
from bff.shops.models import Shop

CODES = Codes(
    not_found=CatalogErrorCode.NOT_FOUND,
    validation=CatalogErrorCode.VALIDATION,
    if_match_required=CatalogErrorCode.IF_MATCH_REQUIRED,
    stale_version=CatalogErrorCode.STALE_VERSION,
    in_use=CatalogErrorCode.IN_USE,
    text=text,
)


def _invalid(shop: Shop, field: str, key: str) -> DomainError:
    message = text(shop.language, key)
    return DomainError(CatalogErrorCode.VALIDATION, message, {field: [message]})


def _check_category(session: Session, shop: Shop, data: dict, category: Category | None) -> None:
    """A parent is a top-level category of the shop, not the category itself; a category with
    subcategories stays top-level (two levels)."""
    parent_id = data.get("parent_id")
    if parent_id is None:
        return
    parent = session.scalar(select(Category).where(Category.shop_id == shop.id, Category.id == parent_id))
    if parent is None or parent.parent_id is not None or (category is not None and parent.id == category.id):
        raise _invalid(shop, "parent_id", "parent_invalid")
    if category is not None and session.scalar(select(exists().where(Category.parent_id == category.id))):
        raise _invalid(shop, "parent_id", "parent_invalid")


def _category_in_use(session: Session, shop: Shop, category: Category) -> bool:
    children = select(Category.id).where(Category.shop_id == shop.id, Category.parent_id == category.id)
    return bool(
        session.scalar(select(exists().where(Category.parent_id == category.id)))
        or session.scalar(
            select(
                exists().where(
                    Product.shop_id == shop.id,
                    or_(Product.category_id == category.id, Product.category_id.in_(children)),
                )
            )
        )
    )


def _brand_in_use(session: Session, shop: Shop, brand: Brand) -> bool:
    return bool(
        session.scalar(select(exists().where(Product.shop_id == shop.id, Product.brand_id == brand.id)))
    )


def _check_banner(session: Session, shop: Shop, data: dict, banner: Banner | None) -> None:
    starts = as_utc(data.get("starts_at", banner.starts_at if banner else None))
    ends = as_utc(data.get("ends_at", banner.ends_at if banner else None))
    if starts and ends and ends <= starts:
        raise _invalid(shop, "ends_at", "dates_order")
    wanted = set(data.get("product_ids") or [])
    if wanted:
        found = set(
            session.scalars(select(Product.id).where(Product.shop_id == shop.id, Product.id.in_(wanted)))
        )
        if found != wanted:
            raise _invalid(shop, "product_ids", "products_not_found")


def _banner_products(session: Session, shop: Shop, banner: Banner, data: dict | None) -> dict:
    """Sets the banner's products when `data` names them; returns them for the audit log."""
    if data is not None and "product_ids" in data:
        banner.product_links = [
            BannerProduct(shop_id=shop.id, banner_id=banner.id, product_id=pid)
            for pid in dict.fromkeys(data["product_ids"])
        ]
        session.flush()
    return {"product_ids": sorted(link.product_id for link in banner.product_links)}


CATEGORY = Kind(
    model=Category,
    object_type="category",
    fields=("name", "parent_id", "position"),
    not_found_key="category_not_found",
    in_use_key="category_in_use",
    media_folder="categories",
    check=_check_category,
    in_use=_category_in_use,
    order_by=(Category.parent_id.is_not(None), Category.parent_id, Category.position, Category.id),
)
BRAND = Kind(
    model=Brand,
    object_type="brand",
    fields=("name", "tagline", "is_featured", "position"),
    not_found_key="brand_not_found",
    in_use_key="brand_in_use",
    media_folder="brands",
    in_use=_brand_in_use,
)
BANNER = Kind(
    model=Banner,
    object_type="banner",
    fields=("name", "link_url", "position", "is_active", "starts_at", "ends_at"),
    not_found_key="banner_not_found",
    media_folder="banners",
    check=_check_banner,
    extra=_banner_products,
    paged=True,
)
