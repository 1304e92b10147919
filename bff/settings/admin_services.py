"""The owner's changes to the shop's settings: one transaction each, with its audit entry and,
when the exchange rate changes, its history entry. Stale edits are refused like a product's:
the settings carry a version (If-Match), checked before writing and by the UPDATE itself.

The storefront reads the shop on every request, so a new rate or fee applies to the next page
and the next cart; orders keep the amounts they were placed with.
"""

from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified
from sqlalchemy.orm.exc import StaleDataError

from bff.accounts.models import User
from bff.audit.services import Action, diff, record
from bff.common.errors import DomainError
from bff.common.etags import VersionCheck, version_check
from bff.common.pagination import Page, paginate
from bff.media.images import ImageRejected, store_image
from bff.media.storage import media_storage
from bff.settings import site_address
from bff.settings.error_codes import SettingsErrorCode as Code
from bff.settings.messages import text
from bff.shops.models import SHOP_IMAGE_FIELDS, ExchangeRate, Shop

OBJECT = "shop"
SHIPPING_FLAGS = ("is_overseas_shipping", "is_local_shipping", "is_pick_up")


def _invalid(shop: Shop, field: str, key: str, **values) -> DomainError:
    message = text(shop.language, key, **values)
    return DomainError(Code.VALIDATION, message, {field: [message]})


def _check_version(shop: Shop, if_match: set[int] | None, required: bool = True) -> None:
    problem = version_check(shop.version, if_match, required)
    if problem is VersionCheck.REQUIRED:
        raise DomainError(Code.IF_MATCH_REQUIRED, text(shop.language, "if_match_required"))
    if problem is VersionCheck.STALE:
        raise DomainError(Code.STALE_VERSION, text(shop.language, "stale_version"))


def _values(shop: Shop, names) -> dict[str, Any]:
    return {name: getattr(shop, name) for name in names}


def _save(session: Session, shop: Shop, actor: User, before: dict[str, Any], language: str) -> Shop:
    """Write the shop row with its version check, then the audit entry; commit."""
    try:
        session.flush()
    except StaleDataError:
        session.rollback()
        raise DomainError(Code.STALE_VERSION, text(language, "stale_version")) from None
    after = _values(shop, [name for name in before if name != "hosts"])
    if "hosts" in before:
        after["hosts"] = site_address.shop_hosts(shop)
    changes = diff(before, after)
    record(session, shop, actor, Action.UPDATE, OBJECT, shop.id, changes)
    session.commit()
    return shop


def update_settings(
    session: Session,
    shop: Shop,
    actor: User,
    data: dict,
    if_match: set[int] | None,
    request_host: str | None = None,
) -> Shop:
    """Apply the given settings to the shop, edited at one of the versions `if_match` names.
    `request_host` is the host the owner is using (the hosts they set must keep it)."""
    language = shop.language  # the answer's language is the one the request came in
    _check_version(shop, if_match)
    flags = {name: data.get(name, getattr(shop, name)) for name in SHIPPING_FLAGS}
    if not any(flags.values()):
        raise _invalid(shop, "is_overseas_shipping", "no_shipping_method")
    data = dict(data)
    hosts = data.pop("hosts", None)
    if "site_url" in data:
        data["site_url"] = site_address.clean_site_url(shop, data["site_url"])
    if hosts is not None:
        hosts = site_address.clean_hosts(session, shop, hosts, request_host)
    if "site_url" in data or hosts is not None:
        site_host = urlsplit(data.get("site_url", shop.site_url)).hostname
        if site_host not in (hosts if hosts is not None else site_address.shop_hosts(shop)):
            raise _invalid(shop, "site_url", "site_url_not_a_host", host=site_host)
    before = _values(shop, data)
    if hosts is not None:
        before["hosts"] = site_address.shop_hosts(shop)
        site_address.set_hosts(session, shop, hosts)
        flag_modified(shop, "site_url")  # the row (and so its version) moves with its hosts
    for name, value in data.items():
        setattr(shop, name, value)
    if "shop_exchange_rate" in data and data["shop_exchange_rate"] != before["shop_exchange_rate"]:
        session.add(
            ExchangeRate(
                shop_id=shop.id,
                rate=data["shop_exchange_rate"],
                previous=before["shop_exchange_rate"],
                actor_id=actor.id,
                actor_email=actor.email,
            )
        )
    return _save(session, shop, actor, before, language)


def set_image(
    session: Session,
    shop: Shop,
    actor: User,
    field: str,
    upload: tuple[str, bytes] | None,
    if_match: set[int] | None,
) -> Shop:
    """Store a picture setting (logo, icon, QR codes...) or clear it (`upload` None)."""
    if field not in SHOP_IMAGE_FIELDS:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "image_field_unknown"))
    _check_version(shop, if_match)
    before = _values(shop, [field])
    if upload is None:
        setattr(shop, field, None)
    else:
        name, data = upload
        try:
            stored = store_image(media_storage(), "shops", name, data)
        except ImageRejected as rejected:
            raise _invalid(shop, "image", rejected.key, **rejected.values) from None
        setattr(shop, field, stored.path)
    return _save(session, shop, actor, before, shop.language)


def rate_history(session: Session, shop: Shop, page: int, per_page: int) -> Page:
    """The shop's exchange-rate changes, newest first."""
    stmt = (
        select(ExchangeRate)
        .where(ExchangeRate.shop_id == shop.id)
        .order_by(ExchangeRate.at.desc(), ExchangeRate.id.desc())
    )
    return paginate(session, stmt, page, per_page)
