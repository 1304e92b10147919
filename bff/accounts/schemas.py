"""Bodies and answers of the accounts calls.

Validation messages are keys of `bff.accounts.messages`; the accounts blueprint turns them
into the shop's language (SPEC section 5's Chinese texts, or English for an 'en' shop).
"""

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_dump, validate, validates_schema

from bff.accounts.roles import areas_of, needs_two_factor_setup, role_of
from bff.accounts.rules import EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, email_problem, password_problem
from bff.common.schemas import NOT_BLANK_TEXT, Flag, Text, UtcDateTime
from bff.shops.context import current_shop

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
    role = fields.Method(
        "_role",
        metadata={
            "type": "string",
            "nullable": True,
            "enum": ["owner", "manager", "packer", "support", None],
            "description": "The console user's role (bff/accounts/roles.py); null for a shopper.",
        },
    )
    console_areas = fields.Method(
        "_areas",
        metadata={
            "type": "array",
            "items": {"type": "string"},
            "description": "The console areas this user's role may use (empty for a shopper).",
        },
    )
    two_factor_enabled = fields.Method("_two_factor", metadata={"type": "boolean"})
    two_factor_setup_required = fields.Method(
        "_setup_required",
        metadata={
            "type": "boolean",
            "description": "The shop requires two-factor sign-in of this role and it is not set up yet.",
        },
    )

    _CONSOLE_FIELDS = ("role", "console_areas", "two_factor_enabled", "two_factor_setup_required")

    @post_dump(pass_original=True)
    def _console_fields_for_admins_only(self, data, user, **kwargs):
        """A shopper's user stays as SPEC section 7 writes it: the console's fields are admins'."""
        if not getattr(user, "is_admin", False):
            for name in self._CONSOLE_FIELDS:
                data.pop(name, None)
        return data

    def _role(self, user):
        role = role_of(user)
        return role.value if role else None

    def _areas(self, user):
        return areas_of(user)

    def _two_factor(self, user):
        return bool(getattr(user, "is_admin", False) and user.totp_enabled_at is not None)

    def _setup_required(self, user):
        return needs_two_factor_setup(current_shop(), user) if getattr(user, "is_admin", False) else False


class LoginData(Schema):
    two_factor_required = Flag(
        metadata={
            "description": "The password was right: send `challenge` and a code to the two-factor step."
        }
    )
    challenge = fields.String(metadata={"description": "Good for 5 minutes, with the account's code."})
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


class TwoFactorLoginArgs(Body):
    challenge = Text(required=True, validate=validate.Length(min=1, max=500))
    code = Text(
        required=True,
        validate=validate.Length(min=6, max=20),
        metadata={"description": "6 digits from the authenticator app, or a recovery code (xxxxx-xxxxx)."},
    )


# The console's people and two-factor sign-in (bff/accounts/console_routes.py) -------------------

_STAFF_ROLES = ["manager", "packer", "support"]


class InviteArgs(Body):
    email = _text("email_required", _EMAIL_DOC, validate=email_rule("email_required", "email_invalid"))
    role = fields.String(required=True, validate=validate.OneOf(_STAFF_ROLES))


class RoleArgs(Body):
    role = fields.String(required=True, validate=validate.OneOf(_STAFF_ROLES))


class JoinArgs(_NewPassword):
    token = Text(required=True, validate=validate.Length(min=1, max=512))
    name = _text("name_required", {**_NOT_BLANK_DOC, "maxLength": 120}, validate=_name_rule)


class InvitationQuery(Schema):
    token = Text(required=True, validate=validate.Length(min=1, max=512))


class StaffPersonSchema(Schema):
    id = fields.Integer()
    name = fields.String()
    email = fields.String()
    role = fields.Method(
        "_role", metadata={"type": "string", "enum": ["owner", "manager", "packer", "support"]}
    )
    two_factor_enabled = fields.Method("_two_factor", metadata={"type": "boolean"})
    removed = fields.Method("_removed", metadata={"type": "boolean"})

    def _role(self, user):
        return role_of(user).value

    def _two_factor(self, user):
        return user.totp_enabled_at is not None

    def _removed(self, user):
        return user.blocked_at is not None


class InvitationSchema(Schema):
    id = fields.Integer()
    email = fields.String()
    role = fields.String()
    created_at = UtcDateTime()
    expires_at = UtcDateTime()


class StaffData(Schema):
    staff = fields.List(fields.Nested(StaffPersonSchema))
    invitations = fields.List(fields.Nested(InvitationSchema))
    two_factor_required = Flag(metadata={"description": "The shop's rule for owners and managers."})
    roles = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "Each console area and the roles that may use it (bff/accounts/roles.py)."},
    )


class StaffResponse(Schema):
    data = fields.Nested(StaffData)


class InvitationCreated(Schema):
    message = fields.String()
    invitation = fields.Nested(InvitationSchema)


class StaffPersonResponse(Schema):
    person = fields.Nested(StaffPersonSchema)


class InvitationInfo(Schema):
    email = fields.String()
    role = fields.String()
    shop_name = fields.String()


class TwoFactorRuleArgs(Body):
    required = fields.Boolean(required=True)


class TwoFactorStatus(Schema):
    enabled = Flag()
    required = Flag(metadata={"description": "The shop requires it of this user's role."})
    recovery_codes_left = fields.Integer()


class TwoFactorSetup(Schema):
    secret = fields.String(metadata={"description": "Base32, for typing into the app by hand."})
    otpauth_uri = fields.String()
    qr_modules = fields.List(
        fields.String(),
        metadata={"description": "The QR code's rows, 1 for a dark module (quiet zone not included)."},
    )


class TwoFactorCodeArgs(Body):
    code = Text(required=True, validate=validate.Length(min=6, max=10))


class TwoFactorPasswordArgs(Body):
    password = _text("password_required", _NOT_BLANK_DOC, validate=_not_blank("password_required"))


class RecoveryCodesResponse(Schema):
    message = fields.String()
    recovery_codes = fields.List(fields.String(), metadata={"description": "Shown once: write them down."})


# The member's own account (bff/accounts/routes.py, /api/account/...) -------------------------


def _optional_password(value: str) -> None:
    if value:
        password_rule(value)


class AddEmailArgs(Body):
    email = _text("email_required", _EMAIL_DOC, validate=email_rule("email_required", "email_invalid"))
    password = Text(
        load_default="",
        validate=_optional_password,
        metadata={
            "maxLength": PASSWORD_MAX,
            "pattern": f"^([A-Za-z0-9]{{{PASSWORD_MIN},{PASSWORD_MAX}}})?$",
            "description": "Optional: a password to sign in with the email too (the registration's rules).",
        },
    )
    password_confirmation = Text(
        load_default="",
        metadata={"maxLength": PASSWORD_MAX, "description": "The same as password, when one is given."},
    )

    @validates_schema(skip_on_field_errors=False, pass_original=True)
    def _confirmation_matches(self, data, original, **kwargs):
        password = original.get("password") if isinstance(original, dict) else None
        if not password:
            return
        confirmation = data.get("password_confirmation")
        if not confirmation:
            raise ValidationError("password_confirmation_required", field_name="password_confirmation")
        if confirmation != password:
            raise ValidationError("password_mismatch", field_name="password_confirmation")


class AddEmailResponse(Schema):
    message = fields.String()
    data = fields.Nested(RegisterData)


class ConfirmationResponse(Schema):
    method = fields.String(
        metadata={
            "enum": ["password", "wechat"],
            "description": "How the member confirms adding an email or deleting the account: with "
            "their password, or (they have none) by signing in with WeChat again.",
        }
    )
    confirmed_until = UtcDateTime(
        allow_none=True,
        metadata={
            "description": "For `wechat`: until when this session's WeChat sign-in confirms "
            "a change (10 minutes after it); null when the member must sign in with WeChat again."
        },
    )
