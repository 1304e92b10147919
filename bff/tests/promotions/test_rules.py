"""The shared table of promotion cases (rules/promotion_cases.json), and the split's sums."""

import json
from decimal import Decimal

import pytest

from bff.config import ROOT
from bff.promotions import rules

CASES = json.loads((ROOT / "rules" / "promotion_cases.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["case"] for c in CASES])
def test_promotion_case(case):
    tiers = [(Decimal(t), Decimal(s)) for t, s in case["tiers"]]
    lines = [rules.Line(Decimal(amount), covered) for amount, covered in case["lines"]]
    subtotal = sum((line.amount for line in lines), Decimal("0.00"))
    best = rules.best_tier(tiers, subtotal)
    code = (case["code"][0], Decimal(case["code"][1])) if case["code"] else None
    free = Decimal(case["free_threshold"]) if case["free_threshold"] else None
    outcome = rules.apply(lines, tiers[best][1] if best is not None else Decimal("0.00"), code, free)
    expected = case["expected"]
    assert f"{outcome.tier_saving:.2f}" == expected["tier"]
    assert f"{outcome.code_saving:.2f}" == expected["code"]
    assert [f"{s:.2f}" for s in outcome.shares] == expected["shares"]
    assert f"{outcome.items_total:.2f}" == expected["items_total"]
    assert outcome.free_shipping is expected["free_shipping"]
    assert sum(outcome.shares, Decimal("0.00")) == outcome.tier_saving + outcome.code_saving


@pytest.mark.parametrize(
    "amount, weights",
    [
        ("0.01", ["1.00", "1.00", "1.00"]),
        ("9.99", ["3.33", "0.01", "100.00", "7.77"]),
        ("15.40", ["60.00", "40.00"]),
        ("1.00", ["0.00", "5.00"]),
    ],
)
def test_a_split_adds_up_to_the_discount_and_never_gives_a_line_more_than_its_cent_share(amount, weights):
    shares = rules.allocate(Decimal(amount), [Decimal(w) for w in weights])
    assert sum(shares, Decimal("0.00")) == Decimal(amount)
    total = sum(Decimal(w) for w in weights)
    for share, weight in zip(shares, weights, strict=True):
        exact = Decimal(amount) * Decimal(weight) / total
        assert abs(share - exact) < Decimal("0.01")


def test_refunding_a_line_unit_by_unit_returns_what_it_paid():
    # 3 units at 10.00 with a 1.00 share: 29.00 paid; one unit 9.66, then the last two 19.34.
    assert rules.line_refund(Decimal("30.00"), Decimal("1.00"), 3, 1) == Decimal("9.66")
    assert rules.line_refund(Decimal("30.00"), Decimal("1.00"), 3, 3) == Decimal("29.00")
