"""Fields and schemas shared by every domain: money, flags, times, paginators and errors."""

import re
from datetime import UTC
from decimal import Decimal, InvalidOperation

from marshmallow import Schema, ValidationError, fields, validate

from bff.common.id_numbers import mask_id_number
from bff.common.models import MAX_AMOUNT

MAX_PAGE = 1_000_000_000
# C0 controls but tab, newline and carriage return, DEL, the C1 controls (U+0085 NEL among them)
# and the line and paragraph separators U+2028/U+2029: PostgreSQL refuses NUL in text, Python's
# mail headers refuse the line breaks (a shop name goes into From), and none of them belongs in a
# name, an address or a search.
CONTROL_RANGES = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029"
CONTROL_CHARACTERS = re.compile(f"[{CONTROL_RANGES}]")
NO_CONTROL_CHARACTERS = f"^[^{CONTROL_RANGES}]*$"
# The same with at least one character that is not whitespace.
NOT_BLANK_TEXT = rf"^[^{CONTROL_RANGES}]*[^\s{CONTROL_RANGES}][^{CONTROL_RANGES}]*$"
# Half of a UTF-16 pair with no other half: no encoding can write it (the database, a mail, a
# JSON answer would fail on it). bff/json.py refuses them in every JSON body; this is the forms'.
LONE_SURROGATES = re.compile(r"[\ud800-\udfff]")


class Text(fields.String):
    """Every text a caller sends: control characters are a field error (`control_characters`,
    a key of bff/common/messages.py), and the OpenAPI pattern says so unless a stricter one
    (metadata `pattern`) is given."""

    def __init__(self, *args, **kwargs):
        metadata = kwargs.pop("metadata", {})
        metadata.setdefault("pattern", NO_CONTROL_CHARACTERS)
        super().__init__(*args, metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        if CONTROL_CHARACTERS.search(text) or LONE_SURROGATES.search(text):
            raise ValidationError("control_characters")
        return text


class WholeNumber(fields.Integer):
    """An integer a caller sends (a quantity, a stock level, an id): a JSON integer, or text of
    digits with an optional sign as a form sends it. Never truncated or read loosely: 1.9, "1.9",
    "1_000", "1e3" and "١٢" are refused (marshmallow's own Integer takes them as 1 and 1000 via
    int()); 2.0 as a JSON number is 2."""

    _DIGITS = re.compile(r"\s*[+-]?[0-9]{1,18}\s*")

    def __init__(self, *args, **kwargs):
        kwargs.pop("strict", None)
        super().__init__(*args, strict=False, **kwargs)

    def _format_num(self, value):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and self._DIGITS.fullmatch(value):
            return int(value)
        if isinstance(value, (Decimal, float)):
            number = Decimal(value) if isinstance(value, float) else value
            if number.is_finite() and abs(number) < Decimal("1e18") and number == number.to_integral_value():
                return int(number)
        raise ValueError(value)


def Money(**kwargs):  # noqa: N802 - reads like a field class
    """Two-decimal JSON number (Decimal all the way, never float)."""
    return fields.Decimal(places=2, as_string=False, allow_nan=False, **kwargs)


class MoneyInput(fields.Field):
    """An amount a caller sends, the one rule of every form and call (checkout, payment, console):
    a number or numeric text, >= 0 (not -0), at most `places` decimals, finite, up to `maximum`.
    Never rounded: 10.555 is refused, not taken as 10.56. Its messages are keys of
    bff/common/messages.py (`invalid`: the key of a bad value), answered in the shop's language."""

    def __init__(
        self,
        *args,
        places: int = 2,
        maximum: Decimal = MAX_AMOUNT,
        positive: bool = False,
        invalid: str = "money_invalid",
        **kwargs,
    ):
        kwargs["metadata"] = {**money_schema(places, maximum, positive), **kwargs.get("metadata", {})}
        super().__init__(*args, **kwargs)
        self.places = places
        self.maximum = maximum
        self.positive = positive  # 0 refused too
        self.invalid = invalid

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise ValidationError(self.invalid)
        try:
            amount = Decimal(str(value).strip())
        except (InvalidOperation, ValueError):
            raise ValidationError(self.invalid) from None
        if not amount.is_finite() or amount.is_signed():
            raise ValidationError(self.invalid)
        # Before any quantize: 1e26 has more digits than the context's 28 (InvalidOperation).
        if amount > self.maximum:
            raise ValidationError("money_too_large")
        if not isinstance(value, str):
            # A JSON number (a Decimal from bff/json.py's parser, a float from Python) is a binary
            # float to most clients: 57 * 0.01 arrives as 0.5700000000000001. Within a billionth of
            # a cent it is that cent; 10.555 is not. Text is what a person typed: taken exactly.
            near = amount.quantize(Decimal(1).scaleb(-self.places))
            if abs(amount - near) < Decimal("1e-9"):
                amount = near
        if amount.as_tuple().exponent < -self.places:
            raise ValidationError(self.invalid)
        if self.positive and amount == 0:
            raise ValidationError(self.invalid)
        return amount.quantize(Decimal(1).scaleb(-self.places))


def money_schema(places: int = 2, maximum: Decimal = MAX_AMOUNT, positive: bool = False) -> dict:
    """What MoneyInput takes, for the OpenAPI: a number or a numeric text (forms send text)."""
    step = Decimal(1).scaleb(-places)
    whole = len(str(int(maximum))) - 1  # digits that always stay under the maximum
    number = {"type": "number", "minimum": 0, "maximum": float(maximum), "multipleOf": float(step)}
    text = rf"\d{{1,{whole}}}(\.\d{{1,{places}}})?"
    if positive:
        number["exclusiveMinimum"] = True
        # Not all zeros: a non-zero whole part, or a fraction with a non-zero digit in its places.
        fractions = "|".join(f"0{{{zeros}}}[1-9]\\d{{0,{places - 1 - zeros}}}" for zeros in range(places))
        text = rf"0*[1-9]\d{{0,{whole - 1}}}(\.\d{{1,{places}}})?|0*\.({fractions})"
    return {"oneOf": [number, {"type": "string", "pattern": rf"^\s*({text})\s*$"}]}


class Flag(fields.Field):
    """A boolean written as 1/0, as the storefront's contract has it."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else int(bool(value))


class MaskedIdNumber(fields.String):
    """A recipient's ID number as every answer to a shopper shows it: 1101**********1234. The full
    number only leaves the BFF through the admin call that writes the audit log."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {"description": "Masked: the first 4 and last 4 characters."})
        super().__init__(**kwargs)

    def _serialize(self, value, attr, obj, **kwargs):
        return mask_id_number(value)


class UtcDateTime(fields.DateTime):
    """An ISO 8601 time with its offset. SQLite hands back naive datetimes (stored as UTC),
    which a reader would otherwise take for local time."""

    def _serialize(self, value, attr, obj, **kwargs):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return super()._serialize(value, attr, obj, **kwargs)


class AwareDateTime(UtcDateTime, fields.AwareDateTime):
    """A time a caller sends: ISO 8601 with its offset (a time without one is refused), taken in
    UTC: SQLite keeps a time's wall clock and drops its offset, so 09:00+13:00 must arrive as
    20:00 UTC the day before to mean the same moment there as on PostgreSQL."""

    def _deserialize(self, value, attr, data, **kwargs):
        moment = super()._deserialize(value, attr, data, **kwargs)
        return moment.astimezone(UTC) if moment is not None else moment


class PaginatorSchema(Schema):
    current_page = fields.Integer()
    last_page = fields.Integer()
    per_page = fields.Integer()
    total = fields.Integer()


class ErrorSchema(Schema):
    """Every error answer (bff/errors.py); the OpenAPI document's error responses use it."""

    message = fields.String(required=True, metadata={"description": "For people, in the shop's language."})
    code = fields.String(
        required=True,
        validate=validate.Regexp(r"^[a-z][a-z0-9_]*$"),
        metadata={"description": "Stable, for programs: `store_not_found`, `validation_error`, ..."},
    )
    errors = fields.Dict(
        keys=fields.String(),
        metadata={
            "description": "422: the messages of each field (an object of the same shape for a "
            "nested one such as `shippingInfo`); 409 `prices_changed`: the server's amounts.",
            "additionalProperties": {
                "oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "object"}]
            },
        },
    )


class PageArgs(Schema):
    """`?page=` of a paged list, from 1."""

    page = WholeNumber(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE))
