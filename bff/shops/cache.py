"""A short-lived, per-process cache of shops by hostname, so a guest's page calls cost no shop query.

Only guests' reads use it (`current_shop`): a guest page may show a shop's settings up to
`SHOP_CACHE_SECONDS` old (a few seconds; the SSR's page cache and the README's "Caching" say how
these ages add up to under 10 seconds), while writes, signed-in calls and the owner's console
always read the shop afresh. A hit rebuilds a clean, persistent `Shop` in the request's session
from the cached column values, without a query; its relationships (domains) load on use.
"""

import threading
import time

from sqlalchemy import inspect
from sqlalchemy.orm import Session, make_transient_to_detached

from bff.shops.models import Shop


class ShopCache:
    def __init__(self, seconds: float, clock=time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._entries: dict[str, tuple[float, dict]] = {}
        self._lock = threading.Lock()

    def get(self, session: Session, hostname: str) -> Shop | None:
        """The cached shop of `hostname`, attached to `session`; None when absent or too old."""
        entry = self._entries.get(hostname)
        if entry is None or entry[0] <= self._clock():
            return None
        values = entry[1]
        found = session.identity_map.get(inspect(Shop).identity_key_from_primary_key((values["id"],)))
        if found is not None:
            return found
        # The values go in as loaded, not set: Shop(**values) fired an attribute event for each
        # of its forty-odd columns on every guest call (issue 27's profile).
        shop = inspect(Shop).class_manager.new_instance()
        shop.__dict__.update(values)
        make_transient_to_detached(shop)
        session.add(shop)
        return shop

    def put(self, hostname: str, shop: Shop) -> None:
        if self.seconds <= 0:
            return
        columns = {attr.key: getattr(shop, attr.key) for attr in inspect(Shop).column_attrs}
        with self._lock:
            if len(self._entries) > 10000:  # many unknown hosts never get here, but bound it anyway
                self._entries.clear()
            self._entries[hostname] = (self._clock() + self.seconds, columns)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
