"""The recipient rules of SPEC section 5 (the address book and checkout share them), as pure
functions. The service turns each problem into the message of the call;
rules/validation_cases.json holds the agreed cases, run by pytest and by Vitest."""

import re

from bff.shipping.rules import COUNTRIES, NEW_ZEALAND

# field: longest allowed
REQUIRED_FIELDS = {
    "shipping_name": 120,
    "shipping_contact": 40,
    "shipping_country": 40,
    "shipping_city": 120,
    "shipping_address": 255,
}
OPTIONAL_FIELDS = {"shipping_id": 40}
# New Zealand addresses are written in English: letters, digits, whitespace, comma, period, hyphen.
_NZ_TEXT = re.compile(r"[A-Za-z0-9\s,.\-]+")
_DIGITS = re.compile(r"[0-9]+")


def trimmed_recipient(data: dict) -> dict[str, str]:
    """Every recipient field as trimmed text ("" when missing)."""
    return {name: str(data.get(name) or "").strip() for name in (*REQUIRED_FIELDS, *OPTIONAL_FIELDS)}


def recipient_problems(values: dict[str, str]) -> dict[str, str]:
    """The problem of each bad field of a trimmed recipient: "required" (missing, or a country
    not served), "too_long" or "nz_address" (New Zealand: English text, a phone of digits)."""
    problems: dict[str, str] = {}
    for name, longest in {**REQUIRED_FIELDS, **OPTIONAL_FIELDS}.items():
        value = values[name]
        if name in REQUIRED_FIELDS and (not value or (name == "shipping_country" and value not in COUNTRIES)):
            problems[name] = "required"
        elif len(value) > longest:
            problems[name] = "too_long"
    if values["shipping_country"] == NEW_ZEALAND:
        for name in ("shipping_address", "shipping_city", "shipping_name"):
            if name not in problems and not _NZ_TEXT.fullmatch(values[name]):
                problems[name] = "nz_address"
        if "shipping_contact" not in problems and not _DIGITS.fullmatch(values["shipping_contact"]):
            problems["shipping_contact"] = "nz_address"
    return problems
