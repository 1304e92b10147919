"""Bodies and answers of the accounts calls.

Validation messages are keys of `bff.accounts.messages`; the accounts blueprint turns them
into the shop's language (SPEC section 5's Chinese texts, or English for an 'en' shop).
"""

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from bff.accounts.rules import EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, email_problem, password_problem
from bff.common.schemas import NOT_BLANK_TEXT, Flag, Text

# What the rules below accept, for the OpenAPI description (bff/accounts/rules.py decides).
_EMAIL_DOC = {"minLength": 1, "pattern": rf"^[ \t\n\r]*{EMAIL_PATTERN.pattern}[ \t\n\r]*$"}
_PASSWORD_DOC = {
    "minLength": PASSWORD_MIN,
    "maxLength": PASSWORD_MAX,
    "pattern": f"^[A-Za-z0-9]{{{PASSWORD_MIN},{PASSWORD_MAX}}}$",
}
_NOT_BLANK_DOC = {"minLength": 1, "pattern": NOT_BLANK_TEXT}


def _text(key: str, doc: dict, **kwargs):
    """A required text field whose every failure says `key`; `doc` describes its rule."""
    messages = {"required": key, "null": key, "invalid": key}
    return Text(required=True, error_messages=messages, metadata=dict(doc), **kwargs)


def email_rule(required_key: str, invalid_key: str):
    keys = {"required": required_key, "invalid": invalid_key}

    def check(value: str) -> None:
        if problem := email_problem(value):
            raise ValidationError(keys[problem])

    return check


def password_rule(value: str) -> None:
    if problem := password_problem(value):
        raise ValidationError(f"password_{problem}")


def _not_blank(key: str):
    def check(value: str) -> None:
        if not value or not value.strip():
            raise ValidationError(key)

    return check


def _name_rule(value: str) -> None:
    _not_blank("name_required")(value)
    if len(value.strip()) > 120:
        raise ValidationError("name_too_long")


class Body(Schema):
    class Meta:
        unknown = EXCLUDE


class _NewPassword(Body):
    password = _text("password_required", _PASSWORD_DOC, validate=password_rule)
    password_confirmation = _text(
        "password_confirmation_required",
        {**_PASSWORD_DOC, "description": "The same as password."},
        validate=_not_blank("password_confirmation_required"),
    )

    @validates_schema(skip_on_field_errors=False, pass_original=True)
    def _confirmation_matches(self, data, original, **kwargs):
        confirmation = data.get("password_confirmation")
        if confirmation and confirmation != original.get("password"):
            raise ValidationError("password_mismatch", field_name="password_confirmation")


class LoginArgs(Body):
    email = _text("email_required", _EMAIL_DOC, validate=email_rule("email_required", "email_invalid"))
    password = _text("password_required", _NOT_BLANK_DOC, validate=_not_blank("password_required"))


class UnlockArgs(Schema):
    token = Text(required=True, validate=validate.Length(min=1, max=512))
    admin = fields.Boolean(load_default=False, metadata={"description": "Back to the console's sign-in."})


class RegisterArgs(_NewPassword):
    name = _text("name_required", {**_NOT_BLANK_DOC, "maxLength": 120}, validate=_name_rule)
    email = _text("email_required", _EMAIL_DOC, validate=email_rule("email_required", "email_invalid"))
    acceptTerms = fields.Boolean(  # noqa: N815 - the contract's name
        required=True,
        truthy={True, "true", "True", "1", "on", "yes"},
        falsy={False, "false", "False", "0", "off", "no", ""},
        error_messages={"required": "accept_terms", "null": "accept_terms", "invalid": "accept_terms"},
        validate=lambda accepted: _accepted(accepted),
        metadata={"enum": [True]},
    )


def _accepted(value: bool) -> None:
    if value is not True:
        raise ValidationError("accept_terms")


class ResetRequestArgs(Body):
    email = _text(
        "reset_email_required", _EMAIL_DOC, validate=email_rule("reset_email_required", "reset_email_invalid")
    )


class ResetArgs(_NewPassword):
    email = _text(
        "reset_email_required", _EMAIL_DOC, validate=email_rule("reset_email_required", "reset_email_invalid")
    )
    token = _text("token_required", _NOT_BLANK_DOC, validate=_not_blank("token_required"))


class MemberLevelSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    discount_percent = fields.Decimal(
        places=2,
        as_string=False,
        metadata={"description": "Percent of the price a member pays (90 = 10% off)."},
    )


class UserSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    email = fields.String()
    group = fields.String(
        attribute="group_name", allow_none=True, metadata={"description": "null when none (shown as 无)."}
    )
    member_levels = fields.Nested(
        MemberLevelSchema,
        attribute="member_level",
        allow_none=True,
        metadata={"description": "null when none."},
    )
    is_special_member = Flag()
    is_admin = Flag()


class LoginData(Schema):
    token = fields.String(metadata={"description": "Bearer access token (JWT, HS256)."})
    token_type = fields.String()
    expires_in = fields.Integer(metadata={"description": "Seconds the access token lives."})
    user = fields.Nested(UserSchema)


class LoginResponse(Schema):
    message = fields.String()
    data = fields.Nested(LoginData)


class RegisterData(Schema):
    user = fields.Nested(UserSchema)


class RegisterResponse(Schema):
    message = fields.String()
    data = fields.Nested(RegisterData)


class LoginStatusData(Schema):
    isLoggedIn = fields.Boolean()  # noqa: N815 - the contract's name
    user = fields.Nested(UserSchema, allow_none=True)


class LoginStatusResponse(Schema):
    data = fields.Nested(LoginStatusData)


class MessageResponse(Schema):
    message = fields.String()
