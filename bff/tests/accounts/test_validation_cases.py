"""Runs the shared table rules/validation_cases.json (the frontend runs the same file) against
the BFF's rules, and through the schemas and the service that answer the calls."""

import json

import pytest
from marshmallow import ValidationError

from bff.accounts.rules import email_problem, password_problem
from bff.accounts.schemas import email_rule, password_rule
from bff.addresses.rules import recipient_problems, trimmed_recipient
from bff.addresses.services import clean_recipient
from bff.common.errors import DomainError
from bff.config import ROOT
from bff.shops.models import Shop

CASES = json.loads((ROOT / "rules" / "validation_cases.json").read_text())
ZH, EN = Shop(language="zh"), Shop(language="en")


def _ids(cases):
    return [c["case"] for c in cases]


def _message_key(rule, value) -> str | None:
    try:
        rule(value)
    except ValidationError as exc:
        [key] = exc.messages
        return key
    return None


@pytest.mark.parametrize("case", CASES["email"], ids=_ids(CASES["email"]))
def test_email(case):
    assert email_problem(case["value"]) == case["expected"]
    expected_key = case["expected"] and f"email_{case['expected']}"
    assert _message_key(email_rule("email_required", "email_invalid"), case["value"]) == expected_key


@pytest.mark.parametrize("case", CASES["password"], ids=_ids(CASES["password"]))
def test_password(case):
    assert password_problem(case["value"]) == case["expected"]
    expected_key = case["expected"] and f"password_{case['expected']}"
    assert _message_key(password_rule, case["value"]) == expected_key


# What the service says for each rule, in Chinese (SPEC section 5) and English.
REQUIRED_MESSAGES = {
    "shipping_name": ("请输入收件人姓名", "Please enter the recipient's name"),
    "shipping_contact": ("请输入收件人电话", "Please enter the recipient's phone number"),
    "shipping_country": ("请选择国家", "Please choose a country"),
    "shipping_city": ("请输入收件人城市/省份", "Please enter the recipient's city or province"),
    "shipping_address": ("请输入收件人地址", "Please enter the recipient's address"),
}
# Each New Zealand field says what is wrong with it.
NZ_ADDRESS_MESSAGES = {
    "shipping_name": (
        "收件人姓名只能包含文字、空格和 . - ' ·",
        "The recipient's name may hold letters, spaces and . - ' · only",
    ),
    "shipping_city": (
        "请用英文填写新西兰城市（如 Auckland），或常用中文名（如 奥克兰）",
        "Please write the New Zealand city in English (such as Auckland)",
    ),
    "shipping_address": (
        "地址不正确，请使用英文填写地址信息。",
        "Incorrect address: please write the address in English.",
    ),
    "shipping_contact": (
        "电话号码只能包含数字、空格、开头的 +、连字符和括号",
        "The phone number may hold digits, spaces, a leading +, hyphens and brackets only",
    ),
}


def _recipient_rule(field: str, message: str, language: int) -> str:
    """The table's rule that a message of the service stands for, in the shop's language
    (0 Chinese, 1 English)."""
    if field in NZ_ADDRESS_MESSAGES and message == NZ_ADDRESS_MESSAGES[field][language]:
        return "nz_address"
    if message == REQUIRED_MESSAGES[field][language]:
        return "required"
    raise AssertionError(f"{field}: unexpected message {message!r}")


@pytest.mark.parametrize("case", CASES["recipient"], ids=_ids(CASES["recipient"]))
def test_recipient(case):
    assert recipient_problems(trimmed_recipient(case["values"])) == case["expected"]
    # The table holds the text rules; a China recipient also names its place from the lists,
    # checked apart (bff/tests/addresses/test_regions.py): here a valid one, 上海市 浦东新区.
    values = {**case["values"], "province_code": "310000", "city_code": "310000", "district_code": "310115"}
    expected = dict(case["expected"])
    if values.get("shipping_country") == "中国":
        expected.pop("shipping_city", None)  # the BFF writes it from the place chosen
    for language, shop in enumerate((ZH, EN)):
        if not expected:
            clean_recipient(shop, values)
            continue
        with pytest.raises(DomainError) as caught:
            clean_recipient(shop, values)
        rules = {
            field: _recipient_rule(field, message, language)
            for field, [message] in caught.value.errors.items()
        }
        assert rules == expected
