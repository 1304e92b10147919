"""The member's address book, and the recipient rules of SPEC section 5 that checkout shares.

Exactly one address of a member is the default: the first one becomes it, choosing another
moves it, and deleting it promotes the most recently changed of the others.
"""

import re

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.addresses.error_codes import AddressErrorCode as Code
from bff.addresses.messages import text
from bff.addresses.models import ShippingAddress
from bff.common.errors import DomainError
from bff.shipping.rules import COUNTRIES, NEW_ZEALAND
from bff.shops.models import Shop

MAX_ADDRESSES = 50
# New Zealand addresses are written in English: letters, digits, whitespace, comma, period, hyphen.
_NZ_TEXT = re.compile(r"[A-Za-z0-9\s,.\-]+")
_DIGITS = re.compile(r"[0-9]+")
# field: (message key when missing, longest allowed)
RECIPIENT_FIELDS = {
    "shipping_name": ("name_required", 120),
    "shipping_contact": ("contact_required", 40),
    "shipping_country": ("country_required", 40),
    "shipping_city": ("city_required", 120),
    "shipping_address": ("address_required", 255),
}
OPTIONAL_FIELDS = {"shipping_id": 40}


def clean_recipient(shop: Shop, data: dict) -> dict:
    """The recipient fields trimmed and checked; a 422 naming each bad field otherwise."""
    values = {name: str(data.get(name) or "").strip() for name in (*RECIPIENT_FIELDS, *OPTIONAL_FIELDS)}
    errors: dict[str, list[str]] = {}
    for name, (missing, longest) in RECIPIENT_FIELDS.items():
        if not values[name] or (name == "shipping_country" and values[name] not in COUNTRIES):
            errors[name] = [text(shop.language, missing)]
        elif len(values[name]) > longest:
            errors[name] = [text(shop.language, "too_long")]
    if len(values["shipping_id"]) > OPTIONAL_FIELDS["shipping_id"]:
        errors["shipping_id"] = [text(shop.language, "too_long")]
    if values["shipping_country"] == NEW_ZEALAND:
        message = text(shop.language, "nz_address")
        for name in ("shipping_address", "shipping_city", "shipping_name"):
            if name not in errors and not _NZ_TEXT.fullmatch(values[name]):
                errors[name] = [message]
        if "shipping_contact" not in errors and not _DIGITS.fullmatch(values["shipping_contact"]):
            errors["shipping_contact"] = [message]
    if errors:
        raise DomainError(Code.VALIDATION, next(iter(errors.values()))[0], errors)
    return values


def list_addresses(session: Session, shop: Shop, user: User) -> list[ShippingAddress]:
    return list(
        session.scalars(
            select(ShippingAddress)
            .where(ShippingAddress.shop_id == shop.id, ShippingAddress.user_id == user.id)
            .order_by(ShippingAddress.is_default.desc(), ShippingAddress.id.desc())
        )
    )


def get_address(session: Session, shop: Shop, user: User, address_id: int) -> ShippingAddress:
    address = session.scalar(
        select(ShippingAddress).where(
            ShippingAddress.id == address_id,
            ShippingAddress.shop_id == shop.id,
            ShippingAddress.user_id == user.id,
        )
    )
    if address is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "address_not_found"))
    return address


def _make_default(session: Session, user: User, address: ShippingAddress) -> None:
    session.execute(
        update(ShippingAddress)
        .where(ShippingAddress.user_id == user.id)
        .values(is_default=(ShippingAddress.id == address.id))
        .execution_options(synchronize_session=False)
    )
    session.expire_all()


def _lock_member(session: Session, user: User) -> None:
    # Serialises one member's address-book changes, so "exactly one default" holds.
    session.execute(select(User.id).where(User.id == user.id).with_for_update())


def create_address(session: Session, shop: Shop, user: User, data: dict, is_default: bool) -> ShippingAddress:
    values = clean_recipient(shop, data)
    _lock_member(session, user)
    count = session.scalar(select(func.count()).where(ShippingAddress.user_id == user.id))
    if count >= MAX_ADDRESSES:
        raise DomainError(Code.ADDRESS_BOOK_FULL, text(shop.language, "address_book_full"))
    address = ShippingAddress(shop_id=shop.id, user_id=user.id, is_default=False, **values)
    session.add(address)
    session.flush()
    if is_default or count == 0:
        _make_default(session, user, address)
    session.commit()
    return address


def update_address(
    session: Session, shop: Shop, user: User, address_id: int, data: dict, is_default: bool
) -> ShippingAddress:
    values = clean_recipient(shop, data)
    _lock_member(session, user)
    address = get_address(session, shop, user, address_id)
    for name, value in values.items():
        setattr(address, name, value)
    session.flush()
    if is_default:
        _make_default(session, user, address)
    session.commit()
    return address


def delete_address(session: Session, shop: Shop, user: User, address_id: int) -> None:
    _lock_member(session, user)
    address = get_address(session, shop, user, address_id)
    was_default = address.is_default
    session.delete(address)
    session.flush()
    if was_default:
        successor = session.scalar(
            select(ShippingAddress)
            .where(ShippingAddress.user_id == user.id)
            .order_by(ShippingAddress.updated_at.desc(), ShippingAddress.id.desc())
            .limit(1)
        )
        if successor is not None:
            _make_default(session, user, successor)
    session.commit()


def set_default(session: Session, shop: Shop, user: User, address_id: int) -> ShippingAddress:
    _lock_member(session, user)
    address = get_address(session, shop, user, address_id)
    _make_default(session, user, address)
    session.commit()
    return address
