"""`bff.pricing.rules.quote` as a SQL expression, so price sorts follow what the shopper pays."""

from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import Integer, Numeric, and_, case, cast, func, literal_column, or_

from bff.pricing.rules import GUEST, Shopper


def price_sql(model, shopper: Shopper = GUEST):
    """The unit price `shopper` pays for a row of `model` (Product or ProductVariant)."""
    price, discount, member_price = model.price, model.discount, model.member_price
    valid_discount = and_(discount > 0, discount < price)
    guest = case((valid_discount, discount), else_=price)
    if shopper.is_special_member:
        offer = member_price
    elif shopper.discount_percent is not None:
        offer = _percent_of(price, Decimal(shopper.discount_percent))
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


def _percent_of(price, percent: Decimal):
    """price x percent / 100 in cents, half up, as the rule computes it; in integers, so SQLite
    (binary floats) and PostgreSQL (numeric) agree to the cent: price and percent both have
    two decimals (Numeric(12, 2) and Numeric(5, 2))."""
    hundredths = int((percent * 100).to_integral_value(ROUND_HALF_UP))  # 92.5 % -> 9250
    cents = cast(func.round(price * 100), Integer)
    offer_cents = (cents * hundredths + 5000) // 10000  # integer division, half up
    return cast(offer_cents, Numeric(14, 2)) / literal_column("100.0")
