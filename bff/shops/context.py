"""The shop of the current request, found once per request from its hostname."""

from flask import current_app, request

from bff.common.proxies import from_trusted_proxy
from bff.extensions import db
from bff.shops.cache import ShopCache
from bff.shops.models import Shop
from bff.shops.services import find_shop_by_host, normalise_host, shopper_origin

_KEY = "bff.shop"
_CACHE = "bff.shop_cache"


def init_app(app) -> None:
    app.extensions[_CACHE] = ShopCache(app.config["SHOP_CACHE_SECONDS"])


def shop_cache() -> ShopCache:
    return current_app.extensions[_CACHE]


def _guest_read() -> bool:
    """A guest's GET: the one kind of request that may see a shop a few seconds old."""
    return request.method in ("GET", "HEAD") and "Authorization" not in request.headers


def current_shop() -> Shop:
    # Cached on the request itself (not `g`, which lives as long as the app context).
    shop = request.environ.get(_KEY)
    if shop is None:
        # The browser and the SSR process name the site in X-Site-Host; plain clients use Host.
        host = request.headers.get("X-Site-Host") or request.host
        cache = shop_cache()
        hostname = normalise_host(host)
        shop = cache.get(db.session, hostname) if _guest_read() else None
        if shop is None:
            shop = find_shop_by_host(db.session, host)
            cache.put(hostname, shop)
        request.environ[_KEY] = shop
    return shop


def _nearest(header: str) -> str | None:
    """The value the nearest proxy set (the last of a comma-separated list)."""
    value = request.headers.get(header)
    return value.rsplit(",", 1)[-1].strip() or None if value else None


def current_origin() -> str:
    """The origin the shopper is using, for links back to the shop (see `shopper_origin`).

    Behind the trusted proxy (the SSR process, TRUSTED_PROXY_HOPS >= 1) the browser's own Host
    and scheme arrive in X-Forwarded-Host and X-Forwarded-Proto, which the proxy overwrites;
    without a proxy they are the request's own. Either way the host must be one of the shop's."""
    proxied = current_app.config["TRUSTED_PROXY_HOPS"] > 0 and from_trusted_proxy()
    host = _nearest("X-Forwarded-Host") if proxied else None
    scheme = _nearest("X-Forwarded-Proto") if proxied else None
    return shopper_origin(current_shop(), scheme or request.scheme, host or request.host)
