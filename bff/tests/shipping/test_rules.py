"""Runs the shared table rules/shipping_cases.json (the frontend runs the same file)."""

import json
from dataclasses import replace
from decimal import Decimal

import pytest

from bff.config import ROOT
from bff.shipping.rules import (
    ShippingSettings,
    WeighedLine,
    available_methods,
    shipping_fee,
    total_weight,
)

CASES = json.loads((ROOT / "rules" / "shipping_cases.json").read_text())
SETTINGS = ShippingSettings(
    **{k: Decimal(v) if isinstance(v, str) else v for k, v in CASES["settings"].items()}
)


def _ids(cases):
    return [c["case"] for c in cases]


@pytest.mark.parametrize("case", CASES["methods"], ids=_ids(CASES["methods"]))
def test_methods_offered(case):
    settings = replace(SETTINGS, **case["flags"])
    assert [m.value for m in available_methods(case["country"], settings)] == case["expected"]


@pytest.mark.parametrize("case", CASES["weights"], ids=_ids(CASES["weights"]))
def test_total_weight(case):
    assert total_weight(WeighedLine(**line) for line in case["lines"]) == case["expected"]


@pytest.mark.parametrize("case", CASES["fees"], ids=_ids(CASES["fees"]))
def test_fee(case):
    fee = shipping_fee(
        case["method"], case["grams"], case["city"], case["address"], SETTINGS, case.get("province_code")
    )
    assert fee == Decimal(case["expected"])
    assert fee.as_tuple().exponent == -2


def test_unknown_method_is_refused():
    with pytest.raises(ValueError):
        shipping_fee("teleport", 1000, "", "", SETTINGS)
