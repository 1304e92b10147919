"""Order list, detail, cancellation, release of unpaid orders, shipping command, isolation."""

from datetime import UTC, datetime, timedelta

import pytest

from bff.common.models import utcnow
from bff.extensions import db
from bff.orders.models import Order
from bff.orders.services import release_unpaid_orders
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import assert_error


@pytest.fixture
def place(api, honey):
    counter = iter(range(1000))

    def do(headers, quantity=1):
        body = checkout_body([(honey, quantity, None)], 45 * quantity, 10 if quantity < 3 else quantity * 5)
        res = api.post("/api/order/create", {**headers, "Idempotency-Key": f"o{next(counter)}"}, json=body)
        assert res.status_code == 200, res.get_json()
        return res.get_json()["order"]

    return do


def _stock(product):
    db.session.expire_all()
    return db.session.get(type(product), product.id).virtual_inventory


def _set_status(number, status, **fields):
    db.session.expire_all()
    order = db.session.query(Order).filter_by(order_number=number).one()
    order.status = status
    for k, v in fields.items():
        setattr(order, k, v)
    db.session.commit()


def test_the_list_filters_by_status_and_pages(api, as_member, place):
    numbers = [place(as_member)["order_number"] for _ in range(6)]
    _set_status(numbers[0], "paid")
    _set_status(numbers[1], "completed")
    _set_status(numbers[2], "cancelled")
    _set_status(numbers[3], "payment_failed")
    everything = api.get("/api/orders?status=all&page=1", as_member).get_json()["orders"]
    assert everything["last_page"] == 2 and everything["total"] == 6 and len(everything["data"]) == 4
    assert everything["data"][0]["order_number"] == numbers[-1]  # newest first
    page2 = api.get("/api/orders/?status=&page=2", as_member).get_json()["orders"]
    assert len(page2["data"]) == 2

    def numbers_of(status):
        return {
            o["order_number"]
            for o in api.get(f"/api/orders?status={status}", as_member).get_json()["orders"]["data"]
        }

    assert numbers_of("paid") == {numbers[0]}
    assert numbers_of("completed") == {numbers[1]}
    assert numbers_of("cancelled") == {numbers[2]}
    assert numbers_of("unpaid") == {numbers[3], numbers[4], numbers[5]}
    assert_error(api.get("/api/orders?status=shipped", as_member), 422)


def test_the_order_fields_of_the_contract(api, as_member, place):
    order = api.get("/api/orders", as_member).get_json()["orders"]["data"] if False else place(as_member)
    listed = api.get("/api/orders", as_member).get_json()["orders"]["data"][0]
    for field in (
        "id",
        "order_number",
        "status",
        "total_price",
        "total_amount",
        "shipping_cost",
        "total_quantity",
        "total_weight",
        "shipping_name",
        "shipping_id",
        "shipping_contact",
        "shipping_country",
        "shipping_city",
        "shipping_address",
        "user_remark",
        "sender_name",
        "sender_address",
        "shipping_company",
        "tracking_number",
        "updated_at",
        "datetime",
        "order_details",
    ):
        assert field in listed, field
    detail = listed["order_details"][0]
    assert {"product_name", "final_price", "quantity"} <= set(detail)
    assert {"id", "avatar", "images", "imageAlt"} <= set(detail["product"])
    assert listed["order_number"] == order["order_number"]


def test_order_times_are_iso_8601_in_utc_with_the_offset(api, as_member, place):
    number = place(as_member)["order_number"]
    order = api.get(f"/api/order/{number}", as_member).get_json()["order"]
    listed = api.get("/api/orders/", as_member).get_json()["orders"]["data"][0]
    for value in (order["updated_at"], order["datetime"], listed["updated_at"], listed["datetime"]):
        moment = datetime.fromisoformat(value)
        assert moment.utcoffset() == timedelta(0), value
        assert abs(datetime.now(UTC) - moment) < timedelta(minutes=5), value


def test_the_order_number_carries_the_shops_calendar_day(api, as_member, place, store, session):
    from zoneinfo import ZoneInfo

    store.time_zone = "Pacific/Kiritimati"  # UTC+14: its day differs from UTC's for 14 hours
    session.commit()
    days = {f"{datetime.now(ZoneInfo('Pacific/Kiritimati')):%y%m%d}"}
    number = place(as_member)["order_number"]
    days.add(f"{datetime.now(ZoneInfo('Pacific/Kiritimati')):%y%m%d}")
    assert number[:6] in days


def test_the_detail_is_found_by_order_number(api, as_member, place):
    number = place(as_member)["order_number"]
    assert api.get(f"/api/order/{number}", as_member).get_json()["order"]["order_number"] == number
    assert api.get(f"/api/order/{number.lower()}", as_member).status_code == 200
    assert_error(api.get("/api/order/260101-AAAA-AAAA", as_member), 404)


def test_another_member_or_shop_gets_404_and_nothing_leaks(
    api, as_member, as_other, place, store_b, make_user, auth_headers
):
    order = place(as_member)
    b_member = auth_headers(make_user(store_b))
    for headers in (as_other, b_member):
        body = assert_error(api.get(f"/api/order/{order['order_number']}", headers), 404)
        assert order["order_number"] not in str(body)
        assert_error(api.post(f"/api/orders/delete/{order['id']}", headers), 404)
        assert api.get("/api/orders", headers).get_json()["orders"]["data"] == []
    foreign = {**as_member, "X-Site-Host": "shop-b.test"}
    assert_error(api.get(f"/api/order/{order['order_number']}", foreign), 401)
    assert_error(api.get("/api/orders", foreign), 401)
    assert api.get(f"/api/order/{order['order_number']}", as_member).get_json()["order"]["status"] == "unpaid"


def test_cancelling_an_unpaid_order_returns_its_stock_once(api, as_member, place, honey):
    order = place(as_member, 3)
    assert _stock(honey) == 7
    res = api.post(f"/api/orders/delete/{order['id']}", as_member)
    assert res.status_code == 200
    assert res.get_json()["message"] == "取消订单成功。" and res.get_json()["order"]["status"] == "cancelled"
    assert _stock(honey) == 10
    assert_error(api.post(f"/api/orders/delete/{order['id']}", as_member), 409, "order_not_cancellable")
    assert _stock(honey) == 10


def test_a_paid_order_cannot_be_cancelled(api, as_member, place, honey):
    order = place(as_member)
    _set_status(order["order_number"], "paid")
    assert_error(api.post(f"/api/orders/delete/{order['id']}", as_member), 409, "order_not_cancellable")
    assert _stock(honey) == 9


def test_a_member_cancels_exactly_the_order_named_and_only_their_own(api, as_member, as_other, place):
    """Another member's order is not found even for a member with orders of their own; of a
    member's orders, the one named is cancelled and answered, the others stay as they were."""
    mine = place(as_member)
    first, second = place(as_other), place(as_other)
    assert_error(api.post(f"/api/orders/delete/{mine['id']}", as_other), 404, "not_found")
    res = api.post(f"/api/orders/delete/{second['id']}", as_other)
    assert res.status_code == 200
    assert (res.get_json()["order"]["order_number"], res.get_json()["order"]["status"]) == (
        second["order_number"],
        "cancelled",
    )

    def status(headers, order):
        return api.get(f"/api/order/{order['order_number']}", headers).get_json()["order"]["status"]

    assert (status(as_member, mine), status(as_other, first)) == ("unpaid", "unpaid")


@pytest.mark.parametrize(
    ("language", "not_found", "not_cancellable"),
    [
        ("zh", "订单不存在", "只能取消待付款的订单"),
        ("en", "Order not found", "Only unpaid orders can be cancelled"),
    ],
)
def test_a_refused_cancel_says_why_in_the_shops_language(
    api, as_member, as_other, place, store, language, not_found, not_cancellable
):
    store.language = language
    db.session.commit()
    order = place(as_member)
    body = assert_error(api.post(f"/api/orders/delete/{order['id']}", as_other), 404, "not_found")
    assert body["message"] == not_found
    _set_status(order["order_number"], "paid")
    body = assert_error(
        api.post(f"/api/orders/delete/{order['id']}", as_member), 409, "order_not_cancellable"
    )
    assert body["message"] == not_cancellable


def test_unpaid_orders_release_their_stock_after_the_shop_timeout(api, as_member, place, honey, store, app):
    old = place(as_member, 2)
    fresh = place(as_member, 1)
    paid = place(as_member, 1)
    _set_status(paid["order_number"], "paid", created_at=utcnow() - timedelta(days=3))
    _set_status(
        old["order_number"],
        "unpaid",
        created_at=utcnow() - timedelta(minutes=store.unpaid_order_timeout_minutes + 1),
    )
    assert _stock(honey) == 6
    result = app.test_cli_runner().invoke(args=["release-unpaid-orders"])
    assert result.exit_code == 0 and old["order_number"] in result.output
    assert _stock(honey) == 8
    statuses = {
        o["order_number"]: o["status"] for o in api.get("/api/orders", as_member).get_json()["orders"]["data"]
    }
    assert statuses == {
        old["order_number"]: "cancelled",
        fresh["order_number"]: "unpaid",
        paid["order_number"]: "paid",
    }
    assert release_unpaid_orders(db.session) == []  # again: nothing more
    assert _stock(honey) == 8


def test_ship_order_marks_a_paid_order_completed(api, as_member, place, app):
    order = place(as_member)
    runner = app.test_cli_runner()
    refused = runner.invoke(
        args=["ship-order", order["order_number"], "--company", "NZ Post", "--tracking", "T1"]
    )
    assert refused.exit_code != 0  # unpaid
    _set_status(order["order_number"], "paid")
    done = runner.invoke(
        args=["ship-order", order["order_number"], "--company", "NZ Post", "--tracking", "NZ123"]
    )
    assert done.exit_code == 0, done.output
    shipped = api.get(f"/api/order/{order['order_number']}", as_member).get_json()["order"]
    assert (shipped["status"], shipped["shipping_company"], shipped["tracking_number"]) == (
        "completed",
        "NZ Post",
        "NZ123",
    )
