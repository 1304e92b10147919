"""Refunds never forgotten (issue 24, item 3): cancelling a paid order refunds it in the same step
(the amount left shown, a choice to restock), money kept unrefunded needs the owner's reason,
the dashboard lists every cancelled order still holding money, and the mails name the amount
refunded in NZD and yuan."""

from decimal import Decimal

from sqlalchemy import select

from bff.catalog.models import Product
from bff.extensions import db
from bff.orders.models import Order, OrderEvent
from bff.payments.models import Refund
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, assert_ledger_balanced, with_version


def _order(order) -> Order:
    db.session.expire_all()
    return db.session.get(Order, order["id"])


def _stock(product) -> int:
    db.session.expire_all()
    return db.session.get(Product, product.id).virtual_inventory


def _cancel(client, headers, order, **body):
    return client.post(
        admin_url(order, "cancel"),
        headers=with_version(client, headers, admin_url(order)),
        json={"reason": "缺货", **body},
    )


def test_cancelling_a_paid_order_refunds_it_whole_and_restocks(
    client, as_admin, place_order, put_in_state, honey_jar
):
    order = place_order(2)  # 90 + 10
    put_in_state(order, "paid")
    res = _cancel(client, as_admin, order, refund_amount="100.00", restock=True)
    assert res.status_code == 200, res.get_json()
    after = res.get_json()["order"]
    assert (after["status"], after["refunded_amount"]) == ("cancelled", 100.0)
    assert _stock(honey_jar) == 10
    [refund] = db.session.scalars(select(Refund)).all()
    assert (refund.amount, refund.method) == (Decimal("100.00"), "manual")
    [cancel] = db.session.scalars(select(OrderEvent).where(OrderEvent.action == "cancel")).all()
    assert cancel.details["refund"] == "100.00" and cancel.details["kept"] == "0.00"
    assert_ledger_balanced(honey_jar.id)


def test_a_paid_order_cancelled_without_restock_keeps_the_stock_as_it_is(
    client, as_admin, place_order, put_in_state, honey_jar
):
    order = place_order(2)
    put_in_state(order, "paid")
    assert _cancel(client, as_admin, order, refund_amount="100", restock=False).status_code == 200
    assert _stock(honey_jar) == 8
    assert _order(order).status == "cancelled"


def test_money_left_unrefunded_needs_a_reason_and_nothing_changes_without_it(
    client, as_admin, place_order, put_in_state, honey_jar
):
    order = place_order(2)
    put_in_state(order, "paid")
    body = assert_error(_cancel(client, as_admin, order, refund_amount="30"), 422, "validation")
    assert body["errors"]["keep_reason"] == [
        "取消后仍有 NZ$70.00 未退款：请填写退款金额，或说明保留这笔钱的原因。"
    ]
    assert (_order(order).status, _order(order).refunded_amount) == ("paid", Decimal("0.00"))
    assert _stock(honey_jar) == 8
    assert db.session.scalars(select(Refund)).all() == []

    res = _cancel(client, as_admin, order, refund_amount="30", keep_reason="顾客同意抵扣下次订单")
    assert res.status_code == 200
    [cancel] = db.session.scalars(select(OrderEvent).where(OrderEvent.action == "cancel")).all()
    assert cancel.details["kept"] == "70.00" and cancel.details["keep_reason"] == "顾客同意抵扣下次订单"


def test_a_refund_above_what_is_left_is_refused_before_anything_is_done(
    client, as_admin, place_order, put_in_state
):
    order = place_order(2)
    put_in_state(order, "paid")
    body = assert_error(_cancel(client, as_admin, order, refund_amount="100.01"), 422, "validation")
    assert "100.00" in body["errors"]["refund_amount"][0]
    assert _order(order).status == "paid"


def test_an_unpaid_order_needs_no_refund(client, as_admin, place_order, honey_jar):
    order = place_order(2)
    assert _cancel(client, as_admin, order, restock=False).status_code == 200
    assert _stock(honey_jar) == 10  # never sent: its units always go back


def test_the_dashboard_lists_every_cancelled_order_still_holding_money(
    client, as_admin, place_order, put_in_state
):
    kept = place_order(2)
    put_in_state(kept, "paid")
    _cancel(client, as_admin, kept, refund_amount="30", keep_reason="抵扣")
    refunded = place_order(1)
    put_in_state(refunded, "paid")
    _cancel(client, as_admin, refunded, refund_amount=str(refunded["total_price"]))
    held = client.get("/api/admin/dashboard", headers=as_admin).get_json()["money_held"]
    assert [(o["order_number"], o["paid_amount"], o["refunded_amount"]) for o in held] == [
        (kept["order_number"], 100.0, 30.0)
    ]


def test_the_refund_mail_names_the_amount_in_nzd_and_yuan(
    client, as_admin, store, place_order, put_in_state, smtp_server
):
    order = place_order(2)
    put_in_state(order, "paid")
    _cancel(client, as_admin, order, refund_amount="100.00")
    messages = smtp_server.wait_for(3)
    refunded = next(m for m in messages if "已退款" in str(m["Subject"]))
    yuan = (Decimal("100.00") * store.shop_exchange_rate).quantize(Decimal("0.1"))
    assert f"NZ$100.00（约 ¥{yuan}）" in refunded.get_content()
    assert any("已取消" in str(m["Subject"]) for m in messages)
