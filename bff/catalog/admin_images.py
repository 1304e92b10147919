"""A product's pictures in the console: upload several at once, reorder, choose the cover,
change the alt text, delete.

Uploads are checked all first (bff/media/images.py) and written only when every one is a
picture, so a bad file in a batch refuses the batch and stores nothing. The cover is the
product's `avatar`; each change is one transaction with its audit entry, and raises the
product's version (the answer carries the new ETag).
"""

from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.audit.services import Action, diff, record
from bff.catalog.admin_services import OBJECT, check_version, flush_versioned, get_product, invalid
from bff.catalog.error_codes import CatalogErrorCode as Code
from bff.catalog.messages import text
from bff.catalog.models import Product, ProductImage
from bff.common.errors import DomainError
from bff.media.images import WIDTHS, ImageRejected, StoredImage, prepare, store_prepared
from bff.media.storage import LocalStorage, S3Storage, media_storage
from bff.shops.models import Shop

MAX_IMAGES = 20
FOLDER = "products"
DETAILS_FOLDER = "details"
# A details picture is one strip of a long picture page (750 to 1,280 pixels wide, many thousands
# high): kept at most as wide as the widest WebP copy, and as high as WebP can encode.
DETAILS_BOX = (WIDTHS[-1], 16_383)


def _storage() -> LocalStorage | S3Storage:
    return media_storage()


def _state(product: Product) -> dict:
    """What the audit log compares: the pictures in order, and the cover."""
    return {"images": [f"#{i.id} {i.name or i.path}" for i in product.images], "avatar": product.avatar}


def _image(shop: Shop, product: Product, image_id: int) -> ProductImage:
    for image in product.images:
        if image.id == image_id:
            return image
    raise DomainError(Code.NOT_FOUND, text(shop.language, "image_not_found"))


def _save(session: Session, shop: Shop, actor: User, product: Product, before: dict) -> Product:
    flush_versioned(session, shop, product)
    session.expire(product)
    record(session, shop, actor, Action.UPDATE, OBJECT, product.id, diff(before, _state(product)))
    session.commit()
    session.expire_all()
    return get_product(session, shop, product.id)


def add_images(
    session: Session,
    shop: Shop,
    actor: User,
    product_id: int,
    files: list[tuple[str, bytes]],
    if_match: set[int] | None,
) -> Product:
    """Store the uploads after the product's pictures; the first becomes the cover if it has none."""
    product = get_product(session, shop, product_id)
    check_version(shop, product, if_match)
    if not files:
        raise invalid(shop, "images", "images_required")
    if len(product.images) + len(files) > MAX_IMAGES:
        raise invalid(shop, "images", "too_many_images", limit=MAX_IMAGES)
    errors, prepared = [], []
    for name, data in files:
        try:
            prepared.append(prepare(name, data))
        except ImageRejected as rejected:
            shown = name if rejected.key != "image_name_invalid" else "?"
            errors.append(f"{shown}: {text(shop.language, rejected.key, **rejected.values)}")
    if errors:
        raise DomainError(Code.VALIDATION, errors[0], {"images": errors})

    before = _state(product)
    storage = _storage()
    position = max((i.position for i in product.images), default=-1) + 1
    added = []
    for offset, picture in enumerate(prepared):
        stored = store_prepared(storage, FOLDER, picture)
        image = ProductImage(
            shop_id=shop.id,
            product_id=product.id,
            path=stored.path,
            name=picture.name,
            alt="",
            position=position + offset,
            width=stored.width,
            height=stored.height,
            webp=stored.webp,
        )
        session.add(image)
        added.append(image)
    session.flush()
    if product.avatar is None or product.avatar not in {i.id for i in product.images}:
        product.avatar = added[0].id
    return _save(session, shop, actor, product, before)


def arrange_images(
    session: Session,
    shop: Shop,
    actor: User,
    product_id: int,
    order: list[int],
    cover: int | None,
    if_match: set[int] | None,
) -> Product:
    """Put the pictures in `order` (every picture once) and make `cover` (default: the first) the cover."""
    product = get_product(session, shop, product_id)
    check_version(shop, product, if_match)
    current = {i.id: i for i in product.images}
    if sorted(order) != sorted(current):
        raise invalid(shop, "order", "image_order_mismatch")
    if cover is not None and cover not in current:
        raise invalid(shop, "cover", "image_not_found")
    before = _state(product)
    for position, image_id in enumerate(order):
        current[image_id].position = position
    product.avatar = cover if cover is not None else (order[0] if order else None)
    return _save(session, shop, actor, product, before)


def describe_image(
    session: Session, shop: Shop, actor: User, product_id: int, image_id: int, alt: str, if_match
) -> Product:
    """Set a picture's alt text (what a screen reader and a search engine read)."""
    product = get_product(session, shop, product_id)
    check_version(shop, product, if_match)
    image = _image(shop, product, image_id)
    before = {**_state(product), f"alt[{image_id}]": image.alt}
    image.alt = alt
    flush_versioned(session, shop, product)
    session.expire(product)
    changes = diff(before, {**_state(product), f"alt[{image_id}]": alt})
    record(session, shop, actor, Action.UPDATE, OBJECT, product.id, changes)
    session.commit()
    session.expire_all()
    return get_product(session, shop, product.id)


def delete_image(
    session: Session, shop: Shop, actor: User, product_id: int, image_id: int, if_match: set[int] | None
) -> Product:
    """Remove a picture from the product; a removed cover passes to the first one left. The files
    stay: their names are content hashes that other rows (an order's snapshot) may share."""
    product = get_product(session, shop, product_id)
    check_version(shop, product, if_match)
    image = _image(shop, product, image_id)
    before = _state(product)
    product.images.remove(image)
    for variant in product.variants:
        if variant.image_id == image_id:
            variant.image_id = None  # the variant shows the product's pictures again
    if product.avatar == image_id:
        product.avatar = product.images[0].id if product.images else None
    return _save(session, shop, actor, product, before)


def store_detail_picture(shop: Shop, name: str, data: bytes) -> StoredImage:
    """A picture for a product's rich-text details: checked, cleaned and stored with its WebP
    widths like the product's own pictures, for the editor to place as <img src srcset>. It
    belongs to no row until a saved text names it, so there is nothing to audit yet."""
    try:
        prepared = prepare(name, data, DETAILS_BOX)
    except ImageRejected as rejected:
        message = text(shop.language, rejected.key, **rejected.values)
        raise DomainError(Code.VALIDATION, message, {"picture": [message]}) from None
    return store_prepared(_storage(), DETAILS_FOLDER, prepared)
