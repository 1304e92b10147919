"""Fields of the console's forms, shared by every admin schema. Their messages are keys of
bff/common/messages.py (a domain's table falls back to it), answered in the shop's language by
bff/common/field_errors.py.
"""

from decimal import Decimal, InvalidOperation

from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validate

from bff.common.models import MAX_ID
from bff.common.schemas import NOT_BLANK_TEXT, Text

MAX_MONEY = Decimal("9999999999.99")  # Numeric(12, 2)
CENT = Decimal("0.01")


class MoneyInput(fields.Field):
    """An amount of money: a number or numeric string, >= 0, at most `places` decimals, finite.
    Never rounded: 10.555 is refused, not stored as 10.56."""

    def __init__(
        self,
        *args,
        places: int = 2,
        maximum: Decimal = MAX_MONEY,
        positive: bool = False,
        invalid: str = "money_invalid",
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.places = places
        self.maximum = maximum
        self.positive = positive  # 0 refused too
        self.invalid = invalid  # the message key of a bad value

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise ValidationError(self.invalid)
        try:
            amount = Decimal(str(value).strip())
        except (InvalidOperation, ValueError):
            raise ValidationError(self.invalid) from None
        if isinstance(value, float) and amount.is_finite():
            # A JSON number is a binary float to most clients: 57 * 0.01 arrives as
            # 0.5700000000000001. Within a billionth of a cent it is that cent; 10.555 is not.
            near = amount.quantize(Decimal(1).scaleb(-self.places))
            if abs(amount - near) < Decimal("1e-9"):
                amount = near
        if not amount.is_finite() or amount < 0 or amount.as_tuple().exponent < -self.places:
            raise ValidationError(self.invalid)
        if self.positive and amount == 0:
            raise ValidationError(self.invalid)
        if amount > self.maximum:
            raise ValidationError("money_too_large")
        return amount.quantize(Decimal(1).scaleb(-self.places))


def money_schema(places: int = 2, maximum: Decimal = MAX_MONEY, positive: bool = False) -> dict:
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


def money(**kwargs) -> MoneyInput:
    kwargs.setdefault("error_messages", {"required": "required", "null": "required"})
    metadata = {"description": "NZD, >= 0, at most two decimals.", **kwargs.pop("metadata", {})}
    described = {k: kwargs[k] for k in ("places", "maximum", "positive") if k in kwargs}
    kwargs["metadata"] = {**money_schema(**described), **metadata}
    return MoneyInput(**kwargs)


def optional_money() -> MoneyInput:
    return money(allow_none=True, load_default=None, metadata={"description": "NZD, or null (not set)."})


def integer(low: int, high: int, **kwargs) -> fields.Integer:
    def check(value: int) -> None:
        if value < low:
            raise ValidationError("not_negative" if low == 0 else "integer_invalid")
        if value > high:
            raise ValidationError("number_too_large")

    messages = {"invalid": "integer_invalid", "required": "required", "null": "required"}
    metadata = {"minimum": low, "maximum": high, **kwargs.pop("metadata", {})}
    return fields.Integer(strict=False, validate=check, error_messages=messages, metadata=metadata, **kwargs)


def text_field(longest: int, **kwargs) -> fields.String:
    messages = {"invalid": "invalid", "required": "required", "null": "required"}
    return Text(validate=validate.Length(max=longest, error="too_long"), error_messages=messages, **kwargs)


def name_field(longest: int) -> fields.String:
    def check(value: str) -> None:
        if not value.strip():
            raise ValidationError("name_required")
        if len(value) > longest:
            raise ValidationError("too_long")

    messages = {"invalid": "name_required", "required": "name_required", "null": "name_required"}
    return Text(
        required=True,
        validate=check,
        error_messages=messages,
        metadata={"pattern": NOT_BLANK_TEXT, "minLength": 1, "maxLength": longest},
    )


def flag(**kwargs) -> fields.Boolean:
    return fields.Boolean(error_messages={"invalid": "invalid", "null": "invalid"}, **kwargs)


def ref(**kwargs) -> fields.Integer:
    return fields.Integer(
        strict=False,
        allow_none=True,
        validate=validate.Range(min=1, max=MAX_ID, error="invalid"),
        error_messages={"invalid": "invalid"},
        **kwargs,
    )


class Body(Schema):
    class Meta:
        unknown = EXCLUDE

    @pre_load
    def _blank_optional_means_null(self, data, **kwargs):
        # Forms send "" for an empty optional number; it means "not set".
        if not isinstance(data, dict):
            return data
        nullable = {n for n, f in self.load_fields.items() if f.allow_none}
        return {k: (None if k in nullable and v == "" else v) for k, v in data.items()}
