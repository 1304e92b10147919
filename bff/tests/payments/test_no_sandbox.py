"""No sandbox in production: without PAYMENT_SANDBOX_ENABLED and without a real provider the shop
offers the manual QR payment; amounts are compared exactly; a second payment is kept for review."""

import json
from decimal import Decimal

import pytest

from bff.extensions import db
from bff.orders.models import Order
from bff.payments import signing
from bff.payments.models import PaymentNotification
from bff.tests.helpers import assert_error

HOST = {"X-Site-Host": "shop-a.test"}


@pytest.fixture
def sandbox_off(app):
    app.config["PAYMENT_SANDBOX_ENABLED"] = False
    yield
    app.config["PAYMENT_SANDBOX_ENABLED"] = True


def _notify(app, order, amount, txn):
    body = json.dumps(
        {"transaction_id": txn, "order_number": order["order_number"], "amount": amount, "outcome": "paid"}
    ).encode()
    signature = signing.sign(app.config["PAYMENT_SANDBOX_SECRET"], body)
    return body, {**HOST, "X-Sandbox-Signature": signature}


def test_without_sandbox_or_provider_create_payment_says_so_in_the_shops_language(
    api, client, as_member, order, store, session, sandbox_off
):
    body = {"order_number": order["order_number"], "total_price": order["total_price"]}
    res = api.post("/api/payment/create-payment", as_member, data=body)
    assert assert_error(res, 409, "payment_unavailable")["message"].startswith("本店暂未开通在线支付")
    store.language = "en"
    session.commit()
    res = api.post("/api/payment/create-payment", as_member, data=body)
    assert "not available" in assert_error(res, 409, "payment_unavailable")["message"]
    assert client.get("/api/payment/methods", headers=HOST).get_json() == {"providers": [], "methods": []}


def test_the_sandbox_page_and_notifications_are_not_found_when_off(app, client, api, as_member, order):
    body = {"order_number": order["order_number"], "total_price": order["total_price"]}
    url = api.post("/api/payment/create-payment", as_member, data=body).get_json()["paymentPageUrl"]
    path = url.removeprefix("http://shop-a.test")
    assert client.get("/api/payment/methods", headers=HOST).get_json() == {
        "providers": ["sandbox"],
        "methods": [],
    }
    app.config["PAYMENT_SANDBOX_ENABLED"] = False
    try:
        assert client.get(path).status_code == 404
        assert client.post(path, data={"outcome": "paid"}).status_code == 404
        notification, headers = _notify(app, order, f"{order['total_price']:.2f}", "txn-off")
        assert (
            client.post("/api/payment/notify/sandbox", data=notification, headers=headers).status_code == 404
        )
    finally:
        app.config["PAYMENT_SANDBOX_ENABLED"] = True
    db.session.expire_all()
    assert db.session.get(Order, order["id"]).status == "unpaid"


def test_a_methods_list_is_empty_when_the_owner_turned_direct_payment_off(client, store, session):
    store.is_direct_payment_enabled = False
    session.commit()
    assert client.get("/api/payment/methods", headers=HOST).get_json() == {"providers": [], "methods": []}


def test_a_notification_for_a_thousandth_more_is_refused_not_rounded(app, client, order):
    total = Decimal(str(order["total_price"]))
    body, headers = _notify(app, order, str(total + Decimal("0.001")), "txn-more")
    assert_error(
        client.post("/api/payment/notify/sandbox", data=body, headers=headers), 400, "amount_mismatch"
    )
    assert db.session.query(PaymentNotification).count() == 0
    body, headers = _notify(app, order, f"{total}0", "txn-exact")  # 55.000 is 55.00
    assert client.post("/api/payment/notify/sandbox", data=body, headers=headers).get_json()["applied"]


def test_a_second_payment_of_a_paid_order_is_kept_as_a_duplicate_payment(app, client, order):
    amount = f"{order['total_price']:.2f}"
    body, headers = _notify(app, order, amount, "txn-first")
    assert (
        client.post("/api/payment/notify/sandbox", data=body, headers=headers).get_json()["result"]
        == "applied"
    )
    body, headers = _notify(app, order, amount, "txn-second")
    res = client.post("/api/payment/notify/sandbox", data=body, headers=headers).get_json()
    assert res == {"received": True, "applied": False, "result": "duplicate_payment"}
    results = {r.transaction_id: r.result for r in db.session.query(PaymentNotification)}
    assert results == {"txn-first": "applied", "txn-second": "duplicate_payment"}
