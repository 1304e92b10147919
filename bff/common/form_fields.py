"""Fields of the console's forms, shared by every admin schema. Their messages are keys of
bff/common/messages.py (a domain's table falls back to it), answered in the shop's language by
bff/common/field_errors.py.
"""

from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validate

from bff.common.models import MAX_ID
from bff.common.schemas import NOT_BLANK_TEXT, MoneyInput, Text, WholeNumber


def money(**kwargs) -> MoneyInput:
    """A console form's amount (bff/common/schemas.py's MoneyInput), its absence said as `required`."""
    kwargs.setdefault("error_messages", {"required": "required", "null": "required"})
    kwargs["metadata"] = {"description": "NZD, >= 0, at most two decimals.", **kwargs.pop("metadata", {})}
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
    return WholeNumber(validate=check, error_messages=messages, metadata=metadata, **kwargs)


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
    return WholeNumber(
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
