"""The member's address book, and the recipient check (bff/addresses/rules.py) checkout shares.

Exactly one address of a member is the default: the first one becomes it, choosing another
moves it, and deleting it promotes the most recently changed of the others.
"""

from collections.abc import Iterable

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.addresses.error_codes import AddressErrorCode as Code
from bff.addresses.messages import text
from bff.addresses.models import ShippingAddress
from bff.addresses.regions import resolve
from bff.addresses.rules import nz_city_in_english, recipient_problems, trimmed_recipient
from bff.common.errors import DomainError
from bff.common.id_numbers import is_masked, mask_id_number
from bff.shipping.rules import CHINA, NEW_ZEALAND
from bff.shops.models import Shop

MAX_ADDRESSES = 50
PLACE_FIELDS = ("province_code", "city_code", "district_code")
# The message of a missing field.
_REQUIRED_MESSAGES = {
    "shipping_name": "name_required",
    "shipping_contact": "contact_required",
    "shipping_country": "country_required",
    "shipping_city": "city_required",
    "shipping_address": "address_required",
}


def clean_recipient(shop: Shop, data: dict, known_ids: Iterable[str] = ()) -> dict:
    """The recipient fields trimmed and checked, with the place codes; otherwise a validation
    error naming each bad field in the shop's language.

    A China recipient names its province, city and district by code (bff/addresses/regions.py)
    besides the text the form shows; its `shipping_city` becomes their names.

    Shoppers only ever see ID numbers masked, so a form sends back the mask of a number it did
    not change: `known_ids` are the stored numbers it may stand for (the edited address's, or at
    checkout the address book's), and a mask matching exactly one of them means that number."""
    values = trimmed_recipient(data)
    problems = recipient_problems(values)
    if is_masked(values["shipping_id"]):
        matches = {n for n in known_ids if n and mask_id_number(n) == values["shipping_id"]}
        if len(matches) == 1:
            values["shipping_id"] = matches.pop()
            problems.pop("shipping_id", None)
        else:
            problems["shipping_id"] = "id_number_masked"
    code = Code.VALIDATION
    if values["shipping_country"] == CHINA:
        # The BFF writes a China city text from the place, so the text sent is never required.
        problems.pop("shipping_city", None)
        place = resolve(*(_code(data.get(name)) for name in PLACE_FIELDS))
        if isinstance(place, str):
            code = Code.INCOMPLETE
            problems[place] = f"{place}_invalid" if data.get(place) else f"{place}_required"
        else:
            values.update(
                province_code=place.province_code,
                city_code=place.city_code,
                district_code=place.district_code,
                shipping_city=place.label,
            )
    else:
        values.update(dict.fromkeys(PLACE_FIELDS))
        if values["shipping_country"] == NEW_ZEALAND:  # 奥克兰 is stored as the courier reads it
            values["shipping_city"] = nz_city_in_english(values["shipping_city"])
    if problems:
        errors = {
            name: [text(shop.language, _message_key(name, problem))] for name, problem in problems.items()
        }
        message = text(shop.language, "place_incomplete") if code == Code.INCOMPLETE else None
        raise DomainError(code, message or next(iter(errors.values()))[0], errors)
    return values


def _message_key(field: str, problem: str) -> str:
    """Each field says what is wrong with it (a New Zealand name, city, address or phone)."""
    if problem == "required":
        return _REQUIRED_MESSAGES[field]
    return f"nz_address_{field}" if problem == "nz_address" else problem


def _code(value) -> str | None:
    value = str(value or "").strip()
    return value or None


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


def known_id_numbers(session: Session, shop: Shop, user: User) -> list[str]:
    """The ID numbers of the member's address book, which a masked one at checkout may stand for."""
    return [a.shipping_id for a in list_addresses(session, shop, user) if a.shipping_id]


def update_address(
    session: Session, shop: Shop, user: User, address_id: int, data: dict, is_default: bool
) -> ShippingAddress:
    _lock_member(session, user)
    address = get_address(session, shop, user, address_id)
    values = clean_recipient(shop, data, known_ids=[address.shipping_id])
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
