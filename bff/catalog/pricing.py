"""What a guest pays for a product, in Python and as SQL for sorting.

A guest pays the discount when it is set and below the price, otherwise the price.
Member prices (SPEC section 9, card and cart rules) are applied by the accounts domain.
"""

from decimal import Decimal

from sqlalchemy import and_, case

from bff.catalog.models import Product


def guest_price(price: Decimal, discount: Decimal | None) -> Decimal:
    if discount is not None and 0 < discount < price:
        return discount
    return price


def guest_price_sql():
    return case(
        (and_(Product.discount > 0, Product.discount < Product.price), Product.discount),
        else_=Product.price,
    )
