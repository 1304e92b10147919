"""The shop owner's customers: find them, read one with their orders and totals, give a member
level or the special-member flag (their prices follow on their next page: prices are worked out
per request from the account), and block or unblock an account (blocking ends every session at
once: each request checks its session row, bff/accounts/auth.py).

Each change is one transaction with its audit entry, made on the version the owner read
(If-Match: 428 without one, 412 when another change came first), and raises that version.
"""

from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from bff.accounts.models import MemberLevel, User
from bff.accounts.services import revoke_all_sessions
from bff.audit.services import Action, diff, record
from bff.common.errors import DomainError
from bff.common.etags import VersionCheck, version_check
from bff.common.models import utcnow
from bff.common.pagination import Page
from bff.customers.error_codes import CustomerErrorCode as Code
from bff.customers.messages import text
from bff.orders.models import Order
from bff.shops.models import Shop

OBJECT = "customer"
RECENT_ORDERS = 50


def _totals_query(shop: Shop):
    # Money received less money refunded (a paid order cancelled and refunded counts 0).
    spent = func.coalesce(func.sum(Order.paid_amount - Order.refunded_amount), 0)
    return (
        select(
            Order.user_id,
            func.count(Order.id).label("orders"),
            spent.label("spent"),
            func.max(Order.created_at).label("last_order_at"),
        )
        .where(Order.shop_id == shop.id)
        .group_by(Order.user_id)
        .subquery()
    )


def _with_totals(user: User, orders, spent, last) -> User:
    user.orders_count = orders or 0
    user.total_spent = Decimal(spent or 0).quantize(Decimal("0.01"))
    user.last_order_at = last
    return user


def list_customers(
    session: Session, shop: Shop, q: str, blocked: bool | None, page: int, per_page: int
) -> Page:
    """The shop's shoppers (not its admins), newest first, with their order counts and spend."""
    totals = _totals_query(shop)
    stmt = (
        select(User, totals.c.orders, totals.c.spent, totals.c.last_order_at)
        .outerjoin(totals, totals.c.user_id == User.id)
        .where(User.shop_id == shop.id, User.is_admin.is_(False))
    )
    q = q.strip().lower()
    if q:
        stmt = stmt.where(or_(func.lower(User.email).like(f"%{q}%"), func.lower(User.name).like(f"%{q}%")))
    if blocked is not None:
        stmt = stmt.where(User.blocked_at.is_not(None) if blocked else User.blocked_at.is_(None))
    total = session.scalar(select(func.count()).select_from(stmt.subquery())) or 0
    rows = session.execute(
        stmt.order_by(User.created_at.desc(), User.id.desc()).limit(per_page).offset((page - 1) * per_page)
    ).all()
    return Page([_with_totals(*row) for row in rows], page, per_page, total)


@dataclass
class CustomerDetail:
    customer: User
    orders: list[Order]
    levels: list[MemberLevel]


def _customer(session: Session, shop: Shop, user_id: int) -> User:
    user = session.scalar(
        select(User).where(User.id == user_id, User.shop_id == shop.id, User.is_admin.is_(False))
    )
    if user is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "customer_not_found"))
    return user


def member_levels(session: Session, shop: Shop) -> list[MemberLevel]:
    return list(
        session.scalars(
            select(MemberLevel)
            .where(MemberLevel.shop_id == shop.id)
            .order_by(MemberLevel.discount_percent.desc())
        )
    )


def get_customer(session: Session, shop: Shop, user_id: int) -> CustomerDetail:
    user = _customer(session, shop, user_id)
    totals = _totals_query(shop)
    row = session.execute(
        select(totals.c.orders, totals.c.spent, totals.c.last_order_at).where(totals.c.user_id == user.id)
    ).first()
    _with_totals(user, *(row or (0, 0, None)))
    orders = list(
        session.scalars(
            select(Order)
            .where(Order.shop_id == shop.id, Order.user_id == user.id)
            .order_by(Order.created_at.desc(), Order.id.desc())
            .limit(RECENT_ORDERS)
        )
    )
    return CustomerDetail(user, orders, member_levels(session, shop))


def _state(user: User) -> dict:
    return {
        "member_level_id": user.member_level_id,
        "is_special_member": user.is_special_member,
        "blocked_at": user.blocked_at,
    }


def _check_version(shop: Shop, user: User, if_match: set[int] | None) -> None:
    problem = version_check(user.version, if_match, required=True)
    if problem is VersionCheck.REQUIRED:
        raise DomainError(Code.IF_MATCH_REQUIRED, text(shop.language, "if_match_copy"))
    if problem is VersionCheck.STALE:
        raise DomainError(Code.STALE_VERSION, text(shop.language, "stale_copy"))


def _raise_version(session: Session, shop: Shop, user: User) -> None:
    """The version read, raised in one conditional UPDATE: of two changes made on the same copy,
    the second finds another version and is refused (412)."""
    raised = session.execute(
        update(User)
        .where(User.id == user.id, User.version == user.version)
        .values(version=User.version + 1)
        .execution_options(synchronize_session=False)
    )
    if raised.rowcount != 1:
        session.rollback()
        raise DomainError(Code.STALE_VERSION, text(shop.language, "stale_copy"))


def update_membership(
    session: Session, shop: Shop, actor: User, user_id: int, data: dict, if_match: set[int] | None
) -> CustomerDetail:
    """Set the member level (None: none) and/or the special-member flag."""
    user = _customer(session, shop, user_id)
    _check_version(shop, user, if_match)
    before = _state(user)
    if "member_level_id" in data:
        level_id = data["member_level_id"]
        if (
            level_id is not None
            and session.scalar(
                select(MemberLevel.id).where(MemberLevel.id == level_id, MemberLevel.shop_id == shop.id)
            )
            is None
        ):
            message = text(shop.language, "member_level_not_found")
            raise DomainError(Code.VALIDATION, message, {"member_level_id": [message]})
        user.member_level_id = level_id
    if data.get("is_special_member") is not None:
        user.is_special_member = data["is_special_member"]
    changes = diff(before, _state(user))
    if changes:
        _raise_version(session, shop, user)
        record(session, shop, actor, Action.UPDATE, OBJECT, user.id, changes)
    session.commit()
    session.expire_all()
    return get_customer(session, shop, user_id)


def set_blocked(
    session: Session,
    shop: Shop,
    actor: User,
    user_id: int,
    blocked: bool,
    if_match: set[int] | None,
    reason: str = "",
) -> CustomerDetail:
    """Block (every session ends now, signing in is refused) or unblock an account."""
    user = _customer(session, shop, user_id)
    _check_version(shop, user, if_match)
    before = _state(user)
    now = utcnow()
    if blocked and user.blocked_at is None:
        user.blocked_at = now
        revoke_all_sessions(session, user, now)
    elif not blocked:
        user.blocked_at = None
    changes = diff(before, _state(user))
    if changes:
        _raise_version(session, shop, user)
        record(
            session,
            shop,
            actor,
            Action.BLOCK if blocked else Action.UNBLOCK,
            OBJECT,
            user.id,
            changes,
            reason,
        )
    session.commit()
    session.expire_all()
    return get_customer(session, shop, user_id)
