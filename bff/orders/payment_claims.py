"""Manual QR payments an owner can trust: the shopper who paid by the shop's QR code says so
(「我已付款」), with a screenshot if they like; the order then waits in the owner's 「待确认收款」
queue and the unpaid time-out leaves it alone; the owner confirms it (mark paid) or rejects the
claim with a reason the shopper is mailed.

An order the time-out cancelled before the money was seen can still be marked paid within
`GRACE` of its release, when the stock is still there: the units are taken again.

The screenshot gets the console's picture checks (bff/media/images.py `prepare`: content, size,
pixels from the header before decoding, a bounded decode, no metadata), is re-encoded as WebP
and kept in the database, never under the public media path: only the order's shopper and the
shop's admin are served it.
"""

import io
from datetime import timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session, selectinload

from bff.accounts.models import User
from bff.audit.services import Action, record
from bff.catalog import stock
from bff.common.errors import DomainError
from bff.common.models import as_utc, utcnow
from bff.media.images import ImageRejected, prepare
from bff.orders import transitions
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.mails import OrderMail, queue_order_mail
from bff.orders.messages import text
from bff.orders.models import OPEN_STATUSES, Order, OrderEvent, OrderStatus, PaymentProof
from bff.orders.numbers import normalise_order_number
from bff.orders.transitions import OrderAction
from bff.shops.models import Shop

GRACE = timedelta(days=7)
LONGEST_SIDE = 2000  # a phone screenshot stays readable


def _reencoded(shop: Shop, data: bytes) -> bytes:
    try:
        image = prepare("screenshot", data).image
    except ImageRejected as rejected:
        message = text(shop.language, rejected.key, **rejected.values)
        raise DomainError(Code.VALIDATION, message, {"screenshot": [message]}) from None
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    image.thumbnail((LONGEST_SIDE, LONGEST_SIDE))
    out = io.BytesIO()
    image.save(out, "WEBP", quality=85)
    return out.getvalue()


def _own_order(session: Session, shop: Shop, user: User, order_number: str) -> Order:
    order = session.scalar(
        select(Order).where(
            Order.shop_id == shop.id,
            Order.user_id == user.id,
            Order.order_number == normalise_order_number(order_number),
        )
    )
    if order is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "order_not_found"))
    return order


def claim_payment(
    session: Session, shop: Shop, user: User, order_number: str, screenshot: bytes | None
) -> Order:
    """The shopper's "I have paid" on their unpaid order, with an optional screenshot."""
    order = _own_order(session, shop, user, order_number)
    proof = _reencoded(shop, screenshot) if screenshot else None
    moved = session.execute(
        update(Order)
        .where(Order.id == order.id, Order.status.in_(OPEN_STATUSES))
        .values(payment_claimed_at=utcnow(), version=Order.version + 1)
        .execution_options(synchronize_session=False)
    ).rowcount
    if moved != 1:
        session.rollback()
        raise transitions.refused(shop, order.status, OrderAction.CLAIM_PAID)
    if proof is not None:
        session.execute(delete(PaymentProof).where(PaymentProof.order_id == order.id))
        session.add(PaymentProof(shop_id=shop.id, order_id=order.id, content_type="image/webp", data=proof))
    transitions.add_event(
        session,
        shop,
        order.id,
        OrderAction.CLAIM_PAID,
        transitions.shopper(user),
        order.status,
        order.status,
        details={"screenshot": proof is not None},
    )
    session.commit()
    session.expire_all()
    return session.get(Order, order.id)


def proof_of(session: Session, shop: Shop, order_number: str, user: User | None = None) -> PaymentProof:
    """The screenshot of the order (of `user`'s own orders only, when given), or 404."""
    stmt = (
        select(PaymentProof)
        .join(Order, Order.id == PaymentProof.order_id)
        .where(Order.shop_id == shop.id, Order.order_number == normalise_order_number(order_number))
    )
    if user is not None:
        stmt = stmt.where(Order.user_id == user.id)
    proof = session.scalar(stmt)
    if proof is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "proof_not_found"))
    return proof


def reject_claim(session: Session, shop: Shop, actor: User, order_number: str, reason: str) -> Order:
    """The money did not arrive: the claim is withdrawn, with the owner's reason kept and mailed.
    The order is unpaid again and its time-out starts over from now: the shopper has the whole
    time-out to pay (or say they paid) again, not a clock that ran out while the owner checked."""
    order = transitions.find_order(session, shop, normalise_order_number(order_number))
    reason = (reason or "").strip()
    if not reason:
        message = text(shop.language, "reason_required")
        raise DomainError(Code.VALIDATION, message, {"reason": [message]})
    moved = session.execute(
        update(Order)
        .where(
            Order.id == order.id,
            Order.status.in_(OPEN_STATUSES),
            Order.payment_claimed_at.is_not(None),
            *transitions.version_guard(session, order.id),
        )
        .values(payment_claimed_at=None, unpaid_since=utcnow(), version=Order.version + 1)
        .execution_options(synchronize_session=False)
    ).rowcount
    if moved != 1:
        session.rollback()
        if session.scalar(select(Order.version).where(Order.id == order.id)) != order.version:
            raise transitions.stale(shop)
        raise DomainError(Code.TRANSITION_NOT_ALLOWED, text(shop.language, "no_claim_to_reject"))
    transitions.add_event(
        session,
        shop,
        order.id,
        OrderAction.REJECT_PAYMENT,
        transitions.admin(actor),
        order.status,
        order.status,
        reason,
    )
    record(
        session,
        shop,
        actor,
        Action.TRANSITION,
        "order",
        order.id,
        {"payment_claimed": [True, False]},
        note="reject_payment",
    )
    queue_order_mail(session, shop.id, order.user_id, order.id, OrderMail.PAYMENT_REJECTED, reason=reason)
    session.commit()
    session.expire_all()
    return session.get(Order, order.id)


def released_in_grace(session: Session, order: Order) -> bool:
    """Cancelled by the unpaid time-out (not by anyone's choice) less than GRACE ago."""
    if order.status != OrderStatus.CANCELLED or order.cancelled_at is None:
        return False
    if as_utc(order.cancelled_at) < utcnow() - GRACE:
        return False
    last = session.scalar(
        select(OrderEvent.action)
        .where(OrderEvent.order_id == order.id, OrderEvent.to_status == OrderStatus.CANCELLED)
        .order_by(OrderEvent.at.desc(), OrderEvent.id.desc())
        .limit(1)
    )
    return last == OrderAction.RELEASE


def take_stock_again(session: Session, shop: Shop, order_id: int) -> None:
    """The released order's units, taken again (409 naming the line when one is short)."""
    order = session.scalar(select(Order).where(Order.id == order_id).options(selectinload(Order.lines)))
    lines = [stock.StockLine(ln.product_id, ln.variant_id, ln.quantity) for ln in order.lines]
    if any(ln.product_id is None for ln in lines):
        session.rollback()
        raise DomainError(Code.OUT_OF_STOCK, text(shop.language, "late_payment_no_stock"))
    short = stock.take_for_order(session, shop.id, order.id, lines)
    if short is not None:
        session.rollback()
        raise DomainError(Code.OUT_OF_STOCK, text(shop.language, "late_payment_no_stock"))
