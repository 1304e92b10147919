"""The console's money field: what it takes, what it refuses, and what the OpenAPI says of it."""

import re
from decimal import Decimal

import pytest
from marshmallow import Schema, ValidationError

from bff.common.form_fields import money
from bff.common.schemas import MoneyInput, money_schema


class Price(Schema):
    price = money(required=True)


class Rate(Schema):
    rate = MoneyInput(places=4, positive=True)


@pytest.mark.parametrize(
    ("sent", "stored"),
    [
        ("12.50", Decimal("12.50")),
        (" 7 ", Decimal("7.00")),
        (12.5, Decimal("12.50")),
        (57 * 0.01, Decimal("0.57")),  # 0.5700000000000001 as a float: float noise of 0.57
        (0.1 + 0.2, Decimal("0.30")),  # 0.30000000000000004
        (0, Decimal("0.00")),
    ],
)
def test_an_amount_in_cents_is_taken_whether_text_or_a_json_number(sent, stored):
    assert Price().load({"price": sent})["price"] == stored


@pytest.mark.parametrize(
    "sent",
    # Text is taken exactly (a person typed it); -0 is not an amount.
    [
        "10.555",
        10.555,
        10.501,
        "0.5700000000000001",
        "-1",
        -0.01,
        "-0",
        "-0.00",
        -0.0,
        "NaN",
        "Infinity",
        float("inf"),
        True,
    ],
)
def test_an_amount_with_more_than_cents_or_not_an_amount_is_refused(sent):
    with pytest.raises(ValidationError):
        Price().load({"price": sent})


def test_a_positive_amount_refuses_zero_and_keeps_four_places():
    assert Rate().load({"rate": "4.7312"})["rate"] == Decimal("4.7312")
    assert Rate().load({"rate": 4.7312})["rate"] == Decimal("4.7312")
    for zero in ("0", 0, "0.0000"):
        with pytest.raises(ValidationError):
            Rate().load({"rate": zero})


def test_the_openapi_says_a_number_in_steps_of_a_cent_or_text_that_the_field_takes():
    number, text = money_schema()["oneOf"]
    assert number == {"type": "number", "minimum": 0, "maximum": 9999999999.99, "multipleOf": 0.01}
    for sent in ("0", "12.5", " 999999999.99 ", "0.01"):
        assert re.match(text["pattern"], sent)
        Price().load({"price": sent})
    for refused in ("", "1.234", "-1", "1e3", "NaN"):
        assert not re.match(text["pattern"], refused)


def test_a_positive_amount_is_described_without_zero():
    number, text = money_schema(places=4, maximum=Decimal("99999999.9999"), positive=True)["oneOf"]
    assert number["exclusiveMinimum"] is True and number["multipleOf"] == 0.0001
    for sent in ("0.5", "4.7312", "0.0001", ".5", "1000", "0010.01"):
        assert re.match(text["pattern"], sent), sent
        Rate().load({"rate": sent})
    for refused in ("0", "0.0000", "00.0", "0.00001", "-1"):
        assert not re.match(text["pattern"], refused), refused
