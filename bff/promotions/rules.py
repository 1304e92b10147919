"""The arithmetic of promotions, in Decimal and to the cent; the BFF's one authority (the browser
shows what bff/orders' preview call answers, it computes none of it).

1. 满减: of the tiers the items' subtotal reaches (subtotal >= threshold), the one saving most
   applies by itself (on a tie, the lower threshold); it is shared by every line.
2. A code then applies to the lines it covers, on what is left of them after the tier: a
   percentage of that (cents, half up), or its amount, never more than that.
3. Free shipping for the chosen method when the items' total after both discounts reaches the
   method's threshold.
4. Each discount is split over its lines in proportion to their amounts, in cents, the cents
   left by rounding down going to the largest remainders (the first line on a tie), so the
   shares add up to the discount exactly. A line's share is what a refund of that line keeps
   back: a refund of it returns what was paid for it.

`rules/promotion_cases.json` holds a case for each rule; bff/tests/promotions runs them.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Line:
    amount: Decimal  # unit price x quantity
    covered: bool = True  # the code covers it


@dataclass(frozen=True)
class Outcome:
    tier_saving: Decimal
    code_saving: Decimal
    shares: tuple[Decimal, ...]  # each line's share of both discounts
    items_total: Decimal  # the subtotal less both discounts
    free_shipping: bool


def best_tier(tiers: Sequence[tuple[Decimal, Decimal]], subtotal: Decimal) -> int | None:
    """The index of the tier that applies to `subtotal`: (threshold, saving) pairs."""
    reached = [i for i, (threshold, _) in enumerate(tiers) if subtotal >= Decimal(threshold)]
    if not reached:
        return None
    return max(reached, key=lambda i: (Decimal(tiers[i][1]), -Decimal(tiers[i][0])))


def allocate(amount: Decimal, weights: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """`amount` split in cents in proportion to `weights`, summing to it exactly."""
    total = sum(weights, ZERO)
    if total <= 0 or amount <= 0:
        return tuple(ZERO for _ in weights)
    cents = int((amount / CENT).to_integral_value())
    raw = [Decimal(cents) * w / total for w in weights]
    floors = [int(r.to_integral_value(ROUND_DOWN)) for r in raw]
    left = cents - sum(floors)
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(raw[i] - floors[i]), i))
    for i in by_remainder[:left]:
        floors[i] += 1
    return tuple((Decimal(c) * CENT).quantize(CENT) for c in floors)


def code_saving(kind: str, value: Decimal, base: Decimal) -> Decimal:
    """What a code takes off `base` (the covered lines after the tier)."""
    if base <= 0:
        return ZERO
    if kind == "percent":
        saving = (base * Decimal(value) / 100).quantize(CENT, ROUND_HALF_UP)
    else:
        saving = Decimal(value).quantize(CENT)
    return min(saving, base)


def apply(
    lines: Sequence[Line],
    tier_saving: Decimal = ZERO,
    code: tuple[str, Decimal] | None = None,
    free_threshold: Decimal | None = None,
) -> Outcome:
    """Both discounts on `lines`, and whether shipping is free; `tier_saving` is the best tier's."""
    amounts = [Decimal(line.amount) for line in lines]
    subtotal = sum(amounts, ZERO)
    tier = min(Decimal(tier_saving), subtotal)
    tier_shares = allocate(tier, amounts)
    left = [a - s for a, s in zip(amounts, tier_shares, strict=True)]
    covered = [amount if line.covered else ZERO for line, amount in zip(lines, left, strict=True)]
    code_amount = code_saving(code[0], code[1], sum(covered, ZERO)) if code else ZERO
    code_shares = allocate(code_amount, covered)
    shares = tuple(t + c for t, c in zip(tier_shares, code_shares, strict=True))
    items_total = subtotal - tier - code_amount
    free = free_threshold is not None and items_total >= Decimal(free_threshold)
    return Outcome(tier.quantize(CENT), code_amount, shares, items_total.quantize(CENT), free)


def line_refund(amount: Decimal, share: Decimal, quantity: int, units: int) -> Decimal:
    """What `units` of a line of `quantity` paid: its amount less its share of the discounts, in
    proportion, rounded down to the cent (never more than was paid); the whole line: exactly
    what it paid."""
    paid = Decimal(amount) - Decimal(share)
    if units >= quantity:
        return paid.quantize(CENT)
    return (paid * units / quantity).quantize(CENT, ROUND_DOWN)
