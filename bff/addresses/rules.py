"""The recipient rules of SPEC section 5 (the address book and checkout share them), as pure
functions. The service turns each problem into the message of the call;
rules/validation_cases.json holds the agreed cases, run by pytest and by Vitest."""

import json
import re
import unicodedata

from bff.common.id_numbers import id_number_problem, normalise_id_number
from bff.config import ROOT
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
# New Zealand addresses go to couriers in Latin script (SPEC section 5), as New Zealanders write
# them: Latin letters with their accents (Latin-1 and Latin Extended-A, so the macrons of
# Whangārei and Ōtāhuhu), digits, spaces, and the punctuation of street addresses:
# , . - – ' ’ " / # & ( ) [ ] : ; ! ? + @ _ (2/15 O'Brien St (rear), Unit 3 #2; Smith & Co).
# The recipient's name may be in any script (a Chinese shopper sends to a relative in Auckland):
# letters and marks of any script, spaces and . - ' ’ ·. The city may be one of the common
# Chinese names of New Zealand's cities (rules/nz_cities.json, 奥克兰), stored in English.
# Phones may be written +64 21 123 4567 or (09) 123-4567: a leading +, digits, spaces, hyphens,
# parentheses. frontend/src/common/rules/forms.js holds the same patterns.
_LATIN_LETTERS = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f"
_SPACES = " \t\n\r\u00a0"
_NZ_TEXT = re.compile(f"[{_LATIN_LETTERS}0-9{_SPACES},.\\-\u2013'\u2019\"/#&()\\[\\]:;!?+@_]+")
_NZ_PHONE = re.compile(f"\\+?[0-9{_SPACES}()\\-]*[0-9][0-9{_SPACES}()\\-]*")
_NAME_PUNCTUATION = set(_SPACES) | set(".-'\u2019\u00b7")
NZ_CITIES: dict[str, str] = json.loads((ROOT / "rules" / "nz_cities.json").read_text("utf-8"))["cities"]


def nz_city_in_english(city: str) -> str:
    """The English name of a New Zealand city typed in Chinese (奥克兰, 奥克兰市), else `city`."""
    return NZ_CITIES.get(city.removesuffix("市").strip(), city)


def is_name(value: str) -> bool:
    """Letters of any script (with their combining marks), spaces and name punctuation."""
    return any(ch.isalpha() for ch in value) and all(
        ch.isalpha() or unicodedata.category(ch).startswith("M") or ch in _NAME_PUNCTUATION for ch in value
    )


def trimmed_recipient(data: dict) -> dict[str, str]:
    """Every recipient field as trimmed text ("" when missing), in Unicode NFC, so a macron typed
    as a combining mark (a + U+0304) is the one character ā the rule and the courier expect.
    The ID number loses its spaces and a final x becomes X."""
    values = {
        name: unicodedata.normalize("NFC", str(data.get(name) or "")).strip()
        for name in (*REQUIRED_FIELDS, *OPTIONAL_FIELDS)
    }
    values["shipping_id"] = normalise_id_number(values["shipping_id"])
    return values


def recipient_problems(values: dict[str, str]) -> dict[str, str]:
    """The problem of each bad field of a trimmed recipient: "required" (missing, or a country
    not served), "too_long", "nz_address" (New Zealand: a name in letters, a city and address in
    Latin script or a known Chinese city name, a phone number), or
    for the ID number "id_number_invalid" or "id_number_check_digit" (bff/common/id_numbers.py)."""
    problems: dict[str, str] = {}
    for name, longest in {**REQUIRED_FIELDS, **OPTIONAL_FIELDS}.items():
        value = values[name]
        if name in REQUIRED_FIELDS and (not value or (name == "shipping_country" and value not in COUNTRIES)):
            problems[name] = "required"
        elif len(value) > longest:
            problems[name] = "too_long"
    if "shipping_id" not in problems and (id_problem := id_number_problem(values["shipping_id"])):
        problems["shipping_id"] = f"id_number_{id_problem}"
    if values["shipping_country"] == NEW_ZEALAND:
        if "shipping_name" not in problems and not is_name(values["shipping_name"]):
            problems["shipping_name"] = "nz_address"
        for name in ("shipping_address", "shipping_city"):
            value = nz_city_in_english(values[name]) if name == "shipping_city" else values[name]
            if name not in problems and not _NZ_TEXT.fullmatch(value):
                problems[name] = "nz_address"
        if "shipping_contact" not in problems and not _NZ_PHONE.fullmatch(values["shipping_contact"]):
            problems["shipping_contact"] = "nz_address"
    return problems
