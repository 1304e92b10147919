"""Alipay against the local fake gateway: page pay on desktops, WAP on mobiles, the page that sends
a shopper inside WeChat to the phone's browser, RSA2 notifications applied once, query, refunds."""

import json
from decimal import Decimal
from urllib.parse import parse_qs, parse_qsl, urlencode, urlsplit

import pytest
import requests

from bff.extensions import db
from bff.orders.models import Order
from bff.payments.models import PaymentNotification
from bff.payments.providers import shop_providers
from bff.tests.fakes import keys
from bff.tests.helpers import assert_error, with_version
from bff.tests.payments.conftest import HOST, order_status
from bff.tests.payments.test_wechat_pay import ANDROID, DESKTOP, IN_WECHAT

NOTIFY = "/api/payment/notify/alipay"


def _pay(api, headers, order, agent=DESKTOP, provider="alipay"):
    body = {"order_number": order["order_number"], "total_price": order["total_price"], "provider": provider}
    return api.post("/api/payment/create-payment", {**headers, "User-Agent": agent}, data=body)


def _deliver(client, notification):
    url, body, headers = notification
    assert url == f"http://shop-a.test{NOTIFY}"
    return client.post(NOTIFY, data=body, headers={**HOST, **headers})


def _no(order) -> str:
    """Alipay's out_trade_no of the order: letters, digits and `_` only."""
    return order["order_number"].replace("-", "_")


def _open(url):
    """The shopper's browser opens the payment URL on the fake gateway."""
    res = requests.get(url, timeout=10)
    assert res.status_code == 200, res.text
    return res


def test_desktop_goes_to_page_pay_and_the_notification_is_answered_success_once(
    client, api, as_member, order, alipay_shop, alipay_fake
):
    start = _pay(api, as_member, order).get_json()
    assert start["flow"] == "redirect"
    query = parse_qs(urlsplit(start["paymentPageUrl"]).query)
    assert query["method"] == ["alipay.trade.page.pay"]
    assert query["return_url"] == [f"http://shop-a.test/pay/{order['order_number']}?returned=1"]
    assert query["notify_url"] == [f"http://shop-a.test{NOTIFY}"]
    assert "55.00" in _open(start["paymentPageUrl"]).text
    trade = alipay_fake.trades[_no(order)]
    assert (trade.product_code, trade.total_amount) == ("FAST_INSTANT_TRADE_PAY", "55.00")
    notification = alipay_fake.pay(_no(order))
    first = _deliver(client, notification)
    assert first.status_code == 200 and first.get_data(as_text=True) == "success"
    assert order_status(order) == "paid"
    assert _deliver(client, notification).get_data(as_text=True) == "success"  # a resend: no change
    record = db.session.query(PaymentNotification).one()
    assert (record.provider, record.result, record.transaction_id) == ("alipay", "applied", trade.trade_no)


def test_a_mobile_browser_goes_to_wap_pay(api, as_member, order, alipay_shop, alipay_fake):
    start = _pay(api, as_member, order, agent=ANDROID).get_json()
    assert parse_qs(urlsplit(start["paymentPageUrl"]).query)["method"] == ["alipay.trade.wap.pay"]
    _open(start["paymentPageUrl"])
    assert alipay_fake.trades[_no(order)].product_code == "QUICK_WAP_WAY"


def test_inside_wechat_alipay_sends_the_shopper_to_the_phones_browser(api, as_member, order, alipay_shop):
    start = _pay(api, as_member, order, agent=IN_WECHAT).get_json()
    assert start == {
        "flow": "open_in_browser",
        "paymentPageUrl": f"http://shop-a.test/order-summary/{order['order_number']}",
        "qrCode": None,
        "jsapi": None,
        "charge": {"amount": "55.00", "currency": "NZD"},
    }


@pytest.mark.parametrize("tamper", ["signature", "amount", "thousandth", "app", "seller", "currency"])
def test_a_forged_or_wrong_notification_is_refused(
    client, api, as_member, order, alipay_shop, alipay_fake, tamper
):
    _open(_pay(api, as_member, order).get_json()["paymentPageUrl"])
    number = _no(order)
    changes = {
        "amount": {"total_amount": "55.01"},
        "thousandth": {"total_amount": "55.001"},
        "app": {"app_id": "2021000000000999"},
        "seller": {"seller_id": "2088000000000999"},
        "currency": {"trans_currency": "USD"},
    }.get(tamper, {})
    url, body, headers = alipay_fake.pay(number, **changes)
    if tamper == "signature":
        params = dict(parse_qsl(body.decode()))
        params["sign"] = keys.rsa_sha256(keys.new_key(), "forged")
        body = urlencode(params).encode()
    res = _deliver(client, (url, body, headers))
    assert_error(res, 400)
    assert order_status(order) == "unpaid" and db.session.query(PaymentNotification).count() == 0


@pytest.mark.parametrize("status", ["WAIT_BUYER_PAY", "TRADE_CLOSED"])
def test_a_verified_notification_that_pays_nothing_is_acknowledged_and_not_recorded(
    client, api, as_member, order, alipay_shop, alipay_fake, status
):
    _open(_pay(api, as_member, order).get_json()["paymentPageUrl"])
    url, body, headers = alipay_fake.pay(_no(order), trade_status=status)
    res = _deliver(client, (url, body, headers))
    # Anything but `success` makes Alipay resend it for a day.
    assert res.status_code == 200 and res.get_data(as_text=True) == "success"
    assert order_status(order) == "unpaid" and db.session.query(PaymentNotification).count() == 0
    # The same notification with a forged signature is still refused.
    params = dict(parse_qsl(body.decode()))
    params["sign"] = keys.rsa_sha256(keys.new_key(), "forged")
    assert_error(_deliver(client, (url, urlencode(params).encode(), headers)), 400, "bad_signature")


def test_a_lost_notification_is_settled_by_query(api, as_member, order, alipay_shop, alipay_fake):
    settle = {"order_number": order["order_number"]}
    assert (
        api.post("/api/payment/settle", as_member, data=settle).get_json()["status"] == "unpaid"
    )  # never started
    _open(_pay(api, as_member, order).get_json()["paymentPageUrl"])
    assert (
        api.post("/api/payment/settle", as_member, data=settle).get_json()["status"] == "unpaid"
    )  # not paid
    alipay_fake.pay(_no(order))
    assert api.post("/api/payment/settle", as_member, data=settle).get_json()["status"] == "paid"


def test_refund_through_the_provider(client, api, as_member, order, store, alipay_shop, alipay_fake):
    _open(_pay(api, as_member, order).get_json()["paymentPageUrl"])
    _deliver(client, alipay_fake.pay(_no(order)))
    provider = shop_providers(db.session, store)["alipay"]
    trade_no = alipay_fake.trades[_no(order)].trade_no
    result = provider.refund(db.session.get(Order, order["id"]), trade_no, "R1", Decimal("5.50"), "退货")
    assert result.status == "succeeded"
    assert (
        alipay_fake.refunds[0]["refund_amount"] == "5.50" and alipay_fake.refunds[0]["out_request_no"] == "R1"
    )


def test_both_providers_are_offered_wechat_first(client, store, alipay_shop, wechat_fake):
    from bff.tests.payments.conftest import set_provider

    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    assert client.get("/api/payment/methods", headers=HOST).get_json() == {
        "providers": ["wechat_pay", "alipay"],
        "methods": [
            {"method": "wechat_pay", "provider": "wechat_pay"},
            {"method": "alipay", "provider": "alipay"},
        ],
    }


def test_a_cross_border_account_prices_in_nzd(api, as_member, order, alipay_shop, alipay_fake):
    start = _pay(api, as_member, order).get_json()
    assert start["charge"] == {"amount": "55.00", "currency": "NZD"}
    biz = json.loads(parse_qs(urlsplit(start["paymentPageUrl"]).query)["biz_content"][0])
    assert (biz["total_amount"], biz["trans_currency"], biz["settle_currency"]) == ("55.00", "NZD", "NZD")
    _open(start["paymentPageUrl"])
    # A mainland account would refuse a trade priced in NZD (the fake does as the real one).
    alipay_fake.currency = "CNY"
    assert requests.get(start["paymentPageUrl"], timeout=10).status_code == 400


def test_a_mainland_account_charges_the_orders_yuan_total_at_its_own_rate(
    client, api, as_member, as_admin, store, alipay_fake, session, make_product
):
    from bff.tests.fixtures.orders import admin_url
    from bff.tests.fixtures.shopping import checkout_body
    from bff.tests.payments.conftest import set_provider

    store.shop_exchange_rate = Decimal("4.4567")  # when the order is placed
    session.commit()
    product = make_product(store, price=Decimal("45.00"), weight=500)
    body = checkout_body([(product, 1, None)], "45.00", "10.00")
    order = api.post("/api/order/create", as_member, json=body).get_json()["order"]
    assert order["yuan_total"] == Decimal("245.1")  # 55.00 x 4.4567 = 245.1185, to the jiao as pages show it
    store.shop_exchange_rate = Decimal("5.0000")  # a later rate changes nothing for this order
    session.commit()
    alipay_fake.currency = "CNY"
    set_provider(store, "alipay", alipay_fake.shop_fields())
    quote = api.post("/api/payment/quote", as_member, data={"order_number": order["order_number"]})
    assert quote.get_json() == {"charges": {"alipay": {"amount": "245.10", "currency": "CNY"}}}
    start = _pay(api, as_member, order).get_json()
    biz = json.loads(parse_qs(urlsplit(start["paymentPageUrl"]).query)["biz_content"][0])
    assert biz["total_amount"] == "245.10" and "trans_currency" not in biz
    _open(start["paymentPageUrl"])
    store.shop_exchange_rate = Decimal("5.0000")  # changes nothing for this payment
    session.commit()
    url, body, headers = alipay_fake.pay(_no(order), total_amount="245.11")
    assert_error(_deliver(client, (url, body, headers)), 400, "amount_mismatch")
    assert _deliver(client, alipay_fake.pay(_no(order))).get_data(as_text=True) == "success"
    assert order_status(order) == "paid"
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "10.00", "reason": "退货"},
    )
    assert res.status_code == 200, res.get_json()
    assert alipay_fake.refunds[-1]["refund_amount"] == "44.57"  # 10.00 x 4.4567, at the stored rate


def test_the_return_pages_check_is_rate_limited_in_the_shops_language(
    app, api, as_member, order, alipay_shop, monkeypatch, session, store
):
    monkeypatch.setitem(app.config, "SETTLE_LIMIT_PER_MEMBER", "2/minute")
    settle = {"order_number": order["order_number"]}
    for _ in range(2):
        assert api.post("/api/payment/settle", as_member, data=settle).status_code == 200
    body = assert_error(api.post("/api/payment/settle", as_member, data=settle), 429, "too_many_requests")
    assert body["message"] == "查询付款结果过于频繁，请稍后再试。"
    store.language = "en"
    session.commit()
    body = assert_error(api.post("/api/payment/settle", as_member, data=settle), 429, "too_many_requests")
    assert body["message"] == "Too many checks of the payment. Please try again in a moment."
