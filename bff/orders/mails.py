"""Mail to the shopper at each step of an order, in the shop's language: received, paid,
shipped (with the tracking number), cancelled, refunded.

The text is written at once (from the committed order); sending goes through the shop's mail
set-up (bff/accounts/mail.py: SMTP, or the outbox under var/) on a worker thread, with retries
and a log line for every failure, so a slow or broken mail server never delays or fails the
request that caused the mail.
"""

import enum
from decimal import ROUND_HALF_UP, Decimal

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import Session

from bff.accounts.mail import Mailer
from bff.accounts.models import User
from bff.extensions import db
from bff.orders.messages import text
from bff.orders.models import Order
from bff.shops.models import Shop


class OrderMail(enum.StrEnum):
    RECEIVED = "received"
    PAID = "paid"
    SHIPPED = "shipped"
    CANCELLED = "cancelled"
    REFUNDED = "refunded"
    PAYMENT_REJECTED = "payment_rejected"  # the owner found no QR payment (bff/orders/payment_claims.py)


def _amount(value) -> str:
    return f"{Decimal(value):.2f}"


def _yuan(shop: Shop, order: Order, value) -> str:
    """NZD in yuan, to the jiao, at the order's own rate where it keeps one (else the shop's)."""
    rate = getattr(order, "exchange_rate", None) or shop.shop_exchange_rate
    return f"{(Decimal(value) * rate).quantize(Decimal('0.1'), ROUND_HALF_UP)}"


def compose(shop: Shop, order: Order, shopper: User, kind: OrderMail, **extra) -> tuple[str, str]:
    """(subject, body) of one mail about `order`."""
    lang = shop.language
    reason = extra.get("reason") or ""
    amount = extra.get("amount", order.paid_amount or order.total_price)
    values = {
        "number": order.order_number,
        "total": _amount(order.total_price),
        "total_cny": _yuan(shop, order, order.total_price),
        "amount": _amount(amount),
        "amount_cny": _yuan(shop, order, amount),
        "refunded": _amount(order.refunded_amount),
        "refunded_cny": _yuan(shop, order, order.refunded_amount),
        "company": order.shipping_company or "",
        "tracking": order.tracking_number or "",
        "reason": text(lang, "mail_reason", reason=reason) if reason else "",
        "lines": "\n".join(
            f"- {line.product_name}{f' ({line.variant_name})' if line.variant_name else ''} × {line.quantity}"
            f"  NZ${_amount(line.final_price * line.quantity)}"
            for line in order.lines
        ),
    }
    subject = f"{text(lang, f'mail_{kind}_subject', **values)} - {shop.shop_name}"
    link = f"{shop.site_url.rstrip('/')}/order-detail/{order.order_number}"
    body = "\n\n".join(
        [
            text(lang, "mail_greeting", name=shopper.name),
            text(lang, f"mail_{kind}_body", **values).strip(),
            text(lang, "mail_footer", link=link, shop=shop.shop_name),
        ]
    )
    return subject, body + "\n"


def send_order_mail(session: Session, mailer: Mailer, order_id: int, kind: OrderMail, **extra) -> None:
    """Write and hand over the mail about a committed order (the send itself is the mailer's)."""
    order = session.get(Order, order_id)
    if order is None:
        return
    session.refresh(order)
    shopper = session.scalar(select(User).where(User.id == order.user_id))
    shop = session.get(Shop, order.shop_id)
    if shopper is None or shop is None:
        return
    subject, body = compose(shop, order, shopper, kind, **extra)
    mailer.send(to=shopper.email, subject=subject, body=body, sender_name=shop.shop_name)


def mail_shopper(order_id: int, kind: OrderMail, **extra) -> None:
    """From a view, after the commit: the shopper's mail about the step just taken."""
    send_order_mail(db.session, Mailer.from_config(current_app.config), order_id, kind, **extra)
