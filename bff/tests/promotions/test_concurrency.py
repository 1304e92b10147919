"""A code's limits under checkouts at once: real races on PostgreSQL (CI runs the suite there,
TEST_DATABASE_URL), and on SQLite the same tests check nothing breaks under its locking, like
bff/tests/orders/test_concurrency.py. Run with -s to see the figures."""

from decimal import Decimal

from bff.extensions import db
from bff.orders.models import Order
from bff.promotions.models import DiscountCode, DiscountCodeUse
from bff.tests.fixtures.shopping import checkout_body


def _body(product):
    return checkout_body([(product, 1, None)], "50.00", "10.00") | {
        "discountCode": "FIRST10",
        "discountAmount": "5.00",
    }


def test_50_checkouts_at_once_with_a_code_for_10_uses_place_exactly_10_orders_with_it(
    store, make_user, auth_headers, make_product, make_code, run_concurrently
):
    product = make_product(store, price=Decimal("50.00"), weight=1000, virtual_inventory=100)
    code = make_code(store, code="FIRST10", kind="amount", value="5.00", usage_limit=10)
    members = [auth_headers(make_user(store)) for _ in range(50)]
    body = _body(product)

    def checkout(client, i):
        res = client.post("/api/order/create", headers=members[i], json=body)
        return res.status_code, res.get_json().get("code")

    results, elapsed = run_concurrently(50, checkout)
    db.session.expire_all()
    placed = [r for r in results if r[0] == 200]
    refused = [r for r in results if r[0] != 200]
    used = db.session.get(DiscountCode, code.id).used_count
    print(f"\n[promotions] 50 checkouts, a code for 10: {len(placed)} placed, {used} uses, {elapsed:.2f}s")
    assert len(placed) == 10 and used == 10
    assert {r[1] for r in refused} == {"code_used_up"}
    assert db.session.query(Order).count() == 10 and db.session.query(DiscountCodeUse).count() == 10
    assert db.session.get(type(product), product.id).virtual_inventory == 90  # the refused took nothing


def test_20_checkouts_of_one_member_at_once_use_a_once_per_member_code_once(
    store, member, auth_headers, make_product, make_code, run_concurrently
):
    product = make_product(store, price=Decimal("50.00"), weight=1000, virtual_inventory=100)
    make_code(store, code="FIRST10", kind="amount", value="5.00", per_member_limit=1)
    headers = auth_headers(member)
    body = _body(product)

    def checkout(client, i):
        # Distinct keys: 20 checkouts meant as 20 orders, not repeats of one.
        res = client.post("/api/order/create", headers={**headers, "Idempotency-Key": f"k{i}"}, json=body)
        return res.status_code, res.get_json().get("code")

    results, elapsed = run_concurrently(20, checkout)
    placed = [r for r in results if r[0] == 200]
    print(f"\n[promotions] 20 checkouts of one member, once per member: {len(placed)} placed, {elapsed:.2f}s")
    assert len(placed) == 1
    assert {r[1] for r in results if r[0] != 200} == {"code_member_limit"}
    assert db.session.query(Order).count() == 1
