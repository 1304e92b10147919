"""The shared table of yuan cases (rules/yuan_cases.json): the total once from the NZ$ total."""

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
    assert result.lines_add_up is expected["lines_add_up"]
    assert result.parts_add_up is expected["parts_add_up"]


@pytest.mark.parametrize("case", CASES, ids=[c["case"] for c in CASES])
def test_the_total_is_the_yuan_of_the_nzd_total(case):
    nzd = sum((Decimal(p) * q for p, q in case["lines"]), Decimal(case["shipping"]))
    assert str(yuan(nzd, case["rate"])) == case["expected"]["total"]


def test_the_table_holds_carts_whose_rounding_differs():
    """Cases where summing rounded figures would give another total than the one shown."""
    assert sum(not c["expected"]["lines_add_up"] for c in CASES) >= 3
    assert sum(not c["expected"]["parts_add_up"] for c in CASES) >= 2
    first = CASES[0]
    (price, quantity), rate = first["lines"][0], first["rate"]
    assert str(yuan(price, rate) * quantity) != first["expected"]["total"]
