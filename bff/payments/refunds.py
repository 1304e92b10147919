"""Refunds: money given back on an order, whole or in part, recorded against the payment it
came from (bff/orders/models.py `OrderPayment`).

A payment taken through a provider the shop still has (WeChat Pay, Alipay, the sandbox where it
is on) is refunded through that provider's API, inside the same transaction: if the provider
refuses, nothing is recorded and the owner is told (502). A payment taken by hand (the shop's QR
codes) is refunded by hand: the owner sends the money back and records it here with a reason.

A provider's refund is `processing` until the provider says how it ended (WeChat Pay's REFUND.*
notification on its own URL, or the refund query of the settle sweep; Alipay, which sends no
notification for alipay.trade.refund, by its refund query and, while that reports it not done,
the same refund sent again: bff/payments/providers/alipay.py): `refunded` or `failed`, or
`abnormal`: stuck at the provider, for the owner to handle by hand there (WeChat Pay's ABNORMAL, the
original card cancelled or frozen: bff/payments/providers/wechat_pay.py REFUND_STATES). An abnormal
refund is still owed to the shopper, so its amount stays refunded (never refundable again, which
could refund it twice), no "refunded" mail is queued, and the order's history tells the owner what
to do; the settle sweep keeps asking about it, and it still ends `refunded` (mailed then) or
`failed`. The console and the shopper's order page show each refund's state. A refund by hand is `refunded` at
once, and its "refunded" mail is queued with it (bff/orders/transitions.py); a provider's refund
is mailed only when the provider says it succeeded, in the transaction that records it
(`settle_refund`). A failed refund gives its amount back to the order (refundable again) and says
so in the order's history, for the owner.

At most what was paid is ever refunded, however many refunds run at once: the order's
`refunded_amount` moves with a conditional UPDATE (`refunded_amount + x <= paid_amount`), the
order's transition step (bff/orders/transitions.py).
"""

import logging
from decimal import Decimal

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.common.errors import DomainError
from bff.common.models import amount_in_cents
from bff.orders import transitions
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.mails import OrderMail, queue_order_mail
from bff.orders.messages import text
from bff.orders.models import Order, OrderPayment
from bff.orders.numbers import normalise_order_number
from bff.orders.services import get_order
from bff.orders.transitions import OrderAction
from bff.payments import services
from bff.payments.error_codes import NotificationErrorCode
from bff.payments.models import Refund
from bff.payments.providers import get_provider
from bff.payments.providers.base import BadNotification, NotAPayment, ProviderError
from bff.shops.models import Shop

log = logging.getLogger(__name__)


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
            .where(Refund.order_id == order_id, Refund.status != "failed")
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
                Refund.payment_id == payment.id, Refund.id != refund.id, Refund.status != "failed"
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
                transaction_id=payment.reference,
            )
        except DomainError:
            session.rollback()
            raise
        refund.provider_refund_id = result.refund_id[:128]
        refund.charged_amount, refund.charged_currency = result.amount, result.currency
        refund.status = "processing"
        session.flush()
        _ended(session, shop, refund, STATES[result.status])  # a provider that answers at once
    session.commit()
    return refund


# The provider's word (bff/payments/providers/base.py RefundResult) -> the refund's state.
STATES = {"succeeded": "refunded", "processing": "processing", "abnormal": "abnormal", "failed": "failed"}
# Refunds not ended yet: asked about by the sweep, moved by a notification.
OPEN = ("processing", "abnormal")


def shopper_refunds(session: Session, shop: Shop, user: User, order_number: str) -> list[Refund]:
    """The refunds of the member's order (404 when it is not theirs), oldest first."""
    order = get_order(session, shop, user, order_number)
    return list(
        session.scalars(
            select(Refund).where(Refund.shop_id == shop.id, Refund.order_id == order.id).order_by(Refund.id)
        )
    )


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


def _ended(session: Session, shop: Shop, refund: Refund, state: str) -> bool:
    """Move a refund not ended yet to `state` once, with what goes with it, in the caller's
    transaction:

    - refunded (from processing or abnormal): the shopper's "refunded" mail;
    - failed (from processing or abnormal): its amount back on the order (refundable again) and a
      history row for the owner;
    - abnormal (from processing only): nothing given back, the amount stays refunded (the money is
      still owed to the shopper and the owner finishes it by hand at the provider), no mail, and a
      history row telling the owner to handle it in WeChat Pay's merchant platform.

    False when it was not in a state it can move from any more (a concurrent notification or
    sweep moved it) or `state` is processing."""
    if state == "processing":
        return False
    before = ("processing",) if state == "abnormal" else OPEN
    moved = session.execute(
        update(Refund)
        .where(Refund.id == refund.id, Refund.status.in_(before))
        .values(status=state)
        .execution_options(synchronize_session=False)
    ).rowcount  # conditional: a concurrent notification or sweep moves it once
    if moved != 1:
        return False
    order = session.get(Order, refund.order_id)
    if state == "refunded":
        queue_order_mail(
            session,
            shop.id,
            order.user_id,
            order.id,
            OrderMail.REFUNDED,
            amount=refund.amount,
            reason=refund.reason,
        )
        return True
    provider = transitions.Actor("provider", label=refund_method_label(session, refund))
    details = {"amount": refund.amount, "refund_id": refund.id}
    if state == "abnormal":
        note = text(shop.language, "refund_needs_handling_note", amount=f"{refund.amount:.2f}")
        action = OrderAction.REFUND_NEEDS_HANDLING
        transitions.add_event(
            session, shop, order.id, action, provider, order.status, order.status, note, details
        )
        log.warning(
            "payment: refund %s of order %s is abnormal at the provider: the owner handles it by hand",
            refund.id,
            order.order_number,
        )
        return True
    session.execute(
        update(Order)
        .where(Order.id == order.id, Order.refunded_amount >= refund.amount)
        .values(refunded_amount=Order.refunded_amount - refund.amount, version=Order.version + 1)
        .execution_options(synchronize_session=False)
    )
    transitions.add_event(
        session,
        shop,
        order.id,
        OrderAction.REFUND_FAILED,
        provider,
        order.status,
        order.status,
        note=refund.reason,
        details=details,
    )
    log.warning("payment: refund %s of order %s failed at the provider", refund.id, order.order_number)
    return True


def refund_method_label(session: Session, refund: Refund) -> str:
    return (
        session.scalar(select(OrderPayment.method).where(OrderPayment.id == refund.payment_id)) or "provider"
    )


def settle_refund(session: Session, shop: Shop, number: str, status: str) -> Refund | None:
    """The provider's word on our refund `number` (succeeded, processing, abnormal, failed),
    applied once: a processing refund moves to refunded (the shopper's mail queued), failed (its
    amount refundable again) or abnormal (the owner told to handle it at the provider); an abnormal
    one to refunded or failed. The transaction commits."""
    refund = _refund_of_number(session, shop, number)
    if refund is None or refund.status not in OPEN:
        return refund
    if _ended(session, shop, refund, STATES[status]):
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
    """The sweep: every refund not ended (processing, or abnormal until the owner's handling at the
    provider ends it) asked about at its provider (the refund query); the numbers of those whose
    state moved."""
    ended = []
    rows = session.execute(
        select(Refund, Order.order_number, OrderPayment.method)
        .join(Order, Order.id == Refund.order_id)
        .join(OrderPayment, OrderPayment.id == Refund.payment_id)
        .where(Refund.status.in_(OPEN))
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
            if method == "alipay":  # no notification: queried, and sent again while not done
                status = query(number, trade_no, refund.charged_amount, refund.charged_currency)
            elif method in ("stripe", "airwallex"):  # read back by the provider's own refund id
                status = query(refund.provider_refund_id)
            else:
                status = query(number)
        except ProviderError as exc:
            log.warning("payment: refund query of %s failed: %s", number, exc)
            continue
        if status and STATES.get(status, "processing") not in ("processing", refund.status):
            settle_refund(session, shop, number, status)
            ended.append(number)
    return ended
