"""Packing slips: what goes in each parcel, one page per order, with a QR code of the order
number a phone or a scanner reads back at the packing table.

The QR code is made by segno (https://segno.readthedocs.io/, `QRCode.svg_data_uri`) as an SVG
data URI, which the console's print page shows as an image (the pages' CSP allows `data:` images).
"""

from dataclasses import dataclass

import segno
from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from bff.addresses.regions import place_names
from bff.catalog.models import Product
from bff.common.errors import DomainError
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.messages import text
from bff.orders.models import Order, OrderLine
from bff.orders.numbers import normalise_order_number
from bff.shops.models import Shop

MAX_SLIPS = 100


@dataclass
class PackingSlip:
    order: Order
    place: str
    qr_code: str  # data:image/svg+xml,...


def qr_data_uri(value: str) -> str:
    return segno.make(value, error="m").svg_data_uri(scale=4, border=2)


def packing_slips(session: Session, shop: Shop, numbers: list[str]) -> list[PackingSlip]:
    """The slips of the shop's orders named, in the order given (404 naming any not found)."""
    wanted = list(dict.fromkeys(normalise_order_number(n) for n in numbers if n.strip()))
    if not wanted or len(wanted) > MAX_SLIPS:
        message = text(shop.language, "slips_count", most=MAX_SLIPS)
        raise DomainError(Code.VALIDATION, message, {"numbers": [message]})
    orders = {
        o.order_number: o
        for o in session.scalars(
            select(Order)
            .where(Order.shop_id == shop.id, Order.order_number.in_(wanted))
            .options(selectinload(Order.lines).selectinload(OrderLine.product).load_only(Product.sku))
        )
    }
    unknown = [n for n in wanted if n not in orders]
    if unknown:
        raise DomainError(Code.NOT_FOUND, f"{text(shop.language, 'order_not_found')}: {', '.join(unknown)}")
    slips = []
    for number in wanted:
        order = orders[number]
        names = [n for n in place_names(order.province_code, order.city_code, order.district_code) if n]
        place = " ".join(dict.fromkeys(names)) or f"{order.shipping_country} {order.shipping_city}".strip()
        slips.append(PackingSlip(order, place, qr_data_uri(number)))
    return slips
