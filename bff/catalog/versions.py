"""The catalogue version of each shop: a counter that every write of the catalogue raises, the
key under which every BFF process caches its answers (bff/catalog/answer_cache.py), so that a
write makes every process's cached answers of that shop unused at once.

The counters live in Redis when REDIS_URL is set, else in the database (`catalogue_versions`).
Nobody calls a bump: the session finds the writes itself (`watch_writes`), whoever makes them
(the console, imports, flask commands, checkout's stock): every flushed row of a catalogue
model names its shop, and an ORM `update()`/`delete()`/`insert()` statement names it in its
`shop_id == ...` criterion or rows; a statement that names no shop raises row 0, which every
shop's key includes. In the database the rows are raised in the writing transaction itself
(at commit, so a row lock lasts only the commit); Redis's after the commit, as it cannot join
the transaction. Either way a reader reads the version before the answer's rows, so an answer
is never older than the version it is kept under.

A process reuses a version it read for `CATALOGUE_VERSION_SECONDS` (default 1 s), which is how
late another process's write may show; the writing process forgets its copy at once.
"""

import logging
import re
import threading
import time
from collections.abc import Iterable

import redis
from flask import current_app, has_app_context
from sqlalchemy import BinaryExpression, BooleanClauseList, TextClause, event, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import ORMExecuteState, Session
from sqlalchemy.sql import operators

from bff.catalog.models import (
    Banner,
    BannerProduct,
    Brand,
    CatalogueVersion,
    Category,
    Product,
    ProductImage,
    ProductSearch,
    ProductVariant,
    StockMovement,
)
from bff.shops.models import Shop

log = logging.getLogger(__name__)

EVERY_SHOP = 0
_EXTENSION = "bff.catalogue_versions"
_PENDING = "bff.catalogue_writes"

# What the storefront's catalogue answers are made of; the shop's own row too (its name heads
# the category tree, its language the messages).
CATALOGUE_MODELS = (
    Product,
    ProductImage,
    ProductVariant,
    Category,
    Brand,
    Banner,
    BannerProduct,
    ProductSearch,
    StockMovement,
    Shop,
)
_TABLES = {model.__table__.name for model in CATALOGUE_MODELS}
_TEXT_WRITE = re.compile(r"\b(?:insert\s+into|update|delete\s+from)\s+\"?(\w+)", re.IGNORECASE)

Version = tuple[int, int]


class CatalogueVersions:
    """Reads (with a short per-process memory) and raises the shops' catalogue versions."""

    def __init__(self, redis_url: str, seconds: float, prefix: str = "bff:catalogue", clock=time.monotonic):
        self.seconds = seconds
        self.prefix = prefix
        self._redis = redis.Redis.from_url(redis_url, socket_timeout=0.5) if redis_url else None
        self._clock = clock
        self._known: dict[int, tuple[float, Version]] = {}
        self._lock = threading.Lock()

    @property
    def in_database(self) -> bool:
        return self._redis is None

    def current(self, session: Session, shop_id: int) -> Version | None:
        """The shop's version (every shop's, its own); None when it cannot be read (no caching)."""
        known = self._known.get(shop_id)
        if known is not None and known[0] > self._clock():
            return known[1]
        try:
            version = self._read_redis(shop_id) if self._redis else self._read_database(session, shop_id)
        except redis.RedisError:
            log.warning("catalogue version unreadable in Redis; answering uncached", exc_info=True)
            return None
        if self.seconds > 0:
            with self._lock:
                self._known[shop_id] = (self._clock() + self.seconds, version)
        return version

    def _read_database(self, session: Session, shop_id: int) -> Version:
        rows = dict(
            session.execute(
                select(CatalogueVersion.shop_id, CatalogueVersion.version).where(
                    CatalogueVersion.shop_id.in_((EVERY_SHOP, shop_id))
                )
            ).all()
        )
        return rows.get(EVERY_SHOP, 0), rows.get(shop_id, 0)

    def _read_redis(self, shop_id: int) -> Version:
        every, own = self._redis.mget(self._key(EVERY_SHOP), self._key(shop_id))
        return int(every or 0), int(own or 0)

    def _key(self, shop_id: int) -> str:
        return f"{self.prefix}:{shop_id}"

    def raise_in_transaction(self, session: Session, shop_ids: set[int]) -> None:
        """Database store: raise the rows within the writer's transaction (in id order, so two
        writers lock them in one order)."""
        rows = [{"shop_id": shop_id, "version": 1} for shop_id in sorted(shop_ids)]
        dialect = session.get_bind().dialect.name
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        stmt = insert(CatalogueVersion.__table__).values(rows)
        stmt = stmt.on_conflict_do_update(
            index_elements=["shop_id"], set_={"version": CatalogueVersion.__table__.c.version + 1}
        )
        session.connection().execute(stmt)

    def raise_after_commit(self, shop_ids: set[int]) -> None:
        """Redis store: raise the counters once the write is committed. Should Redis fail, the
        write stands and the answers cached before it live out their age (CATALOGUE_CACHE_SECONDS)."""
        try:
            with self._redis.pipeline(transaction=False) as pipe:
                for shop_id in sorted(shop_ids):
                    pipe.incr(self._key(shop_id))
                pipe.execute()
        except redis.RedisError:
            log.error("catalogue version not raised in Redis: shops %s", sorted(shop_ids), exc_info=True)

    def forget(self, shop_ids: Iterable[int]) -> None:
        with self._lock:
            if EVERY_SHOP in shop_ids:
                self._known.clear()
            for shop_id in shop_ids:
                self._known.pop(shop_id, None)


def init_app(app) -> None:
    app.extensions[_EXTENSION] = CatalogueVersions(
        app.config["REDIS_URL"], app.config["CATALOGUE_VERSION_SECONDS"], app.config["CATALOGUE_REDIS_PREFIX"]
    )


def catalogue_versions() -> CatalogueVersions:
    return current_app.extensions[_EXTENSION]


def _store() -> CatalogueVersions | None:
    return current_app.extensions.get(_EXTENSION) if has_app_context() else None


# Finding the writes -------------------------------------------------------------------------


def _pending(session: Session) -> set[int]:
    return session.info.setdefault(_PENDING, set())


def _shop_of(obj) -> int | None:
    if isinstance(obj, Shop):
        return obj.id
    if isinstance(obj, CATALOGUE_MODELS):
        return obj.shop_id
    return None


def _after_flush(session: Session, _context) -> None:
    for obj in (*session.new, *session.dirty, *session.deleted):
        shop_id = _shop_of(obj)
        if shop_id is not None:
            _pending(session).add(shop_id)


def _conjuncts(clause):
    """The terms of a criterion that must all hold (`a AND b AND c` -> a, b, c)."""
    if isinstance(clause, BooleanClauseList) and clause.operator is operators.and_:
        for term in clause.clauses:
            yield from _conjuncts(term)
    else:
        yield clause


def _shops_named(state: ORMExecuteState) -> set[int]:
    """The shops an ORM write statement names: in `shop_id == value` criteria, else in the rows
    written; none found means it may touch any shop."""
    shops: set[int] = set()
    table = state.statement.table.name
    criteria = getattr(state.statement, "whereclause", None)
    if criteria is not None:
        for node in _conjuncts(criteria):  # an OR could reach other shops' rows
            if (
                isinstance(node, BinaryExpression)
                and node.operator is operators.eq
                and getattr(node.left, "name", None) == "shop_id"
                and getattr(getattr(node.left, "table", None), "name", None) == table
                and getattr(node.right, "value", None) is not None
            ):
                shops.add(int(node.right.value))
    if not shops and state.is_insert:
        rows = state.parameters if isinstance(state.parameters, list) else [state.parameters or {}]
        values = [row.get("shop_id") for row in rows]
        if values and None not in values:
            shops.update(int(v) for v in values)
    return shops or {EVERY_SHOP}


def _on_execute(state: ORMExecuteState) -> None:
    if isinstance(state.statement, TextClause):
        if any(t.lower() in _TABLES for t in _TEXT_WRITE.findall(state.statement.text)):
            _pending(state.session).add(EVERY_SHOP)
        return
    if not (state.is_update or state.is_delete or state.is_insert):
        return
    # An entity's statement or a plain table's (`delete(Product.__table__)`) alike.
    if state.statement.table.name in _TABLES:
        _pending(state.session).update(_shops_named(state))


def _before_commit(session: Session) -> None:
    store = _store()
    if store is None or not store.in_database or session.in_nested_transaction():
        return
    session.flush()  # the commit's own flush comes after this hook: its writes must count too
    shops = session.info.get(_PENDING)
    if shops:
        store.raise_in_transaction(session, shops)


def _after_commit(session: Session) -> None:
    if session.in_nested_transaction():  # a savepoint: the writes are not committed yet
        return
    shops = session.info.pop(_PENDING, None)
    store = _store()
    if not shops or store is None:
        return
    if not store.in_database:
        store.raise_after_commit(shops)
    store.forget(shops)


def _after_transaction_end(session: Session, transaction) -> None:
    if transaction.parent is None:  # the whole transaction ended (a rollback forgets its writes)
        session.info.pop(_PENDING, None)


def watch_writes() -> None:
    """Listen on every session (once per process)."""
    if event.contains(Session, "after_flush", _after_flush):
        return
    event.listen(Session, "after_flush", _after_flush)
    event.listen(Session, "do_orm_execute", _on_execute)
    event.listen(Session, "before_commit", _before_commit)
    event.listen(Session, "after_commit", _after_commit)
    event.listen(Session, "after_transaction_end", _after_transaction_end)
