"""Chinese resident ID numbers (居民身份证号码, GB 11643-1999), which customs asks of a recipient.

18 characters: a 6-digit area code, the birth date (YYYYMMDD), a 3-digit sequence and a check
character computed from the other 17 (ISO 7064 MOD 11-2; 10 is written X). The cases both sides
run are in rules/id_number_cases.json (frontend/src/common/rules/idNumbers.js is the twin).
"""

import re
from datetime import date

_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CHECK_CHARACTERS = "10X98765432"
_SHAPE = re.compile(r"[0-9]{17}[0-9X]")
MASK_CHARACTER = "*"


def normalise_id_number(value: str | None) -> str:
    """Trimmed, inner spaces removed, a final x written X (how the card prints it)."""
    return re.sub(r"\s+", "", str(value or "")).upper()


def check_character(first17: str) -> str:
    return _CHECK_CHARACTERS[sum(int(d) * w for d, w in zip(first17, _WEIGHTS, strict=True)) % 11]


def id_number_problem(value: str | None) -> str | None:
    """None for a valid number (or none at all: the field is optional), else the failing rule:
    "invalid" (not 17 digits and a digit or X, or no real birth date) or "check_digit"."""
    number = normalise_id_number(value)
    if not number:
        return None
    if not _SHAPE.fullmatch(number):
        return "invalid"
    try:
        born = date(int(number[6:10]), int(number[10:12]), int(number[12:14]))
    except ValueError:
        return "invalid"
    if born.year < 1900:
        return "invalid"
    return None if check_character(number[:17]) == number[17] else "check_digit"


def mask_id_number(value: str | None) -> str:
    """What a shopper's screens and answers show: the first 4 and last 4 characters
    (1101**********1234), enough to recognise one's own number; shorter values all masked."""
    number = str(value or "")
    if len(number) < 12:
        return MASK_CHARACTER * len(number)
    return number[:4] + MASK_CHARACTER * (len(number) - 8) + number[-4:]


def is_masked(value: str | None) -> bool:
    return MASK_CHARACTER in str(value or "")
