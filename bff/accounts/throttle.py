"""Failed sign-ins slow an account down; they never lock it (OWASP, "Blocking Brute Force Attacks":
a lock-out lets anyone shut any owner out by guessing wrong on purpose).

Per account (shop + normalised email, known or not: the answers must not tell them apart):
- the first `free` failures cost nothing; after them each attempt waits a delay that doubles
  with every further failure (1, 2, 4, ... seconds) up to `longest` (60 s). An attempt made before
  the delay is over is 429 `login_throttled` with Retry-After, and its password is not checked,
  so a guess made too early tells nothing. One conditional UPDATE claims each attempt, so many
  guesses sent at once still get one check per delay.
- failures are forgotten `window` (15 minutes) after the last one, and at once on a right password.
- the browser an account last signed in from keeps a device cookie (HttpOnly, signed, bound to
  the shop and the account: OWASP's "device cookies"); its attempts skip the delay, so the owner
  signing in from their own browser is never held back by someone else's guesses. A wrong
  password from it clears the cookie: a stolen one buys one guess.
- the account's email gets a link when the delays start; opening it forgets the failures and
  makes that browser a known device.

A blocked account (bff/customers) answers like any other until the password is right: a wrong
password gets `invalid_credentials` and counts as a failure; the right one gets `account_blocked`.
"""

import hashlib
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.accounts.models import LoginThrottle


@dataclass(frozen=True)
class Policy:
    free: int = 5
    longest: timedelta = timedelta(seconds=60)
    window: timedelta = timedelta(minutes=15)

    @classmethod
    def from_config(cls, config) -> "Policy":
        return cls(
            free=config["LOGIN_FREE_FAILURES"],
            longest=timedelta(seconds=config["LOGIN_LONGEST_DELAY_SECONDS"]),
            window=timedelta(minutes=config["LOGIN_FAILURE_WINDOW_MINUTES"]),
        )

    def delay(self, failures: int) -> timedelta:
        """How long after a failure the next attempt waits, with `failures` counted so far."""
        if failures < self.free:
            return timedelta(0)
        return min(timedelta(seconds=2 ** (failures - self.free)), self.longest)


class Throttled(Exception):
    def __init__(self, retry_after: int):
        super().__init__(retry_after)
        self.retry_after = retry_after


def account_hash(shop_id: int, email: str) -> str:
    """The account's key: no email is stored, and every spelling of one address counts once."""
    normal = unicodedata.normalize("NFKC", email or "").strip().lower()
    return hashlib.sha256(f"{shop_id}:{normal}".encode()).hexdigest()


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite hands back naive UTC


def _row(session: Session, shop_id: int, key: str) -> LoginThrottle | None:
    return session.scalar(
        select(LoginThrottle).where(LoginThrottle.shop_id == shop_id, LoginThrottle.account_hash == key)
    )


def claim_attempt(session: Session, policy: Policy, shop_id: int, key: str, now: datetime) -> None:
    """Let one attempt be checked now, or raise Throttled. Commits."""
    row = _row(session, shop_id, key)
    if row is None:
        return
    if _aware(row.last_failure_at) + policy.window <= now:
        session.execute(delete(LoginThrottle).where(*_is(shop_id, key)))
        session.commit()
        return
    if row.failures < policy.free:
        return
    # The slot after this attempt is taken now: a burst sent at once gets one check.
    claimed = session.execute(
        update(LoginThrottle)
        .where(*_is(shop_id, key), LoginThrottle.next_attempt_at <= now)
        .values(next_attempt_at=now + policy.delay(row.failures + 1))
        .execution_options(synchronize_session=False)
    )
    session.commit()
    if claimed.rowcount != 1:
        session.expire_all()
        row = _row(session, shop_id, key)
        wait = (_aware(row.next_attempt_at) - now).total_seconds() if row else 1
        raise Throttled(max(1, min(int(wait + 0.999), int(policy.longest.total_seconds()))))


def _is(shop_id: int, key: str):
    return LoginThrottle.shop_id == shop_id, LoginThrottle.account_hash == key


def record_failure(session: Session, policy: Policy, shop_id: int, key: str, now: datetime) -> int:
    """Count a wrong password; returns the failures counted in the window (1 for the first)."""
    for _ in range(2):  # two first failures at once: the second insert finds the first's row
        row = _row(session, shop_id, key)
        try:
            if row is None or _aware(row.last_failure_at) + policy.window <= now:
                if row is not None:
                    session.delete(row)
                    session.flush()
                row = LoginThrottle(
                    shop_id=shop_id, account_hash=key, failures=0, last_failure_at=now, next_attempt_at=now
                )
                session.add(row)
            row.failures += 1
            row.last_failure_at = now
            row.next_attempt_at = max(_aware(row.next_attempt_at), now + policy.delay(row.failures))
            failures = row.failures
            session.commit()
            return failures
        except IntegrityError:
            session.rollback()
    return policy.free


def forget_failures(session: Session, shop_id: int, key: str) -> None:
    """A right password (or the emailed link): the account starts afresh. No commit."""
    session.execute(delete(LoginThrottle).where(*_is(shop_id, key)))


# Signed tokens: the device cookie and the emailed unlock link ------------------------------

_DEVICE_SALT = "login-device"
_UNLOCK_SALT = "login-unlock"
DEVICE_LIFETIME = timedelta(days=365)
UNLOCK_LIFETIME = timedelta(hours=24)


def _serializer(secret: str, salt: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret, salt=salt)


def device_token(secret: str, shop_id: int, key: str) -> str:
    return _serializer(secret, _DEVICE_SALT).dumps([shop_id, key])


def is_known_device(secret: str, token: str | None, shop_id: int, key: str) -> bool:
    return _loads(secret, _DEVICE_SALT, token, DEVICE_LIFETIME) == [shop_id, key]


def unlock_token(secret: str, shop_id: int, key: str) -> str:
    return _serializer(secret, _UNLOCK_SALT).dumps([shop_id, key])


def unlocked_account(secret: str, token: str | None, shop_id: int) -> str | None:
    """The account key an unlock link of this shop names, or None (forged, expired, another shop's)."""
    found = _loads(secret, _UNLOCK_SALT, token, UNLOCK_LIFETIME)
    if isinstance(found, list) and len(found) == 2 and found[0] == shop_id and isinstance(found[1], str):
        return found[1]
    return None


def _loads(secret: str, salt: str, token: str | None, lifetime: timedelta):
    if not token or len(token) > 512:
        return None
    try:
        return _serializer(secret, salt).loads(token, max_age=int(lifetime.total_seconds()))
    except (BadSignature, ValueError, TypeError):
        return None
