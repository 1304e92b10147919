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


CHARGES = json.loads((ROOT / "rules" / "yuan_cases.json").read_text())["charges"]


@pytest.mark.parametrize("case", CHARGES, ids=[c["case"] for c in CHARGES])
def test_yuan_rounds_half_up_to_the_fen_and_a_charge_to_the_jiao(case):
    """The table's charges (half fen after an even digit among them): NZD x rate, half up."""
    from bff.payments.charges import charge_for, in_yuan

    assert str(in_yuan(Decimal(case["nzd"]), Decimal(case["rate"]))) == case["expected"]
    # What a mainland account charges is the yuan total screens show: the same rule, to the jiao.
    charge = charge_for(Decimal(case["nzd"]), "CNY", Decimal(case["rate"]))
    assert (str(charge.amount), charge.currency, charge.rate) == (
        case["expected_charge"],
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
