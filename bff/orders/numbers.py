"""Order numbers: unique, not guessable in sequence, easy to read aloud or type on a phone.

Format `YYMMDD-XXXX-XXXX`: the order date, then 8 random characters of Crockford's base32
(no I, L, O or U, so nothing reads as 1, 0 or another letter): 40 random bits a day.
Uniqueness is finally enforced by the database; callers retry on a clash.
"""

import re
import secrets
from datetime import datetime

from werkzeug.routing import BaseConverter

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
PATTERN = re.compile(rf"^\d{{6}}-[{ALPHABET}]{{4}}-[{ALPHABET}]{{4}}$")


def new_order_number(now: datetime) -> str:
    random_part = "".join(secrets.choice(ALPHABET) for _ in range(8))
    return f"{now:%y%m%d}-{random_part[:4]}-{random_part[4:]}"


def normalise_order_number(text: str) -> str:
    """What a shopper typed -> the stored form: upper case; O->0, I/L->1 as Crockford reads them."""
    return text.strip().upper().translate(str.maketrans({"O": "0", "I": "1", "L": "1"}))


class OrderNumberConverter(BaseConverter):
    """`/api/order/<order_number:...>`: what a shopper may type for an order number (it begins
    with the date's digits), so `/api/order/create` is never taken for an order number."""

    regex = r"[0-9][0-9A-Za-z-]{0,19}"


def order_number_param_schema(converter) -> dict:
    return {"type": "string", "pattern": "^[0-9][0-9A-Za-z-]{0,19}$", "minLength": 1, "maxLength": 20}
