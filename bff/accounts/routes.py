"""Accounts calls (SPEC section 7): register, log in, log out, login status, password reset,
and the admin login. Bodies are JSON or form-encoded. Sessions: see bff/accounts/auth.py."""

from flask import after_this_request, current_app, redirect, request
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts import auth, schemas, services, throttle, two_factor
from bff.accounts.decorators import member_required
from bff.accounts.error_codes import AccountErrorCode
from bff.accounts.limits import per_account, per_ip
from bff.accounts.messages import is_key, text
from bff.accounts.passwords import Passwords
from bff.common import messages as common_messages
from bff.common.arguments import Blueprint
from bff.common.errors import DomainError, error_body, validation_errors
from bff.common.responses import document_errors
from bff.extensions import db
from bff.shops.context import current_origin, current_shop

blp = Blueprint("accounts", __name__, url_prefix="/api", description="Accounts, sessions and password reset")

_FIELD_ORDER = ["name", "email", "password", "password_confirmation", "token", "acceptTerms"]


def _language() -> str:
    return current_shop().language


def _passwords() -> Passwords:
    return Passwords.from_config(current_app.config)


@blp.errorhandler(UnprocessableEntity)
def _invalid_body(exc):
    """422 with each field's message in the shop's language; `message` is the first of them."""
    language = _language()
    errors = {
        field: [
            text(language, m) if is_key(m) else common_messages.translate(language, m) for m in field_messages
        ]
        for field, field_messages in validation_errors(exc).items()
    }
    ordered = sorted(errors, key=lambda f: _FIELD_ORDER.index(f) if f in _FIELD_ORDER else len(_FIELD_ORDER))
    message = errors[ordered[0]][0] if ordered else text(language, "invalid_request")
    return error_body(message, AccountErrorCode.VALIDATION, errors), 422


def _login_limits() -> list:
    # Per IP only: an account's failures slow it down (bff/accounts/throttle.py), never lock it.
    return [per_ip("LOGIN_LIMIT_PER_IP")]


def _keep_device(token: str) -> None:
    """Set (a token) or clear ("") the known-device cookie on this answer, error or not."""
    config = current_app.config

    @after_this_request
    def _cookie(response):
        name, secure = config["LOGIN_DEVICE_COOKIE_NAME"], request.is_secure
        if not token:
            response.delete_cookie(name, path="/api", secure=secure, httponly=True, samesite="Strict")
        else:
            lifetime = int(throttle.DEVICE_LIFETIME.total_seconds())
            response.set_cookie(
                name, token, max_age=lifetime, path="/api", secure=secure, httponly=True, samesite="Strict"
            )
        return response


def _log_in(args: dict, *, admin: bool) -> dict:
    """Check the credentials (an admin's for `admin`) behind the account's throttle, open a
    session, answer with its token."""
    shop = current_shop()
    config = current_app.config
    email, password = args["email"], args["password"]
    secret, key = config["SECRET_KEY"], throttle.account_hash(shop.id, email)
    known = throttle.is_known_device(
        secret, request.cookies.get(config["LOGIN_DEVICE_COOKIE_NAME"]), shop.id, key
    )

    def mail_unlock_link():
        app = current_app._get_current_object()
        services.unlock_after_answer(app, shop, email, current_origin(), secret, admin)

    try:
        user = services.sign_in(
            db.session,
            shop,
            _passwords(),
            throttle.Policy.from_config(config),
            email,
            password,
            admin=admin,
            known_device=known,
            on_delays_start=mail_unlock_link,
        )
    except DomainError as error:
        if known and error.code is AccountErrorCode.INVALID_CREDENTIALS:
            _keep_device("")  # a stolen cookie buys one guess
        raise
    _keep_device(throttle.device_token(secret, shop.id, key))
    if admin and two_factor.is_on(user):
        # The password was right; the session waits for the code (bff/accounts/two_factor.py).
        return {
            "message": text(shop.language, "two_factor_required"),
            "data": {"two_factor_required": True, "challenge": two_factor.challenge(secret, shop, user)},
        }
    return _session_answer(shop, user)


def _session_answer(shop, user) -> dict:
    token = auth.start_session(user, services.SignInMethod.PASSWORD)
    lifetime = current_app.config["JWT_ACCESS_TOKEN_EXPIRES"]
    return {
        "message": text(shop.language, "logged_in"),
        "data": {
            "token": token,
            "token_type": "Bearer",
            "expires_in": int(lifetime.total_seconds()),
            "user": user,
        },
    }


@blp.route("/auth/login")
class Login(MethodView):
    decorators = _login_limits()

    @blp.arguments(schemas.LoginArgs, location="json_or_form")
    @blp.alt_response(400, response="BAD_REQUEST", description="invalid_credentials")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS", description="too many, or login_throttled")
    @blp.response(200, schemas.LoginResponse)
    def post(self, args):
        """Log in with email and password: a bearer token and the user."""
        return _log_in(args, admin=False)


@blp.route("/auth/unlock")
class Unlock(MethodView):
    decorators = [per_ip("RESET_LIMIT_PER_IP")]

    @blp.arguments(schemas.UnlockArgs, location="query")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @blp.response(303, description="To the sign-in page, `?unlocked=1` (or 0 for a bad link).")
    def get(self, args):
        """The emailed link after failed sign-ins: forget them, and know this browser from now on."""
        shop, config = current_shop(), current_app.config
        key = services.unlock_account(db.session, shop, config["SECRET_KEY"], args["token"])
        if key is not None:
            _keep_device(throttle.device_token(config["SECRET_KEY"], shop.id, key))
        page = "/admin/login" if args["admin"] else "/login"
        return redirect(f"{page}?unlocked={int(key is not None)}", 303)


@blp.route("/admin/login")
class AdminLogin(MethodView):
    decorators = _login_limits()

    @blp.arguments(schemas.LoginArgs, location="json_or_form")
    @blp.alt_response(400, response="BAD_REQUEST", description="invalid_credentials")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS", description="too many, or login_throttled")
    @blp.response(200, schemas.LoginResponse)
    def post(self, args):
        """Log in to the admin area: only the shop's admin accounts."""
        return _log_in(args, admin=True)


@blp.route("/admin/login/two-factor")
class AdminLoginCode(MethodView):
    decorators = _login_limits()

    @blp.arguments(schemas.TwoFactorLoginArgs, location="json_or_form")
    @blp.alt_response(
        400, response="BAD_REQUEST", description="two_factor_invalid, two_factor_challenge_invalid"
    )
    @blp.alt_response(429, response="TOO_MANY_REQUESTS", description="too many, or login_throttled")
    @blp.response(200, schemas.LoginResponse)
    def post(self, args):
        """The console sign-in's second step: the challenge a right password got, and a code from
        the authenticator app (or an unused recovery code). Wrong codes are slowed down."""
        shop, config = current_shop(), current_app.config
        user = two_factor.challenged_user(db.session, config["SECRET_KEY"], shop, args["challenge"])
        two_factor.sign_in_with_code(
            db.session, shop, throttle.Policy.from_config(config), user, args["code"], config["SECRET_KEY"]
        )
        return _session_answer(shop, user)


@blp.route("/auth/register")
class Register(MethodView):
    decorators = [per_ip("REGISTER_LIMIT_PER_IP"), per_account("REGISTER_LIMIT_PER_ACCOUNT")]

    @blp.arguments(schemas.RegisterArgs, location="json_or_form")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @blp.response(201, schemas.RegisterResponse)
    def post(self, args):
        """Create an account; the shopper then logs in."""
        user = services.register_user(
            db.session,
            current_shop(),
            _passwords(),
            name=args["name"],
            email=args["email"],
            password=args["password"],
        )
        return {"message": text(_language(), "registered"), "data": {"user": user}}


@blp.route("/auth/password/reset-request")
class PasswordResetRequest(MethodView):
    decorators = [per_ip("RESET_REQUEST_LIMIT_PER_IP"), per_account("RESET_REQUEST_LIMIT_PER_ACCOUNT")]

    @blp.arguments(schemas.ResetRequestArgs, location="json_or_form")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @blp.response(200, schemas.MessageResponse)
    def post(self, args):
        """Email a reset link if the address has an account; the answer is the same either way."""
        shop = current_shop()
        services.reset_after_answer(
            current_app._get_current_object(),
            shop,
            args["email"],
            current_app.config["PASSWORD_RESET_LIFETIME"],
            current_origin(),
        )
        return {"message": text(shop.language, "reset_requested")}


@blp.route("/auth/password/reset")
class PasswordReset(MethodView):
    decorators = [per_ip("RESET_LIMIT_PER_IP")]

    @blp.arguments(schemas.ResetArgs, location="json_or_form")
    @blp.alt_response(400, response="BAD_REQUEST", description="invalid_reset_token")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @blp.response(200, schemas.MessageResponse)
    def post(self, args):
        """Set a new password with the emailed token; every session of the account ends."""
        shop = current_shop()
        services.reset_password(
            db.session,
            shop,
            _passwords(),
            email=args["email"],
            token=args["token"],
            password=args["password"],
        )
        return {"message": text(shop.language, "password_reset")}


@blp.route("/logout")
class Logout(MethodView):
    @blp.response(200, schemas.MessageResponse)
    def post(self):
        """End the caller's session at once (also with an expired token); always succeeds."""
        auth.end_session()
        return {"message": text(_language(), "logged_out")}


@blp.route("/check-login-status")
class LoginStatus(MethodView):
    @blp.response(200, schemas.LoginStatusResponse)
    def get(self):
        """Whether the caller is signed in, and as whom. Never 401: a bad token means not signed in."""
        user = auth.current_user()
        return {"data": {"isLoggedIn": user is not None, "user": user}}


@blp.route("/account/confirmation")
class AccountConfirmation(MethodView):
    @member_required
    @blp.response(200, schemas.ConfirmationResponse)
    def get(self, shop, user):
        """How the member confirms adding an email or deleting the account: their password, or
        (they have none, having signed up with WeChat) a WeChat sign-in of the last 10 minutes,
        and until when this session's counts."""
        return services.confirmation(user, auth.current_session())


@blp.route("/account/email")
class AccountEmail(MethodView):
    # As registration: an address another member has is refused, which tells that it has an
    # account, so the same limits (per IP, and per address, shared with registration).
    decorators = [per_ip("REGISTER_LIMIT_PER_IP"), per_account("REGISTER_LIMIT_PER_ACCOUNT")]

    @member_required
    @blp.arguments(schemas.AddEmailArgs, location="json_or_form")
    @blp.response(200, schemas.AddEmailResponse)
    @document_errors(blp, 403, 409, 422, 429)
    def put(self, shop, user, args):
        """Add an email (and, optionally, a password) to a member who has none (signed up with
        WeChat): 403 `wechat_signin_required` unless the session began with a WeChat sign-in in
        the last 10 minutes; 409 `email_already_set` for a member who has one; 422 `email_taken`
        for another member's address. Order mail goes to it from now on."""
        services.add_email(
            db.session,
            shop,
            _passwords(),
            user,
            auth.current_session(),
            email=args["email"],
            password=args["password"],
        )
        key = "email_and_password_added" if args["password"] else "email_added"
        return {"message": text(shop.language, key), "data": {"user": user}}
