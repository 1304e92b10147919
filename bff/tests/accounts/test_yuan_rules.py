"""The shared table of yuan cases (rules/yuan_cases.json): yuan of each line, summed."""

import json
from decimal import Decimal

import pytest

from bff.config import ROOT
from bff.pricing.rules import yuan, yuan_totals

CASES = json.loads((ROOT / "rules" / "yuan_cases.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["case"] for c in CASES])
def test_yuan_case(case):
    result = yuan_totals([(price, qty) for price, qty in case["lines"]], case["rate"], case["shipping"])
    expected = case["expected"]
    assert [str(u) for u in result.units] == expected["units"]
    assert [str(a) for a in result.lines] == expected["lines"]
    assert str(result.subtotal) == expected["subtotal"]
    assert str(result.shipping) == expected["shipping"]
    assert str(result.total) == expected["total"]


def test_the_first_case_is_one_where_the_subtotals_own_yuan_differs():
    """The table's first case is the issue's: summing lines is not the subtotal's yuan."""
    case = CASES[0]
    (price, quantity), rate = case["lines"][0], case["rate"]
    assert str(yuan(Decimal(price) * quantity, rate)) != case["expected"]["subtotal"]


CHARGES = json.loads((ROOT / "rules" / "yuan_cases.json").read_text())["charges"]


@pytest.mark.parametrize("case", CHARGES, ids=[c["case"] for c in CHARGES])
def test_a_yuan_charge_rounds_half_up_to_the_fen(case):
    """The table's charges (half fen after an even digit among them): NZD x rate, half up."""
    from bff.payments.charges import charge_for, in_yuan

    assert str(in_yuan(Decimal(case["nzd"]), Decimal(case["rate"]))) == case["expected"]
    charge = charge_for(Decimal(case["nzd"]), "CNY", Decimal(case["rate"]))
    assert (str(charge.amount), charge.currency, charge.rate) == (
        case["expected"],
        "CNY",
        Decimal(case["rate"]),
    )


def test_the_charges_include_half_fens_that_half_to_even_rounds_the_other_way():
    """So that the table can tell ROUND_HALF_UP from ROUND_HALF_EVEN at all."""
    from decimal import ROUND_HALF_EVEN

    differ = [
        c
        for c in CHARGES
        if str((Decimal(c["nzd"]) * Decimal(c["rate"])).quantize(Decimal("0.01"), ROUND_HALF_EVEN))
        != c["expected"]
    ]
    assert len(differ) >= 2
