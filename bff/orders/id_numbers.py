"""The one road to a recipient's full ID number: the shop's admin printing a customs label.
Every look is written to the audit log (who, when, which order) in the same transaction."""

from sqlalchemy import select
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.audit.services import Action, record
from bff.common.errors import DomainError
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.messages import text
from bff.orders.models import Order
from bff.orders.numbers import normalise_order_number
from bff.shops.models import Shop


def reveal_id_number(session: Session, shop: Shop, admin: User, order_number: str) -> Order:
    """The shop's order with its recipient's ID number readable, after recording the access."""
    order = session.scalar(
        select(Order).where(
            Order.shop_id == shop.id, Order.order_number == normalise_order_number(order_number)
        )
    )
    if order is None:
        raise DomainError(Code.NOT_FOUND, text(shop.language, "order_not_found"))
    record(session, shop, admin, Action.VIEW_ID_NUMBER, "order", order.id, {}, note=order.order_number)
    session.commit()
    return order
