"""Sign in with WeChat (bff/wechat/signin.py): start (WeChat's authorisation URL and the state
cookie), finish (back from WeChat), a new member or an existing one from the ticket, and the
personal centre's binding. A signed-in answer is the email sign-in's (bff/accounts/routes.py)."""

from flask import after_this_request, current_app, request
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts import auth, throttle
from bff.accounts.decorators import member_required, signed_in
from bff.accounts.error_codes import AccountErrorCode
from bff.accounts.limits import per_ip
from bff.accounts.messages import is_key as account_is_key
from bff.accounts.messages import text as account_text
from bff.accounts.passwords import Passwords
from bff.accounts.schemas import LoginResponse
from bff.accounts.services import SignInMethod
from bff.common.arguments import Blueprint
from bff.common.field_errors import field_error_handler
from bff.common.responses import document_errors
from bff.extensions import db
from bff.shops.context import current_origin, current_shop
from bff.wechat import schemas, signin
from bff.wechat.messages import is_key, text

blp = Blueprint(
    "wechat_signin",
    __name__,
    url_prefix="/api/wechat",
    description="WeChat: sign in with WeChat, bind, unbind",
)


# The email and password of binding an existing member are the email sign-in's fields: its texts.
def _field_text(language: str, key: str, **values) -> str:
    return (account_text if account_is_key(key) else text)(language, key, **values)


blp.errorhandler(UnprocessableEntity)(
    field_error_handler(
        _field_text,
        lambda key: account_is_key(key) or is_key(key),
        AccountErrorCode.VALIDATION,
        lambda: current_shop().language,
    )
)

STATE_COOKIE = "sf_wx_state"
# Set once this browser signed in through the official account: the next round trip is silent
# (snsapi_base), and asks for consent only when WeChat's openid is no member's.
KNOWN_COOKIE = "sf_wx_known"
COOKIE_PATH = "/api/wechat"
KNOWN_SECONDS = 365 * 24 * 3600


def _cookie(name: str, value: str, max_age: int) -> None:
    secure = request.is_secure or current_shop().site_url.startswith("https://")

    @after_this_request
    def _set(response):
        if value:
            response.set_cookie(
                name, value, max_age=max_age, path=COOKIE_PATH, secure=secure, httponly=True, samesite="Lax"
            )
        else:
            response.delete_cookie(name, path=COOKIE_PATH, secure=secure, httponly=True, samesite="Lax")
        return response


def _keys() -> str:
    return current_app.config["PAYMENT_SECRETS_KEY"]


def _session(shop, user, method: str) -> dict:
    token = auth.start_session(user, method)
    lifetime = current_app.config["JWT_ACCESS_TOKEN_EXPIRES"]
    return {
        "token": token,
        "token_type": "Bearer",
        "expires_in": int(lifetime.total_seconds()),
        "user": user,
    }


def _signed_in(shop, user, method: str = SignInMethod.WECHAT) -> dict:
    """The sign-in answer; the session began with WeChat (a member without a password confirms
    changes of their account by such a sign-in of the last minutes), or with the password."""
    return {"message": account_text(shop.language, "logged_in"), "data": _session(shop, user, method)}


@blp.route("/signin/options")
class Options(MethodView):
    @blp.response(200, schemas.WechatSigninOptions)
    def get(self):
        """Which ways of signing in with WeChat the shop offers."""
        return signin.options(db.session, current_shop(), _keys())


@blp.route("/signin/start")
class Start(MethodView):
    decorators = [per_ip("LOGIN_LIMIT_PER_IP")]

    @blp.arguments(schemas.WechatSigninStartArgs, location="json_or_form")
    @blp.response(200, schemas.WechatSigninStartResponse)
    @document_errors(blp, 401, 409, 422, 429)
    def post(self, args):
        """WeChat's authorisation page for this browser (its state bound to it by a cookie);
        `bind` binds WeChat to the signed-in member."""
        shop, config = current_shop(), current_app.config
        purpose = signin.Purpose(args["purpose"])
        user = signed_in()[1] if purpose is signin.Purpose.BIND else None  # 401 for a guest
        started = signin.start(
            db.session,
            shop,
            keys=_keys(),
            secret=config["SECRET_KEY"],
            oauth_base=config["WECHAT_OAUTH_URL"],
            origin=current_origin(),
            mode=signin.Mode(args["mode"]),
            purpose=purpose,
            user=user,
            redirect=args["redirect"],
            known=bool(request.cookies.get(KNOWN_COOKIE)),
        )
        _cookie(STATE_COOKIE, started.cookie, signin.STATE_SECONDS)
        return {"url": started.url}


@blp.route("/signin/finish")
class Finish(MethodView):
    decorators = [per_ip("LOGIN_LIMIT_PER_IP")]

    @blp.arguments(schemas.WechatSigninFinishArgs, location="json_or_form")
    @blp.response(200, schemas.WechatSigninFinishResponse)
    @document_errors(blp, 400, 403, 409, 422, 429, 503)
    def post(self, args):
        """Back from WeChat with its code and state: signed in, bound, a ticket for a new member,
        or (a silent round trip that found no one) WeChat's consent page to go to."""
        shop, config = current_shop(), current_app.config
        finished = signin.finish(
            db.session,
            shop,
            keys=_keys(),
            secret=config["SECRET_KEY"],
            api_base=config["WECHAT_API_URL"],
            oauth_base=config["WECHAT_OAUTH_URL"],
            origin=current_origin(),
            cookie=request.cookies.get(STATE_COOKIE),
            code=args["code"],
            state=args["state"],
            caller=auth.current_user(),
        )
        answer = {"status": finished.status, "redirect": finished.redirect}
        if finished.retry is not None:
            _cookie(STATE_COOKIE, finished.retry.cookie, signin.STATE_SECONDS)
            return {**answer, "url": finished.retry.url}
        _cookie(STATE_COOKIE, "", 0)  # one use
        if finished.official and finished.status in ("signed_in", "bound"):
            _cookie(KNOWN_COOKIE, "1", KNOWN_SECONDS)
        if finished.status == "new":
            return {**answer, "ticket": finished.ticket, "nickname": finished.nickname}
        if finished.status == "bound":
            return {**answer, "message": text(shop.language, "wechat_bound")}
        return {**answer, **_signed_in(shop, finished.user)}


@blp.route("/signin/register")
class Register(MethodView):
    decorators = [per_ip("REGISTER_LIMIT_PER_IP")]

    @blp.arguments(schemas.WechatSigninTicketArgs, location="json_or_form")
    @blp.response(200, LoginResponse)
    @document_errors(blp, 400, 403, 422, 429)
    def post(self, args):
        """A new member from the WeChat ticket (their nickname; no email, no password), signed in."""
        shop = current_shop()
        user, official = signin.create_member(
            db.session, shop, current_app.config["SECRET_KEY"], args["ticket"]
        )
        if official:
            _cookie(KNOWN_COOKIE, "1", KNOWN_SECONDS)
        return _signed_in(shop, user)


@blp.route("/signin/bind-existing")
class BindExisting(MethodView):
    decorators = [per_ip("LOGIN_LIMIT_PER_IP")]

    @blp.arguments(schemas.WechatSigninBindArgs, location="json_or_form")
    @blp.response(200, LoginResponse)
    @document_errors(blp, 400, 403, 409, 422, 429)
    def post(self, args):
        """An existing member signs in with email and password once, and WeChat is bound to them."""
        shop, config = current_shop(), current_app.config
        key = throttle.account_hash(shop.id, args["email"])
        known = throttle.is_known_device(
            config["SECRET_KEY"], request.cookies.get(config["LOGIN_DEVICE_COOKIE_NAME"]), shop.id, key
        )
        user, official = signin.bind_existing(
            db.session,
            shop,
            secret=config["SECRET_KEY"],
            ticket=args["ticket"],
            passwords=Passwords.from_config(config),
            policy=throttle.Policy.from_config(config),
            email=args["email"],
            password=args["password"],
            known_device=known,
        )
        if official:
            _cookie(KNOWN_COOKIE, "1", KNOWN_SECONDS)
        return _signed_in(shop, user, SignInMethod.PASSWORD)


@blp.route("/binding")
class Binding(MethodView):
    @member_required
    @blp.response(200, schemas.WechatBindingResponse)
    @document_errors(blp, 401)
    def get(self, shop, user):
        """Whether WeChat is bound to the member, and whether they may unbind it."""
        return signin.binding(db.session, shop, user)

    @member_required
    @blp.response(200, schemas.WechatBindingResponse)
    @document_errors(blp, 401, 409)
    def delete(self, shop, user):
        """Unbind WeChat (refused while it is the member's only way to sign in)."""
        signin.unbind(db.session, shop, user)
        _cookie(KNOWN_COOKIE, "", 0)
        return {**signin.binding(db.session, shop, user), "message": text(shop.language, "wechat_unbound")}
