"""Mail to the shopper at each step of an order, in the shop's language: received, paid,
shipped (with the tracking number), cancelled, refunded; and, beside it, the same updates as
WeChat template messages (bff/orders/wechat_messages.py).

Each is queued in the transaction of its step (bff/orders/transitions.py, and `place_order`) as
a row of the mail outbox (bff/accounts/outbox.py), and written when it is sent, from the order as
it is then: a slow or broken mail server, or a shop name no header can hold, never delays or
fails the request that caused the mail.
"""

import enum
from decimal import Decimal

from sqlalchemy.orm import Session

from bff.accounts import outbox
from bff.accounts.models import User
from bff.orders import wechat_messages
from bff.orders.messages import text
from bff.orders.models import Order
from bff.pricing.rules import yuan
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


def _yuan(order: Order, value) -> str:
    """NZD in yuan, to the jiao, at the order's own rate (bff/pricing/rules.py)."""
    return str(yuan(value, order.exchange_rate))


def compose(shop: Shop, order: Order, shopper: User, kind: OrderMail, **extra) -> tuple[str, str]:
    """(subject, body) of one mail about `order`."""
    lang = shop.language
    reason = extra.get("reason") or ""
    amount = Decimal(extra.get("amount", order.paid_amount or order.total_price))
    values = {
        "number": order.order_number,
        "total": _amount(order.total_price),
        "yuan": order.yuan_total,  # at the order's own rate, the figure its pages show
        "total_cny": order.yuan_total,
        "amount": _amount(amount),
        "yuan_amount": _yuan(order, amount),
        "amount_cny": _yuan(order, amount),
        "refunded": _amount(order.refunded_amount),
        "refunded_cny": _yuan(order, order.refunded_amount),
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


def queue_order_mail(
    session: Session, shop_id: int, user_id: int, order_id: int, kind: OrderMail, **extra
) -> None:
    """Queue the shopper's updates about the order in the caller's transaction (the outbox sends
    them): a mail when the member has an email address, and a WeChat template message when they
    have an openid of the shop's official account and the owner entered that event's template
    (bff/orders/wechat_messages.py). A member with both gets both."""
    values = {name: str(value) for name, value in extra.items() if value not in (None, "")}
    shopper = session.get(User, user_id)
    if shopper is not None and shopper.email:
        outbox.enqueue(
            session, shop_id=shop_id, user_id=user_id, order_id=order_id, kind=f"order_{kind}", **values
        )
    wechat_messages.queue(session, shop_id, user_id, order_id, kind, **values)


def _composer(kind: OrderMail) -> outbox.Composer:
    def write(session: Session, row: outbox.OutboxMail) -> outbox.Letter | None:
        order = session.get(Order, row.order_id) if row.order_id else None
        shopper = session.get(User, row.user_id)
        shop = session.get(Shop, row.shop_id)
        if order is None or shop is None or shopper is None or shopper.deleted_at is not None:
            return None  # the order or the member is gone: nothing to tell
        if not shopper.email:
            return None  # no address (a member who signed in with WeChat only)
        subject, body = compose(shop, order, shopper, kind, **row.payload)
        return outbox.Letter(to=shopper.email, subject=subject, body=body, sender_name=shop.shop_name)

    return write


for _kind in OrderMail:
    outbox.composer(f"order_{_kind}")(_composer(_kind))
