"""Refunds: money given back on an order, whole or in part, recorded against the payment it
came from (bff/orders/models.py `OrderPayment`).

A payment taken through a provider the shop still has (WeChat Pay, Alipay, the sandbox where it
is on) is refunded through that provider's API, inside the same transaction: if the provider
refuses, nothing is recorded and the owner is told (502). A payment taken by hand (the shop's QR
codes) is refunded by hand: the owner sends the money back and records it here with a reason.

At most what was paid is ever refunded, however many refunds run at once: the order's
`refunded_amount` moves with a conditional UPDATE (`refunded_amount + x <= paid_amount`), the
order's transition step (bff/orders/transitions.py).
"""

from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, String, Text, func, select
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
from bff.payments.providers import get_provider
from bff.shops.models import Shop


class Refund(ShopOwned, db.Model):
    __tablename__ = "refunds"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    payment_id: Mapped[int] = mapped_column(ForeignKey("order_payments.id", ondelete="CASCADE"), index=True)
    amount: Mapped[Decimal] = mapped_column(Money)
    reason: Mapped[str] = mapped_column(Text)
    method: Mapped[str] = mapped_column(String(20))  # manual (by hand) | provider
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
                f"{order.order_number}-R{refund.id}",
                reason,
                refunded_before=Decimal(before),
            )
        except DomainError:
            session.rollback()
            raise
        refund.provider_refund_id = result.refund_id[:128]
    session.commit()
    return refund
