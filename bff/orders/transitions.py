"""The order's state machine: what the owner (and the shopper, the provider, the time-out) may
do to an order in each state, as data, and the one function that applies a step.

A step is a conditional UPDATE (`WHERE status = <the status read>` plus the action's own
guard): on PostgreSQL the second of two concurrent clicks waits for the first one's row lock,
then finds the row changed and matches nothing, so exactly one transition happens and the other
is refused (409) with the state it found. Every step raises the order's `version` (its ETag),
writes one row of the order's history (who, when, why) and queues the shopper's mail about it
(the mail outbox) in the same transaction.

This module is the one writer of `Order.status`: payments, cancels, shipping, the unpaid
time-out and the console all take their steps here (bff/tests/orders/test_one_writer.py fails
if any other module writes it).
"""

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.audit.services import Action as AuditAction
from bff.audit.services import json_value, record
from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.mails import OrderMail, queue_order_mail
from bff.orders.messages import text
from bff.orders.models import Order, OrderEvent, OrderStatus
from bff.shops.models import Shop

S = OrderStatus


class OrderAction(enum.StrEnum):
    PLACE = "place"  # the shopper's checkout (history only)
    MARK_PAID = "mark_paid"
    SHIP = "ship"
    CANCEL = "cancel"
    REFUND = "refund"
    EDIT_ADDRESS = "edit_address"
    PAYMENT_FAILED = "payment_failed"  # the provider says the payment failed
    RELEASE = "release"  # the unpaid time-out
    # Manual QR payments (bff/orders/payment_claims.py): the shopper's "I have paid" and the
    # owner's rejection of it are history only; a payment confirmed after the time-out released
    # the order brings it back (its stock taken again).
    CLAIM_PAID = "claim_paid"
    REJECT_PAYMENT = "reject_payment"
    LATE_PAYMENT = "late_payment"
    # A provider's payment that lands on a cancelled order (its trade could not be closed in
    # time): the money is recorded on the order, which stays cancelled, for the owner to refund
    # or to revive the order (issue 22 item 3).
    PAYMENT_AFTER_CANCEL = "payment_after_cancel"
    REVIVE = "revive"  # the owner: a cancelled order holding its whole total is paid again (stock taken)
    REFUND_FAILED = "refund_failed"  # the provider: a refund failed, its amount refundable again
    # The provider: a refund stuck there (WeChat Pay's ABNORMAL), still owed to the shopper, for
    # the owner to finish by hand at the provider; its amount stays refunded (bff/payments/refunds.py).
    REFUND_NEEDS_HANDLING = "refund_needs_handling"


# (state, action) -> state after. A pair missing from the table is refused in that state.
TRANSITIONS: dict[tuple[OrderStatus, OrderAction], OrderStatus] = {
    (S.UNPAID, OrderAction.MARK_PAID): S.PAID,
    (S.PAYMENT_FAILED, OrderAction.MARK_PAID): S.PAID,
    (S.UNPAID, OrderAction.PAYMENT_FAILED): S.PAYMENT_FAILED,
    (S.PAID, OrderAction.SHIP): S.COMPLETED,
    (S.UNPAID, OrderAction.CANCEL): S.CANCELLED,  # stock back
    (S.PAYMENT_FAILED, OrderAction.CANCEL): S.CANCELLED,  # stock back
    (S.PAID, OrderAction.CANCEL): S.CANCELLED,  # stock back; the money goes back by a refund
    (S.UNPAID, OrderAction.RELEASE): S.CANCELLED,  # stock back
    (S.CANCELLED, OrderAction.LATE_PAYMENT): S.PAID,  # released by the time-out, paid in the grace period
    (S.CANCELLED, OrderAction.PAYMENT_AFTER_CANCEL): S.CANCELLED,  # the money held, for the owner
    (S.CANCELLED, OrderAction.REVIVE): S.PAID,  # stock taken again; only when the total is held
    (S.PAYMENT_FAILED, OrderAction.RELEASE): S.CANCELLED,  # stock back
    # A refund (whole or part of what was paid and not yet refunded) leaves the state as it is.
    (S.PAID, OrderAction.REFUND): S.PAID,
    (S.COMPLETED, OrderAction.REFUND): S.COMPLETED,
    (S.CANCELLED, OrderAction.REFUND): S.CANCELLED,
    # The address can change until the parcel leaves.
    (S.UNPAID, OrderAction.EDIT_ADDRESS): S.UNPAID,
    (S.PAYMENT_FAILED, OrderAction.EDIT_ADDRESS): S.PAYMENT_FAILED,
    (S.PAID, OrderAction.EDIT_ADDRESS): S.PAID,
}

# What the owner's console offers (the others are the shopper's, the provider's, the time-out's).
OWNER_ACTIONS = (
    OrderAction.MARK_PAID,
    OrderAction.SHIP,
    OrderAction.CANCEL,
    OrderAction.REFUND,
    OrderAction.EDIT_ADDRESS,
    OrderAction.REVIVE,
)
# Steps that put the order's units back into stock.
RETURNS_STOCK = {OrderAction.CANCEL, OrderAction.RELEASE}


def next_status(status: str, action: OrderAction) -> OrderStatus | None:
    return TRANSITIONS.get((OrderStatus(status), action))


def allowed_actions(order: Order) -> list[str]:
    """The owner's actions the order's state allows (a refund also needs money left to refund; a
    revival, the whole total held)."""
    actions = [a for a in OWNER_ACTIONS if next_status(order.status, a) is not None]
    if order.paid_amount <= order.refunded_amount:
        actions = [a for a in actions if a != OrderAction.REFUND]
    if order.paid_amount - order.refunded_amount < order.total_price:
        actions = [a for a in actions if a != OrderAction.REVIVE]
    return [a.value for a in actions]


@dataclass
class Actor:
    """Who takes a step: an admin or shopper (a user), a payment provider, or the system."""

    kind: str
    user: User | None = None
    label: str = ""

    @property
    def email(self) -> str:
        return self.user.email if self.user else self.label


def admin(user: User) -> Actor:
    return Actor("admin", user)


def shopper(user: User) -> Actor:
    return Actor("shopper", user)


SYSTEM = Actor("system", label="system")


@dataclass
class Step:
    """One applied step: the order's states before and after."""

    order_id: int
    before: OrderStatus
    after: OrderStatus
    details: dict = field(default_factory=dict)


def refused(shop: Shop, status: str, action: OrderAction) -> DomainError:
    """409: `action` is not possible in `status`, said in the shop's language."""
    message = text(
        shop.language,
        "transition_refused",
        status=text(shop.language, f"status_{status}"),
        action=text(shop.language, f"action_{action.value}"),
    )
    return DomainError(Code.TRANSITION_NOT_ALLOWED, message)


def find_order(session: Session, shop: Shop, number: str) -> Order:
    order = session.scalar(select(Order).where(Order.shop_id == shop.id, Order.order_number == number))
    if order is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "order_not_found"))
    return order


# The shopper's mail about a step (bff/orders/mails.py), queued in the step's transaction.
STEP_MAILS = {
    OrderAction.MARK_PAID: OrderMail.PAID,
    OrderAction.SHIP: OrderMail.SHIPPED,
    OrderAction.CANCEL: OrderMail.CANCELLED,
    OrderAction.RELEASE: OrderMail.CANCELLED,
    OrderAction.REFUND: OrderMail.REFUNDED,
    OrderAction.REVIVE: OrderMail.PAID,
}
# Steps whose note is said to the shopper (the reason); the others' notes are the owner's own.
NOTE_IS_REASON = {OrderAction.CANCEL, OrderAction.RELEASE, OrderAction.REFUND}


# session.info: {order id: the version the console's step was made on} (the If-Match of the
# request, bff/orders/admin_services.py `require_version`). The next step of that order in the
# transaction takes it as a condition of its UPDATE, so two steps made on one copy apply once.
EXPECTED_VERSIONS = "bff.orders.expected_versions"


def expect_version(session: Session, order_id: int, version: int) -> None:
    session.info.setdefault(EXPECTED_VERSIONS, {})[order_id] = version


def version_guard(session: Session, order_id: int) -> list[ColumnElement[bool]]:
    """The condition on the version the request named for this order (used once), if any."""
    version = session.info.get(EXPECTED_VERSIONS, {}).pop(order_id, None)
    return [] if version is None else [Order.version == version]


def stale(shop: Shop) -> DomainError:
    return DomainError(Code.STALE_VERSION, text(shop.language, "stale_version"))


def _move(
    session: Session,
    order_id: int,
    current: str,
    after: OrderStatus,
    values: dict[str, Any] | None,
    guard: list[ColumnElement[bool]],
) -> bool:
    """The one write of an order's status: conditional on the status read (and the guard)."""
    moved = session.execute(
        update(Order)
        .where(Order.id == order_id, Order.status == current, *guard)
        .values(status=after, version=Order.version + 1, updated_at=utcnow(), **(values or {}))
        .execution_options(synchronize_session=False)
    ).rowcount
    return moved == 1


def _record(
    session: Session,
    shop: Shop,
    order_id: int,
    user_id: int,
    action: OrderAction,
    actor: Actor,
    current: str,
    after: OrderStatus,
    note: str,
    details: dict | None,
) -> Step:
    """What goes with a step, in its transaction: the history row, the audit row of an admin's
    step, and the shopper's mail."""
    add_event(session, shop, order_id, action, actor, current, after, note, details)
    if actor.kind == "admin" and actor.user is not None:
        changes = {"status": [current, after], **{k: [None, v] for k, v in (details or {}).items()}}
        record(session, shop, actor.user, AuditAction.TRANSITION, "order", order_id, changes, note=action)
    mail = STEP_MAILS.get(action)
    if action == OrderAction.REFUND and (details or {}).get("method") == "provider":
        # A provider's refund is mailed when the provider says it succeeded
        # (bff/payments/refunds.py `settle_refund`), never when it is only asked for.
        mail = None
    if mail is not None:
        queue_order_mail(
            session,
            shop.id,
            user_id,
            order_id,
            mail,
            amount=(details or {}).get("amount"),
            reason=note if action in NOTE_IS_REASON else None,
        )
    return Step(order_id, OrderStatus(current), after, details or {})


def _current(session: Session, shop: Shop, order_id: int) -> tuple[str, int]:
    row = session.execute(
        select(Order.status, Order.user_id).where(Order.id == order_id, Order.shop_id == shop.id)
    ).first()
    if row is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "order_not_found"))
    return row[0], row[1]


def apply(
    session: Session,
    shop: Shop,
    order_id: int,
    action: OrderAction,
    actor: Actor,
    *,
    values: dict[str, Any] | None = None,
    guard: list[ColumnElement[bool]] = (),
    note: str = "",
    details: dict | None = None,
    expected: set[str] | None = None,
    guard_failed: Callable[[], DomainError] | None = None,
) -> Step:
    """Take `action` on the order (no commit: the caller adds what goes with it, then commits).

    `values` are further columns to set, `guard` further conditions of the UPDATE (a refund's
    amount left); `expected`, the states the caller saw (a stale click is refused as well).
    Raises the 409 of the state found when the step is not allowed or lost a race, or what
    `guard_failed()` gives when the state held but the guard did not.
    """
    versioned = version_guard(session, order_id)
    current, user_id = _current(session, shop, order_id)
    after = next_status(current, action)
    if after is None or (expected is not None and current not in expected):
        raise refused(shop, current, action)
    if not _move(session, order_id, current, after, values, [*guard, *versioned]):
        session.rollback()
        # Another step came first: say what the order is now.
        latest = session.scalar(select(Order.status).where(Order.id == order_id))
        if latest == current and versioned:  # the same state, a newer version: a stale copy
            raise stale(shop)
        if latest == current:  # the state is the same, so the action's own guard failed
            if guard_failed is not None:
                raise guard_failed()
            raise DomainError(Code.TRANSITION_NOT_ALLOWED, text(shop.language, "transition_lost"))
        raise refused(shop, latest, action)
    return _record(session, shop, order_id, user_id, action, actor, current, after, note, details)


def attempt(
    session: Session,
    shop: Shop,
    order_id: int,
    action: OrderAction,
    actor: Actor,
    *,
    values: dict[str, Any] | None = None,
    note: str = "",
    details: dict | None = None,
    expected: set[str] | None = None,
) -> Step | None:
    """Take `action` if the order's state allows it (no commit), for the steps nobody clicked (a
    provider's notification, the time-out): None when it does not, with nothing rolled back, so
    the caller's other writes (the notification's record) stay. A step that loses a race to a
    change that still allows it (unpaid -> payment_failed, then paid) is taken from the new state.
    """
    for _ in range(3):
        current, user_id = _current(session, shop, order_id)
        after = next_status(current, action)
        if after is None or (expected is not None and current not in expected):
            return None
        if _move(session, order_id, current, after, values, []):
            return _record(session, shop, order_id, user_id, action, actor, current, after, note, details)
    return None


def add_event(
    session: Session,
    shop: Shop,
    order_id: int,
    action: OrderAction,
    actor: Actor,
    before: str | None,
    after: str | None,
    note: str = "",
    details: dict | None = None,
) -> OrderEvent:
    """One row of the order's history (no commit)."""
    event = OrderEvent(
        shop_id=shop.id,
        order_id=order_id,
        action=action.value,
        from_status=before,
        to_status=after,
        actor_kind=actor.kind,
        actor_id=actor.user.id if actor.user else None,
        actor_email=actor.email,
        note=note,
        details=json_value(details or {}),
    )
    session.add(event)
    return event
