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
