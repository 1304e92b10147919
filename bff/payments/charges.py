"""What a payment charges the shopper, in which currency, and what a refund gives back in it.

Shop prices are NZ dollars (PRICE_CURRENCY). A provider account that takes them as they are (WeChat
Pay's overseas API, Alipay's cross-border trade with `trans_currency`) is charged the order's
total in NZD. A mainland account takes only yuan: the total is converted at the order's exchange
rate (`Order.exchange_rate`, the shop's rate when it was placed), rounded half up to the jiao like
the yuan total every screen and mail shows (bff/pricing/rules.py), once, when the payment starts;
the payment attempt keeps the amount, the currency and the rate (bff/payments/models.py,
PaymentAttempt), and every notification, query and refund of that payment uses them, never a
conversion made again.

Refunds in yuan are converted cumulatively: the n-th refund gives back fen(all refunded so far x
rate) - fen(refunded before x rate), all of the order counting as the charge, so refunds in parts
add up to exactly what one refund of their sum would give, and a refund of everything gives back
exactly the charged amount, never a fen more.
"""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from bff.pricing.rules import yuan

PRICE_CURRENCY = "NZD"
YUAN = "CNY"
FEN = Decimal("0.01")


@dataclass(frozen=True)
class Charge:
    """An amount charged in `currency`; `rate` (yuan per NZ dollar) when converted from NZD."""

    amount: Decimal
    currency: str
    rate: Decimal | None = None


def in_yuan(nzd: Decimal, rate: Decimal) -> Decimal:
    """NZ dollars in yuan at `rate`, rounded half up to the fen (refunds in parts)."""
    return (Decimal(nzd) * Decimal(rate)).quantize(FEN, ROUND_HALF_UP)


def charge_for(total: Decimal, currency: str, rate: Decimal | None) -> Charge:
    """What an order of `total` NZD is charged in `currency` (CNY: converted at `rate`)."""
    if currency == PRICE_CURRENCY:
        return Charge(Decimal(total).quantize(FEN), currency)
    if currency != YUAN or rate is None or rate <= 0:
        raise ValueError(f"cannot charge NZD prices in {currency}")
    # The order's yuan total, as its pages and mails show it (to the jiao): what is shown is charged.
    return Charge(yuan(total, rate).quantize(FEN), YUAN, Decimal(rate))


def refund_amount(charge: Charge, total: Decimal, refunded_before: Decimal, amount: Decimal) -> Decimal:
    """What a refund of `amount` NZD (of an order of `total` NZD, `refunded_before` NZD of its
    payment given back already) gives back in the charge's currency."""
    if charge.rate is None:
        return Decimal(amount).quantize(FEN)
    after = min(refunded_before + amount, total)

    def given_back(nzd: Decimal) -> Decimal:  # all of it gives back exactly the charge
        return charge.amount if nzd >= total else min(in_yuan(nzd, charge.rate), charge.amount)

    back = given_back(after) - given_back(refunded_before)
    return max(back, Decimal("0.00"))
