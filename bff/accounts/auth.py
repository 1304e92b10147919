"""Who is calling: bearer tokens, sessions and their renewal. Views use the decorators of
bff/accounts/decorators.py (`@member_required`, `@admin_required`), built on `current_user()`.

Design
------
- Signing in opens a *session*: a row in the `sessions` table (so every process sees it) that
  lives `SESSION_DAYS` (30) and slides forward each time it is renewed, and an HttpOnly cookie
  (`sf_renew`, SameSite=Strict, path /api) holding a renewal secret whose SHA-256 is on the row.
- The browser gets a short *access token* (`data.token`): an HS256 JWT (flask-jwt-extended; only
  HS256 is accepted when decoding) of `ACCESS_TOKEN_MINUTES` (15) with the user (`sub`), the shop
  (`shop`) and the session (`sid`). It is sent as `Authorization: Bearer ...` on every call.
- Every authenticated request checks the token's signature, that its shop is the shop of the
  request, and that its session row is live (not revoked, not expired): one primary-key read.
  Logout revokes the row, a password reset revokes every row of the user: at once, everywhere.
- Renewal without the shopper noticing: once a token is past half its life the answer carries a
  fresh one in the `X-Renewed-Token` header, which the browser stores in place of the old. A
  token that has already expired (the shopper was away) is renewed the same way only when the
  request also carries the session's renewal cookie. So a shopper stays signed in for weeks of
  visits, while a token copied out of the page is useful for 15 minutes at most and cannot be
  renewed without the HttpOnly cookie (which scripts cannot read).
- A bad, foreign-shop, revoked or expired token simply means "not signed in": protected calls
  answer 401 `{"message": "Unauthenticated.", "code": "unauthenticated"}`.
"""

from dataclasses import dataclass
from datetime import UTC, datetime

from flask import Flask, current_app, request
from flask_jwt_extended import create_access_token, decode_token
from flask_jwt_extended.exceptions import JWTExtendedException
from jwt.exceptions import PyJWTError

from bff.accounts import services
from bff.accounts.models import User, UserSession
from bff.common.errors import DomainError
from bff.extensions import db
from bff.shops.context import current_shop

RENEWED_TOKEN_HEADER = "X-Renewed-Token"
_AUTH_KEY = "bff.auth"
_COOKIE_KEY = "bff.auth.cookie"


@dataclass
class Auth:
    user: User | None = None
    session: UserSession | None = None
    renewed_token: str | None = None


def issue_token(user_session: UserSession) -> str:
    return create_access_token(
        identity=str(user_session.user_id),
        additional_claims={"shop": user_session.shop_id, "sid": user_session.id},
    )


def start_session(user: User, method: services.SignInMethod | str = "") -> str:
    """Open a session for `user` (answering with its renewal cookie) and return an access token;
    `method` is how they signed in (kept on the session)."""
    opened = services.open_session(db.session, user, current_app.config["SESSION_LIFETIME"], method)
    request.environ[_COOKIE_KEY] = opened.renewal_secret
    auth = Auth(user=user, session=opened.session)
    request.environ[_AUTH_KEY] = auth
    return issue_token(opened.session)


def end_session() -> None:
    """Revoke the caller's session, whether or not its access token has expired."""
    found = _token_session(allow_expired=True)
    if found is not None:
        services.revoke_session(db.session, found[0])
    request.environ[_COOKIE_KEY] = ""
    # mutation: equivalent because None here only makes a later current_user() of this request read
    # the token again, and its session is revoked (and committed) just above: still nobody.
    request.environ[_AUTH_KEY] = Auth()


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _claims() -> dict | None:
    token = _bearer()
    if token is None:
        return None
    try:
        claims = decode_token(token, allow_expired=True)
    except (PyJWTError, JWTExtendedException, ValueError, KeyError):
        return None
    # flask-jwt-extended has no `require` option: a token signed with our key but lacking a
    # claim we read (or holding one of the wrong type) is no token at all.
    return claims if _well_formed(claims) else None


def _number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _well_formed(claims) -> bool:
    return (
        isinstance(claims, dict)
        and _number(claims.get("exp"))
        and _number(claims.get("iat"))
        and isinstance(claims.get("sub"), str)
    )


def _token_session(allow_expired: bool) -> tuple[UserSession, dict] | None:
    """The live session the bearer token names, with the token's claims.

    An expired token counts only with `allow_expired` (logout) or the session's renewal cookie.
    """
    claims = _claims()
    if claims is None:
        return None
    shop = current_shop()
    if claims.get("shop") != shop.id or claims.get("type") != "access":
        return None
    try:
        user_id = int(claims["sub"])
    except (KeyError, TypeError, ValueError):
        return None
    user_session = services.find_live_session(db.session, shop, str(claims.get("sid")), user_id)
    if user_session is None:
        return None
    # mutation: equivalent because now(None) is local time, whose timestamp() is the same second.
    expired = claims["exp"] <= datetime.now(UTC).timestamp()
    if expired and not (allow_expired or services.renewal_secret_matches(user_session, _cookie())):
        return None
    return user_session, claims


def _cookie() -> str | None:
    return request.cookies.get(current_app.config["RENEWAL_COOKIE_NAME"])


def _resolve() -> Auth:
    auth = request.environ.get(_AUTH_KEY)
    if auth is not None:
        return auth
    auth = Auth()
    # mutation: equivalent because allow_expired=None is as false as False (`allow_expired or ...`).
    found = _token_session(allow_expired=False)
    if found is not None:
        user_session, claims = found
        auth = Auth(user=user_session.user, session=user_session)
        half_life = current_app.config["JWT_ACCESS_TOKEN_EXPIRES"].total_seconds() / 2
        # mutation: equivalent because now(None) is local time, whose timestamp() is the same second.
        if datetime.now(UTC).timestamp() - claims["iat"] >= half_life:
            services.renew_session(db.session, user_session, current_app.config["SESSION_LIFETIME"])
            auth.renewed_token = issue_token(user_session)
            cookie = _cookie()
            if services.renewal_secret_matches(user_session, cookie):
                request.environ[_COOKIE_KEY] = cookie  # slide the cookie with the session
    request.environ[_AUTH_KEY] = auth
    return auth


def current_user() -> User | None:
    """The signed-in user of this request (of the current shop), or None."""
    return _resolve().user


def current_session() -> UserSession | None:
    """The session of this request's signed-in user (how and when it began), or None."""
    return _resolve().session


def init_app(app: Flask) -> None:
    @app.after_request
    def _send_renewal(response):
        auth = request.environ.get(_AUTH_KEY)
        if auth is not None and auth.renewed_token:
            response.headers[RENEWED_TOKEN_HEADER] = auth.renewed_token
            response.headers.add("Vary", "Authorization")
        secret = request.environ.get(_COOKIE_KEY)
        if secret is not None:
            _set_cookie(app, response, secret)
        return response


def _set_cookie(app: Flask, response, secret: str) -> None:
    name = app.config["RENEWAL_COOKIE_NAME"]
    secure = request.is_secure or _site_is_https()
    if not secret:
        response.delete_cookie(name, path="/api", secure=secure, httponly=True, samesite="Strict")
        return
    response.set_cookie(
        name,
        secret,
        max_age=int(app.config["SESSION_LIFETIME"].total_seconds()),
        path="/api",
        secure=secure,
        httponly=True,
        samesite="Strict",
    )


def _site_is_https() -> bool:
    try:
        return current_shop().site_url.startswith("https://")
    except DomainError:
        return False
