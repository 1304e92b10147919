"""The official account's access token and JS-SDK ticket, cached per shop and app until shortly
before they expire, in Redis when REDIS_URL is set, else in the database (`wechat_credentials`).

WeChat wants one "central" refresher: fetching a token again invalidates the last one (after a
five-minute overlap), and tickets are few a day (bff/wechat/api.py cites the pages). So a refresh
takes a lock first (Redis `SET NX PX`; in the database a conditional UPDATE of the row's
`locked_until`), and a process that finds the lock taken waits for the holder's value rather than
fetching its own. A value is used until REFRESH_BEFORE seconds before its expiry, inside the
overlap WeChat promises. A token WeChat refused (40001 and the like) is named `stale`: the next
read takes a newer one from the cache, or refreshes once.

Values are sealed (bff/common/encryption.py) in both stores, like the AppSecret they stand for."""

import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

import redis
from flask import current_app
from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bff.common.encryption import SecretsUnreadable, seal, unseal
from bff.wechat.api import Credential, WechatError
from bff.wechat.models import WechatCredential

log = logging.getLogger(__name__)

_EXTENSION = "bff.wechat_tokens"
REFRESH_BEFORE = 300  # seconds; WeChat keeps a refreshed token working for five minutes
LOCK_SECONDS = 15  # a refresher that died frees the lock after this
WAIT_SECONDS = 5.0  # how long a process waits for another's refresh
POLL_SECONDS = 0.05


@dataclass(frozen=True)
class Cached:
    value: str
    expires_at: float


def _owner(shop_id: int, appid: str, kind: str) -> str:
    return f"{shop_id}:wechat:{appid}:{kind}"


class DatabaseStore:
    def __init__(self, keys: str):
        self._keys = keys

    def _row(self, session: Session, shop_id: int, appid: str, kind: str) -> WechatCredential | None:
        return session.scalars(
            select(WechatCredential).where(
                WechatCredential.shop_id == shop_id,
                WechatCredential.appid == appid,
                WechatCredential.kind == kind,
            )
        ).one_or_none()

    def read(self, session: Session, shop_id: int, appid: str, kind: str) -> Cached | None:
        session.expire_all()  # another process may have written it since this session last looked
        row = self._row(session, shop_id, appid, kind)
        if row is None or not row.value:
            return None
        return Cached(unseal(self._keys, _owner(shop_id, appid, kind), row.value)["v"], row.expires_at)

    def try_lock(self, session: Session, shop_id: int, appid: str, kind: str, now: float) -> str | None:
        if self._row(session, shop_id, appid, kind) is None:
            try:
                with session.begin_nested():
                    session.add(WechatCredential(shop_id=shop_id, appid=appid, kind=kind, value=""))
            except IntegrityError:
                pass  # another process made it first
        taken = session.execute(
            update(WechatCredential)
            .where(
                WechatCredential.shop_id == shop_id,
                WechatCredential.appid == appid,
                WechatCredential.kind == kind,
                or_(WechatCredential.locked_until.is_(None), WechatCredential.locked_until < now),
            )
            .values(locked_until=now + LOCK_SECONDS)
            .execution_options(synchronize_session=False)
        ).rowcount
        session.commit()
        return "database" if taken == 1 else None

    def write(self, session: Session, shop_id: int, appid: str, kind: str, cached: Cached) -> None:
        sealed = seal(self._keys, _owner(shop_id, appid, kind), {"v": cached.value})
        session.execute(
            update(WechatCredential)
            .where(
                WechatCredential.shop_id == shop_id,
                WechatCredential.appid == appid,
                WechatCredential.kind == kind,
            )
            .values(value=sealed, expires_at=cached.expires_at)
            .execution_options(synchronize_session=False)
        )
        session.commit()

    def unlock(self, session: Session, shop_id: int, appid: str, kind: str, lock: str) -> None:
        session.rollback()  # a failed fetch may have left the transaction unusable
        session.execute(
            update(WechatCredential)
            .where(
                WechatCredential.shop_id == shop_id,
                WechatCredential.appid == appid,
                WechatCredential.kind == kind,
            )
            .values(locked_until=0)
            .execution_options(synchronize_session=False)
        )
        session.commit()


# Deletes the lock only when it is still this process's (its random token): a lock that timed
# out and was taken by another is left alone (the pattern of the SET command's page, redis.io).
_UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"


class RedisStore:
    def __init__(self, url: str, keys: str, prefix: str):
        self._redis = redis.Redis.from_url(url, socket_timeout=2)
        self._keys = keys
        self._prefix = prefix
        self._unlock = self._redis.register_script(_UNLOCK)

    def _key(self, shop_id: int, appid: str, kind: str) -> str:
        return f"{self._prefix}:{shop_id}:{appid}:{kind}"

    def read(self, _session, shop_id: int, appid: str, kind: str) -> Cached | None:
        raw = self._redis.get(self._key(shop_id, appid, kind))
        if raw is None:
            return None
        data = json.loads(raw)
        return Cached(
            unseal(self._keys, _owner(shop_id, appid, kind), data["sealed"])["v"], data["expires_at"]
        )

    def try_lock(self, _session, shop_id: int, appid: str, kind: str, _now: float) -> str | None:
        token = secrets.token_hex(16)
        taken = self._redis.set(
            f"{self._key(shop_id, appid, kind)}:lock", token, nx=True, px=LOCK_SECONDS * 1000
        )
        return token if taken else None

    def write(self, _session, shop_id: int, appid: str, kind: str, cached: Cached) -> None:
        sealed = seal(self._keys, _owner(shop_id, appid, kind), {"v": cached.value})
        ttl = max(int(cached.expires_at - time.time()), 1)
        body = json.dumps({"sealed": sealed, "expires_at": cached.expires_at})
        self._redis.set(self._key(shop_id, appid, kind), body, ex=ttl)

    def unlock(self, _session, shop_id: int, appid: str, kind: str, lock: str) -> None:
        self._unlock(keys=[f"{self._key(shop_id, appid, kind)}:lock"], args=[lock])


class CredentialCache:
    def __init__(
        self, store, clock: Callable[[], float] = time.time, sleep: Callable[[float], None] = time.sleep
    ):
        self.store = store
        self._clock = clock
        self._sleep = sleep

    def _usable(self, cached: Cached | None, stale: str | None) -> bool:
        return (
            cached is not None
            and cached.value != stale
            and cached.expires_at - REFRESH_BEFORE > self._clock()
        )

    def get(
        self,
        session: Session,
        shop_id: int,
        appid: str,
        kind: str,
        fetch: Callable[[], Credential],
        stale: str | None = None,
    ) -> str:
        """The cached value, else one fetched by the one process holding the refresh lock. Redis
        out of reach is WeChat out of reach to the caller (a 503), never a 500."""
        try:
            return self._get(session, shop_id, appid, kind, fetch, stale)
        except redis.RedisError as exc:
            log.warning("WeChat %s cache unreachable: %s", kind, exc)
            raise WechatError(f"{kind} cache unreachable") from exc

    def _get(self, session, shop_id, appid, kind, fetch, stale) -> str:
        deadline = self._clock() + WAIT_SECONDS
        while True:
            cached = self._read(session, shop_id, appid, kind)
            if self._usable(cached, stale):
                return cached.value
            lock = self.store.try_lock(session, shop_id, appid, kind, self._clock())
            if lock is not None:
                try:
                    cached = self._read(session, shop_id, appid, kind)  # refreshed while we looked
                    if self._usable(cached, stale):
                        return cached.value
                    got = fetch()
                    fresh = Cached(got.value, self._clock() + got.expires_in)
                    self.store.write(session, shop_id, appid, kind, fresh)
                    return fresh.value
                finally:
                    self.store.unlock(session, shop_id, appid, kind, lock)
            if self._clock() >= deadline:
                raise WechatError(f"{kind} is being refreshed by another process")
            self._sleep(POLL_SECONDS)

    def _read(self, session, shop_id, appid, kind) -> Cached | None:
        try:
            return self.store.read(session, shop_id, appid, kind)
        except SecretsUnreadable:
            log.warning("cached WeChat %s unreadable (PAYMENT_SECRETS_KEY changed?): fetching anew", kind)
            return None


def init_app(app) -> None:
    keys = app.config["PAYMENT_SECRETS_KEY"]
    url = app.config["REDIS_URL"]
    store = RedisStore(url, keys, app.config["WECHAT_REDIS_PREFIX"]) if url else DatabaseStore(keys)
    app.extensions[_EXTENSION] = CredentialCache(store)


def credential_cache() -> CredentialCache:
    return current_app.extensions[_EXTENSION]
