"""`bff.pricing.rules.quote` as a SQL expression, so price sorts follow what the shopper pays."""

from decimal import Decimal

from sqlalchemy import and_, case, func, literal, or_

from bff.pricing.rules import GUEST, Shopper


def price_sql(model, shopper: Shopper = GUEST):
    """The unit price `shopper` pays for a row of `model` (Product or ProductVariant)."""
    price, discount, member_price = model.price, model.discount, model.member_price
    valid_discount = and_(discount > 0, discount < price)
    guest = case((valid_discount, discount), else_=price)
    if shopper.is_special_member:
        offer = member_price
    elif shopper.discount_percent is not None:
        percent = literal(Decimal(shopper.discount_percent))
        offer = func.round(price * percent / 100, 2)
    else:
        return guest
    discount_first = and_(
        valid_discount, or_(member_price.is_(None), member_price <= 0, member_price >= discount)
    )
    return case(
        (discount_first, discount),
        (and_(member_price > 0, offer < guest), offer),
        else_=guest,
    )
