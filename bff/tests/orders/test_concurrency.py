"""Races with many connections: the last units, double submissions, double cancels.

They are real races on PostgreSQL (CI); SQLite serialises writers, where the same tests check
that nothing breaks under its locking. Run with -s to see the figures."""

from decimal import Decimal

import pytest

from bff.extensions import db
from bff.orders.models import Order
from bff.tests.fixtures.shopping import checkout_body


@pytest.fixture
def last_five(store, make_product):
    return make_product(store, "Last five", price=Decimal("10.00"), virtual_inventory=5, weight=1000)


def _stock(product):
    db.session.expire_all()
    return db.session.get(type(product), product.id).virtual_inventory


def test_50_concurrent_orders_for_the_last_5_units_make_exactly_5_orders(
    store, last_five, make_user, auth_headers, run_concurrently
):
    members = [auth_headers(make_user(store)) for _ in range(50)]
    body = checkout_body([(last_five, 1, None)], "10.00", "10.00")

    def order(client, i):
        return client.post("/api/order/create", headers=members[i], json=body).status_code

    statuses, elapsed = run_concurrently(50, order)
    created = statuses.count(200)
    stock = _stock(last_five)
    print(
        f"\n[concurrency] 50 orders for the last 5 units: {created} created, "
        f"{statuses.count(409)} refused, final stock {stock}, {elapsed:.2f}s"
    )
    assert created == 5 and statuses.count(409) == 45
    assert stock == 0
    assert db.session.query(Order).count() == 5


def test_20_concurrent_submissions_of_one_checkout_make_one_order(
    member, as_member, last_five, run_concurrently
):
    body = checkout_body([(last_five, 2, None)], "20.00", "20.00")

    def submit(client, i):
        res = client.post("/api/order/create", headers=as_member, json=body)
        return res.status_code, res.get_json()["order"]["order_number"]

    results, elapsed = run_concurrently(20, submit)
    numbers = {number for _, number in results}
    stock = _stock(last_five)
    print(
        f"\n[concurrency] 20 submissions of one checkout: {len(numbers)} order(s), "
        f"final stock {stock}, {elapsed:.2f}s"
    )
    assert all(status == 200 for status, _ in results)
    assert len(numbers) == 1 and db.session.query(Order).count() == 1
    assert stock == 3


def test_two_concurrent_cancels_return_the_stock_once(api, as_member, last_five, run_concurrently):
    res = api.post(
        "/api/order/create", as_member, json=checkout_body([(last_five, 3, None)], "30.00", "30.00")
    )
    order_id = res.get_json()["order"]["id"]
    assert _stock(last_five) == 2

    def cancel(client, i):
        return client.post(f"/api/orders/delete/{order_id}", headers=as_member).status_code

    statuses, elapsed = run_concurrently(10, cancel)
    stock = _stock(last_five)
    print(
        f"\n[concurrency] 10 concurrent cancels: {statuses.count(200)} succeeded, "
        f"final stock {stock}, {elapsed:.2f}s"
    )
    assert statuses.count(200) == 1 and statuses.count(409) == 9
    assert stock == 5
