"""A guest's catalogue reads run outside a transaction (bff/common/read_only.py): no BEGIN and
no ROLLBACK round trips; and the pooled connection they used is transactional again for the
next request."""

import pytest
from sqlalchemy import event, select

from bff.catalog.models import Brand
from bff.common.read_only import read_without_transaction
from bff.extensions import db
from bff.shops.cache import ShopCache
from bff.shops.context import _CACHE
from bff.tests.helpers import SHOP_A


@pytest.fixture(autouse=True)
def _shop_cached(app, uncached_catalogue):
    """As in production: the shop is kept for a few seconds (0 in the tests), so a guest's call
    reads only the catalogue; and every call reaches the database (no answer cache)."""
    saved = app.extensions[_CACHE]
    app.extensions[_CACHE] = ShopCache(60)
    yield
    app.extensions[_CACHE] = saved


@pytest.fixture
def levels(app):
    """The isolation level each statement ran at, as its connection was told."""
    seen: list[str | None] = []

    def record(conn, cursor, statement, *args):
        seen.append(conn.get_execution_options().get("isolation_level"))

    event.listen(db.engine, "before_cursor_execute", record)
    yield seen
    event.remove(db.engine, "before_cursor_execute", record)


def _get(client, path):
    res = client.get(path, headers=SHOP_A)
    assert res.status_code == 200, res.data
    db.session.remove()
    return res


def test_a_guests_product_and_listing_run_every_statement_in_autocommit(client, shop, make_product, levels):
    product_id = make_product(shop, images=2, variants=[{"name": "one", "price": "10"}]).id
    db.session.remove()
    _get(client, "/api/shop")  # the shop, now cached
    levels.clear()
    _get(client, f"/api/product/{product_id}")
    _get(client, "/api/product/new/?page=1")
    res = client.post("/api/product/search/?searchTerm=x", headers=SHOP_A)
    assert res.status_code == 200, res.data
    # The product (two statements), the listing (one) and the search (one at least).
    assert len(levels) >= 4
    assert set(levels) == {"AUTOCOMMIT"}


def test_a_read_that_found_a_transaction_begun_stays_in_it(app, shop):
    """A shop read afresh (or a signed-in shopper's session) began a transaction: the reads that
    follow join it rather than leave what already ran behind."""
    with app.test_request_context():
        session = db.session()
        session.execute(select(Brand.id)).all()
        assert read_without_transaction(session) is False
        assert session.connection().get_execution_options().get("isolation_level") is None
        db.session.remove()
    with app.test_request_context():
        session = db.session()
        assert read_without_transaction(session) is True
        assert session.connection().get_execution_options()["isolation_level"] == "AUTOCOMMIT"
        db.session.remove()


def test_after_a_guests_read_a_write_on_the_same_pool_still_rolls_back(app, client, shop, make_product):
    shop_id, product_id = shop.id, make_product(shop).id
    db.session.remove()
    _get(client, "/api/shop")
    # The pool hands back the connection the read just used (one at a time in a test).
    _get(client, f"/api/product/{product_id}")
    with app.app_context():
        db.session.add(Brand(shop_id=shop_id, name="never kept"))
        db.session.flush()
        db.session.rollback()
        assert db.session.scalars(select(Brand).where(Brand.name == "never kept")).all() == []
        db.session.remove()
