"""Guests' catalogue answers cached per process (bff/catalog/answer_cache.py), and every kind of
catalogue write making the next read fresh in another process that shares only the database and
the catalogue version (bff/catalog/versions.py), kept in the database or in Redis."""

import io
import secrets
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import text, update

from bff.catalog.answer_cache import _EXTENSION as ANSWERS
from bff.catalog.models import Product
from bff.catalog.versions import _EXTENSION as VERSIONS
from bff.catalog.versions import CatalogueVersions
from bff.common.models import utcnow
from bff.extensions import db
from bff.orders.models import Order
from bff.tests.catalog.test_admin_images import picture
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import SHOP_A, SHOP_B, with_version

REDIS_URL = "redis://127.0.0.1:6379/11"


def _second_process(app, **config):
    """Another app on the same database, with caches of its own: a second gunicorn worker."""
    from bff.app import create_app
    from bff.tests.conftest import config_beside

    settings = config_beside(app)
    settings.CATALOGUE_VERSION_SECONDS = 0  # reads the version each time: "the next read"
    for key, value in config.items():
        setattr(settings, key, value)
    return create_app(settings)


@pytest.fixture(params=["database", "redis"])
def reader(request, app):
    """A second process's client; the versions in the database, or in Redis for both processes."""
    if request.param == "database":
        other = _second_process(app)
    else:
        prefix = f"test:catalogue:{secrets.token_hex(4)}"
        saved = app.extensions[VERSIONS]
        app.extensions[VERSIONS] = CatalogueVersions(REDIS_URL, 0, prefix)
        request.addfinalizer(lambda: app.extensions.__setitem__(VERSIONS, saved))
        other = _second_process(app, REDIS_URL=REDIS_URL, CATALOGUE_REDIS_PREFIX=prefix)
    with other.test_client() as client:
        client.application = other
        yield client


def _read(client, path, method="get", **headers):
    res = getattr(client, method)(path, headers={**SHOP_A, **headers})
    assert res.status_code == 200, res.data
    db.session.remove()
    return res.json


def _warm(reader, path, method="get"):
    """Read twice in the reader; the second answer comes from its cache (and equals the first)."""
    first = _read(reader, path, method)
    assert len(reader.application.extensions[ANSWERS]) > 0
    assert _read(reader, path, method) == first
    return first


def _product(reader, product_id) -> dict:
    return _read(reader, f"/api/product/{product_id}")["product"]


def _etag(client, headers, url) -> str:
    return client.get(url, headers=headers).headers["ETag"]


# What each answer holds, and that a hit runs no catalogue query ---------------------------------


def test_a_guests_second_read_runs_no_catalogue_query(client, count_queries, store, honey_jar):
    path = f"/api/product/{honey_jar.id}"
    first = _read(client, path)
    with count_queries() as counter:
        assert _read(client, path) == first
    # The shop (SHOP_CACHE_SECONDS is 0 in the tests); the version was read a moment ago.
    assert len(counter.statements) == 1 and "shop" in counter.statements[0]


def test_a_miss_costs_the_version_once_and_then_the_reads_own(client, count_queries, store, honey_jar):
    path = f"/api/product/{honey_jar.id}"
    with count_queries() as counter:
        _read(client, path)
    assert sum("catalogue_versions" in s for s in counter.statements) == 1
    # shop, version, the shop's upcoming product starts (once per version: the key's publication
    # mark), the product with its images and variants
    assert len(counter.statements) == 1 + 1 + 1 + 1


def test_members_prices_are_never_served_from_the_guests_cache(
    client, store, make_product, make_user, make_member_level, auth_headers
):
    level = make_member_level(store, "80")
    member = make_user(store, "gold@example.com", member_level_id=level.id)
    jar = make_product(store, "Honey", price=Decimal("50.00"), member_price=Decimal("40.00"))
    headers = auth_headers(member)
    path = f"/api/product/{jar.id}"
    guest = _read(client, path)["product"]["final_price"]
    assert _read(client, path)["product"]["final_price"] == guest == 50.0
    res = client.get(f"/api/user/product/{jar.id}", headers=headers)
    assert res.status_code == 200, res.json
    as_member = res.json["product"]["final_price"]
    assert as_member != guest
    assert _read(client, path)["product"]["final_price"] == guest  # nor the member's kept for guests


def test_each_shop_gets_its_own_answers(client, store, store_b, make_product):
    make_product(store, "Honey of A")
    make_product(store_b, "Honey of B")
    for headers, name in ((SHOP_A, "Honey of A"), (SHOP_B, "Honey of B"), (SHOP_A, "Honey of A")):
        res = client.get("/api/product/new?page=1", headers=headers)
        assert [p["name"] for p in res.json["products"]["data"]] == [name]


def test_a_search_keeps_its_first_pages_only(client, store, make_product):
    for i in range(10):
        make_product(store, f"蜂蜜 {i}")
    cache = client.application.extensions[ANSWERS]
    for page in (1, 2, 3):
        _read(client, f"/api/product/search?searchTerm=蜂蜜&page={page}", "post")
    assert len(cache) == 2


def test_banners_follow_the_clock_and_are_never_cached(client, store, make_banner):
    make_banner(store, "Now", starts_at=utcnow() - timedelta(days=1))
    _read(client, "/api/banner")
    assert len(client.application.extensions[ANSWERS]) == 0


# Every kind of write: the next read in another process is fresh --------------------------------


def test_an_edit_in_the_console_shows_in_every_process(client, reader, as_admin, store, honey_jar):
    _warm(reader, f"/api/product/{honey_jar.id}")
    _warm(reader, "/api/product/new?page=1")
    url = f"/api/admin/products/{honey_jar.id}"
    res = client.patch(
        url, headers={**as_admin, "If-Match": _etag(client, as_admin, url)}, json={"name": "Kiwi"}
    )
    assert res.status_code == 200, res.json
    assert _product(reader, honey_jar.id)["name"] == "Kiwi"
    assert [p["name"] for p in _read(reader, "/api/product/new?page=1")["products"]["data"]] == ["Kiwi"]


def _current(client, headers, product) -> dict:
    return with_version(client, headers, f"/api/admin/products/{product.id}")


def test_hiding_a_product_takes_it_off_every_process(client, reader, as_admin, store, honey_jar):
    _warm(reader, f"/api/product/{honey_jar.id}")
    assert (
        client.post(
            f"/api/admin/products/{honey_jar.id}/hide", headers=_current(client, as_admin, honey_jar)
        ).status_code
        == 200
    )
    assert reader.get(f"/api/product/{honey_jar.id}", headers=SHOP_A).status_code == 404


def test_deleting_a_product_takes_it_off_every_process(client, reader, as_admin, store, honey_jar):
    _warm(reader, f"/api/product/{honey_jar.id}")
    assert client.delete(
        f"/api/admin/products/{honey_jar.id}", headers=_current(client, as_admin, honey_jar)
    ).status_code in (200, 204)
    assert reader.get(f"/api/product/{honey_jar.id}", headers=SHOP_A).status_code == 404


def test_a_stock_adjustment_in_the_console_shows_in_every_process(client, reader, as_admin, store, honey_jar):
    _warm(reader, f"/api/product/{honey_jar.id}")
    res = client.post(
        f"/api/admin/products/{honey_jar.id}/stock",
        headers=_current(client, as_admin, honey_jar),
        json={"delta": 5, "reason": "stocktake"},
    )
    assert res.status_code == 200, res.json
    assert _product(reader, honey_jar.id)["virtual_inventory"] == 15


def test_a_new_picture_shows_in_every_process(client, reader, as_admin, store, honey_jar):
    before = _warm(reader, f"/api/product/{honey_jar.id}")["product"]["images"]
    res = client.post(
        f"/api/admin/products/{honey_jar.id}/images",
        data={"images": [(io.BytesIO(picture(400, 300)), "jar.jpg")]},
        headers=_current(client, as_admin, honey_jar),
        content_type="multipart/form-data",
    )
    assert res.status_code in (200, 201), res.json
    assert len(_product(reader, honey_jar.id)["images"]) == len(before) + 1


def test_a_csv_import_shows_in_every_process(client, reader, as_admin, store, make_product):
    jar = make_product(store, "Honey", sku="MH-1", price=Decimal("50.00"))
    _warm(reader, f"/api/product/{jar.id}")
    csv = "sku,id,name,price,discount,stock,weight,category,brand,is_active,description\n"
    csv += "MH-1,,Honey,60.00,,10,100,,,1,\n"
    res = client.post(
        "/api/admin/products/import",
        headers=as_admin,
        data={"file": (io.BytesIO(csv.encode()), "catalogue.csv")},
        content_type="multipart/form-data",
    )
    assert res.status_code == 200, res.json
    assert _product(reader, jar.id)["price"] == 60.0


def test_renaming_a_category_or_a_brand_shows_in_every_process(
    client, reader, as_admin, store, make_category, make_brand
):
    food = make_category(store, "Food")
    comvita = make_brand(store, "Comvita")
    _warm(reader, "/api/category")
    _warm(reader, "/api/brand")
    for kind, thing in (("categories", food), ("brands", comvita)):
        url = f"/api/admin/{kind}/{thing.id}"
        res = client.patch(url, json={"name": "Renamed"}, headers={**as_admin, "If-Match": 'W/"1"'})
        assert res.status_code == 200, res.json
    assert _read(reader, "/api/category")["data"]["categories"][0]["category"]["subcategories"][0][
        "name"
    ] == ("Renamed")
    assert [b["name"] for b in _read(reader, "/api/brand")["brands"]] == ["Renamed"]


def test_the_shops_settings_show_in_every_process(client, reader, as_admin, store):
    _warm(reader, "/api/category")
    url = "/api/admin/settings"
    res = client.patch(
        url, json={"shop_name": "新店名"}, headers={**as_admin, "If-Match": _etag(client, as_admin, url)}
    )
    assert res.status_code == 200, res.json
    assert _read(reader, "/api/category")["data"]["categories"][0]["category"]["name"] == "新店名"


def test_checkout_and_cancel_move_the_stock_in_every_process(
    client, reader, as_admin, store, honey_jar, place_order
):
    _warm(reader, f"/api/product/{honey_jar.id}")
    order = place_order(3)
    assert _product(reader, honey_jar.id)["virtual_inventory"] == 7
    res = client.post(
        admin_url(order, "cancel"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "顾客要求取消"},
    )
    assert res.status_code == 200, res.json
    assert _product(reader, honey_jar.id)["virtual_inventory"] == 10


def test_a_flask_command_releasing_unpaid_orders_shows_in_every_process(
    app, reader, store, honey_jar, place_order
):
    order = place_order(4)
    _warm(reader, f"/api/product/{honey_jar.id}")
    db.session.execute(
        update(Order).where(Order.id == order["id"]).values(created_at=utcnow() - timedelta(days=30))
    )
    db.session.commit()
    result = app.test_cli_runner().invoke(args=["release-unpaid-orders"])
    assert result.exit_code == 0 and order["order_number"] in result.output, result.output
    assert _product(reader, honey_jar.id)["virtual_inventory"] == 10


def test_a_write_that_names_no_shop_refreshes_every_shop(client, reader, store, honey_jar):
    _warm(reader, f"/api/product/{honey_jar.id}")
    db.session.execute(update(Product).values(name="Everywhere"))
    db.session.commit()
    assert _product(reader, honey_jar.id)["name"] == "Everywhere"
    _warm(reader, f"/api/product/{honey_jar.id}")
    db.session.execute(text("UPDATE products SET name = 'By hand'"))
    db.session.commit()
    assert _product(reader, honey_jar.id)["name"] == "By hand"


def test_a_statement_on_the_plain_table_counts_too(client, reader, store, honey_jar):
    _warm(reader, f"/api/product/{honey_jar.id}")
    products = Product.__table__
    db.session.execute(update(products).where(products.c.shop_id == store.id).values(name="Plain"))
    db.session.commit()
    assert _product(reader, honey_jar.id)["name"] == "Plain"


def test_a_shop_named_only_beside_an_or_counts_as_every_shop(client, reader, store, store_b, make_product):
    theirs = make_product(store_b, "Theirs")
    path = f"/api/product/{theirs.id}"
    assert _read(reader, path, **SHOP_B) == _read(reader, path, **SHOP_B)  # the second from the cache
    products = Product.__table__
    either = (products.c.shop_id == store.id) | (products.c.id == theirs.id)
    db.session.execute(update(products).where(either).values(name="Either"))
    db.session.commit()
    assert _read(reader, path, **SHOP_B)["product"]["name"] == "Either"


def test_a_rolled_back_write_moves_no_version(client, store, honey_jar):
    versions = client.application.extensions[VERSIONS]
    before = versions.current(db.session, store.id)
    db.session.get(Product, honey_jar.id).name = "Never"
    db.session.flush()
    db.session.rollback()
    versions.forget([store.id])
    assert versions.current(db.session, store.id) == before


def test_another_process_sees_a_write_within_the_versions_seconds(app, store, honey_jar):
    """The production set-up: a process rereads the version at most CATALOGUE_VERSION_SECONDS apart."""
    now = [1000.0]
    versions = CatalogueVersions("", 1, clock=lambda: now[0])
    seen = versions.current(db.session, store.id)
    db.session.get(Product, honey_jar.id).name = "Later"
    db.session.commit()
    assert versions.current(db.session, store.id) == seen  # within the second
    now[0] += 1
    assert versions.current(db.session, store.id) != seen


def test_without_redis_the_answers_are_uncached_and_writes_still_commit(
    client, app, as_admin, store, honey_jar, monkeypatch
):
    monkeypatch.setitem(app.extensions, VERSIONS, CatalogueVersions("redis://127.0.0.1:1/0", 0))
    path = f"/api/product/{honey_jar.id}"
    assert _product(client, honey_jar.id)["name"] == "Manuka honey"
    assert len(client.application.extensions[ANSWERS]) == 0
    url = f"/api/admin/products/{honey_jar.id}"
    res = client.patch(
        url, headers={**as_admin, "If-Match": _etag(client, as_admin, url)}, json={"name": "Kiwi"}
    )
    assert res.status_code == 200, res.json
    assert _read(client, path)["product"]["name"] == "Kiwi"


def test_the_cache_reports_its_size_to_the_metrics():
    """What `make bench` prints beside the workers' memory: bytes and answers kept, as gauges."""
    from bff.catalog.answer_cache import AnswerCache
    from bff.ops.metrics import CATALOGUE_CACHE_BYTES, CATALOGUE_CACHE_ENTRIES

    cache = AnswerCache(max_bytes=10_000, seconds=60)
    cache.put(("a",), b"x" * 1000, "application/json")
    cache.put(("b",), b"y" * 500, "application/json")
    assert CATALOGUE_CACHE_ENTRIES._value.get() == 2
    assert CATALOGUE_CACHE_BYTES._value.get() == 1000 + 500 + 2 * 256
    cache.put(("c",), b"z" * 20_000, "application/json")  # larger than the cache: answered, not kept
    assert CATALOGUE_CACHE_ENTRIES._value.get() == 2
    cache.clear()
    assert CATALOGUE_CACHE_BYTES._value.get() == 0
    assert CATALOGUE_CACHE_ENTRIES._value.get() == 0


def test_a_hit_checks_out_no_database_connection(app, client, store, honey_jar):
    """With the shop kept too (as in production), a guest's hit answers from memory alone: the
    read's autocommit connection (bff/common/read_only.py) is taken only where the view runs."""
    from sqlalchemy import event

    from bff.shops.cache import ShopCache
    from bff.shops.context import _CACHE

    saved = app.extensions[_CACHE], app.extensions[VERSIONS]
    app.extensions[_CACHE] = ShopCache(60)
    app.extensions[VERSIONS] = CatalogueVersions("", 60)  # the version read once, kept a minute
    checkouts = []

    def checkout(*args):
        checkouts.append(1)

    path = f"/api/product/{honey_jar.id}"
    try:
        first = _read(client, path)
        event.listen(db.engine, "checkout", checkout)
        try:
            assert _read(client, path) == first
        finally:
            event.remove(db.engine, "checkout", checkout)
    finally:
        app.extensions[_CACHE], app.extensions[VERSIONS] = saved
    assert checkouts == []
