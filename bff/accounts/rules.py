"""The email and password rules of SPEC section 5, as pure functions. The schemas turn a
problem into the message of the call; rules/validation_cases.json holds the agreed cases, run
by pytest (bff/tests/accounts/test_validation_cases.py) and by Vitest."""

import re

EMAIL_MAX = 254
# What browsers accept in <input type=email>, with a dot in the domain as shoppers' addresses have.
EMAIL_PATTERN = re.compile(
    r"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+"
)
# SPEC section 5: 8 to 20 characters, and letters and digits only (the 6-20 pattern).
PASSWORD_MIN, PASSWORD_MAX = 8, 20
PASSWORD_PATTERN = re.compile(r"[A-Za-z0-9]{6,20}")


def email_problem(value: str) -> str | None:
    """None for a good address (spaces around are trimmed), else "required" or "invalid"."""
    value = value.strip()
    if not value:
        return "required"
    if len(value) > EMAIL_MAX or not EMAIL_PATTERN.fullmatch(value):
        return "invalid"
    return None


def password_problem(value: str) -> str | None:
    """None for a good password (taken as typed), else "required", "too_short", "too_long" or "weak"."""
    if not value:
        return "required"
    if len(value) < PASSWORD_MIN:
        return "too_short"
    if len(value) > PASSWORD_MAX:
        return "too_long"
    if not PASSWORD_PATTERN.fullmatch(value):
        return "weak"
    return None
