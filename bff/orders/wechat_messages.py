"""The shopper's order updates as WeChat template messages (bff/wechat/template_messages.py):
received, paid, shipped (with the courier and the tracking number) and refunded, each linking to
the order's page.

Queued beside the mail, by `queue_order_mail` (bff/orders/mails.py), in the transaction of the
order's step, for a member with an openid of the shop's official account when the owner entered
that event's template; written when it is sent, from the order as it is then; a failed send is
tried again like mail and never reaches the order.
"""

from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from bff.accounts import outbox
from bff.accounts.models import User
from bff.common.models import as_utc
from bff.orders.models import Order
from bff.pricing.rules import yuan
from bff.shops.models import Shop
from bff.wechat import template_messages

# The mail kinds (OrderMail) that have a WeChat template event.
EVENTS = {
    "received": "order_received",
    "paid": "order_paid",
    "shipped": "order_shipped",
    "refunded": "order_refunded",
}


def queue(session: Session, shop_id: int, user_id: int, order_id: int, kind: str, **values) -> bool:
    """Queue the template message about the order for `kind` (a mail kind) in the caller's
    transaction, when there is one to send; whether one was queued."""
    event = EVENTS.get(str(kind))
    if event is None or not template_messages.can_send(session, shop_id, user_id, event):
        return False
    outbox.enqueue(
        session,
        shop_id=shop_id,
        user_id=user_id,
        order_id=order_id,
        kind=f"order_{kind}",
        channel=template_messages.CHANNEL,
        **values,
    )
    return True


def facts(shop: Shop, order: Order, row: outbox.OutboxMail) -> template_messages.OrderFacts:
    given = row.payload.get("amount")  # a refund's own amount; else what the order costs
    amount = Decimal(given or order.paid_amount or order.total_price)
    in_yuan = yuan(amount, order.exchange_rate) if given or order.paid_amount else order.yuan_total
    return template_messages.OrderFacts(
        order_number=order.order_number,
        amount=f"NZ${amount:.2f}",
        amount_yuan=f"¥{in_yuan}",
        courier=order.shipping_company or "",
        tracking=order.tracking_number or "",
        time=as_utc(row.created_at).astimezone(ZoneInfo(shop.time_zone)),
        link=f"{shop.site_url.rstrip('/')}/order-detail/{order.order_number}",
    )


def _composer(event: str) -> outbox.Composer:
    def write(session: Session, row: outbox.OutboxMail) -> template_messages.TemplateMessage | None:
        order = session.get(Order, row.order_id) if row.order_id else None
        shopper = session.get(User, row.user_id)
        shop = session.get(Shop, row.shop_id)
        if order is None or shop is None or shopper is None or shopper.deleted_at is not None:
            return None  # the order or the member is gone: nothing to tell
        return template_messages.compose(session, shop, row.user_id, event, facts(shop, order, row))

    return write


for _kind, _event in EVENTS.items():
    outbox.composer(f"order_{_kind}", template_messages.CHANNEL)(_composer(_event))
