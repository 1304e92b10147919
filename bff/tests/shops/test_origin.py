"""Links back to the shop (payment returns, mailed links) use the shopper's own origin when its
host is one of the shop's registered hostnames, else the shop's site_url."""

import pytest

from bff.shops.models import Shop, ShopDomain
from bff.shops.services import shopper_origin


def _shop(site_url="http://localhost:3000", hostnames=("localhost", "127.0.0.1", "::1")):
    return Shop(site_url=site_url, domains=[ShopDomain(hostname=h) for h in hostnames])


@pytest.mark.parametrize(
    ("scheme", "host", "origin"),
    [
        ("http", "127.0.0.1:41234", "http://127.0.0.1:41234"),
        ("http", "LOCALHOST:3000", "http://localhost:3000"),
        ("http", "localhost", "http://localhost"),
        ("http", "localhost:80", "http://localhost"),
        ("https", "localhost:443", "https://localhost"),
        ("https", "localhost:8443", "https://localhost:8443"),
        ("http", "[::1]:5173", "http://[::1]:5173"),
        # Hosts the shop does not own, or that are not hosts at all: the primary origin.
        ("http", "evil.example:3000", "http://localhost:3000"),
        ("http", "localhost.evil.example", "http://localhost:3000"),
        ("http", "evil.example/@localhost", "http://localhost:3000"),
        ("http", "localhost:99999", "http://localhost:3000"),
        ("http", "localhost:30x0", "http://localhost:3000"),
        ("http", "", "http://localhost:3000"),
        (None, None, "http://localhost:3000"),
        # Only http and https; anything else takes the site's scheme.
        ("javascript", "localhost:3000", "http://localhost:3000"),
    ],
)
def test_the_origin_is_the_shoppers_when_the_host_is_the_shops(scheme, host, origin):
    assert shopper_origin(_shop(), scheme, host) == origin


def test_an_https_shop_never_links_over_plain_http():
    shop = _shop("https://shop.example/", ("shop.example", "www.shop.example"))
    assert shopper_origin(shop, "http", "www.shop.example") == "https://www.shop.example"
    assert shopper_origin(shop, "https", "evil.example") == "https://shop.example"
