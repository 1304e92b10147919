"""Refunds: money given back on an order, whole or in part, recorded against the payment it
came from (bff/orders/models.py `OrderPayment`).

A payment taken through a provider the shop still has (WeChat Pay, Alipay, the sandbox where it
is on) is refunded through that provider's API, inside the same transaction: if the provider
refuses, nothing is recorded and the owner is told (502). A payment taken by hand (the shop's QR
codes) is refunded by hand: the owner sends the money back and records it here with a reason.

A provider's refund is `processing` until the provider says how it ended (WeChat Pay's REFUND.*
notification on its own URL, or the refund query of the settle sweep; Alipay's refund query when
`fund_change` was N): `refunded` or `failed` (the console shows it for the owner to act on). A
refund by hand is `refunded` at once. (The refund step's mail is queued by
bff/orders/transitions.py when the refund is recorded.)

At most what was paid is ever refunded, however many refunds run at once: the order's
`refunded_amount` moves with a conditional UPDATE (`refunded_amount + x <= paid_amount`), the
order's transition step (bff/orders/transitions.py).
"""

import logging
from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, String, Text, func, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from bff.accounts.models import User
from bff.common.errors import DomainError
from bff.common.models import Money, ShopOwned, amount_in_cents, utcnow
from bff.extensions import db
from bff.orders import transitions
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.messages import text
from bff.orders.models import Order, OrderPayment
from bff.orders.numbers import normalise_order_number
from bff.orders.transitions import OrderAction
from bff.payments import services
from bff.payments.error_codes import NotificationErrorCode
from bff.payments.providers import get_provider
from bff.payments.providers.base import BadNotification, NotAPayment, ProviderError
from bff.shops.models import Shop

log = logging.getLogger(__name__)


class Refund(ShopOwned, db.Model):
    __tablename__ = "refunds"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    payment_id: Mapped[int] = mapped_column(ForeignKey("order_payments.id", ondelete="CASCADE"), index=True)
    amount: Mapped[Decimal] = mapped_column(Money)
    reason: Mapped[str] = mapped_column(Text)
    method: Mapped[str] = mapped_column(String(20))  # manual (by hand) | provider
    # processing | refunded | failed (migration 0020)
    status: Mapped[str] = mapped_column(String(20), default="refunded", server_default="refunded")
    provider_refund_id: Mapped[str | None] = mapped_column(String(128))
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def _payment_to_refund(session: Session, order_id: int, amount: Decimal) -> OrderPayment:
    """The latest payment of the order with `amount` left on it (else the latest one)."""
    payments = list(
        session.scalars(
            select(OrderPayment).where(OrderPayment.order_id == order_id).order_by(OrderPayment.id.desc())
        )
    )
    refunded = dict(
        session.execute(
            select(Refund.payment_id, func.sum(Refund.amount))
            .where(Refund.order_id == order_id)
            .group_by(Refund.payment_id)
        ).all()
    )
    for payment in payments:
        if payment.amount - (refunded.get(payment.id) or 0) >= amount:
            return payment
    return payments[0]


def _too_large(shop: Shop, order: Order) -> DomainError:
    left = order.paid_amount - order.refunded_amount
    return DomainError(Code.REFUND_TOO_LARGE, text(shop.language, "refund_too_large", left=f"{left:.2f}"))


def refund_order(session: Session, shop: Shop, actor: User, order_number: str, amount, reason: str) -> Refund:
    """Record a refund of `amount` (at most what is paid and not yet refunded) with its reason."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    amount = amount_in_cents(amount)
    if amount is None or amount <= 0:
        message = text(shop.language, "refund_not_positive")
        raise DomainError(Code.VALIDATION, message, {"amount": [message]})
    reason = (reason or "").strip()
    if not reason:
        message = text(shop.language, "reason_required")
        raise DomainError(Code.VALIDATION, message, {"reason": [message]})
    if transitions.next_status(order.status, OrderAction.REFUND) is None:
        raise transitions.refused(shop, order.status, OrderAction.REFUND)
    if order.paid_amount <= 0:
        raise DomainError(Code.TRANSITION_NOT_ALLOWED, text(shop.language, "nothing_paid"))
    if amount > order.paid_amount - order.refunded_amount:
        raise _too_large(shop, order)
    payment = _payment_to_refund(session, order.id, amount)
    provider = None if payment.method == "manual" else get_provider(session, shop, payment.method)
    method = "manual" if provider is None else "provider"

    def lost_to_another_refund() -> DomainError:
        return _too_large(shop, session.get(Order, order.id, populate_existing=True))

    transitions.apply(
        session,
        shop,
        order.id,
        OrderAction.REFUND,
        transitions.admin(actor),
        values={"refunded_amount": Order.refunded_amount + amount},
        guard=[Order.refunded_amount + amount <= Order.paid_amount],
        note=reason,
        details={"amount": amount, "payment_id": payment.id, "method": method},
        guard_failed=lost_to_another_refund,
    )
    refund = Refund(
        shop_id=shop.id,
        order_id=order.id,
        payment_id=payment.id,
        amount=amount,
        reason=reason,
        method=method,
        actor_id=actor.id,
    )
    session.add(refund)
    session.flush()
    if provider is not None:
        # Given back of this payment before (the order's row is locked by the UPDATE above, so
        # concurrent refunds count one after the other): a yuan refund converts cumulatively.
        before = session.scalar(
            select(func.coalesce(func.sum(Refund.amount), 0)).where(
                Refund.payment_id == payment.id, Refund.id != refund.id
            )
        )
        try:
            # Our refund number is the row's: a retry of this refund can never refund twice.
            result = services.refund_payment(
                session,
                shop,
                {payment.method: provider},
                order,
                amount,
                refund_number(refund, order.order_number),
                reason,
                refunded_before=Decimal(before),
            )
        except DomainError:
            session.rollback()
            raise
        refund.provider_refund_id = result.refund_id[:128]
        refund.status = STATES[result.status]
    session.commit()
    return refund


STATES = {"succeeded": "refunded", "processing": "processing", "failed": "failed"}


def refund_number(refund: Refund, order_number: str) -> str:
    """Our number of the refund at the provider (out_refund_no, out_request_no)."""
    return f"{order_number}-R{refund.id}"


def _refund_of_number(session: Session, shop: Shop, number: str) -> Refund | None:
    order_number, _, refund_id = number.rpartition("-R")
    if not refund_id.isdigit():
        return None
    return session.scalar(
        select(Refund)
        .join(Order, Order.id == Refund.order_id)
        .where(Refund.id == int(refund_id), Refund.shop_id == shop.id, Order.order_number == order_number)
    )


def settle_refund(session: Session, shop: Shop, number: str, status: str) -> Refund | None:
    """The provider's word on our refund `number` (succeeded, processing, failed), applied once:
    a processing refund moves to refunded or failed."""
    refund = _refund_of_number(session, shop, number)
    if refund is None or refund.status != "processing" or STATES[status] == "processing":
        return refund
    session.execute(
        update(Refund)
        .where(Refund.id == refund.id, Refund.status == "processing")
        .values(status=STATES[status])
        .execution_options(synchronize_session=False)
    )  # conditional: a concurrent notification or sweep moves it once
    session.commit()
    session.refresh(refund)
    return refund


def receive_refund_notification(session: Session, shop: Shop, provider, body: bytes, headers) -> str:
    """A provider's refund notification (WeChat Pay's REFUND.SUCCESS / ABNORMAL / CLOSED), verified
    like a payment's; the refund's state afterwards."""
    try:
        event = provider.parse_refund_notification(body, headers)
    except NotAPayment:
        return "ignored"
    except BadNotification as exc:
        message = "The notification could not be verified."
        raise DomainError(NotificationErrorCode.BAD_SIGNATURE, message) from exc
    refund = settle_refund(session, shop, event.refund_number, event.status)
    if refund is None:
        raise DomainError(NotificationErrorCode.NOT_FOUND, "No such refund.")
    return refund.status


def follow_refunds(session: Session, providers_of) -> list[str]:
    """The sweep: every processing refund asked about at its provider (the refund query); the
    numbers of those that ended."""
    ended = []
    rows = session.execute(
        select(Refund, Order.order_number, OrderPayment.method)
        .join(Order, Order.id == Refund.order_id)
        .join(OrderPayment, OrderPayment.id == Refund.payment_id)
        .where(Refund.status == "processing")
    ).all()
    for refund, order_number, method in rows:
        shop = session.get(Shop, refund.shop_id)
        provider = providers_of(shop).get(method)
        query = getattr(provider, "query_refund", None)
        if query is None:
            continue
        number = refund_number(refund, order_number)
        trade_no = (refund.provider_refund_id or "").partition(":")[0] or None
        try:
            status = query(number, trade_no) if method == "alipay" else query(number)
        except ProviderError as exc:
            log.warning("payment: refund query of %s failed: %s", number, exc)
            continue
        if status and status != "processing":
            settle_refund(session, shop, number, status)
            ended.append(number)
    return ended
