"""Guests' catalogue answers, kept ready in each process: a product, a list's page, the category
tree, the brands, a search's first pages. A hit costs no SQL (but the catalogue version's, at
most once a second) and no serialisation.

An answer is kept under its shop, the shop's settings version (a guest's shop may be a few
seconds old, bff/shops/cache.py: an answer made from an older copy stays under the older key),
the shop's language, the catalogue version (bff/catalog/versions.py: any write of the
catalogue moves it, in every process), the call and its arguments. Only answers with the
guest's prices are kept: the /api/user twins (member prices) and anything else a signed-in
shopper sees differently are answered afresh. Banners are not cached: they start and end by
the clock, which no write marks. Products scheduled to appear (`publish_at`) are: the key also
holds how many of the shop's upcoming start times have passed (`PublicationMarks`, read again
whenever the catalogue version moves), so an answer made before a product's start is not used
after it. Entries live at most CATALOGUE_CACHE_SECONDS (a bound for a
version that failed to move) in at most CATALOGUE_CACHE_MB per process, least recently used
out first.
"""

import threading
import time
from bisect import bisect_right
from datetime import datetime
from functools import wraps

from cachetools import TTLCache
from flask import current_app, request
from sqlalchemy import select

from bff.catalog.models import Product
from bff.catalog.versions import catalogue_versions
from bff.common.models import as_utc, utcnow
from bff.common.read_only import read_without_transaction
from bff.extensions import db
from bff.ops.metrics import CATALOGUE_ANSWERS, CATALOGUE_CACHE_BYTES, CATALOGUE_CACHE_ENTRIES
from bff.pricing.context import current_shopper
from bff.pricing.rules import GUEST
from bff.shops.context import current_shop

_EXTENSION = "bff.catalogue_answers"
_OVERHEAD = 256  # bytes an entry costs beside its body (key, tuple), roughly


class PublicationMarks:
    """Per process, each shop's upcoming product start times as of its catalogue version (one
    query when the version moves, none on a hit); `mark` counts those passed."""

    def __init__(self) -> None:
        self._shops: dict[int, tuple[int, list[datetime]]] = {}
        self._lock = threading.Lock()

    def mark(self, session, shop_id: int, version: int, now: datetime) -> int:
        with self._lock:
            known = self._shops.get(shop_id)
        if known is None or known[0] != version:
            upcoming = session.scalars(
                select(Product.publish_at).where(
                    Product.shop_id == shop_id, Product.is_active.is_(True), Product.publish_at > now
                )
            )
            known = (version, sorted(as_utc(t) for t in upcoming))
            with self._lock:
                self._shops[shop_id] = known
        return bisect_right(known[1], now)

    def clear(self) -> None:
        with self._lock:
            self._shops.clear()


class AnswerCache:
    def __init__(self, max_bytes: int, seconds: float, clock=time.monotonic) -> None:
        self.enabled = max_bytes > 0 and seconds > 0
        self._entries: TTLCache = TTLCache(
            maxsize=max(max_bytes, 1), ttl=max(seconds, 0.001), timer=clock, getsizeof=self._size
        )
        self._lock = threading.Lock()
        self.marks = PublicationMarks()

    @staticmethod
    def _size(entry: tuple[bytes, str]) -> int:
        return len(entry[0]) + _OVERHEAD

    def get(self, key: tuple) -> tuple[bytes, str] | None:
        with self._lock:
            return self._entries.get(key)

    def put(self, key: tuple, body: bytes, content_type: str) -> None:
        with self._lock:
            try:
                self._entries[key] = (body, content_type)
            except ValueError:  # larger than the whole cache: answered, not kept
                pass
            self._measured()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._measured()
        self.marks.clear()

    def _measured(self) -> None:
        # Expired entries still count until the cache next evicts them: a bound, as the limit is.
        CATALOGUE_CACHE_BYTES.set(self._entries.currsize)
        CATALOGUE_CACHE_ENTRIES.set(len(self._entries))

    def __len__(self) -> int:
        return len(self._entries)


def init_app(app) -> None:
    app.extensions[_EXTENSION] = AnswerCache(
        int(app.config["CATALOGUE_CACHE_MB"] * 1024 * 1024), app.config["CATALOGUE_CACHE_SECONDS"]
    )


def answer_cache() -> AnswerCache:
    return current_app.extensions[_EXTENSION]


def _key(first_pages: int | None) -> tuple | None:
    """This request's key, or None when its answer must not be kept."""
    if current_shopper() is not GUEST:
        return None
    if first_pages is not None:
        page = request.args.get("page", "1").strip() or "1"
        if not page.isdigit() or int(page) > first_pages:
            return None
    shop = current_shop()
    version = catalogue_versions().current(db.session, shop.id)
    if version is None:
        return None
    published = answer_cache().marks.mark(db.session, shop.id, version, utcnow())
    arguments = tuple(sorted(request.args.items(multi=True)))
    method = "GET" if request.method == "HEAD" else request.method
    page_size = current_app.config["PAGE_SIZE"]
    return (
        shop.id,
        shop.version,
        shop.language,
        version,
        published,
        page_size,
        method,
        request.path,
        arguments,
    )


def cached_for_guests(view=None, *, first_pages: int | None = None):
    """Answer a guest from the cache, else keep the view's 200 answer. Goes over flask-smorest's
    decorators, so a hit skips the parsing and the serialisation too. Every view under it only
    reads (a search too, though a POST), so its statements run without a transaction
    (bff/common/read_only.py), whoever asks. `first_pages`: keep only
    pages up to this one (a search's later pages are rarely asked twice)."""

    def decorate(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            def read():
                # Only where the view runs: a hit checks out no connection at all.
                read_without_transaction(db.session())
                return view(*args, **kwargs)

            cache = answer_cache()
            if not cache.enabled:
                return read()
            key = _key(first_pages)
            if key is None:
                CATALOGUE_ANSWERS.labels("pass").inc()
                return read()
            hit = cache.get(key)
            CATALOGUE_ANSWERS.labels("miss" if hit is None else "hit").inc()
            if hit is not None:
                return current_app.response_class(hit[0], status=200, content_type=hit[1])
            response = read()
            if response.status_code == 200 and not response.is_streamed:
                cache.put(key, response.get_data(), response.content_type)
            return response

        return wrapper

    return decorate(view) if view is not None else decorate
