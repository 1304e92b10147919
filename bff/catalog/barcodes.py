"""A variant's barcode: a GTIN (GTIN-8, -12 (UPC-A), -13 (EAN-13) or -14) with its check digit.

The check digit is GS1's mod-10: the digits before it, from the right, weighted 3, 1, 3, ...;
it brings their sum to a multiple of ten (GS1 General Specifications 7.9,
https://www.gs1.org/services/how-calculate-check-digit-manually). `rules/barcode_cases.json` is
the table this and the console's twin (frontend/src/common/rules/barcode.js) both run.
"""

import re

GTIN_LENGTHS = (8, 12, 13, 14)
_PRINTED = re.compile(r"[\s-]+")
_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def normal_gtin(code: str) -> str | None:
    """The GTIN as kept (digits only, spaces and hyphens of a printed label dropped), or None
    when it is no GTIN: a length other than 8, 12, 13 or 14 digits, or a wrong check digit."""
    digits = _PRINTED.sub("", code or "")
    if len(digits) not in GTIN_LENGTHS or not _DIGITS.fullmatch(digits):
        return None
    body = [int(d) for d in reversed(digits[:-1])]
    total = sum(d * (3 if i % 2 == 0 else 1) for i, d in enumerate(body))
    return digits if (10 - total % 10) % 10 == int(digits[-1]) else None
