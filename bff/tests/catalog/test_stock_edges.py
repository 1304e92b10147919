"""Stock at exactly 0: the owner may mark a product sold out (an adjustment to 0, by level or by
delta) and a shopper may buy the last unit; one unit below 0 is refused and changes nothing."""

from decimal import Decimal

from sqlalchemy import select

from bff.catalog.models import Product, ProductVariant, StockMovement
from bff.extensions import db
from bff.tests.fixtures.presets import honey_with
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import assert_error, assert_ledger_balanced

BASE = "/api/admin/products"


honey = honey_with(price=Decimal("50.00"), weight=1000)


def _adjust(client, headers, product, **body):
    """An adjustment as the console sends it (SECURITY.md, the version rule): the product's version
    read just before (If-Match) and, for a new level, the level read (`expected`)."""
    etag = client.get(f"{BASE}/{product.id}", headers=headers).headers["ETag"]
    if "level" in body:
        variant_id = body.get("variant_id")
        body["expected"] = _stock(ProductVariant, variant_id) if variant_id else _stock(Product, product.id)
    return client.post(
        f"{BASE}/{product.id}/stock",
        headers={**headers, "If-Match": etag},
        json={"reason": "stocktake", **body},
    )


def _stock(model, row_id) -> int:
    db.session.expire_all()
    return db.session.get(model, row_id).virtual_inventory


def _movements(product) -> list[int]:
    db.session.expire_all()
    return list(
        db.session.scalars(
            select(StockMovement.delta)
            .where(StockMovement.product_id == product.id)
            .order_by(StockMovement.id)
        )
    )


def test_an_adjustment_by_delta_to_exactly_zero_marks_the_product_sold_out(client, as_admin, honey):
    res = _adjust(client, as_admin, honey, delta=-10)
    assert res.status_code == 200, res.json
    assert res.json["change"] == {"variant_id": None, "before": 10, "after": 0}
    assert _stock(Product, honey.id) == 0 and _movements(honey) == [10, -10]
    assert assert_ledger_balanced(honey.id)["product"] == 0


def test_an_adjustment_to_the_level_zero_is_accepted(client, as_admin, honey):
    res = _adjust(client, as_admin, honey, level=0)
    assert res.status_code == 200, res.json
    assert res.json["change"] == {"variant_id": None, "before": 10, "after": 0}
    assert assert_ledger_balanced(honey.id)["product"] == 0


def test_one_below_zero_is_refused_and_changes_nothing(client, as_admin, honey):
    body = assert_error(_adjust(client, as_admin, honey, delta=-11), 409, "negative_stock")
    assert "10" in body["message"]
    assert _stock(Product, honey.id) == 10 and _movements(honey) == [10]
    assert _adjust(client, as_admin, honey, level=0).status_code == 200
    assert_error(_adjust(client, as_admin, honey, delta=-1), 409, "negative_stock")
    assert _stock(Product, honey.id) == 0 and _movements(honey) == [10, -10]


def test_a_variant_goes_to_exactly_zero_and_not_below(client, as_admin, socks):
    small, large = socks.variants
    res = _adjust(client, as_admin, socks, variant_id=small.id, delta=-3)
    assert res.status_code == 200, res.json
    assert res.json["change"] == {"variant_id": small.id, "before": 3, "after": 0}
    assert (_stock(ProductVariant, small.id), _stock(Product, socks.id)) == (0, 4)
    assert_error(_adjust(client, as_admin, socks, variant_id=large.id, delta=-5), 409, "negative_stock")
    assert _adjust(client, as_admin, socks, variant_id=large.id, level=0).status_code == 200
    assert assert_ledger_balanced(socks.id) == {"product": 0, "variants": {small.id: 0, large.id: 0}}


def test_a_shopper_buys_the_last_units_and_then_none_is_left(api, as_member, honey):
    res = api.post(
        "/api/order/create", as_member, json=checkout_body([(honey, 10, None)], "500.00", "100.00")
    )
    assert res.status_code == 200, res.get_json()
    assert _stock(Product, honey.id) == 0
    res = api.post("/api/order/create", as_member, json=checkout_body([(honey, 1, None)], "50.00", "10.00"))
    assert_error(res, 409, "out_of_stock")
    assert assert_ledger_balanced(honey.id)["product"] == 0


def test_a_shopper_buys_a_variants_last_units(api, as_member, socks):
    small = socks.variants[0]
    res = api.post("/api/order/create", as_member, json=checkout_body([(socks, 3, small)], "60.00", "30.00"))
    assert res.status_code == 200, res.get_json()
    assert (_stock(ProductVariant, small.id), _stock(Product, socks.id)) == (0, 4)
    res = api.post("/api/order/create", as_member, json=checkout_body([(socks, 1, small)], "20.00", "10.00"))
    assert_error(res, 409, "out_of_stock")
    assert_ledger_balanced(socks.id)
