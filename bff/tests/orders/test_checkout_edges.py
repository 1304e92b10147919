"""Checkout at its edges: a product withdrawn from sale, and the same product on several lines
of one checkout (a browser that sent its cart twice merged, or a hand-made request)."""

from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import select

from bff.catalog.models import Product, ProductVariant, StockMovement
from bff.common.models import utcnow
from bff.extensions import db
from bff.orders.models import Order, OrderLine
from bff.tests.fixtures.presets import socks_with
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import assert_error, assert_ledger_balanced


@pytest.fixture
def jar(store, make_product):
    # 45.00, 500 g, 10 in stock; the China fee is 10.00 a kg from 1 kg.
    return make_product(store, "Manuka honey", price=Decimal("45.00"), virtual_inventory=10, weight=500)


socks = socks_with(
    weight=100, variants=[{"name": "S", "price": Decimal("20.00"), "virtual_inventory": 4, "weight": 200}]
)


def _create(api, headers, body):
    return api.post("/api/order/create", headers, json=body)


def _stock(obj) -> int:
    db.session.expire_all()
    return db.session.get(type(obj), obj.id).virtual_inventory


@pytest.mark.parametrize(("language", "said"), [("zh", "商品不存在或已下架"), ("en", "Product not found")])
def test_a_product_withdrawn_from_sale_cannot_be_ordered_at_its_stored_price(
    api, as_member, store, jar, language, said
):
    store.language = language
    jar.is_active = False
    db.session.commit()
    res = _create(api, as_member, checkout_body([(jar, 1, None)], "45.00", "10.00"))
    assert assert_error(res, 404, "not_found")["message"] == said
    assert db.session.query(Order).count() == 0 and _stock(jar) == 10


def test_a_withdrawn_product_among_listed_ones_refuses_the_whole_checkout(
    api, as_member, store, make_product, jar
):
    listed = make_product(store, "Wool socks", price=Decimal("20.00"), virtual_inventory=5, weight=100)
    jar.is_active = False
    db.session.commit()
    res = _create(api, as_member, checkout_body([(listed, 1, None), (jar, 1, None)], "65.00", "10.00"))
    assert_error(res, 404, "not_found")
    assert db.session.query(Order).count() == 0 and (_stock(jar), _stock(listed)) == (10, 5)


def test_a_product_on_sale_from_a_later_time_can_be_ordered_only_from_then(api, as_member, jar):
    """Published at a time (publish_at): not orderable before it, orderable once it has come."""
    jar.publish_at = utcnow() + timedelta(hours=1)
    db.session.commit()
    body = checkout_body([(jar, 1, None)], "45.00", "10.00")
    assert_error(_create(api, as_member, body), 404, "not_found")
    jar.publish_at = utcnow() - timedelta(hours=1)
    db.session.commit()
    res = _create(api, as_member, body)
    assert res.status_code == 200, res.get_json()
    assert _stock(jar) == 9


def test_duplicate_lines_of_one_product_are_one_line_of_their_sum(api, as_member, jar):
    body = checkout_body([(jar, 2, None), (jar, 3, None)], "225.00", "25.00")
    res = _create(api, as_member, body)
    assert res.status_code == 200, res.get_json()
    order = res.get_json()["order"]
    assert (order["total_quantity"], order["total_amount"], order["total_price"]) == (5, 225.0, 250.0)
    [line] = db.session.scalars(select(OrderLine).where(OrderLine.order_id == order["id"])).all()
    assert (line.quantity, line.final_price) == (5, Decimal("45.00"))
    assert _stock(jar) == 5
    [taken] = db.session.scalars(select(StockMovement).where(StockMovement.order_id == order["id"])).all()
    assert taken.delta == -5
    assert_ledger_balanced(jar.id)


def test_duplicate_lines_are_priced_as_their_sum_not_as_the_last_line(api, as_member, jar):
    """A browser that counted only the last line is told the prices changed."""
    res = _create(
        api, as_member, checkout_body([(jar, 2, None), (jar, 3, None)], "135.00", "15.00", quantity=3)
    )
    body = assert_error(res, 409, "prices_changed")
    assert body["errors"]["totalAmount"] == ["225.00"] and body["errors"]["totalQuantity"] == ["5"]
    assert db.session.query(Order).count() == 0 and _stock(jar) == 10


def test_duplicate_lines_that_together_exceed_the_stock_are_refused(api, as_member, jar):
    """6 + 6 of 10: each line alone would fit, their sum does not."""
    res = _create(api, as_member, checkout_body([(jar, 6, None), (jar, 6, None)], "540.00", "60.00"))
    assert_error(res, 409, "out_of_stock")
    assert db.session.query(Order).count() == 0 and _stock(jar) == 10


def test_duplicate_lines_of_one_variant_take_its_stock_once_for_their_sum(api, as_member, socks):
    [variant] = socks.variants
    body = checkout_body([(socks, 1, variant), (socks, 2, variant)], "60.00", "10.00")
    res = _create(api, as_member, body)
    assert res.status_code == 200, res.get_json()
    assert _stock(db.session.get(ProductVariant, variant.id)) == 1
    assert _stock(db.session.get(Product, socks.id)) == 1
    assert_ledger_balanced(socks.id)
    over = checkout_body([(socks, 1, variant), (socks, 1, variant)], "40.00", "10.00")
    assert_error(_create(api, as_member, over), 409, "out_of_stock")
    assert_ledger_balanced(socks.id)
