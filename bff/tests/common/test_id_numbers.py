"""Runs the shared table rules/id_number_cases.json (the frontend runs the same file) against the
BFF's rule, and through the recipient check the address book and checkout share."""

import json

import pytest

from bff.addresses.services import clean_recipient
from bff.common.errors import DomainError
from bff.common.id_numbers import id_number_problem, mask_id_number
from bff.config import ROOT
from bff.shops.models import Shop
from bff.tests.fixtures.shopping import NZ_RECIPIENT as NZ

CASES = json.loads((ROOT / "rules" / "id_number_cases.json").read_text())
ZH, EN = Shop(language="zh"), Shop(language="en")
MESSAGES = {
    "invalid": (
        "身份证号应为18位：17位数字加1位数字或X",
        "The ID number has 18 characters: 17 digits, then a digit or X",
    ),
    "check_digit": (
        "身份证号不正确，请核对（校验位不符）",
        "This ID number is not valid: please check it (its last character does not match)",
    ),
}


def _ids(cases):
    return [c["case"] for c in cases]


def _recipient_error(shop, value):
    try:
        clean_recipient(shop, {**NZ, "shipping_id": value})
    except DomainError as exc:
        return exc.errors["shipping_id"][0]
    return None


@pytest.mark.parametrize("case", CASES["validation"], ids=_ids(CASES["validation"]))
def test_id_number(case):
    assert id_number_problem(case["value"]) == case["expected"]
    for index, shop in enumerate((ZH, EN)):
        expected = case["expected"] and MESSAGES[case["expected"]][index]
        if "*" in case["value"]:  # a mask the BFF answered: it asks for the full number instead
            expected = ("请填写完整的身份证号", "Please enter the full ID number")[index]
        assert _recipient_error(shop, case["value"]) == expected


@pytest.mark.parametrize("case", CASES["masks"], ids=_ids(CASES["masks"]))
def test_mask(case):
    assert mask_id_number(case["value"]) == case["expected"]


def test_a_valid_number_is_stored_normalised():
    assert (
        clean_recipient(ZH, {**NZ, "shipping_id": " 11010519491231002x "})["shipping_id"]
        == "11010519491231002X"
    )


def test_a_mask_stands_for_the_one_known_number_it_masks():
    known = ["11010519491231002X", "440304198503151231"]
    values = clean_recipient(ZH, {**NZ, "shipping_id": "1101**********002X"}, known_ids=known)
    assert values["shipping_id"] == "11010519491231002X"
    # A mask of no known number is refused: the shopper is asked for the full number.
    with pytest.raises(DomainError) as refused:
        clean_recipient(EN, {**NZ, "shipping_id": "1101**********9999"}, known_ids=known)
    assert refused.value.errors == {"shipping_id": ["Please enter the full ID number"]}
