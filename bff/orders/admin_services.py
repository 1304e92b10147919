"""The shop owner's order calls: find orders, read one with its payments and history, and the
state transitions of bff/orders/transitions.py (mark paid, ship, cancel, edit the address).
Refunds are bff/payments/refunds.py. Each function owns its transaction.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import Select, exists, func, or_, select
from sqlalchemy.orm import Session, selectinload

from bff.accounts.models import User
from bff.addresses.services import clean_recipient
from bff.catalog.models import Product, StockReason
from bff.common.errors import DomainError
from bff.common.etags import VersionCheck, version_check
from bff.common.id_numbers import mask_id_number
from bff.common.models import amount_in_cents, utcnow
from bff.common.pagination import Page
from bff.common.spreadsheet import csv_lines
from bff.orders import notes, payment_claims, today, transitions
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.messages import text
from bff.orders.models import (
    OPEN_STATUSES,
    REFUNDS,
    Order,
    OrderEvent,
    OrderLine,
    OrderNote,
    OrderPayment,
    OrderStatus,
    OrderTag,
    PaymentProof,
    has_abnormal_refund,
)
from bff.orders.numbers import normalise_order_number
from bff.orders.services import _return_stock
from bff.orders.transitions import OrderAction, admin
from bff.promotions import services as promotions
from bff.shops.models import Shop

ADDRESS_FIELDS = (
    "shipping_name",
    "shipping_contact",
    "shipping_country",
    "shipping_city",
    "shipping_address",
    "shipping_id",
    "province_code",
    "city_code",
    "district_code",
)


@dataclass
class OrderFilters:
    q: str = ""
    status: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    payment_method: str | None = None
    shipping_type: str | None = None
    claimed: bool = False  # said to be paid by QR code, waiting for the owner (待确认收款)
    held: bool = False  # cancelled while still holding money paid (待退款)
    refund_abnormal: bool = False  # a refund stuck at the provider, to finish by hand (退款异常)
    tag: str | None = None  # a staff tag (bff/orders/notes.py)


def _day_start(shop: Shop, day: date) -> datetime:
    """The first instant of `day` on the shop's calendar (the one its screens show), in UTC as
    stored (SQLite compares the text of times, so the offset must be the stored one)."""
    return datetime.combine(day, time.min, tzinfo=ZoneInfo(shop.time_zone)).astimezone(UTC)


def _filtered(shop: Shop, filters: OrderFilters) -> Select:
    stmt = select(Order).join(User, User.id == Order.user_id).where(Order.shop_id == shop.id)
    q = filters.q.strip()
    if q:
        like = f"%{q.lower()}%"
        stmt = stmt.where(
            or_(
                Order.order_number == normalise_order_number(q),
                Order.order_number.like(f"%{q.upper()}%"),
                func.lower(User.email).like(like),
                func.lower(Order.shipping_name).like(like),
                Order.shipping_contact.like(f"%{q}%"),
                # Staff notes and tags (never the shopper's): a note's words or a tag.
                exists().where(OrderNote.order_id == Order.id, func.lower(OrderNote.body).like(like)),
                exists().where(OrderTag.order_id == Order.id, func.lower(OrderTag.tag).like(like)),
            )
        )
    if filters.status:
        stmt = stmt.where(Order.status == filters.status)
    if filters.date_from:
        stmt = stmt.where(Order.created_at >= _day_start(shop, filters.date_from))
    if filters.date_to:
        stmt = stmt.where(Order.created_at < _day_start(shop, filters.date_to + timedelta(days=1)))
    if filters.payment_method == "none":
        stmt = stmt.where(Order.payment_method.is_(None))
    elif filters.payment_method:
        stmt = stmt.where(Order.payment_method == filters.payment_method)
    if filters.shipping_type:
        stmt = stmt.where(Order.shipping_type == filters.shipping_type)
    if filters.claimed:
        stmt = stmt.where(Order.status.in_(OPEN_STATUSES), Order.payment_claimed_at.is_not(None))
    if filters.held:
        stmt = stmt.where(Order.status == OrderStatus.CANCELLED, Order.paid_amount > Order.refunded_amount)
    if filters.refund_abnormal:
        stmt = stmt.where(has_abnormal_refund(shop.id))
    if filters.tag:
        tag = filters.tag.strip().casefold()
        stmt = stmt.where(exists().where(OrderTag.order_id == Order.id, func.lower(OrderTag.tag) == tag))
    return stmt


def list_orders(session: Session, shop: Shop, filters: OrderFilters, page: int, per_page: int) -> Page:
    """The shop's orders, newest first, searched and filtered, one page (each with its shopper's email)."""
    stmt = _filtered(shop, filters).add_columns(User.email).order_by(Order.created_at.desc(), Order.id.desc())
    total = session.scalar(select(func.count()).select_from(stmt.order_by(None).subquery())) or 0
    rows = session.execute(stmt.limit(per_page).offset((page - 1) * per_page)).all()
    items = []
    tags = notes.tags_of(session, [order.id for order, _ in rows])
    for order, email in rows:
        order.customer_email = email
        order.tags = tags[order.id]
        items.append(order)
    return Page(items=items, page=page, per_page=per_page, total=total)


CSV_COLUMNS = (
    "order_number",
    "created_at",
    "status",
    "customer_email",
    "shipping_name",
    "shipping_contact",
    "shipping_country",
    "shipping_city",
    "shipping_address",
    "shipping_type",
    "total_quantity",
    "total_amount",
    "shipping_cost",
    "total_price",
    "payment_method",
    "paid_amount",
    "refunded_amount",
    "shipping_company",
    "tracking_number",
)


def orders_csv(session: Session, shop: Shop, filters: OrderFilters) -> Iterator[str]:
    """Every order the filters find, as CSV lines (a header first), read in batches; no cell can
    run as a formula (bff/common/spreadsheet.py)."""
    stmt = _filtered(shop, filters).add_columns(User.email).order_by(Order.created_at.desc(), Order.id.desc())

    def rows():
        for order, email in session.execute(stmt.execution_options(yield_per=500)):
            order.customer_email = email
            yield [getattr(order, name) for name in CSV_COLUMNS]

    return csv_lines(CSV_COLUMNS, rows())


@dataclass
class OrderDetail:
    order: Order
    customer: User
    payments: list[OrderPayment]
    refunds: list[dict]
    history: list[OrderEvent]
    actions: list[str]
    notes: list[OrderNote]


def get_order(session: Session, shop: Shop, order_number: str) -> OrderDetail:
    number = normalise_order_number(order_number)
    order = session.scalar(
        select(Order)
        .where(Order.shop_id == shop.id, Order.order_number == number)
        .options(selectinload(Order.lines).selectinload(OrderLine.product).selectinload(Product.images))
    )
    if order is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "order_not_found"))
    customer = session.get(User, order.user_id)
    order.customer_email = customer.email
    order.has_payment_proof = bool(session.scalar(select(exists().where(PaymentProof.order_id == order.id))))
    payments = list(
        session.scalars(
            select(OrderPayment).where(OrderPayment.order_id == order.id).order_by(OrderPayment.id)
        )
    )
    refunds = [
        dict(row._mapping)
        for row in session.execute(
            select(REFUNDS).where(REFUNDS.c.order_id == order.id).order_by(REFUNDS.c.id)
        )
    ]
    history = list(
        session.scalars(
            select(OrderEvent).where(OrderEvent.order_id == order.id).order_by(OrderEvent.at, OrderEvent.id)
        )
    )
    actions = transitions.allowed_actions(order)
    if payment_claims.released_in_grace(session, order):
        actions.insert(0, OrderAction.MARK_PAID.value)  # paid after the time-out: still accepted
    if order.payment_claimed_at is not None and order.status in OPEN_STATUSES:
        actions.insert(1, OrderAction.REJECT_PAYMENT.value)  # the shopper's 「我已付款」 not borne out
    order.tags = notes.tags_of(session, [order.id])[order.id]
    return OrderDetail(
        order, customer, payments, refunds, history, actions, notes.notes_of(session, order.id)
    )


def _committed(session: Session, shop: Shop, order_id: int) -> OrderDetail:
    session.commit()
    session.expire_all()
    number = session.scalar(select(Order.order_number).where(Order.id == order_id))
    return get_order(session, shop, number)


def _required(shop: Shop, value: str, key: str, field: str) -> str:
    value = (value or "").strip()
    if not value:
        message = text(shop.language, key)
        raise DomainError(Code.VALIDATION, message, {field: [message]})
    return value


def mark_paid(
    session: Session, shop: Shop, actor: User, order_number: str, amount, reference: str, note: str = ""
) -> OrderDetail:
    """Record a payment taken by hand (a QR code or a transfer) and move the order to paid: it
    leaves the unpaid time-out. The amount must be the order's total. An order the time-out
    released within the grace period is brought back, its stock taken again
    (bff/orders/payment_claims.py)."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    reference = _required(shop, reference, "reference_required", "reference")
    received = amount_in_cents(amount)
    if received != order.total_price:
        message = text(shop.language, "paid_amount_mismatch", amount=received, total=order.total_price)
        raise DomainError(Code.AMOUNT_MISMATCH, message, {"amount": [message]})
    now = utcnow()
    details = {"amount": received, "reference": reference, "method": "manual"}
    late = payment_claims.released_in_grace(session, order)
    if late:
        payment_claims.take_stock_again(session, shop, order.id)
    transitions.apply(
        session,
        shop,
        order.id,
        OrderAction.LATE_PAYMENT if late else OrderAction.MARK_PAID,
        admin(actor),
        values={"paid_at": now, "paid_amount": Order.paid_amount + received, "payment_method": "manual"},
        note=note,
        details=details,
    )
    session.add(
        OrderPayment(
            shop_id=shop.id,
            order_id=order.id,
            method="manual",
            amount=received,
            reference=reference,
            actor_id=actor.id,
            note=note,
            created_at=now,
        )
    )
    return _committed(session, shop, order.id)


def ship(
    session: Session, shop: Shop, actor: User, order_number: str, company: str, tracking: str, note: str = ""
) -> OrderDetail:
    """Ship a paid order with its courier and tracking number (the shopper's pages show both)."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    company = _required(shop, company, "company_required", "shipping_company")
    tracking = _required(shop, tracking, "tracking_required", "tracking_number")
    transitions.apply(
        session,
        shop,
        order.id,
        OrderAction.SHIP,
        admin(actor),
        values={"shipping_company": company, "tracking_number": tracking, "shipped_at": utcnow()},
        note=note,
        details={"shipping_company": company, "tracking_number": tracking},
    )
    return _committed(session, shop, order.id)


@dataclass
class Cancelled:
    detail: OrderDetail
    refunded: Decimal  # given back by this cancellation (0 when none)


def _refund_amount_problem(shop: Shop, key: str, **values) -> DomainError:
    message = text(shop.language, key, **values)
    return DomainError(Code.VALIDATION, message, {"refund_amount": [message]})


def cancel(
    session: Session,
    shop: Shop,
    actor: User,
    order_number: str,
    reason: str,
    refund_amount=None,
    restock: bool = True,
    keep_reason: str = "",
    refund_order: Callable[..., object] | None = None,
) -> Cancelled:
    """Cancel an order. An unpaid one gives its units back to stock. A paid one is cancelled and
    refunded together: `refund_amount` (at most what is paid and not yet refunded) goes back
    through bff/payments/refunds.py in the same transaction, the units go back only when
    `restock`, and money left unrefunded needs the owner's `keep_reason`, kept in the history.
    `refund_order` is bff/payments/refunds.py's (payments import orders, so the caller passes it)."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    if transitions.next_status(order.status, OrderAction.CANCEL) is None:
        raise transitions.refused(shop, order.status, OrderAction.CANCEL)  # before asking about money
    reason = _required(shop, reason, "reason_required", "reason")
    left = order.paid_amount - order.refunded_amount
    refund = amount_in_cents(refund_amount) if refund_amount not in (None, "") else Decimal("0.00")
    if refund is None or refund < 0:
        raise _refund_amount_problem(shop, "refund_not_positive")
    if refund > left or (refund > 0 and refund_order is None):
        raise _refund_amount_problem(shop, "refund_too_large", left=f"{left:.2f}")
    keep_reason = (keep_reason or "").strip()
    kept = left - refund
    if kept > 0 and not keep_reason:
        message = text(shop.language, "cancel_keeps_money", left=f"{kept:.2f}")
        raise DomainError(Code.VALIDATION, message, {"keep_reason": [message]})
    paid = order.status == OrderStatus.PAID
    details = {"restock": restock or not paid}
    if paid or left > 0:
        details |= {"refund": refund, "kept": kept, **({"keep_reason": keep_reason} if kept > 0 else {})}
    transitions.apply(
        session,
        shop,
        order.id,
        OrderAction.CANCEL,
        admin(actor),
        values={"cancelled_at": utcnow()},
        note=reason,
        details=details,
    )
    promotions.release_code_uses(session, order.id)  # a cancelled order holds no code use
    if details["restock"]:
        # The conditional UPDATE above let one caller through: only it returns the stock.
        loaded = session.scalar(select(Order).where(Order.id == order.id).options(selectinload(Order.lines)))
        _return_stock(session, loaded, StockReason.CANCEL)
    if refund > 0:
        # Commits the cancellation with the refund, or rolls both back (a provider's refusal).
        refund_order(session, shop, actor, order.order_number, refund, reason)
        return Cancelled(_committed(session, shop, order.id), refund)
    return Cancelled(_committed(session, shop, order.id), Decimal("0.00"))


def revive(session: Session, shop: Shop, actor: User, order_number: str, note: str = "") -> OrderDetail:
    """Bring back a cancelled order that holds its whole total (a provider's payment that landed
    after the cancellation, bff/payments/services.py): its units are taken from stock again (409
    naming the shortage: refund instead) and it is paid, mailed to the shopper as paid."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    if transitions.next_status(order.status, OrderAction.REVIVE) is None:
        raise transitions.refused(shop, order.status, OrderAction.REVIVE)
    held = order.paid_amount - order.refunded_amount
    if held < order.total_price:
        raise DomainError(Code.TRANSITION_NOT_ALLOWED, text(shop.language, "revive_not_held"))
    payment_claims.take_stock_again(session, shop, order.id)
    transitions.apply(
        session,
        shop,
        order.id,
        OrderAction.REVIVE,
        admin(actor),
        values={"paid_at": utcnow(), "cancelled_at": None},
        guard=[Order.paid_amount - Order.refunded_amount >= Order.total_price],
        note=note,
        details={"held": held},
    )
    return _committed(session, shop, order.id)


def money_held(session: Session, shop: Shop) -> list[Order]:
    """Cancelled orders still holding money taken (paid and not refunded), oldest first."""
    return list(
        session.scalars(
            select(Order)
            .where(
                Order.shop_id == shop.id,
                Order.status == OrderStatus.CANCELLED,
                Order.paid_amount > Order.refunded_amount,
            )
            .order_by(Order.cancelled_at, Order.id)
        )
    )


def check_version(shop: Shop, order: Order, if_match: set[int] | None) -> None:
    problem = version_check(order.version, if_match, required=True)
    if problem is VersionCheck.REQUIRED:
        raise DomainError(Code.IF_MATCH_REQUIRED, text(shop.language, "if_match_required"))
    if problem is VersionCheck.STALE:
        raise DomainError(Code.STALE_VERSION, text(shop.language, "stale_version"))


def require_version(session: Session, shop: Shop, order_number: str, if_match: set[int] | None) -> None:
    """The version rule on an order step (mark paid, ship, cancel, refund, reject a payment): 428
    without an If-Match naming a version, 412 when the order changed since it was read. The step
    itself is then a conditional UPDATE of the state read (bff/orders/transitions.py), which
    raises the version, so of two steps made on one copy only the first applies."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    check_version(shop, order, if_match)
    transitions.expect_version(session, order.id, order.version)


def edit_address(
    session: Session, shop: Shop, actor: User, order_number: str, data: dict, if_match: set[int] | None
) -> OrderDetail:
    """Change the recipient of an order not yet shipped (checked as at checkout). The fee
    charged stays as it was."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    check_version(shop, order, if_match)
    # The console shows the ID number masked too: sent back unchanged, it keeps the stored one.
    values = clean_recipient(shop, data, known_ids=[order.shipping_id])
    before = {name: getattr(order, name) for name in ADDRESS_FIELDS}
    changes = {name: [before[name], values[name]] for name in ADDRESS_FIELDS if before[name] != values[name]}
    if "shipping_id" in changes:  # the history says it changed, never what it is
        changes["shipping_id"] = [mask_id_number(n) for n in changes["shipping_id"]]
    transitions.apply(
        session,
        shop,
        order.id,
        OrderAction.EDIT_ADDRESS,
        admin(actor),
        values=values,
        guard=[Order.version == order.version],
        note=data.get("note") or "",
        details={"changes": changes},
    )
    return _committed(session, shop, order.id)


# The dashboard --------------------------------------------------------------------------------

COUNTED = (OrderStatus.PAID, OrderStatus.COMPLETED)


def dashboard(session: Session, shop: Shop, days: int = 30, now: datetime | None = None) -> dict:
    """Sales (money received, less refunds) and orders per day of the shop's calendar
    for the last `days` days, the best-selling products, low-stock variants (at the shop's
    threshold), orders to ship, and today's figures (bff/orders/today.py)."""
    zone = ZoneInfo(shop.time_zone)
    now = now or utcnow()
    current = now.astimezone(zone).date()
    first = current - timedelta(days=days - 1)
    rows = session.execute(
        select(Order.created_at, Order.paid_amount, Order.refunded_amount).where(
            Order.shop_id == shop.id, Order.created_at >= _day_start(shop, first)
        )
    ).all()
    per_day = {first + timedelta(days=i): {"orders": 0, "sales": Decimal("0.00")} for i in range(days)}
    for created, paid, refunded in rows:
        created = created if created.tzinfo else created.replace(tzinfo=UTC)
        day = per_day.get(created.astimezone(zone).date())
        if day is None:
            continue
        day["orders"] += 1
        day["sales"] += (paid or 0) - (refunded or 0)  # money kept, by the day the order was placed
    top = session.execute(
        select(
            OrderLine.product_id,
            OrderLine.product_name,
            func.sum(OrderLine.quantity).label("quantity"),
            func.sum(OrderLine.final_price * OrderLine.quantity).label("sales"),
        )
        .join(Order, Order.id == OrderLine.order_id)
        .where(
            Order.shop_id == shop.id,
            Order.status.in_(COUNTED),
            Order.created_at >= _day_start(shop, first),
        )
        .group_by(OrderLine.product_id, OrderLine.product_name)
        .order_by(func.sum(OrderLine.quantity).desc(), OrderLine.product_name)
        .limit(10)
    ).all()
    waiting = list(
        session.scalars(
            select(Order)
            .where(Order.shop_id == shop.id, Order.status == OrderStatus.PAID)
            .order_by(Order.paid_at, Order.id)
            .limit(20)
        )
    )
    waiting_count = session.scalar(
        select(func.count()).where(Order.shop_id == shop.id, Order.status == OrderStatus.PAID)
    )
    return {
        "days": [{"date": day, "orders": v["orders"], "sales": v["sales"]} for day, v in per_day.items()],
        "top_products": [
            {
                "product_id": pid,
                "name": name,
                "quantity": int(qty),
                "sales": Decimal(sales).quantize(Decimal("0.01")),
            }
            for pid, name, qty, sales in top
        ],
        "low_stock": today.low_stock(session, shop),
        "today": today.today(session, shop, now),
        "to_ship": waiting,
        "to_ship_count": waiting_count or 0,
        "money_held": money_held(session, shop),
        "awaiting_confirmation": list(
            session.scalars(
                _filtered(shop, OrderFilters(claimed=True))
                .order_by(Order.payment_claimed_at, Order.id)
                .limit(50)
            )
        ),
    }
