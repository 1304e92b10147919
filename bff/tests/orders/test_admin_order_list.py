"""The owner's order list: search, filters, paging, CSV export, detail; and the dashboard."""

import csv
import io
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import update

from bff.extensions import db
from bff.orders.models import Order
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, with_version


def _numbers(res):
    assert res.status_code == 200, res.get_json()
    return [o["order_number"] for o in res.get_json()["orders"]["data"]]


def _list(client, headers, **query):
    return client.get("/api/admin/orders", headers=headers, query_string=query)


def test_search_finds_an_order_by_number_email_recipient_or_phone(
    client, as_admin, place_order, other_member, auth_headers
):
    mine = place_order(1)
    theirs = place_order(1, headers=auth_headers(other_member))
    assert _numbers(_list(client, as_admin, q=mine["order_number"])) == [mine["order_number"]]
    assert _numbers(_list(client, as_admin, q=mine["order_number"].lower())) == [mine["order_number"]]
    assert _numbers(_list(client, as_admin, q="OTHER@example")) == [theirs["order_number"]]
    assert set(_numbers(_list(client, as_admin, q="王小明"))) == {
        mine["order_number"],
        theirs["order_number"],
    }
    assert len(_numbers(_list(client, as_admin, q="13800000000"))) == 2
    assert _numbers(_list(client, as_admin, q="nobody")) == []
    item = _list(client, as_admin, q=mine["order_number"]).get_json()["orders"]["data"][0]
    assert item["customer_email"] == "member@example.com" and item["total_price"] == 55.0


def test_filters_by_state_dates_payment_and_shipping_and_pages(client, as_admin, place_order, put_in_state):
    orders = [place_order(1) for _ in range(6)]
    put_in_state(orders[0], "paid")
    old = datetime.now(UTC) - timedelta(days=40)
    db.session.execute(update(Order).where(Order.id == orders[1]["id"]).values(created_at=old))
    db.session.commit()
    assert _numbers(_list(client, as_admin, status="paid")) == [orders[0]["order_number"]]
    assert _numbers(_list(client, as_admin, payment_method="manual")) == [orders[0]["order_number"]]
    assert orders[0]["order_number"] not in _numbers(_list(client, as_admin, payment_method="none"))
    since = (datetime.now(UTC) - timedelta(days=2)).date().isoformat()
    recent = _list(client, as_admin, date_from=since).get_json()["orders"]
    assert recent["total"] == 5 and recent["last_page"] == 2  # PAGE_SIZE is 4 in tests
    until = (old + timedelta(days=1)).date().isoformat()
    assert _numbers(_list(client, as_admin, date_to=until)) == [orders[1]["order_number"]]
    assert _list(client, as_admin, shipping_type="local-pick").get_json()["orders"]["total"] == 0
    second = _list(client, as_admin, page=2).get_json()["orders"]
    assert second["current_page"] == 2 and len(second["data"]) == 2
    assert_error(_list(client, as_admin, status="lost"), 422)
    assert_error(_list(client, as_admin, date_from="yesterday"), 422)


def test_the_csv_export_has_every_order_found(client, as_admin, place_order, store):
    orders = [place_order(1) for _ in range(5)]
    db.session.execute(update(Order).where(Order.id == orders[0]["id"]).values(shipping_name="=HYPERLINK(1)"))
    db.session.commit()
    res = client.get("/api/admin/orders/export.csv", headers=as_admin)
    assert res.status_code == 200 and res.mimetype == "text/csv"
    assert "attachment" in res.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(res.get_data(as_text=True).lstrip("\ufeff"))))
    assert len(rows) == 5  # all of them, not one page
    assert {r["order_number"] for r in rows} == {o["order_number"] for o in orders}
    first = next(r for r in rows if r["order_number"] == orders[0]["order_number"])
    assert first["shipping_name"] == "'=HYPERLINK(1)"  # never a formula
    assert first["customer_email"] == "member@example.com" and first["total_price"] == "55.00"
    filtered = client.get("/api/admin/orders/export.csv", headers=as_admin, query_string={"status": "paid"})
    assert len(filtered.get_data(as_text=True).strip().splitlines()) == 1  # the header only


def test_the_detail_has_lines_amounts_address_payments_and_history(client, as_admin, place_order):
    order = place_order(2)
    res = client.get(admin_url(order), headers=as_admin)
    assert res.status_code == 200 and res.headers["ETag"] == 'W/"1"'
    detail = res.get_json()
    assert detail["customer"]["email"] == "member@example.com"
    assert detail["order"]["order_details"][0]["quantity"] == 2
    assert detail["order"]["shipping_address"] == "浦东新区世纪大道100号"
    assert detail["payments"] == [] and detail["refunds"] == []
    assert [(h["action"], h["actor_kind"]) for h in detail["history"]] == [("place", "shopper")]
    assert set(detail["actions"]) == {"mark_paid", "cancel", "edit_address"}


def test_another_shops_orders_are_not_found(client, place_order, other_admin, auth_headers):
    order = place_order()
    theirs = auth_headers(other_admin)
    assert client.get(admin_url(order), headers=theirs).status_code == 404
    assert _numbers(_list(client, theirs)) == []


def test_the_dashboard_sums_sales_per_day_and_lists_what_needs_doing(
    client, as_admin, place_order, put_in_state, store, make_product
):
    paid = place_order(2)
    put_in_state(paid, "paid")
    place_order(1)
    # Paid, cancelled and refunded in full: an order of the day that kept no money.
    returned = place_order(1)
    put_in_state(returned, "paid")
    cancelled = {"reason": "缺货", "refund_amount": "55"}
    assert (
        client.post(
            admin_url(returned, "cancel"),
            headers=with_version(client, as_admin, admin_url(returned)),
            json=cancelled,
        ).status_code
        == 200
    )
    make_product(store, "Socks", variants=[{"name": "S", "price": Decimal("9.00"), "virtual_inventory": 2}])
    res = client.get("/api/admin/dashboard", headers=as_admin)
    assert res.status_code == 200
    board = res.get_json()
    assert len(board["days"]) == 30
    today = board["days"][-1]
    assert today["orders"] == 3 and today["sales"] == 100.0
    assert board["top_products"][0]["name"] == "Manuka honey" and board["top_products"][0]["quantity"] == 2
    assert [(low["name"], low["variant_name"], low["stock"]) for low in board["low_stock"]] == [
        ("Socks", "S", 2)
    ]
    assert [o["order_number"] for o in board["to_ship"]] == [paid["order_number"]]
    assert board["to_ship_count"] == 1
