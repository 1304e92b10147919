"""The shared table of pricing cases (rules/pricing_cases.json), run against the BFF's rule."""

import json
from decimal import Decimal

import pytest

from bff.config import ROOT
from bff.pricing.rules import Basis, quote

CASES = json.loads((ROOT / "rules" / "pricing_cases.json").read_text())["cases"]


def _dec(value):
    return None if value is None else Decimal(value)


@pytest.mark.parametrize("case", CASES, ids=[c["case"] for c in CASES])
def test_pricing_case(case):
    args = (
        _dec(case["price"]),
        _dec(case["discount"]),
        _dec(case["member_price"]),
        _dec(case["member_discount_percent"]),
        case["is_special_member"],
    )
    result = quote(*args)
    expected = case["expected"]
    assert str(result.amount) == expected["price"]
    assert result.badge is expected["badge"]
    assert result.basis == expected["basis"]


def test_table_covers_every_branch():
    assert {c["expected"]["basis"] for c in CASES} == {b.value for b in Basis}
    assert {c["expected"]["badge"] for c in CASES} == {True, False}


def test_nobody_pays_more_than_a_guest():
    for case in CASES:
        guest = quote(_dec(case["price"]), _dec(case["discount"]), _dec(case["member_price"]))
        member = quote(
            _dec(case["price"]),
            _dec(case["discount"]),
            _dec(case["member_price"]),
            _dec(case["member_discount_percent"]),
            case["is_special_member"],
        )
        assert member.amount <= guest.amount <= Decimal(case["price"])


def test_the_sql_expression_agrees_with_the_rule_on_every_case(session, shop, make_product):
    """Price sorts use the SQL twin of the rule; both give the same price for every case."""
    from sqlalchemy import select

    from bff.catalog.models import Product
    from bff.pricing.rules import Shopper
    from bff.pricing.sql import price_sql

    for case in CASES:
        product = make_product(
            shop,
            price=_dec(case["price"]),
            discount=_dec(case["discount"]),
            member_price=_dec(case["member_price"]),
        )
        shopper = Shopper(_dec(case["member_discount_percent"]), case["is_special_member"])
        in_sql = session.scalar(select(price_sql(Product, shopper)).where(Product.id == product.id))
        # Equal to the cent on both databases (SQLite answers a float: read its shortest form).
        assert Decimal(str(in_sql)).quantize(Decimal("0.01")) == Decimal(case["expected"]["price"]), case[
            "case"
        ]
        assert abs(Decimal(str(in_sql)) - Decimal(case["expected"]["price"])) < Decimal("0.000001"), case[
            "case"
        ]


def test_quote_for_reads_each_field_of_the_item_and_the_shopper():
    """What products, variants and the cart call: the same answer as the table's, field by field."""
    from types import SimpleNamespace

    from bff.pricing.rules import GUEST, Shopper, quote_for

    for case in CASES:
        item = SimpleNamespace(
            price=_dec(case["price"]),
            discount=_dec(case["discount"]),
            member_price=_dec(case["member_price"]),
        )
        shopper = Shopper(_dec(case["member_discount_percent"]), case["is_special_member"])
        result = quote_for(item, shopper)
        assert (str(result.amount), result.badge, result.basis.value) == (
            case["expected"]["price"],
            case["expected"]["badge"],
            case["expected"]["basis"],
        ), case["case"]
    guest = quote_for(
        SimpleNamespace(price=Decimal("10.00"), discount=None, member_price=Decimal("7.00")), GUEST
    )
    assert (guest.amount, guest.basis) == (Decimal("10.00"), Basis.PRICE)
