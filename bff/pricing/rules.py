"""The one pricing rule of the BFF: what a shopper pays for one unit of a product or variant.

SPEC section 9 gives two rules that disagree:

- the *card* rule (what a product card shows): the discount when discount > 0 and member_price
  is null, 0 or >= the discount (with the special-price badge); else member_price for a special
  member when member_price > 0; else price x level percent / 100 when member_price > 0; else price;
- the *cart* rule (what the cart charges): the discount when > 0 and below member_price (or no
  member_price); else member_price when > 0 and below price; else price.

They differ for members with a level (card: price x percent, cart: member_price), for guests and
members without a level when 0 < member_price < discount (card: price, cart: member_price), and at
the edges (a member price or a "discount" above the price). The shopper is charged what the card
showed, so there is one function, `quote`, used for the card (`final_price` in every product
output) and later by the cart and orders. It follows the card rule, made total and safe:

1. A discount counts only when 0 < discount < price (the guest price and the price sort agree).
2. The card's first branch wins: a valid discount, when member_price is not set or >= the
   discount, is charged, with the badge.
3. A member offer exists only for a signed-in member and a product with member_price > 0:
   member_price for a special member, else price x percent / 100 (cents, half up) for a member
   with a level; a member with neither has no offer (the card rule would print NaN).
4. Nobody pays more than a guest: an offer is taken only when it is below the guest price
   (the valid discount, else the price). Otherwise the guest price is charged.
5. The badge is shown exactly when the discount is what is charged.

`rules/pricing_cases.json` lists a case for every branch; pytest and Vitest both run it.
"""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

CENT = Decimal("0.01")


class Basis(StrEnum):
    DISCOUNT = "discount"
    SPECIAL_MEMBER = "special_member"
    MEMBER_LEVEL = "member_level"
    PRICE = "price"


@dataclass(frozen=True)
class Shopper:
    """Who is buying, as far as prices care. `GUEST` is anyone not signed in."""

    discount_percent: Decimal | None = None  # of the price that a member with a level pays
    is_special_member: bool = False


GUEST = Shopper()


@dataclass(frozen=True)
class Quote:
    amount: Decimal
    badge: bool  # the special-price badge
    basis: Basis


def _positive(value) -> Decimal | None:
    if value is None:
        return None
    value = Decimal(value)
    return value if value > 0 else None


def quote(
    price,
    discount=None,
    member_price=None,
    member_discount_percent=None,
    is_special_member: bool = False,
) -> Quote:
    """The unit price a shopper pays and whether the card shows the special-price badge.

    A guest has no percent and is not special, so only the discount or the price applies.
    """
    price = Decimal(price)
    member_price = _positive(member_price)
    discount = _positive(discount)
    if discount is not None and discount >= price:
        discount = None
    percent = None if member_discount_percent is None else Decimal(member_discount_percent)

    if discount is not None and (member_price is None or member_price >= discount):
        return Quote(discount.quantize(CENT), True, Basis.DISCOUNT)

    offer = None
    if member_price is not None:
        if is_special_member:
            offer = (member_price, Basis.SPECIAL_MEMBER)
        elif percent is not None:
            offer = ((price * percent / 100).quantize(CENT, ROUND_HALF_UP), Basis.MEMBER_LEVEL)

    guest = discount if discount is not None else price
    if offer is not None and offer[0] < guest:
        return Quote(offer[0].quantize(CENT), False, offer[1])
    if discount is not None:
        return Quote(discount.quantize(CENT), True, Basis.DISCOUNT)
    return Quote(price.quantize(CENT), False, Basis.PRICE)


def quote_for(item, shopper: Shopper = GUEST) -> Quote:
    """`quote` for anything with price, discount and member_price (a product or a variant)."""
    return quote(
        item.price,
        item.discount,
        item.member_price,
        shopper.discount_percent,
        shopper.is_special_member,
    )


def price_range(items, shopper: Shopper = GUEST) -> tuple[Decimal, Decimal] | None:
    """The lowest and highest unit price `shopper` pays among `items` (a product's variants),
    each by `quote`: the card's "from" price and the JSON-LD's AggregateOffer. None when empty.
    `rules/pricing_cases.json` ("ranges") holds its cases."""
    amounts = [quote_for(item, shopper).amount for item in items]
    return (min(amounts), max(amounts)) if amounts else None


JIAO = Decimal("0.1")


def yuan(nzd, rate) -> Decimal:
    """A NZ dollar amount in yuan at the shop's rate, to the jiao (half up): what a screen shows."""
    return (Decimal(nzd) * Decimal(rate)).quantize(JIAO, ROUND_HALF_UP)


@dataclass(frozen=True)
class YuanTotals:
    units: tuple[Decimal, ...]
    lines: tuple[Decimal, ...]
    subtotal: Decimal
    shipping: Decimal
    total: Decimal
    lines_add_up: bool  # the units times their quantities, and the lines, sum to the subtotal
    parts_add_up: bool  # subtotal + shipping = total


def yuan_totals(lines, rate, shipping=Decimal(0)) -> YuanTotals:
    """Yuan of a cart or order: `lines` are (unit NZD price, quantity).

    The total is computed once, from the NZ dollar total (what is charged) at the rate, so the
    yuan total a screen or mail shows is the yuan a mainland account charges
    (bff/payments/charges.py). Every other figure is its own NZ dollars' yuan; where the parts
    do not add up to their sum (¥29.7 x 2 beside a subtotal of ¥59.3), screens mark them as
    approximate. `rules/yuan_cases.json`; the frontend's twin is `yuanTotals`.
    """
    units = tuple(yuan(unit, rate) for unit, _ in lines)
    nzd_lines = tuple(Decimal(unit) * int(quantity) for unit, quantity in lines)
    amounts = tuple(yuan(amount, rate) for amount in nzd_lines)
    nzd_subtotal = sum(nzd_lines, Decimal("0.00"))
    subtotal = yuan(nzd_subtotal, rate)
    fee = yuan(shipping, rate)
    total = yuan(nzd_subtotal + Decimal(shipping), rate)
    # Equivalent mutant: strict=False or none; `units` and `amounts` have one entry per line by construction.
    lines_add_up = sum(amounts, Decimal("0.0")) == subtotal and all(
        u * int(q) == a for u, (_, q), a in zip(units, lines, amounts, strict=True)
    )
    return YuanTotals(units, amounts, subtotal, fee, total, lines_add_up, subtotal + fee == total)


def order_yuan(order) -> YuanTotals:
    """The yuan of a placed order, at the rate it keeps (`Order.exchange_rate`)."""
    return yuan_totals(
        [(line.final_price, line.quantity) for line in order.lines], order.exchange_rate, order.shipping_cost
    )
