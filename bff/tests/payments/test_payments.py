"""Payment: create-payment checks, the sandbox page round trip, verified idempotent notifications."""

import json
import time
from decimal import ROUND_HALF_UP, Decimal

import pytest

from bff.extensions import db
from bff.orders.models import Order
from bff.payments import signing
from bff.payments.models import PaymentNotification
from bff.shops.models import ShopDomain
from bff.tests.helpers import assert_error

NOTIFY = "/api/payment/notify/sandbox"
HOST = {"X-Site-Host": "shop-a.test"}


@pytest.fixture
def secret(app):
    return app.config["PAYMENT_SANDBOX_SECRET"]


def _notification(secret, order, outcome="paid", amount=None, txn="txn-1", timestamp=None, key=None):
    body = json.dumps(
        {
            "transaction_id": txn,
            "order_number": order["order_number"],
            "amount": amount or f"{order['total_price']:.2f}",
            "outcome": outcome,
        }
    ).encode()
    return body, {**HOST, "X-Sandbox-Signature": signing.sign(key or secret, body, timestamp)}


def _status(order):
    db.session.expire_all()
    return db.session.get(Order, order["id"]).status


def _create_payment(api, headers, order, total=None):
    body = {"order_number": order["order_number"], "total_price": total or order["total_price"]}
    return api.post("/api/payment/create-payment", headers, data=body)


def test_create_payment_gives_the_sandbox_page(api, as_member, order):
    res = _create_payment(api, as_member, order)
    assert res.status_code == 200
    url = res.get_json()["paymentPageUrl"]
    assert url.startswith("http://shop-a.test/api/payment/sandbox/")


def test_create_payment_checks_amount_status_owner_and_shop_setting(
    api, as_member, as_other, order, store, store_b, session
):
    assert_error(_create_payment(api, as_member, order, total="1.00"), 409, "amount_mismatch")
    assert_error(_create_payment(api, as_member, order, total="abc"), 422)
    assert_error(_create_payment(api, as_other, order), 404)
    assert_error(_create_payment(api, {**as_member, "X-Site-Host": "shop-b.test"}, order), 401)
    store.is_direct_payment_enabled = False
    session.commit()
    assert_error(_create_payment(api, as_member, order), 409, "direct_payment_disabled")
    store.is_direct_payment_enabled = True
    session.commit()
    db.session.get(Order, order["id"]).status = "paid"
    session.commit()
    assert_error(_create_payment(api, as_member, order), 409, "order_not_payable")


def test_paying_on_the_sandbox_page_marks_the_order_paid(client, api, as_member, order):
    path = (
        _create_payment(api, as_member, order).get_json()["paymentPageUrl"].removeprefix("http://shop-a.test")
    )
    page = client.get(path)
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert order["order_number"] in html and "55.00" in html and 'value="paid"' in html
    res = client.post(path, data={"outcome": "paid"})
    assert res.status_code == 303
    assert res.headers["Location"] == f"http://shop-a.test/order-summary/{order['order_number']}"
    assert _status(order) == "paid"
    record = db.session.query(PaymentNotification).one()
    assert (record.provider, record.outcome, record.result) == ("sandbox", "paid", "applied")
    assert api.get(f"/api/order/{order['order_number']}", as_member).get_json()["order"]["status"] == "paid"


def test_failing_on_the_sandbox_page_allows_another_try(client, api, as_member, order):
    path = (
        _create_payment(api, as_member, order).get_json()["paymentPageUrl"].removeprefix("http://shop-a.test")
    )
    assert client.post(path, data={"outcome": "failed"}).status_code == 303
    assert _status(order) == "payment_failed"
    path = (
        _create_payment(api, as_member, order).get_json()["paymentPageUrl"].removeprefix("http://shop-a.test")
    )
    client.post(path, data={"outcome": "paid"})
    assert _status(order) == "paid"


def test_a_forged_page_token_is_not_found(client, order):
    assert client.get("/api/payment/sandbox/forged.token").status_code == 404
    assert client.post("/api/payment/sandbox/forged.token", data={"outcome": "paid"}).status_code == 404
    assert _status(order) == "unpaid"


def test_a_signed_notification_is_applied_once(client, secret, order):
    body, headers = _notification(secret, order)
    first = client.post(NOTIFY, data=body, headers=headers, content_type="application/json")
    assert first.status_code == 200 and first.get_json()["applied"] is True
    again = client.post(NOTIFY, data=body, headers=headers, content_type="application/json")
    assert again.status_code == 200 and again.get_json() == {
        "received": True,
        "applied": False,
        "result": "duplicate",
    }
    assert db.session.query(PaymentNotification).count() == 1 and _status(order) == "paid"


@pytest.mark.parametrize(
    "tamper",
    [
        {"key": "wrong-secret"},
        {"timestamp": int(time.time()) - 3600},
        {"amount": "1.00"},
    ],
)
def test_wrong_signature_stale_or_wrong_amount_is_refused(client, secret, order, tamper):
    body, headers = _notification(secret, order, **tamper)
    res = client.post(NOTIFY, data=body, headers=headers, content_type="application/json")
    assert_error(res, 400)
    assert _status(order) == "unpaid" and db.session.query(PaymentNotification).count() == 0


def test_a_changed_body_or_missing_signature_is_refused(client, secret, order):
    body, headers = _notification(secret, order)
    assert_error(client.post(NOTIFY, data=body.replace(b"paid", b"paid "), headers=headers), 400)
    assert_error(client.post(NOTIFY, data=body, headers=HOST), 400, "bad_signature")
    assert _status(order) == "unpaid"


def test_an_unknown_order_or_another_shops_order_is_refused(client, secret, order, store_b):
    body, headers = _notification(secret, {**order, "order_number": "260101-AAAA-AAAA"})
    assert_error(client.post(NOTIFY, data=body, headers=headers), 404)
    body, headers = _notification(secret, order)
    assert_error(client.post(NOTIFY, data=body, headers={**headers, "X-Site-Host": "shop-b.test"}), 404)
    assert_error(client.post("/api/payment/notify/bogus", data=body, headers=headers), 404)
    assert _status(order) == "unpaid"


def test_a_payment_after_cancellation_is_recorded_not_applied(client, api, as_member, secret, order):
    api.post(f"/api/orders/delete/{order['id']}", as_member)
    body, headers = _notification(secret, order)
    res = client.post(NOTIFY, data=body, headers=headers)
    assert res.get_json()["applied"] is False and res.get_json()["result"] == "held_on_cancelled"
    assert _status(order) == "cancelled"


def test_a_notification_replayed_10_times_at_once_changes_the_order_once(secret, order, run_concurrently):
    body, headers = _notification(secret, order)

    def replay(client, i):
        return client.post(NOTIFY, data=body, headers=headers, content_type="application/json").get_json()

    results, elapsed = run_concurrently(10, replay)
    applied = sum(1 for r in results if r["applied"])
    print(f"\n[concurrency] notification replayed 10 times at once: applied {applied}, {elapsed:.2f}s")
    assert applied == 1 and all(r["received"] for r in results)
    assert db.session.query(PaymentNotification).count() == 1 and _status(order) == "paid"


def test_a_forged_page_token_answers_with_the_error_shape(client):
    assert_error(client.get("/api/payment/sandbox/forged.token"), 404, "not_found")


# The shopper's own origin -----------------------------------------------------------------


def test_the_sandbox_page_and_its_return_use_the_shoppers_origin(
    client, api, as_member, order, store, session
):
    store.domains.append(ShopDomain(hostname="127.0.0.1"))
    session.commit()
    proxied = {**as_member, "X-Forwarded-Host": "127.0.0.1:41234", "X-Forwarded-Proto": "http"}
    url = _create_payment(api, proxied, order).get_json()["paymentPageUrl"]
    assert url.startswith("http://127.0.0.1:41234/api/payment/sandbox/")
    # The POST from the page comes through another proxy hop: the token, not that hop, decides.
    res = client.post(url.removeprefix("http://127.0.0.1:41234"), data={"outcome": "paid"})
    assert res.headers["Location"] == f"http://127.0.0.1:41234/order-summary/{order['order_number']}"


def test_a_host_the_shop_does_not_own_gets_the_site_url(client, api, as_member, order):
    forged = {**as_member, "X-Forwarded-Host": "evil.example:3000", "X-Forwarded-Proto": "https"}
    url = _create_payment(api, forged, order).get_json()["paymentPageUrl"]
    assert url.startswith("http://shop-a.test/api/payment/sandbox/")
    res = client.post(url.removeprefix("http://shop-a.test"), data={"outcome": "paid"})
    assert res.headers["Location"] == f"http://shop-a.test/order-summary/{order['order_number']}"


def test_the_sandbox_page_speaks_the_shops_language_with_the_yuan_beside_nz_dollars(
    client, api, as_member, order, store
):
    path = (
        _create_payment(api, as_member, order).get_json()["paymentPageUrl"].removeprefix("http://shop-a.test")
    )
    html = client.get(path).get_data(as_text=True)
    assert '<html lang="zh-CN">' in html and "确认支付" in html and "订单号" in html
    # NZ$55.00 at the shop's rate, half up to the jiao like every screen (rules/yuan_cases.json).
    expected = (Decimal("55.00") * store.shop_exchange_rate).quantize(Decimal("0.1"), ROUND_HALF_UP)
    assert f'<span class="yuan">¥{expected}</span><span class="nzd">NZ$55.00</span>' in html
    assert "<style>" in html
    store.language = "en"
    db.session.commit()
    html = client.get(path).get_data(as_text=True)
    assert '<html lang="en">' in html and ">Pay</button>" in html and "确认支付" not in html
