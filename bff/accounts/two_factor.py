"""Two-factor sign-in to the console with TOTP (RFC 6238: 30-second steps, 6 digits, SHA-1, the
parameters every authenticator app reads from an `otpauth://` URI; pyotp's `TOTP`, whose
`provisioning_uri` writes that URI: https://pyauth.github.io/pyotp/).

Setting up: the console asks for a new secret (kept encrypted as *pending* on the user), shows it
as a QR code (segno) and as text, and turns two-factor on when the first code from the app is
right. Ten recovery codes are then shown once; only their HMAC-SHA256 under SECRET_KEY is kept,
and each is good once.

Signing in: a right password of an account with two-factor on opens no session; it answers a
*challenge* (signed, 5 minutes, bound to the shop, the account and its password hash, so a
password change voids it) that `POST /api/admin/login/two-factor` exchanges with a code for
the session. A TOTP code is good once (the last step used is kept) within one step either side.
Wrong codes are throttled like passwords (bff/accounts/throttle.py, their own counter per
account): growing delays, never a lock-out. With two-factor on, the password step is not
throttled at all, so guessing the password can never hold the owner back (issue 28, item 8); it
still counts against the per-IP limit, and it opens nothing without the code.

The shop's rule (`shops.two_factor_required`, set by the owner once their own is on) makes it
required of owners and managers: until they set it up, their session reaches only this screen
(bff/accounts/roles.py).
"""

import hashlib
import hmac
import secrets
import time

import pyotp
import segno
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from bff.accounts import throttle
from bff.accounts.error_codes import AccountErrorCode
from bff.accounts.messages import text
from bff.accounts.models import RecoveryCode, User
from bff.accounts.passwords import Passwords
from bff.accounts.roles import MANAGER, OWNER, role_of
from bff.accounts.services import throttled  # the same 429 as the password's
from bff.audit.services import Action, record
from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.shops.models import Shop

STEP_SECONDS = 30
RECOVERY_CODES = 10
CHALLENGE_SECONDS = 300
_CHALLENGE_SALT = "two-factor-login"


def is_on(user: User | None) -> bool:
    return user is not None and user.totp_enabled_at is not None and bool(user.totp_secret)


def required_of(shop: Shop, user: User) -> bool:
    return bool(shop.two_factor_required) and role_of(user) in (OWNER, MANAGER)


# Setting up -------------------------------------------------------------------------------------


def start_setup(session: Session, shop: Shop, user: User) -> dict:
    """A new secret, pending until its first code is right: the URI and its QR code's modules."""
    if is_on(user):
        raise DomainError(AccountErrorCode.TWO_FACTOR_CONFLICT, text(shop.language, "two_factor_already_on"))
    secret = pyotp.random_base32()  # 160 bits, as RFC 4226 recommends
    user.totp_pending_secret = secret
    session.commit()
    uri = pyotp.TOTP(secret).provisioning_uri(name=user.email, issuer_name=shop.shop_name or shop.code)
    qr = segno.make(uri, error="m")
    rows = ["".join("1" if module else "0" for module in row) for row in qr.matrix]
    return {"secret": secret, "otpauth_uri": uri, "qr_modules": rows}


def enable(session: Session, shop: Shop, user: User, code: str, key: str) -> list[str]:
    """Turn two-factor on with the first right code of the pending secret; the recovery codes."""
    secret = user.totp_pending_secret
    if not secret:
        raise DomainError(AccountErrorCode.TWO_FACTOR_CONFLICT, text(shop.language, "two_factor_not_started"))
    step = _matching_step(secret, code, 0)
    if step is None:
        raise _invalid(shop)
    user.totp_secret, user.totp_pending_secret = secret, ""
    user.totp_enabled_at, user.totp_last_step = utcnow(), step
    codes = _new_recovery_codes(session, shop, user, key)
    record(session, shop, user, Action.TWO_FACTOR_ON, "user", user.id, {"two_factor": [False, True]})
    session.commit()
    return codes


def disable(session: Session, shop: Shop, user: User, passwords: Passwords, password: str) -> None:
    """Turn two-factor off (with the password), unless the shop requires it of this role."""
    if required_of(shop, user):
        raise DomainError(
            AccountErrorCode.TWO_FACTOR_CONFLICT, text(shop.language, "two_factor_still_required")
        )
    if not passwords.verify(user.password_hash, password or ""):
        message = text(shop.language, "wrong_password")
        raise DomainError(AccountErrorCode.VALIDATION, message, {"password": [message]})
    user.totp_secret = user.totp_pending_secret = ""
    user.totp_enabled_at, user.totp_last_step = None, 0
    session.execute(
        delete(RecoveryCode).where(RecoveryCode.shop_id == shop.id, RecoveryCode.user_id == user.id)
    )
    record(session, shop, user, Action.TWO_FACTOR_OFF, "user", user.id, {"two_factor": [True, False]})
    session.commit()


def recovery_codes_left(session: Session, user: User) -> int:
    return len(
        session.scalars(
            select(RecoveryCode.id).where(RecoveryCode.user_id == user.id, RecoveryCode.used_at.is_(None))
        ).all()
    )


def _recovery_hash(key: str, code: str) -> str:
    normal = "".join(ch for ch in code.lower() if ch.isalnum())
    return hmac.new(key.encode(), f"recovery:{normal}".encode(), hashlib.sha256).hexdigest()


def _new_recovery_codes(session: Session, shop: Shop, user: User, key: str) -> list[str]:
    session.execute(
        delete(RecoveryCode).where(RecoveryCode.shop_id == shop.id, RecoveryCode.user_id == user.id)
    )
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i
    codes = []
    for _ in range(RECOVERY_CODES):
        raw = "".join(secrets.choice(alphabet) for _ in range(10))  # about 49 bits
        codes.append(f"{raw[:5]}-{raw[5:]}")
    session.add_all(
        RecoveryCode(shop_id=shop.id, user_id=user.id, code_hash=_recovery_hash(key, c)) for c in codes
    )
    return codes


# Codes ------------------------------------------------------------------------------------------


def _matching_step(secret: str, code: str, last_step: int, now: float | None = None) -> int | None:
    """The time step (one either side of now) whose code is `code`, newer than `last_step`."""
    code = (code or "").strip().replace(" ", "")
    if len(code) != 6 or not code.isascii() or not code.isdigit():
        return None
    totp = pyotp.TOTP(secret)
    current = int((time.time() if now is None else now) // STEP_SECONDS)
    for step in (current - 1, current, current + 1):
        if step > last_step and hmac.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def _invalid(shop: Shop) -> DomainError:
    message = text(shop.language, "two_factor_invalid")
    return DomainError(AccountErrorCode.TWO_FACTOR_INVALID, message, {"code": [message]})


def check_code(session: Session, shop: Shop, user: User, code: str, key: str) -> bool:
    """Take a TOTP code (good once) or an unused recovery code (used up); commits a match."""
    step = _matching_step(user.totp_secret, code, user.totp_last_step)
    if step is not None:
        # Conditional on the last step read: the same code sent twice at once is taken once.
        taken = session.execute(
            update(User)
            .where(User.id == user.id, User.totp_last_step == user.totp_last_step)
            .values(totp_last_step=step)
            .execution_options(synchronize_session=False)
        ).rowcount
        session.commit()
        return taken == 1
    digest = _recovery_hash(key, code or "")
    used = session.execute(
        update(RecoveryCode)
        .where(
            RecoveryCode.shop_id == shop.id,
            RecoveryCode.user_id == user.id,
            RecoveryCode.code_hash == digest,
            RecoveryCode.used_at.is_(None),
        )
        .values(used_at=utcnow())
        .execution_options(synchronize_session=False)
    ).rowcount
    session.commit()
    return used == 1


# Signing in -------------------------------------------------------------------------------------


def _serializer(secret: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret, salt=_CHALLENGE_SALT)


def _password_tag(user: User) -> str:
    return hashlib.sha256(user.password_hash.encode()).hexdigest()[:16]


def challenge(secret: str, shop: Shop, user: User) -> str:
    """What a right password gets when two-factor is on: the ticket for the code step."""
    return _serializer(secret).dumps({"s": shop.id, "u": user.id, "p": _password_tag(user)})


def challenged_user(session: Session, secret: str, shop: Shop, token: str) -> User:
    """The account a challenge of this shop names (still with that password, still an admin)."""
    try:
        data = _serializer(secret).loads(token or "", max_age=CHALLENGE_SECONDS)
    except BadSignature:
        data = None
    user = None
    if isinstance(data, dict) and data.get("s") == shop.id and isinstance(data.get("u"), int):
        user = session.get(User, data["u"])
    if (
        user is None
        or user.shop_id != shop.id
        or not user.is_admin
        or user.blocked_at is not None
        or not is_on(user)
        or not hmac.compare_digest(str(data.get("p")), _password_tag(user))
    ):
        raise DomainError(
            AccountErrorCode.TWO_FACTOR_CHALLENGE_INVALID, text(shop.language, "two_factor_challenge_invalid")
        )
    return user


def code_key(shop_id: int, user_id: int) -> str:
    """The throttle's key of an account's code guesses (apart from its password's)."""
    return hashlib.sha256(f"{shop_id}:two-factor:{user_id}".encode()).hexdigest()


def sign_in_with_code(
    session: Session, shop: Shop, policy: throttle.Policy, user: User, code: str, key: str
) -> User:
    """The second step, behind the account's code throttle: 429 while its delay runs."""
    now = utcnow()
    counter = code_key(shop.id, user.id)
    try:
        throttle.claim_attempt(session, policy, shop.id, counter, now)
    except throttle.Throttled as exc:
        raise throttled(shop, exc) from None
    if not check_code(session, shop, user, code, key):
        throttle.record_failure(session, policy, shop.id, counter, now)
        raise _invalid(shop)
    throttle.forget_failures(session, shop.id, counter)
    session.commit()
    return user
