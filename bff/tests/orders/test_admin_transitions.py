"""The owner's order actions: every state × action of the transition table, allowed and
refused (409 in the shop's language), the history and audit they write, stock back once,
refunds against the payment, the address before shipping."""

from decimal import Decimal

import pytest
from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.catalog.models import Product, StockMovement
from bff.extensions import db
from bff.orders.models import Order, OrderEvent, OrderPayment
from bff.orders.services import release_unpaid_orders
from bff.orders.transitions import OWNER_ACTIONS, TRANSITIONS, OrderAction
from bff.payments.models import Refund
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, assert_ledger_balanced, with_version

STATES = ["unpaid", "payment_failed", "paid", "completed", "cancelled"]


def _stock(product):
    db.session.expire_all()
    return db.session.get(Product, product.id).virtual_inventory


def _order(order):
    db.session.expire_all()
    return db.session.get(Order, order["id"])


def _body(action: str, order: dict) -> dict:
    return {
        OrderAction.MARK_PAID: {"amount": order["total_price"], "reference": "WX-20261124-1"},
        OrderAction.SHIP: {"shipping_company": "顺丰", "tracking_number": "SF1234567890"},
        # A paid order keeps its money only with the owner's reason (a refund is its own test).
        OrderAction.CANCEL: {"reason": "顾客要求取消", "keep_reason": "顾客同意抵扣下次订单"},
        OrderAction.REFUND: {"amount": "10.00", "reason": "少发一件"},
        # The cancelled order here holds its total (paid, not refunded): it can be revived.
        OrderAction.REVIVE: {"note": "顾客仍要这批货"},
        OrderAction.EDIT_ADDRESS: {
            "shipping_name": "李四",
            "shipping_contact": "13900000000",
            "shipping_country": "中国",
            "shipping_city": "",
            "province_code": "110000",
            "city_code": "110000",
            "district_code": "110105",
            "shipping_address": "朝阳区建国路1号",
        },
    }[action]


def _act(client, headers, order, action: str, **overrides):
    body = {**_body(action, order), **overrides}
    if action == OrderAction.EDIT_ADDRESS:
        etag = client.get(admin_url(order), headers=headers).headers["ETag"]
        return client.put(admin_url(order, "address"), headers={**headers, "If-Match": etag}, json=body)
    path = {"mark_paid": "mark-paid", "refund": "refunds"}.get(action, action)
    return client.post(
        admin_url(order, path), headers=with_version(client, headers, admin_url(order)), json=body
    )


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("action", [a.value for a in OWNER_ACTIONS])
def test_each_state_allows_exactly_the_actions_of_the_table(
    client, as_admin, place_order, put_in_state, state, action
):
    order = place_order()
    # A cancelled order here had been paid, so that a refund has money to give back.
    put_in_state(order, state, paid=Decimal(str(order["total_price"])) if state == "cancelled" else None)
    expected = TRANSITIONS.get((state, OrderAction(action)))
    res = _act(client, as_admin, order, action)
    if expected is None:
        body = assert_error(res, 409, "transition_not_allowed")
        assert body["message"].startswith("订单当前状态为“") and "不能" in body["message"]
        assert _order(order).status == state
        assert db.session.scalars(select(OrderEvent).where(OrderEvent.action == action)).all() == []
    else:
        assert res.status_code == 200, res.get_json()
        assert res.get_json()["order"]["status"] == expected == _order(order).status
        [event] = db.session.scalars(select(OrderEvent).where(OrderEvent.action == action)).all()
        assert (event.from_status, event.to_status) == (state, expected)
        assert event.actor_kind == "admin" and event.actor_email == "admin@example.com"


def test_a_refused_step_says_why_in_english_for_an_english_shop(client, as_admin, store, place_order):
    store.language = "en"
    db.session.commit()
    order = place_order()
    body = assert_error(_act(client, as_admin, order, "ship"), 409, "transition_not_allowed")
    assert body["message"] == "This order is awaiting payment: it cannot ship."


def test_marking_paid_records_the_payment_and_leaves_the_unpaid_time_out(
    client, as_admin, place_order, store
):
    order = place_order()
    res = _act(client, as_admin, order, "mark_paid", note="微信扫码")
    detail = res.get_json()
    assert detail["order"]["paid_amount"] == order["total_price"]
    assert detail["order"]["payment_method"] == "manual"
    [payment] = detail["payments"]
    assert (payment["method"], payment["reference"], payment["amount"]) == (
        "manual",
        "WX-20261124-1",
        order["total_price"],
    )
    assert [h["action"] for h in detail["history"]] == ["place", "mark_paid"]
    assert detail["history"][1]["note"] == "微信扫码"
    assert set(detail["actions"]) == {"ship", "cancel", "refund", "edit_address"}
    audit = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "order")).one()
    assert audit.changes["status"] == ["unpaid", "paid"] and audit.actor_email == "admin@example.com"
    # Days later the release leaves it alone.
    from datetime import timedelta

    from bff.common.models import utcnow

    assert release_unpaid_orders(db.session, utcnow() + timedelta(days=30)) == []
    assert _order(order).status == "paid"


def test_mark_paid_needs_the_orders_total_and_a_reference(client, as_admin, place_order):
    order = place_order()
    body = assert_error(_act(client, as_admin, order, "mark_paid", amount="1.00"), 409, "amount_mismatch")
    assert "不一致" in body["message"]
    body = assert_error(_act(client, as_admin, order, "mark_paid", reference=""), 422, "validation")
    assert body["errors"]["reference"] == ["请输入付款参考号"]
    assert _order(order).status == "unpaid" and db.session.query(OrderPayment).count() == 0


def test_shipping_shows_the_courier_and_tracking_to_the_shopper(
    client, as_admin, as_member, place_order, put_in_state
):
    order = place_order()
    put_in_state(order, "paid")
    assert _act(client, as_admin, order, "ship").status_code == 200
    mine = client.get(f"/api/order/{order['order_number']}", headers=as_member).get_json()["order"]
    assert mine["status"] == "completed"
    assert (mine["shipping_company"], mine["tracking_number"]) == ("顺丰", "SF1234567890")


def test_shipping_needs_the_courier_and_the_tracking_number(client, as_admin, place_order, put_in_state):
    order = place_order()
    put_in_state(order, "paid")
    body = assert_error(_act(client, as_admin, order, "ship", tracking_number=" "), 422, "validation")
    assert body["errors"]["tracking_number"] == ["请输入快递单号"]
    body = assert_error(_act(client, as_admin, order, "ship", shipping_company=""), 422, "validation")
    assert body["errors"]["shipping_company"] == ["请输入快递公司"]
    assert _order(order).status == "paid"


@pytest.mark.parametrize("state", ["unpaid", "payment_failed", "paid"])
def test_cancelling_puts_the_stock_back_once_through_the_ledger(
    client, as_admin, place_order, put_in_state, honey_jar, state
):
    order = place_order(3)
    put_in_state(order, state)
    assert _stock(honey_jar) == 7
    assert _act(client, as_admin, order, "cancel").status_code == 200
    assert _stock(honey_jar) == 10
    assert_error(_act(client, as_admin, order, "cancel"), 409, "transition_not_allowed")
    assert _stock(honey_jar) == 10
    returns = db.session.scalars(
        select(StockMovement).where(StockMovement.order_id == order["id"], StockMovement.delta > 0)
    ).all()
    assert [m.delta for m in returns] == [3]
    assert_ledger_balanced(honey_jar.id)


def test_a_cancel_needs_a_reason(client, as_admin, place_order):
    order = place_order()
    body = assert_error(_act(client, as_admin, order, "cancel", reason=""), 422, "validation")
    assert body["errors"]["reason"] == ["请说明原因"]


def test_refunds_whole_or_in_part_up_to_what_was_paid(client, as_admin, place_order, put_in_state):
    order = place_order()  # 90 + 10
    put_in_state(order, "paid")
    res = _act(client, as_admin, order, "refund", amount="30.00")
    assert res.status_code == 200
    detail = res.get_json()
    assert detail["order"]["refunded_amount"] == 30.0 and detail["order"]["status"] == "paid"
    [refund] = detail["refunds"]
    assert refund["payment_id"] == detail["payments"][0]["id"] and refund["reason"] == "少发一件"
    body = assert_error(_act(client, as_admin, order, "refund", amount="70.01"), 409, "refund_too_large")
    assert "70.00" in body["message"]
    assert _act(client, as_admin, order, "refund", amount="70.00").status_code == 200
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert detail["order"]["refunded_amount"] == 100.0 and "refund" not in detail["actions"]
    assert_error(_act(client, as_admin, order, "refund", amount="0.01"), 409, "refund_too_large")
    assert_error(_act(client, as_admin, order, "refund", amount="0"), 422, "validation")


def test_an_order_never_paid_has_nothing_to_refund(client, as_admin, place_order, put_in_state):
    order = place_order()
    put_in_state(order, "cancelled")
    body = assert_error(_act(client, as_admin, order, "refund"), 409, "transition_not_allowed")
    assert body["message"] == "该订单没有付款记录，无法退款。"
    assert db.session.query(Refund).count() == 0


def test_the_address_changes_before_shipping_with_the_version_read(
    client, as_admin, place_order, put_in_state
):
    order = place_order()
    url = admin_url(order, "address")
    body = _body("edit_address", order)
    assert_error(client.put(url, headers=as_admin, json=body), 428, "if_match_required")
    etag = client.get(admin_url(order), headers=as_admin).headers["ETag"]
    res = client.put(url, headers={**as_admin, "If-Match": etag}, json=body)
    assert res.status_code == 200
    changed = res.get_json()["order"]
    assert changed["shipping_name"] == "李四" and changed["shipping_city"].startswith("北京")
    assert res.headers["ETag"] != etag
    assert_error(client.put(url, headers={**as_admin, "If-Match": etag}, json=body), 412, "stale_version")
    bad = {**body, "province_code": None}
    fresh = res.headers["ETag"]
    assert client.put(url, headers={**as_admin, "If-Match": fresh}, json=bad).status_code == 422
    put_in_state(order, "completed")
    etag = client.get(admin_url(order), headers=as_admin).headers["ETag"]
    res = client.put(url, headers={**as_admin, "If-Match": etag}, json=body)
    assert_error(res, 409, "transition_not_allowed")


def test_only_the_shops_admin_may_act(client, outsiders, place_order):
    order = place_order()
    for name, (headers, status) in outsiders.items():
        assert client.get(admin_url(order), headers=headers).status_code == status, name
        res = client.post(admin_url(order, "cancel"), headers=headers, json={"reason": "x"})
        assert res.status_code == status, name
    assert _order(order).status == "unpaid"


def test_an_unknown_order_is_404(client, as_admin):
    assert_error(client.get("/api/admin/orders/NZ000000000000", headers=as_admin), 404)
    res = client.post("/api/admin/orders/NZ000000000000/cancel", headers=as_admin, json={"reason": "x"})
    assert res.status_code == 404


def test_the_console_edits_an_address_without_ever_seeing_or_recording_the_full_id_number(
    client, as_admin, place_order
):
    order = place_order()
    url = admin_url(order, "address")
    body = {**_body("edit_address", order), "shipping_id": "11010519491231002X"}
    etag = client.get(admin_url(order), headers=as_admin).headers["ETag"]
    res = client.put(url, headers={**as_admin, "If-Match": etag}, json=body)
    assert res.status_code == 200, res.get_json()
    shown = res.get_json()["order"]["shipping_id"]
    assert shown == "1101**********002X"
    # The mask sent back (the name changed, the number not): the stored number stays.
    again = {**body, "shipping_id": shown, "shipping_name": "王五"}
    res = client.put(url, headers={**as_admin, "If-Match": res.headers["ETag"]}, json=again)
    assert res.status_code == 200, res.get_json()
    db.session.expire_all()
    assert _order(order).shipping_id == "11010519491231002X" and _order(order).shipping_name == "王五"
    # A wrong check character is refused as at checkout.
    wrong = {**body, "shipping_id": "110105194912310021"}
    res = client.put(url, headers={**as_admin, "If-Match": res.headers["ETag"]}, json=wrong)
    assert list(assert_error(res, 422)["errors"]) == ["shipping_id"]
    # Neither the order's history nor the audit log holds the number.
    events = db.session.scalars(select(OrderEvent).where(OrderEvent.order_id == order["id"])).all()
    audits = db.session.scalars(select(AuditEntry)).all()
    recorded = repr([e.details for e in events]) + repr([a.changes for a in audits])
    assert "11010519491231002X" not in recorded and "1101**********002X" in recorded
