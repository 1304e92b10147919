"""Accounts: registration, credentials, sessions and password resets.

Plain functions over a SQLAlchemy session; none imports Flask. Each owns its transaction.
"""

import enum
import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlencode

from flask import Flask
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.accounts import outbox, throttle
from bff.accounts.error_codes import AccountErrorCode
from bff.accounts.messages import text
from bff.accounts.models import PasswordResetToken, User, UserSession
from bff.accounts.passwords import Passwords
from bff.common.background import run_after_answer
from bff.common.errors import DomainError
from bff.common.models import as_utc, utcnow
from bff.extensions import db
from bff.shops.models import Shop

RESET_MAIL = "password_reset"
UNLOCK_MAIL = "login_unlock"


def normalise_email(email: str) -> str:
    return (email or "").strip().lower()


def sha256(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def find_user(session: Session, shop: Shop, email: str) -> User | None:
    return session.scalar(select(User).where(User.shop_id == shop.id, User.email == normalise_email(email)))


def _email_taken(shop: Shop) -> DomainError:
    message = text(shop.language, "email_taken")
    return DomainError(AccountErrorCode.EMAIL_TAKEN, message, errors={"email": [message]})


def _email_already_set(shop: Shop) -> DomainError:
    return DomainError(AccountErrorCode.EMAIL_ALREADY_SET, text(shop.language, "email_already_set"))


def register_user(
    session: Session, shop: Shop, passwords: Passwords, *, name: str, email: str, password: str
) -> User:
    # Hashed first, taken or not: the answer takes as long either way (no timing tells).
    password_hash = passwords.hash(password)
    if find_user(session, shop, email) is not None:
        raise _email_taken(shop)
    user = User(shop_id=shop.id, name=name.strip(), email=normalise_email(email), password_hash=password_hash)
    session.add(user)
    try:
        session.commit()
    except IntegrityError:  # the same address registered by a concurrent request
        session.rollback()
        raise _email_taken(shop) from None
    return user


def check_credentials(
    session: Session, shop: Shop, passwords: Passwords, email: str, password: str, *, admin: bool = False
) -> User:
    """The user with this email and password (an admin for `admin`), else 'Invalid email or password'.

    An unknown address costs one hash verification too, so timing does not tell accounts apart.
    """
    user = find_user(session, shop, email)
    valid = passwords.verify(user.password_hash if user else None, password)
    if not valid or user is None or (admin and not user.is_admin):
        raise DomainError(AccountErrorCode.INVALID_CREDENTIALS, text(shop.language, "invalid_credentials"))
    if user.blocked_at is not None:
        raise DomainError(AccountErrorCode.ACCOUNT_BLOCKED, text(shop.language, "account_blocked"))
    if passwords.needs_rehash(user.password_hash):
        user.password_hash = passwords.hash(password)
        session.commit()
    return user


def throttled(shop: Shop, exc: throttle.Throttled) -> DomainError:
    """429 `login_throttled` for an attempt made before its delay is over."""
    message = text(shop.language, "login_throttled", seconds=exc.retry_after)
    # One second over: flask-limiter rewrites Retry-After in whole seconds, truncating twice
    # (flask_limiter/_extension.py, the existing header's reset time), which could say 59
    # for a 60 s delay, and a client that obeys it would be refused again.
    retry_after = str(exc.retry_after + 1)
    return DomainError(AccountErrorCode.LOGIN_THROTTLED, message, headers={"Retry-After": retry_after})


def _has_two_factor(session: Session, shop: Shop, email: str) -> bool:
    user = find_user(session, shop, email)
    return user is not None and user.is_admin and user.totp_enabled_at is not None and bool(user.totp_secret)


def sign_in(
    session: Session,
    shop: Shop,
    passwords: Passwords,
    policy: throttle.Policy,
    email: str,
    password: str,
    *,
    admin: bool,
    known_device: bool,
    on_delays_start=None,
) -> User:
    """check_credentials behind the account's throttle (bff/accounts/throttle.py): 429
    `login_throttled` while the account's delay runs (a known device skips it), each wrong
    password counted, a right one forgetting them. `on_delays_start()` is called when a failure
    starts the delays (the unlock mail).

    An admin account with two-factor sign-in on is not throttled by its password at all: the
    password alone opens nothing, and its code step has a throttle of its own
    (bff/accounts/two_factor.py), so guessing its password can never hold its owner back."""
    key = throttle.account_hash(shop.id, email)
    now = utcnow()
    guarded = not (admin and _has_two_factor(session, shop, email))
    if guarded and not known_device:
        try:
            throttle.claim_attempt(session, policy, shop.id, key, now)
        except throttle.Throttled as exc:
            raise throttled(shop, exc) from None
    try:
        user = check_credentials(session, shop, passwords, email, password, admin=admin)
    except DomainError as error:
        if guarded and error.code is AccountErrorCode.INVALID_CREDENTIALS:
            failures = throttle.record_failure(session, policy, shop.id, key, now)
            if failures == policy.free and on_delays_start is not None:
                on_delays_start()
        raise
    throttle.forget_failures(session, shop.id, key)
    session.commit()
    return user


def unlock_link(origin: str, token: str, admin: bool) -> str:
    return f"{origin}/api/auth/unlock?{urlencode({'token': token, 'admin': int(admin)})}"


def unlock_after_answer(app: Flask, shop: Shop, email: str, origin: str, secret: str, admin: bool) -> None:
    """Email the account (if there is one) the link that lifts its delays, off the request path
    like the reset mail (queued in the mail outbox): the answer takes as long whether the address
    has an account or not."""
    run_after_answer(
        app, _unlock_job, shop.id, email, origin, secret, admin, asynchronous=app.config["MAIL_ASYNC"]
    )


def _unlock_job(shop_id: int, email: str, origin: str, secret: str, admin: bool) -> None:
    shop = db.session.get(Shop, shop_id)
    user = find_user(db.session, shop, email)
    if user is None or user.deleted_at is not None:
        return
    token = throttle.unlock_token(secret, shop.id, throttle.account_hash(shop.id, user.email))
    link = unlock_link(origin, token, admin or user.is_admin)
    outbox.enqueue(db.session, shop_id=shop.id, user_id=user.id, kind=UNLOCK_MAIL, link=link)
    db.session.commit()


@outbox.composer(UNLOCK_MAIL)
def _write_unlock_mail(session: Session, row: outbox.OutboxMail) -> outbox.Letter | None:
    user = session.get(User, row.user_id)
    shop = session.get(Shop, row.shop_id)
    if user is None or shop is None or user.deleted_at is not None:
        return None
    body = text(
        shop.language, "unlock_mail_body", name=user.name, shop=shop.shop_name, link=row.payload["link"]
    )
    subject = f"{text(shop.language, 'unlock_mail_subject')} - {shop.shop_name}"
    return outbox.Letter(to=user.email, subject=subject, body=body, sender_name=shop.shop_name)


def unlock_account(session: Session, shop: Shop, secret: str, token: str) -> str | None:
    """Forget the failures of the account an emailed unlock link names; its key, or None when
    the link is not one of this shop's (forged, expired)."""
    key = throttle.unlocked_account(secret, token, shop.id)
    if key is not None:
        throttle.forget_failures(session, shop.id, key)
        session.commit()
    return key


# Sessions -----------------------------------------------------------------------------------


@dataclass
class OpenedSession:
    session: UserSession
    renewal_secret: str  # goes to the browser in the HttpOnly cookie; only its hash is kept


class SignInMethod(enum.StrEnum):
    """How a session began (`UserSession.signed_in_with`)."""

    PASSWORD = "password"
    WECHAT = "wechat"


def open_session(
    session: Session, user: User, lifetime: timedelta, method: SignInMethod | str = ""
) -> OpenedSession:
    now = utcnow()
    secret = secrets.token_urlsafe(32)
    row = UserSession(
        id=secrets.token_hex(16),
        shop_id=user.shop_id,
        user_id=user.id,
        refresh_hash=sha256(secret),
        created_at=now,
        renewed_at=now,
        expires_at=now + lifetime,
        signed_in_with=str(method),
    )
    session.add(row)
    session.commit()
    return OpenedSession(row, secret)


def find_live_session(session: Session, shop: Shop, session_id: str, user_id: int) -> UserSession | None:
    """The session if it belongs to this shop and user and is neither revoked nor expired."""
    return session.scalar(
        select(UserSession)
        .join(User, User.id == UserSession.user_id)
        .where(
            UserSession.id == session_id,
            UserSession.shop_id == shop.id,
            UserSession.user_id == user_id,
            UserSession.revoked_at.is_(None),
            UserSession.expires_at > utcnow(),
            User.blocked_at.is_(None),  # blocking also revokes them; this covers a race with it
        )
    )


def renewal_secret_matches(user_session: UserSession, secret: str | None) -> bool:
    return bool(secret) and secrets.compare_digest(user_session.refresh_hash, sha256(secret))


def renew_session(session: Session, user_session: UserSession, lifetime: timedelta) -> None:
    now = utcnow()
    user_session.renewed_at = now
    user_session.expires_at = now + lifetime
    session.commit()


def revoke_session(session: Session, user_session: UserSession) -> None:
    session.execute(
        update(UserSession)
        .where(UserSession.id == user_session.id, UserSession.revoked_at.is_(None))
        .values(revoked_at=utcnow())
    )
    session.commit()


def revoke_all_sessions(session: Session, user: User, now: datetime) -> None:
    """End every session of the user at once (no commit)."""
    _revoke_all(session, user, now)


def _revoke_all(session: Session, user: User, now: datetime) -> None:
    session.execute(
        update(UserSession)
        .where(UserSession.user_id == user.id, UserSession.revoked_at.is_(None))
        .values(revoked_at=now)
    )


# Confirming a change without a password ----------------------------------------------------

# A member with no password (signed up with WeChat) confirms adding an email or deleting the
# account by signing in with WeChat again: the session must have begun so at most this long ago,
# as a password is asked for at the moment of the change (a token copied out of a page is not
# enough to take the account or close it).
FRESH_SIGNIN = timedelta(minutes=10)


def fresh_wechat_signin_until(
    user_session: UserSession | None, now: datetime | None = None
) -> datetime | None:
    """Until when the session's own WeChat sign-in confirms a change, or None when it does not
    (another way of signing in, or longer ago than FRESH_SIGNIN)."""
    if user_session is None or user_session.signed_in_with != SignInMethod.WECHAT:
        return None
    until = as_utc(user_session.created_at) + FRESH_SIGNIN
    return until if until > (now or utcnow()) else None


def confirmation(user: User, user_session: UserSession | None) -> dict:
    """How the member confirms a change of their account: with their password, or (they have
    none) with a fresh WeChat sign-in, and until when the present one counts."""
    if user.password_hash:
        return {"method": "password", "confirmed_until": None}
    return {"method": "wechat", "confirmed_until": fresh_wechat_signin_until(user_session)}


def require_fresh_wechat_signin(shop: Shop, user_session: UserSession | None) -> None:
    """403 `wechat_signin_required` unless the session began with WeChat in the last minutes."""
    if fresh_wechat_signin_until(user_session) is None:
        message = text(shop.language, "wechat_signin_required")
        raise DomainError(AccountErrorCode.WECHAT_SIGNIN_REQUIRED, message)


def add_email(
    session: Session,
    shop: Shop,
    passwords: Passwords,
    user: User,
    user_session: UserSession | None,
    *,
    email: str,
    password: str = "",
) -> User:
    """Give a member who has no email (signed up with WeChat) one, and with it, when given, a
    password to sign in with it too. Checked as registration checks them (the schema's rules; an
    address another member of the shop has is refused), and confirmed by a fresh WeChat sign-in,
    since the member has no password: whoever sets the address could reset the password. No
    mail asks to confirm the address: registration sends none either. Changing an address
    already given is not done here (409)."""
    if user.email:
        raise _email_already_set(shop)
    require_fresh_wechat_signin(shop, user_session)
    password_hash = passwords.hash(password) if password else ""
    if find_user(session, shop, email) is not None:
        raise _email_taken(shop)
    values = {"email": normalise_email(email)}
    if password_hash:
        values["password_hash"] = password_hash
    try:
        # Only while the member still has none: of two requests at once, one address is kept.
        added = session.execute(
            update(User).where(User.id == user.id, User.email.is_(None)).values(**values)
        ).rowcount
        session.commit()
    except IntegrityError:  # the same address taken by a concurrent request
        session.rollback()
        raise _email_taken(shop) from None
    session.refresh(user)
    if added != 1:
        raise _email_already_set(shop)
    return user


# Password reset -----------------------------------------------------------------------------


@dataclass
class ResetRequest:
    user: User
    token: str  # the raw token, for the emailed link only
    link: str


def reset_link(origin: str, token: str, email: str) -> str:
    """The emailed link on `origin`: the shop's origin the shopper used, checked against the
    shop's domains (bff/shops/services.py `shopper_origin`), never a host the request claims."""
    return f"{origin}/reset-password?{urlencode({'token': token, 'email': email})}"


def request_password_reset(
    session: Session, shop: Shop, email: str, lifetime: timedelta, origin: str
) -> ResetRequest | None:
    """Email the account a new reset link; None when there is no account. The token and its mail
    (queued in the mail outbox, bff/accounts/outbox.py) are written in one transaction.

    Runs off the request path (`reset_after_answer`): looking the account up and writing its
    token take time only when the email has an account, so the request must not wait for them."""
    token = secrets.token_urlsafe(32)
    digest = sha256(token)
    user = find_user(session, shop, email)
    if user is None:
        return None
    now = utcnow()
    session.add(
        PasswordResetToken(
            shop_id=shop.id, user_id=user.id, token_hash=digest, created_at=now, expires_at=now + lifetime
        )
    )
    minutes = str(int(lifetime.total_seconds() // 60))
    outbox.enqueue(
        session,
        shop_id=shop.id,
        user_id=user.id,
        kind=RESET_MAIL,
        token=token,
        origin=origin,
        minutes=minutes,
    )
    session.commit()
    return ResetRequest(user, token, reset_link(origin, token, user.email))


def reset_after_answer(app: Flask, shop: Shop, email: str, lifetime: timedelta, origin: str) -> None:
    """The reset request's part on the request path: the same for every email (hand over and
    answer); the lookup, the token and the mail's row follow on a worker (inline without
    MAIL_ASYNC)."""
    run_after_answer(app, _reset_job, shop.id, email, lifetime, origin, asynchronous=app.config["MAIL_ASYNC"])


def _reset_job(shop_id: int, email: str, lifetime: timedelta, origin: str) -> None:
    shop = db.session.get(Shop, shop_id)
    request_password_reset(db.session, shop, email, lifetime, origin)


@outbox.composer(RESET_MAIL)
def _write_reset_mail(session: Session, row: outbox.OutboxMail) -> outbox.Letter | None:
    """The reset mail, with the link of the token it was queued with (the row's values are wiped
    once it is sent); None when the account is gone."""
    user = session.get(User, row.user_id)
    shop = session.get(Shop, row.shop_id)
    if user is None or shop is None or user.deleted_at is not None:
        return None
    values = row.payload
    body = text(
        shop.language,
        "reset_mail_body",
        name=user.name,
        shop=shop.shop_name,
        minutes=int(values["minutes"]),
        link=reset_link(values["origin"], values["token"], user.email),
    )
    subject = f"{text(shop.language, 'reset_mail_subject')} - {shop.shop_name}"
    return outbox.Letter(to=user.email, subject=subject, body=body, sender_name=shop.shop_name)


def reset_password(
    session: Session, shop: Shop, passwords: Passwords, *, email: str, token: str, password: str
) -> User:
    """Set a new password with a live reset token; the token and every other one of the user
    are used up, and every session of the user ends."""
    invalid = DomainError(AccountErrorCode.INVALID_RESET_TOKEN, text(shop.language, "invalid_reset_token"))
    digest = sha256(token or "")
    user = find_user(session, shop, email)
    if user is None:
        raise invalid
    now = utcnow()
    # One UPDATE decides which of two concurrent uses of the token wins.
    used = session.execute(
        update(PasswordResetToken)
        .where(
            PasswordResetToken.token_hash == digest,
            PasswordResetToken.user_id == user.id,
            PasswordResetToken.shop_id == shop.id,
            PasswordResetToken.used_at.is_(None),
            PasswordResetToken.expires_at > now,
        )
        .values(used_at=now)
    )
    if used.rowcount != 1:
        session.rollback()
        raise invalid
    session.execute(
        update(PasswordResetToken)
        .where(PasswordResetToken.user_id == user.id, PasswordResetToken.used_at.is_(None))
        .values(used_at=now)
    )
    user.password_hash = passwords.hash(password)
    _revoke_all(session, user, now)
    session.commit()
    return user


# Admins -------------------------------------------------------------------------------------


def create_admin(
    session: Session, shop: Shop, passwords: Passwords, *, email: str, name: str, password: str
) -> User:
    """Create the shop's admin, or make an existing user of that address an admin with this password."""
    user = find_user(session, shop, email)
    if user is None:
        user = User(shop_id=shop.id, email=normalise_email(email), name=name, password_hash="")
        session.add(user)
    user.name = name or user.name
    user.is_admin = True
    user.password_hash = passwords.hash(password)
    if user.id is not None:
        _revoke_all(session, user, utcnow())
    session.commit()
    return user
