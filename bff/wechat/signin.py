"""Sign in with WeChat: inside WeChat through the official account's web authorisation (网页授权,
scope snsapi_userinfo, or snsapi_base when this browser signed in with WeChat before), on other
browsers through the website application's QR login (网站应用微信登录, qrconnect, snsapi_login).

- `start` picks the app and scope and answers WeChat's authorisation URL, with a `state` of 32
  random hex digits (WeChat allows a-zA-Z0-9, at most 128 bytes) and the cookie that binds it to
  this browser: the state, the app, the scope, what the round trip is for (sign-in or binding to
  the signed-in member) and where to go after, signed with SECRET_KEY (itsdangerous) and good for
  ten minutes. WeChat hands the state back on the redirect; `finish` refuses a state that is not
  the cookie's, so a code fetched in another browser (login CSRF) or an old one signs no one in.
- `finish` exchanges the code (one use; five minutes for the official account, ten for the
  website application) for the openid and, with the snsapi_userinfo / snsapi_login scopes, the
  unionid and the nickname (`sns/userinfo`). The member is found by the unionid (the official
  account and the website application bound to one open-platform account give one shopper one
  unionid), else by the openid of that app. A silent snsapi_base round trip that finds no one
  starts over with snsapi_userinfo, which asks the shopper's consent.
- A WeChat user the shop does not know yet gets a short-lived signed ticket of their identity:
  `create_member` makes them a member named by their nickname, with no email and no password;
  `bind_existing` instead signs in an existing member with their email and password once (behind
  the account's throttle) and binds WeChat to them.
- The link is `WechatOpenid` (bff/wechat/models.py): one row per app, with the unionid.

WeChat's pages: 网页授权,
https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html;
网站应用微信登录, https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Wechat_Login.html;
换取用户授权凭证, https://developers.weixin.qq.com/doc/service/api/webdev/access/api_snsaccesstoken.html.
"""

import enum
import logging
import secrets
from dataclasses import dataclass
from urllib.parse import quote, urlencode

from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import delete, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.accounts import services as accounts
from bff.accounts import throttle
from bff.accounts.error_codes import AccountErrorCode
from bff.accounts.messages import text as account_text
from bff.accounts.models import User
from bff.accounts.passwords import Passwords
from bff.common.errors import DomainError
from bff.shops.models import Shop
from bff.wechat import api
from bff.wechat.error_codes import WechatErrorCode as Code
from bff.wechat.messages import text
from bff.wechat.models import WechatOpenid
from bff.wechat.settings import App, official_account, website_app

log = logging.getLogger(__name__)

STATE_SECONDS = 600
TICKET_SECONDS = 900
CALLBACK_PATH = "/wechat-signin"
# WeChat's answers that mean the code is no good (全局返回码说明): invalid, used, expired.
_BAD_CODE = frozenset({40029, 40163, 42003})


class Mode(enum.StrEnum):
    OFFICIAL = "official"  # inside WeChat: the official account's web authorisation
    WEBSITE = "website"  # elsewhere: the website application's QR login


class Purpose(enum.StrEnum):
    SIGN_IN = "sign_in"
    BIND = "bind"


@dataclass(frozen=True)
class Identity:
    appid: str
    openid: str
    unionid: str | None
    nickname: str = ""


@dataclass(frozen=True)
class Started:
    url: str
    cookie: str  # the signed state cookie for this browser


@dataclass
class Finished:
    status: str  # signed_in | bound | new | retry
    redirect: str
    user: User | None = None
    ticket: str = ""
    nickname: str = ""
    retry: Started | None = None
    official: bool = False  # signed in through the official account (this browser is in WeChat)


def _serializer(secret: str, salt: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret, salt=salt)


def _app(session: Session, shop: Shop, keys: str, mode: Mode) -> App:
    found = (official_account if mode is Mode.OFFICIAL else website_app)(session, shop, keys)
    if found is None:
        raise DomainError(Code.SIGNIN_UNAVAILABLE, text(shop.language, "wechat_signin_unavailable"))
    return found


def options(session: Session, shop: Shop, keys: str) -> dict[str, bool]:
    """Which ways of signing in with WeChat the shop offers."""
    return {
        Mode.OFFICIAL.value: official_account(session, shop, keys) is not None,
        Mode.WEBSITE.value: website_app(session, shop, keys) is not None,
    }


def safe_redirect(value: str | None) -> str:
    """A path of this site to go to after signing in (never another site's)."""
    value = (value or "").strip()
    if not value.startswith("/") or value.startswith("//") or "\\" in value or len(value) > 500:
        return "/"
    return value


def start(
    session: Session,
    shop: Shop,
    *,
    keys: str,
    secret: str,
    oauth_base: str,
    origin: str,
    mode: Mode,
    purpose: Purpose = Purpose.SIGN_IN,
    user: User | None = None,
    redirect: str = "/",
    known: bool = False,
) -> Started:
    """WeChat's authorisation URL for this browser, and the cookie that binds its state to it."""
    app = _app(session, shop, keys, mode)
    if mode is Mode.WEBSITE:
        scope = "snsapi_login"
    else:
        scope = "snsapi_base" if known and purpose is Purpose.SIGN_IN else "snsapi_userinfo"
    state = secrets.token_hex(16)
    cookie = _serializer(secret, "wechat-signin-state").dumps(
        {
            "shop": shop.id,
            "state": state,
            "mode": mode.value,
            "scope": scope,
            "purpose": purpose.value,
            "user": user.id if user else None,
            "redirect": safe_redirect(redirect),
        }
    )
    params = {
        "appid": app.appid,
        "redirect_uri": f"{origin}{CALLBACK_PATH}",
        "response_type": "code",
        "scope": scope,
        "state": state,
    }
    path = "/connect/qrconnect" if mode is Mode.WEBSITE else "/connect/oauth2/authorize"
    # The parameters in the order WeChat's pages write them; #wechat_redirect as they require.
    return Started(f"{oauth_base}{path}?{urlencode(params, quote_via=quote)}#wechat_redirect", cookie)


def _started(secret: str, shop: Shop, cookie: str | None, state: str) -> dict:
    invalid = DomainError(Code.SIGNIN_STATE_INVALID, text(shop.language, "wechat_signin_state_invalid"))
    if not cookie:
        raise invalid
    try:
        data = _serializer(secret, "wechat-signin-state").loads(cookie, max_age=STATE_SECONDS)
    except BadSignature:
        raise invalid from None
    if (
        not isinstance(data, dict)
        or data.get("shop") != shop.id
        or not isinstance(data.get("state"), str)
        or not secrets.compare_digest(data["state"], state or "")
    ):
        raise invalid
    return data


def _identity(shop: Shop, api_base: str, app: App, code: str, scope: str) -> Identity:
    try:
        granted = api.exchange_code(api_base, app.appid, app.secret, code)
        info = api.user_info(api_base, granted.access_token, granted.openid) if scope != "snsapi_base" else {}
    except api.WechatError as exc:
        log.warning("wechat sign-in: shop %s: %s", shop.id, exc)
        if exc.errcode in _BAD_CODE:
            raise DomainError(Code.CODE_INVALID, text(shop.language, "wechat_code_invalid")) from None
        raise DomainError(Code.UNAVAILABLE, text(shop.language, "wechat_unavailable")) from None
    unionid = info.get("unionid") if isinstance(info.get("unionid"), str) else None
    nickname = info.get("nickname") if isinstance(info.get("nickname"), str) else ""
    return Identity(app.appid, granted.openid, (unionid or granted.unionid or None), nickname.strip()[:120])


def find_member(session: Session, shop: Shop, identity: Identity) -> User | None:
    """The member this WeChat user is: by the unionid, else by this app's openid."""
    matches = [(WechatOpenid.appid == identity.appid) & (WechatOpenid.openid == identity.openid)]
    if identity.unionid:
        matches.append(WechatOpenid.unionid == identity.unionid)
    row = session.scalars(
        select(WechatOpenid)
        .join(User, User.id == WechatOpenid.user_id)
        .where(WechatOpenid.shop_id == shop.id, or_(*matches), User.deleted_at.is_(None))
        .order_by(WechatOpenid.created_at.desc(), WechatOpenid.id.desc())
    ).first()
    return session.get(User, row.user_id) if row else None


def _link(session: Session, shop: Shop, user: User, identity: Identity) -> None:
    """Keep the member's openid for this app, and the unionid on every row of theirs (no commit)."""
    rows = list(
        session.scalars(
            select(WechatOpenid).where(WechatOpenid.shop_id == shop.id, WechatOpenid.user_id == user.id)
        )
    )
    mine = next((row for row in rows if row.appid == identity.appid), None)
    if mine is None:
        mine = WechatOpenid(shop_id=shop.id, user_id=user.id, appid=identity.appid, openid=identity.openid)
        session.add(mine)
        rows.append(mine)
    mine.openid = identity.openid
    if identity.unionid:
        for row in rows:
            row.unionid = identity.unionid


def _check_can_sign_in(shop: Shop, user: User) -> None:
    if user.blocked_at is not None:
        raise DomainError(AccountErrorCode.ACCOUNT_BLOCKED, account_text(shop.language, "account_blocked"))


def finish(
    session: Session,
    shop: Shop,
    *,
    keys: str,
    secret: str,
    api_base: str,
    oauth_base: str,
    origin: str,
    cookie: str | None,
    code: str,
    state: str,
    caller: User | None,
) -> Finished:
    """Back from WeChat with `code` and `state`: check the state against this browser's cookie,
    ask WeChat who it is, and sign them in, bind them, or hand a ticket for a new member."""
    started = _started(secret, shop, cookie, state)
    mode, purpose = Mode(started["mode"]), Purpose(started["purpose"])
    redirect = safe_redirect(started.get("redirect"))
    identity = _identity(shop, api_base, _app(session, shop, keys, mode), code, started["scope"])
    official = mode is Mode.OFFICIAL
    if purpose is Purpose.BIND:
        if caller is None or caller.id != started.get("user"):
            raise DomainError(Code.SIGNIN_STATE_INVALID, text(shop.language, "wechat_signin_state_invalid"))
        bind(session, shop, caller, identity)
        return Finished("bound", redirect, user=caller, official=official)
    member = find_member(session, shop, identity)
    if member is not None:
        _check_can_sign_in(shop, member)
        _link(session, shop, member, identity)
        session.commit()
        return Finished("signed_in", redirect, user=member, official=official)
    if started["scope"] == "snsapi_base":
        # Silent, and WeChat does not know them here: ask for consent (their nickname, unionid).
        again = start(
            session,
            shop,
            keys=keys,
            secret=secret,
            oauth_base=oauth_base,
            origin=origin,
            mode=mode,
            redirect=redirect,
        )
        return Finished("retry", redirect, retry=again)
    ticket = _serializer(secret, "wechat-signin-ticket").dumps(
        {
            "shop": shop.id,
            "appid": identity.appid,
            "openid": identity.openid,
            "unionid": identity.unionid,
            "nickname": identity.nickname,
            "official": official,
        }
    )
    return Finished("new", redirect, ticket=ticket, nickname=identity.nickname, official=official)


def _ticket(secret: str, shop: Shop, ticket: str) -> tuple[Identity, bool]:
    invalid = DomainError(Code.TICKET_INVALID, text(shop.language, "wechat_ticket_invalid"))
    try:
        data = _serializer(secret, "wechat-signin-ticket").loads(ticket or "", max_age=TICKET_SECONDS)
    except BadSignature:
        raise invalid from None
    if not isinstance(data, dict) or data.get("shop") != shop.id:
        raise invalid
    identity = Identity(data["appid"], data["openid"], data.get("unionid"), data.get("nickname") or "")
    return identity, bool(data.get("official"))


def create_member(session: Session, shop: Shop, secret: str, ticket: str) -> tuple[User, bool]:
    """The new member a ticket names: their WeChat nickname, no email, no password (and whether
    it came through the official account). A ticket used again (a second tap) signs in the
    member it made."""
    identity, official = _ticket(secret, shop, ticket)
    member = find_member(session, shop, identity)
    if member is not None:
        _check_can_sign_in(shop, member)
        return member, official
    name = identity.nickname or text(shop.language, "wechat_new_member")
    user = User(shop_id=shop.id, email=None, name=name, password_hash="")
    session.add(user)
    session.flush()
    _link(session, shop, user, identity)
    session.commit()
    return user, official


def bind_existing(
    session: Session,
    shop: Shop,
    *,
    secret: str,
    ticket: str,
    passwords: Passwords,
    policy: throttle.Policy,
    email: str,
    password: str,
    known_device: bool,
) -> tuple[User, bool]:
    """The shopper already has an account: their email and password once, then WeChat is theirs."""
    identity, official = _ticket(secret, shop, ticket)
    user = accounts.sign_in(
        session, shop, passwords, policy, email, password, admin=False, known_device=known_device
    )
    bind(session, shop, user, identity)
    return user, official


def bind(session: Session, shop: Shop, user: User, identity: Identity) -> None:
    """Bind this WeChat user to `user`: refused when another member has it, or `user` has
    another WeChat user."""
    other = find_member(session, shop, identity)
    if other is not None and other.id != user.id:
        raise DomainError(Code.BOUND_ELSEWHERE, text(shop.language, "wechat_bound_elsewhere"))
    rows = session.scalars(
        select(WechatOpenid).where(WechatOpenid.shop_id == shop.id, WechatOpenid.user_id == user.id)
    )
    for row in rows:
        same_app_other_user = row.appid == identity.appid and row.openid != identity.openid
        other_union = bool(row.unionid and identity.unionid and row.unionid != identity.unionid)
        if same_app_other_user or other_union:
            raise DomainError(Code.ALREADY_BOUND, text(shop.language, "wechat_already_bound"))
    _link(session, shop, user, identity)
    try:
        session.commit()
    except IntegrityError:  # the same binding made by a concurrent request
        session.rollback()


def binding(session: Session, shop: Shop, user: User) -> dict:
    """Whether the member has WeChat bound (and through which apps), and may unbind it."""
    appids = set(
        session.scalars(
            select(WechatOpenid.appid).where(WechatOpenid.shop_id == shop.id, WechatOpenid.user_id == user.id)
        )
    )
    return {"bound": bool(appids), "can_unbind": bool(appids) and bool(user.password_hash)}


def unbind(session: Session, shop: Shop, user: User) -> None:
    """Forget the member's WeChat; refused while WeChat is the only way they can sign in."""
    if not user.password_hash:
        raise DomainError(Code.UNBIND_NEEDS_PASSWORD, text(shop.language, "wechat_unbind_needs_password"))
    session.execute(
        delete(WechatOpenid).where(WechatOpenid.shop_id == shop.id, WechatOpenid.user_id == user.id)
    )
    session.commit()
