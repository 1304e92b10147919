"""A member's own data: all of it to download, and the account to delete.

Deleting keeps what the shop must keep by law (its orders: NZ tax records are kept 7 years, and
China's e-commerce law asks 3) but nothing that names the person: each order keeps its number,
lines, amounts, status, dates, country and province, and loses the recipient, sender, remark and
ID number. Addresses, cart, wish list, reset tokens, WeChat openids, failed sign-ins and sessions
go; every copy of the member's email kept as the author of an entry (order history, audit log,
exchange-rate history) becomes the tombstone's address; the user row stays as an anonymous
tombstone (orders point to it) that no email or password opens again."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session, selectinload

from bff.accounts.models import LoginThrottle, PasswordResetToken, User, UserSession
from bff.accounts.outbox import forget_member
from bff.accounts.passwords import Passwords
from bff.accounts.services import require_fresh_wechat_signin
from bff.accounts.throttle import account_hash
from bff.addresses.models import ShippingAddress
from bff.audit.models import AuditEntry
from bff.cart.models import CartLine
from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.favorites.models import Favorite
from bff.orders.models import OPEN_STATUSES, Order, OrderEvent, OrderLine, OrderStatus
from bff.orders.services import cancel_order
from bff.privacy.error_codes import PrivacyErrorCode as Code
from bff.privacy.messages import text
from bff.shops.models import ExchangeRate, Shop
from bff.wechat.models import WechatOpenid

# What an order keeps of its recipient and sender after the account is deleted.
ANONYMISED_ORDER_FIELDS = {
    "shipping_name": "",
    "shipping_contact": "",
    "shipping_city": "",
    "shipping_address": "",
    "city_code": None,
    "district_code": None,
    "shipping_id": "",
    "sender_name": "",
    "sender_address": "",
    "sender_contact": "",
    "user_remark": "",
}


@dataclass
class PersonalData:
    exported_at: datetime
    shop: Shop
    profile: User
    addresses: list[ShippingAddress]
    orders: list[Order]


def export_personal_data(session: Session, shop: Shop, user: User) -> PersonalData:
    """Everything the shop holds about the member: profile, address book, every order."""
    addresses = session.scalars(
        select(ShippingAddress)
        .where(ShippingAddress.shop_id == shop.id, ShippingAddress.user_id == user.id)
        .order_by(ShippingAddress.id)
    )
    orders = session.scalars(
        select(Order)
        .where(Order.shop_id == shop.id, Order.user_id == user.id)
        .options(selectinload(Order.lines).selectinload(OrderLine.product))
        .order_by(Order.id)
    )
    return PersonalData(utcnow(), shop, user, list(addresses), list(orders))


def delete_account(
    session: Session,
    shop: Shop,
    user: User,
    passwords: Passwords,
    password: str,
    user_session: UserSession | None = None,
) -> None:
    """Delete the member's account, confirmed with their password, or, for a member who has
    none (signed up with WeChat), by `user_session` having begun with a WeChat sign-in in the
    last 10 minutes (else 403 `wechat_signin_required`); every session ends at once."""
    if user.is_admin:
        raise DomainError(Code.ADMIN_ACCOUNT, text(shop.language, "admin_account"))
    if not user.password_hash:
        require_fresh_wechat_signin(shop, user_session)
    elif not password:
        message = text(shop.language, "password_required")
        raise DomainError(Code.VALIDATION, message, {"password": [message]})
    elif not passwords.verify(user.password_hash, password):
        message = text(shop.language, "wrong_password")
        raise DomainError(Code.WRONG_PASSWORD, message, {"password": [message]})
    orders = list(session.scalars(select(Order).where(Order.shop_id == shop.id, Order.user_id == user.id)))
    owed = [o.order_number for o in orders if o.status == OrderStatus.PAID]
    if owed:
        raise DomainError(
            Code.ORDERS_IN_PROGRESS, text(shop.language, "orders_in_progress", numbers=", ".join(owed))
        )
    # Unpaid orders will never be paid now: cancelled, their stock back on the shelf.
    for order in orders:
        if order.status in OPEN_STATUSES:
            cancel_order(session, shop, user, order.id)

    now = utcnow()
    session.execute(
        update(Order)
        .where(Order.shop_id == shop.id, Order.user_id == user.id)
        .values(**ANONYMISED_ORDER_FIELDS, updated_at=now)
        .execution_options(synchronize_session=False)
    )
    for model in (ShippingAddress, CartLine, Favorite, PasswordResetToken, WechatOpenid):
        session.execute(delete(model).where(model.user_id == user.id))
    if user.email:  # a member who signed up with WeChat and gave no email has no sign-in failures
        session.execute(
            delete(LoginThrottle).where(
                LoginThrottle.shop_id == shop.id,
                LoginThrottle.account_hash == account_hash(shop.id, user.email),
            )
        )
    forget_member(session, shop.id, user.id)
    tombstone = f"deleted-{user.id}@deleted.invalid"
    # The entries the member wrote keep an author no one can name.
    for model in (OrderEvent, AuditEntry, ExchangeRate):
        authored = model.actor_id == user.id
        if user.email:
            authored = authored | (model.actor_email == user.email)
        session.execute(
            update(model)
            .where(model.shop_id == shop.id, authored)
            .values(actor_email=tombstone)
            .execution_options(synchronize_session=False)
        )
    # Revoked rather than deleted, like a logout: the next request with any of its tokens is a guest.
    session.execute(
        update(UserSession)
        .where(UserSession.user_id == user.id, UserSession.revoked_at.is_(None))
        .values(revoked_at=now)
    )
    user.email = tombstone
    user.name = ""
    user.password_hash = ""  # no password verifies against it
    user.group_name = None
    user.member_level_id = None
    user.is_special_member = False
    user.deleted_at = now
    session.commit()
