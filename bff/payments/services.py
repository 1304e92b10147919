"""Payment: a payment page for an unpaid order, and verified, idempotent notifications.

A notification counts once: it is recorded under a unique (provider, transaction id), and the
order moves with a conditional UPDATE (unpaid or payment_failed -> paid), so replays, including
concurrent ones, change the order at most once.
"""

from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.common.errors import DomainError
from bff.common.models import amount_in_cents, utcnow
from bff.orders.models import OPEN_STATUSES, Order, OrderPayment, OrderStatus
from bff.orders.services import get_order
from bff.orders.transitions import Actor, OrderAction, add_event
from bff.payments.error_codes import NotificationErrorCode, PaymentErrorCode
from bff.payments.messages import text
from bff.payments.models import PaymentNotification
from bff.payments.providers.base import BadNotification, PaymentEvent, PaymentProvider
from bff.payments.providers.sandbox import SandboxProvider
from bff.shops.models import Shop

CENT = Decimal("0.01")


def create_payment(
    session: Session,
    shop: Shop,
    user: User,
    provider: PaymentProvider,
    order_number: str,
    total_price,
    origin: str,
) -> str:
    """The provider's payment page for an unpaid order; `origin` is where the shopper returns."""
    if not shop.is_direct_payment_enabled:
        message = text(shop.language, "direct_payment_disabled")
        raise DomainError(PaymentErrorCode.DIRECT_PAYMENT_DISABLED, message)
    order = get_order(session, shop, user, order_number)
    if order.status not in OPEN_STATUSES:
        raise DomainError(PaymentErrorCode.ORDER_NOT_PAYABLE, text(shop.language, "order_not_payable"))
    if amount_in_cents(total_price) != order.total_price:
        raise DomainError(PaymentErrorCode.AMOUNT_MISMATCH, text(shop.language, "amount_mismatch"))
    return provider.create_payment(shop, order, origin)


def receive_notification(
    session: Session, shop: Shop, provider: PaymentProvider, body: bytes, headers, on_applied=None
) -> tuple[bool, str]:
    """Verify and apply one notification for `shop`. Returns (applied, result)."""
    try:
        event = provider.parse_notification(body, headers)
    except BadNotification as exc:
        message = "The notification could not be verified."
        raise DomainError(NotificationErrorCode.BAD_SIGNATURE, message) from exc
    # Whatever the provider: NaN, Infinity, -0, a huge exponent or a negative amount is refused
    # before anything is recorded or applied.
    if amount_in_cents(event.amount) is None:
        message = "The notification's amount is not an amount."
        raise DomainError(NotificationErrorCode.INVALID_AMOUNT, message)
    applied, result = apply_event(session, shop, event, body)
    if applied and on_applied is not None:
        on_applied(event.order_number, event.outcome)  # after the commit (the shopper's mail)
    return applied, result


def apply_event(session: Session, shop: Shop, event: PaymentEvent, body: bytes) -> tuple[bool, str]:
    order = session.scalar(
        select(Order).where(Order.shop_id == shop.id, Order.order_number == event.order_number)
    )
    if order is None:
        raise DomainError(NotificationErrorCode.NOT_FOUND, "Order not found")
    if event.amount.quantize(CENT) != order.total_price:
        raise DomainError(NotificationErrorCode.AMOUNT_MISMATCH, text(shop.language, "amount_mismatch"))
    record = PaymentNotification(
        shop_id=shop.id,
        provider=event.provider,
        transaction_id=event.transaction_id,
        order_id=order.id,
        outcome=event.outcome,
        amount=event.amount,
        result="pending",
        raw_body=body.decode("utf-8", "replace"),
    )
    session.add(record)
    try:
        session.flush()  # a concurrent replay waits here, then fails: it was already handled
    except IntegrityError:
        session.rollback()
        return False, "duplicate"
    before = order.status
    if event.outcome == "paid":
        moved = session.execute(
            update(Order)
            .where(Order.id == order.id, Order.status.in_(OPEN_STATUSES))
            .values(
                status=OrderStatus.PAID,
                paid_at=utcnow(),
                updated_at=utcnow(),
                paid_amount=Order.paid_amount + event.amount.quantize(CENT),
                payment_method=event.provider[:20],
                version=Order.version + 1,
            )
            .execution_options(synchronize_session=False)
        ).rowcount
        if moved:
            session.add(
                OrderPayment(
                    shop_id=shop.id,
                    order_id=order.id,
                    method=event.provider[:20],
                    amount=event.amount.quantize(CENT),
                    reference=event.transaction_id[:128],
                )
            )
    else:
        moved = session.execute(
            update(Order)
            .where(Order.id == order.id, Order.status == OrderStatus.UNPAID)
            .values(status=OrderStatus.PAYMENT_FAILED, updated_at=utcnow(), version=Order.version + 1)
            .execution_options(synchronize_session=False)
        ).rowcount
    if moved:
        action = OrderAction.MARK_PAID if event.outcome == "paid" else OrderAction.PAYMENT_FAILED
        after = OrderStatus.PAID if event.outcome == "paid" else OrderStatus.PAYMENT_FAILED
        provider = Actor("provider", label=event.provider)
        details = {"transaction_id": event.transaction_id, "amount": event.amount}
        add_event(session, shop, order.id, action, provider, before, after, details=details)
    # A payment for a cancelled order is kept on record (result says so) for a refund by hand.
    record.result = "applied" if moved else f"ignored_{order.status}"
    session.commit()
    return bool(moved), record.result


# The sandbox's own payment page -----------------------------------------------------------


def _sandbox_payment(session: Session, provider: SandboxProvider, token: str) -> tuple[Shop, dict]:
    data = provider.read_page_token(token)
    shop = session.get(Shop, data["s"]) if data else None
    if shop is None:
        raise DomainError(PaymentErrorCode.NOT_FOUND, "Not found")
    return shop, data


def sandbox_page(session: Session, provider: SandboxProvider, token: str) -> str:
    """The HTML of the sandbox's payment page of a page token."""
    shop, data = _sandbox_payment(session, provider, token)
    return provider.payment_page(
        shop.shop_name, data["o"], data["a"], language=shop.language, rate=shop.shop_exchange_rate
    )


def pay_on_sandbox(
    session: Session, provider: SandboxProvider, token: str, outcome: str, on_applied=None
) -> str:
    """Pay or fail on the sandbox page: its signed notification goes through the verifier like a
    real provider's. Returns the order summary page to go back to, on the shopper's origin."""
    shop, data = _sandbox_payment(session, provider, token)
    body, headers = provider.build_notification(data["o"], data["a"], outcome)
    receive_notification(session, shop, provider, body, headers, on_applied)
    origin = data.get("r") or shop.site_url.rstrip("/")
    return f"{origin}/order-summary/{data['o']}"
