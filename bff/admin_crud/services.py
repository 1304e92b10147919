"""The rules of the console's calls for a shop's simple objects (categories, brands, banners,
articles); the calls themselves are routes.py's.

Each object type is described by a `Kind`: its model (with a `version` counter column), the
fields the owner edits, and hooks for its own rules (`check`, `in_use`, `after_save`). Every
change is one transaction with its audit entry; an edit or delete names the version it was
made on (If-Match): 428 without one, 412 when stale.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from bff.accounts.models import User
from bff.audit.services import Action, diff, record
from bff.common.errors import DomainError
from bff.common.etags import VersionCheck, version_check
from bff.common.models import utcnow
from bff.common.pagination import Page, paginate
from bff.media.images import ImageRejected, store_image
from bff.media.storage import media_storage
from bff.shops.models import Shop


@dataclass(frozen=True)
class Codes:
    """The domain's error codes and message lookup, so answers keep the domain's own words."""

    not_found: Any
    validation: Any
    if_match_required: Any
    stale_version: Any
    in_use: Any  # None when the domain's objects are never in use
    text: Callable[..., str]


@dataclass(frozen=True)
class Kind:
    model: type
    object_type: str  # the audit log's name for it
    fields: tuple[str, ...]  # what the owner edits
    not_found_key: str
    in_use_key: str = ""
    media_folder: str = ""  # where its picture (`avatar`) goes; "" when it has none
    # Raises DomainError for values that break the kind's rules (references, dates).
    check: Callable[[Session, Shop, dict, Any], None] = lambda session, shop, data, obj: None
    # True when deleting would take something from the storefront (products that name it).
    in_use: Callable[[Session, Shop, Any], bool] = lambda session, shop, obj: False
    # Writes what the plain fields do not hold (a banner's products); returns its audit values.
    extra: Callable[[Session, Shop, Any, dict], dict] = lambda session, shop, obj, data: {}
    order_by: tuple = field(default_factory=tuple)
    # Listed a page at a time (`?page=`); False for the few a screen needs whole (the category
    # tree, the brands of a product's select).
    paged: bool = False


def _invalid(codes: Codes, shop: Shop, field_name: str, key: str) -> DomainError:
    message = codes.text(shop.language, key)
    return DomainError(codes.validation, message, {field_name: [message]})


def get(session: Session, shop: Shop, kind: Kind, codes: Codes, obj_id: int):
    model = kind.model
    obj = session.scalar(select(model).where(model.shop_id == shop.id, model.id == obj_id))
    if obj is None:
        raise DomainError(codes.not_found, codes.text(shop.language, kind.not_found_key))
    return obj


def _listing(shop: Shop, kind: Kind):
    model = kind.model
    order = kind.order_by or (model.position, model.id)
    return select(model).where(model.shop_id == shop.id).order_by(*order)


def list_all(session: Session, shop: Shop, kind: Kind) -> list:
    return list(session.scalars(_listing(shop, kind)))


def list_page(session: Session, shop: Shop, kind: Kind, page: int, per_page: int) -> Page:
    return paginate(session, _listing(shop, kind), page, per_page)


def _values(obj, kind: Kind) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in kind.fields}


def _check_version(codes: Codes, shop: Shop, obj, if_match: set[int] | None, required: bool) -> None:
    problem = version_check(obj.version, if_match, required)
    if problem is VersionCheck.REQUIRED:
        raise DomainError(codes.if_match_required, codes.text(shop.language, "if_match_copy"))
    if problem is VersionCheck.STALE:
        raise DomainError(codes.stale_version, codes.text(shop.language, "stale_copy"))


def _flush(session: Session, shop: Shop, codes: Codes) -> None:
    try:
        session.flush()
    except StaleDataError:
        session.rollback()
        raise DomainError(codes.stale_version, codes.text(shop.language, "stale_copy")) from None


def create(session: Session, shop: Shop, actor: User, kind: Kind, codes: Codes, data: dict):
    kind.check(session, shop, data, None)
    obj = kind.model(shop_id=shop.id, **{n: data[n] for n in kind.fields if n in data})
    session.add(obj)
    session.flush()
    after = {**_values(obj, kind), **kind.extra(session, shop, obj, data)}
    record(session, shop, actor, Action.CREATE, kind.object_type, obj.id, diff({}, after))
    session.commit()
    return obj


def update(
    session: Session, shop: Shop, actor: User, kind: Kind, codes: Codes, obj_id: int, data: dict, if_match
):
    obj = get(session, shop, kind, codes, obj_id)
    _check_version(codes, shop, obj, if_match, required=True)
    kind.check(session, shop, data, obj)
    before = {**_values(obj, kind), **kind.extra(session, shop, obj, None)}
    for name in kind.fields:
        if name in data:
            setattr(obj, name, data[name])
    # The row is written (and its version checked and raised) even when only extras change.
    obj.updated_at = utcnow()
    _flush(session, shop, codes)
    after = {**_values(obj, kind), **kind.extra(session, shop, obj, data)}
    record(session, shop, actor, Action.UPDATE, kind.object_type, obj.id, diff(before, after))
    session.commit()
    return obj


def remove(
    session: Session, shop: Shop, actor: User, kind: Kind, codes: Codes, obj_id: int, if_match
) -> None:
    obj = get(session, shop, kind, codes, obj_id)
    _check_version(codes, shop, obj, if_match, required=True)
    if kind.in_use(session, shop, obj):
        raise DomainError(codes.in_use, codes.text(shop.language, kind.in_use_key))
    before = _values(obj, kind)
    session.delete(obj)
    _flush(session, shop, codes)
    record(session, shop, actor, Action.DELETE, kind.object_type, obj_id, diff(before, {}))
    session.commit()


def set_picture(
    session: Session, shop: Shop, actor: User, kind: Kind, codes: Codes, obj_id: int, upload, if_match
):
    obj = get(session, shop, kind, codes, obj_id)
    _check_version(codes, shop, obj, if_match, required=True)
    before = obj.avatar
    stored = None
    if upload is not None:
        name, data = upload
        try:
            stored = store_image(media_storage(), kind.media_folder, name, data)
        except ImageRejected as rejected:
            message = codes.text(shop.language, rejected.key, **rejected.values)
            raise DomainError(codes.validation, message, {"image": [message]}) from None
    obj.avatar = stored.path if stored else None
    if hasattr(obj, "avatar_webp"):  # banners and brands keep the size and WebP copies (srcset)
        obj.avatar_width = stored.width if stored else None
        obj.avatar_height = stored.height if stored else None
        obj.avatar_webp = stored.webp or None if stored else None
    obj.updated_at = utcnow()
    _flush(session, shop, codes)
    record(
        session,
        shop,
        actor,
        Action.UPDATE,
        kind.object_type,
        obj.id,
        diff({"avatar": before}, {"avatar": obj.avatar}),
    )
    session.commit()
    return obj
