"""The shop of the current request, found once per request from its hostname."""

from flask import request

from bff.extensions import db
from bff.shops.models import Shop
from bff.shops.services import find_shop_by_host

_KEY = "bff.shop"


def current_shop() -> Shop:
    # Cached on the request itself (not `g`, which lives as long as the app context).
    shop = request.environ.get(_KEY)
    if shop is None:
        # The browser and the SSR process name the site in X-Site-Host; plain clients use Host.
        shop = find_shop_by_host(db.session, request.headers.get("X-Site-Host") or request.host)
        request.environ[_KEY] = shop
    return shop
