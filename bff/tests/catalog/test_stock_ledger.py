"""Stock per variant with a ledger: every change of stock is a movement, so a variant's stock is
the sum of its movements and a product's is the sum of its movements and of its variants'
stock. Checked after orders, cancels, releases and the admin's adjustments, and under
concurrent orders and adjustments (a real race on PostgreSQL; run with -s for the figures)."""

from datetime import timedelta
from decimal import Decimal

from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.catalog.models import Product, StockMovement
from bff.common.models import utcnow
from bff.demo.seed import seed
from bff.extensions import db
from bff.orders import services as orders
from bff.tests.fixtures.presets import honey_with
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import SHOP_A, assert_error, assert_ledger_balanced, with_version

BASE = "/api/admin/products"


honey = honey_with(price=Decimal("50.00"), weight=1000)


def _reasons(product_id) -> list[tuple]:
    db.session.expire_all()
    return list(
        db.session.execute(
            select(StockMovement.variant_id, StockMovement.delta, StockMovement.reason)
            .where(StockMovement.product_id == product_id)
            .order_by(StockMovement.id)
        ).all()
    )


def _adjust(client, headers, product, **body):
    headers = with_version(client, headers, f"{BASE}/{product.id}")
    return client.post(f"{BASE}/{product.id}/stock", headers=headers, json={"reason": "stocktake", **body})


def test_a_product_whose_variants_are_all_sold_out_is_sold_out_on_the_storefront(
    client, store, make_product, as_admin
):
    product = make_product(
        store,
        "Sold-out socks",
        virtual_inventory=25,  # ignored: a product with variants holds their sum
        variants=[
            {"name": "S", "price": Decimal("20.00"), "virtual_inventory": 0},
            {"name": "L", "price": Decimal("20.00"), "virtual_inventory": 0},
        ],
    )
    shown = client.get(f"/api/product/{product.id}", headers=SHOP_A).json["product"]
    assert shown["virtual_inventory"] == 0  # the card's sold-out badge reads this
    card = client.get("/api/product/new", headers=SHOP_A).json["products"]["data"][0]
    assert card["virtual_inventory"] == 0
    # Restocking one variant puts the product back in stock.
    _adjust(client, as_admin, product, variant_id=product.variants[1].id, delta=2)
    assert client.get(f"/api/product/{product.id}", headers=SHOP_A).json["product"]["virtual_inventory"] == 2
    assert_ledger_balanced(product.id)


def test_orders_cancels_and_releases_write_movements_and_keep_the_ledger_balanced(
    client, api, as_member, honey, socks
):
    small, large = socks.variants
    body = checkout_body([(honey, 2, None), (socks, 1, small), (socks, 2, large)], "160.00", "50.00")
    placed = api.post("/api/order/create", as_member, json=body)
    assert placed.status_code == 200, placed.json
    order = placed.json["order"]
    assert assert_ledger_balanced(honey.id)["product"] == 8
    assert assert_ledger_balanced(socks.id) == {"product": 4, "variants": {small.id: 2, large.id: 2}}
    assert _reasons(socks.id)[-2:] == [(small.id, -1, "order"), (large.id, -2, "order")]
    assert (
        db.session.scalar(
            select(StockMovement.order_id).where(
                StockMovement.delta == -2, StockMovement.variant_id.is_(None)
            )
        )
        == order["id"]
    )

    assert client.post(f"/api/orders/delete/{order['id']}", headers=as_member).status_code == 200
    assert assert_ledger_balanced(socks.id)["product"] == 7
    assert _reasons(honey.id)[-1] == (None, 2, "cancel")

    second = api.post(
        "/api/order/create", as_member, json=checkout_body([(socks, 3, large)], "60.00", "30.00")
    )
    assert second.status_code == 200, second.json
    released = orders.release_unpaid_orders(db.session, now=utcnow() + timedelta(days=30))
    assert released == [second.json["order"]["order_number"]]
    assert _reasons(socks.id)[-1] == (large.id, 3, "release")
    assert assert_ledger_balanced(socks.id) == {"product": 7, "variants": {small.id: 3, large.id: 4}}


def test_an_order_short_of_a_variants_stock_takes_nothing(api, as_member, socks):
    body = checkout_body([(socks, 5, socks.variants[1])], "100.00", "50.00")
    assert_error(api.post("/api/order/create", as_member, json=body), 409, "out_of_stock")
    assert assert_ledger_balanced(socks.id)["product"] == 7
    assert {reason for _, _, reason in _reasons(socks.id)} == {"initial"}


def test_the_admin_adjusts_a_variant_by_a_delta_or_to_a_level_with_a_reason(client, as_admin, admin, socks):
    small = socks.variants[0]
    res = _adjust(client, as_admin, socks, variant_id=small.id, delta=5, reason="delivery from the farm")
    assert res.status_code == 200, res.json
    assert res.json["change"] == {"variant_id": small.id, "before": 3, "after": 8}
    assert res.json["product"]["virtual_inventory"] == 12
    res = _adjust(
        client, as_admin, socks, variant_id=small.id, level=1, expected=8, reason="stocktake: 7 broken"
    )
    assert res.json["change"] == {"variant_id": small.id, "before": 8, "after": 1}
    assert assert_ledger_balanced(socks.id) == {
        "product": 5,
        "variants": {small.id: 1, socks.variants[1].id: 4},
    }

    movements = db.session.scalars(
        select(StockMovement).where(StockMovement.reason == "admin_adjust").order_by(StockMovement.id)
    ).all()
    assert [(m.delta, m.note, m.actor_id) for m in movements] == [
        (5, "delivery from the farm", admin.id),
        (-7, "stocktake: 7 broken", admin.id),
    ]
    entries = db.session.scalars(select(AuditEntry).order_by(AuditEntry.id)).all()
    assert [(e.action, e.changes, e.note) for e in entries] == [
        ("adjust_stock", {f"variants[{small.id}].virtual_inventory": [3, 8]}, "delivery from the farm"),
        ("adjust_stock", {f"variants[{small.id}].virtual_inventory": [8, 1]}, "stocktake: 7 broken"),
    ]
    ledger = client.get(f"{BASE}/{socks.id}/stock", headers=as_admin).json["movements"]
    assert ledger["total"] == 4 and [m["delta"] for m in ledger["data"]] == [-7, 5, 4, 3]  # newest first


def test_a_product_without_variants_is_adjusted_itself(client, as_admin, honey):
    res = _adjust(client, as_admin, honey, delta=-4)
    assert res.json["change"] == {"variant_id": None, "before": 10, "after": 6}
    assert assert_ledger_balanced(honey.id)["product"] == 6


def test_stock_never_goes_below_zero_and_bad_adjustments_change_nothing(client, as_admin, honey, socks):
    body = assert_error(_adjust(client, as_admin, honey, delta=-11), 409, "negative_stock")
    assert "10" in body["message"]
    assert_error(_adjust(client, as_admin, honey, level=-1), 422, "validation_error")
    assert "variant_id" in assert_error(_adjust(client, as_admin, socks, delta=1), 422)["errors"]
    assert (
        "variant_id"
        in assert_error(_adjust(client, as_admin, honey, variant_id=socks.variants[0].id, delta=1), 422)[
            "errors"
        ]
    )
    assert (
        "variant_id"
        in assert_error(_adjust(client, as_admin, socks, variant_id=999999, delta=1), 422)["errors"]
    )
    assert "delta" in assert_error(_adjust(client, as_admin, honey, delta=1, level=3), 422)["errors"]
    assert "delta" in assert_error(_adjust(client, as_admin, honey), 422)["errors"]
    assert "delta" in assert_error(_adjust(client, as_admin, honey, delta=0), 422)["errors"]
    body = assert_error(_adjust(client, as_admin, honey, delta=1, reason="  "), 422)
    assert body["errors"]["reason"] == ["请填写库存调整原因"]
    res = client.post(
        f"{BASE}/{honey.id}/stock",
        headers=with_version(client, as_admin, f"{BASE}/{honey.id}"),
        json={"delta": 1},
    )
    assert "reason" in assert_error(res, 422)["errors"]
    assert assert_ledger_balanced(honey.id)["product"] == 10
    assert db.session.scalars(select(AuditEntry)).all() == []
    # Setting the level it already has changes nothing and writes nothing.
    assert _adjust(client, as_admin, honey, level=10, expected=10).json["change"] == {
        "variant_id": None,
        "before": 10,
        "after": 10,
    }
    assert {reason for _, _, reason in _reasons(honey.id)} == {"initial"}


def test_the_demo_seed_satisfies_the_ledger(app):
    seed()
    products = db.session.scalars(select(Product.id)).all()
    assert len(products) > 60
    for product_id in products:
        assert_ledger_balanced(product_id)


# --- under concurrency -------------------------------------------------------------------


def test_concurrent_orders_and_adjustments_on_one_variant_keep_the_ledger(
    app, store, make_product, make_user, auth_headers, as_admin, run_concurrently
):
    """Shoppers order one unit each while the admin adds and removes units of the same variant:
    the stock never goes below 0 and equals the sum of its movements at the end."""
    socks = make_product(
        store,
        "Racing socks",
        price=Decimal("10.00"),
        weight=1000,
        variants=[
            {"name": "S", "price": Decimal("10.00"), "virtual_inventory": 10, "weight": 1000},
            {"name": "L", "price": Decimal("10.00"), "virtual_inventory": 5, "weight": 1000},
        ],
    )
    small = socks.variants[0]
    shoppers, adjusters = 40, 20
    members = [auth_headers(make_user(store)) for _ in range(shoppers)]
    body = checkout_body([(socks, 1, small)], "10.00", "10.00")
    console = with_version(app.test_client(), as_admin, f"{BASE}/{socks.id}")  # stock moves no version

    def act(client, i):
        if i < shoppers:
            return "order", client.post("/api/order/create", headers=members[i], json=body).status_code
        change = {"delta": 2} if i % 2 else {"delta": -3}  # half bring 2 units, half take 3 away
        res = client.post(
            f"{BASE}/{socks.id}/stock",
            headers=console,
            json={"variant_id": small.id, "reason": f"race {i}", **change},
        )
        return f"adjust {change['delta']:+d}", res.status_code

    results, elapsed = run_concurrently(shoppers + adjusters, act)
    placed = sum(1 for kind, status in results if kind == "order" and status == 200)
    refused = sum(1 for kind, status in results if kind == "order" and status == 409)
    added = sum(1 for kind, status in results if kind == "adjust +2" and status == 200)
    removed = sum(1 for kind, status in results if kind == "adjust -3" and status == 200)
    too_low = sum(1 for kind, status in results if kind == "adjust -3" and status == 409)
    final = assert_ledger_balanced(socks.id)
    print(
        f"\n[ledger race, {db.engine.dialect.name}] {shoppers + adjusters} threads ({shoppers} orders, "
        f"{adjusters} adjustments) on one variant of stock 10: {placed} orders placed, {refused} refused; "
        f"{added} x +2 and {removed} x -3 applied, {too_low} x -3 refused; "
        f"final stock {final['variants'][small.id]}, "
        f"{elapsed:.2f}s"
    )
    assert all(status in (200, 409) for _, status in results), results
    assert placed + refused == shoppers and added == adjusters // 2 and removed + too_low == adjusters // 2
    assert final["variants"][small.id] == 10 - placed + 2 * added - 3 * removed >= 0
    assert final["variants"][socks.variants[1].id] == 5
    orders_written = db.session.scalars(
        select(StockMovement).where(StockMovement.variant_id == small.id, StockMovement.reason == "order")
    ).all()
    assert len(orders_written) == placed


def test_cancelling_an_order_of_a_deleted_variant_keeps_the_ledger_balanced(
    client, api, as_member, as_admin, socks
):
    small, large = socks.variants
    placed = api.post(
        "/api/order/create", as_member, json=checkout_body([(socks, 2, small)], "40.00", "20.00")
    )
    assert placed.status_code == 200, placed.json
    etag = client.get(f"{BASE}/{socks.id}", headers=as_admin).headers["ETag"]
    res = client.patch(
        f"{BASE}/{socks.id}", headers={**as_admin, "If-Match": etag}, json={"variants": [{"id": large.id}]}
    )
    assert res.status_code == 200 and res.json["product"]["virtual_inventory"] == 4
    assert (
        client.post(f"/api/orders/delete/{placed.json['order']['id']}", headers=as_member).status_code == 200
    )
    # The units have no variant to go back to; nothing lands on the product's own column.
    assert assert_ledger_balanced(socks.id) == {"product": 4, "variants": {large.id: 4}}
