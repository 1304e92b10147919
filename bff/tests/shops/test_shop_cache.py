"""The shop cache: a guest's reads find the shop without a query, for a few seconds; writes,
signed-in calls and the owner's console always read it afresh."""

import pytest

from bff.extensions import db
from bff.shops.cache import ShopCache
from bff.shops.context import _CACHE
from bff.shops.models import Shop
from bff.tests.helpers import SHOP_A


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(app):
    """The shop cache switched on (10 s) for this test, on a clock the test moves."""
    clock = Clock()
    saved = app.extensions[_CACHE]
    app.extensions[_CACHE] = ShopCache(10, clock=clock)
    yield clock
    app.extensions[_CACHE] = saved


def _rename(shop, name: str) -> None:
    db.session.get(Shop, shop.id).shop_name = name
    db.session.commit()
    db.session.remove()


def _name(client, **headers) -> str:
    res = client.get("/api/shop", headers={**SHOP_A, **headers})
    assert res.status_code == 200, res.data
    db.session.remove()
    return res.json["data"]["shop_info"]["shop_name"]


def test_a_guest_sees_a_change_of_the_shop_once_the_cached_copy_is_too_old(client, clock, shop):
    assert _name(client) == shop.shop_name
    _rename(shop, "Renamed")
    assert _name(client) != "Renamed"  # within the cache's seconds
    clock.now += 10
    assert _name(client) == "Renamed"


def test_a_signed_in_call_reads_the_shop_afresh(client, clock, shop, make_user, auth_headers):
    headers = auth_headers(make_user(shop))
    assert _name(client) == shop.shop_name
    _rename(shop, "Renamed")
    assert _name(client, **headers) == "Renamed"


def test_a_cached_shop_costs_no_query_and_a_product_page_one(
    client, clock, count_queries, shop, make_product, uncached_catalogue
):
    product_id = make_product(shop, images=3, variants=[{"name": "small", "price": "10"}]).id
    assert client.get("/api/shop", headers=SHOP_A).status_code == 200
    db.session.remove()
    with count_queries() as counter:
        res = client.get(f"/api/product/{product_id}", headers=SHOP_A)
    assert res.status_code == 200 and res.json["product"]["id"] == product_id
    # the product with its category, brand, images and variants
    assert counter.count == 1


def test_an_unknown_host_is_never_cached(client, clock):
    for _ in range(2):
        assert client.get("/api/shop", headers={"X-Site-Host": "nowhere.test"}).status_code == 404


def test_a_cached_shop_is_a_clean_persistent_row_of_the_session(app, shop):
    """Built from the kept values without setting them: persistent in the request's session,
    nothing to write, its values as read, its relationships loading on use."""
    from sqlalchemy import inspect

    cache = ShopCache(10)
    cache.put("shop-a.example", shop)
    expected = {attr.key: getattr(shop, attr.key) for attr in inspect(Shop).column_attrs}
    db.session.remove()
    with app.app_context():
        session = db.session()
        found = cache.get(session, "shop-a.example")
        state = inspect(found)
        assert state.persistent and not session.dirty and not state.modified
        assert {key: getattr(found, key) for key in expected} == expected
        assert [d.hostname for d in found.domains]  # lazy load through the session
        assert cache.get(session, "shop-a.example") is found
        db.session.remove()
