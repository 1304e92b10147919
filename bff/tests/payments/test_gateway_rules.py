"""The rows of issue 22 and issue 28 (items 2, 3 and the sandbox of 12), each against the fake
gateways built from the official pages (bff/tests/fakes/wechatpay_schemas.py, alipay.py): every
test here fails on the code before them."""

import secrets
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from click.testing import CliRunner
from sqlalchemy import select
from wechatpayv3.type import RequestType

from bff.extensions import db
from bff.orders.models import Order
from bff.orders.release import release_and_mail
from bff.payments.commands import payments_cli
from bff.payments.models import PaymentAttempt, PaymentNotification
from bff.payments.providers import shop_providers
from bff.payments.providers.base import PaymentContext, ProviderError
from bff.payments.providers.sandbox import SandboxProvider
from bff.tests.fakes.wechatpay import FakeTransaction
from bff.tests.helpers import assert_error
from bff.tests.payments.conftest import HOST, order_status, set_provider
from bff.tests.payments.test_alipay import _deliver as deliver_alipay
from bff.tests.payments.test_alipay import _no
from bff.tests.payments.test_alipay import _open as open_alipay
from bff.tests.payments.test_alipay import _pay as pay_alipay
from bff.tests.payments.test_wechat_pay import ANDROID, NOTIFY, _deliver, _pay

# WeChat Pay: paths, fields, hosts ---------------------------------------------------------------


def test_overseas_calls_never_reach_the_mainland_host(
    app, client, api, as_member, order, wechat_shop, wechat_fake
):
    app.config["WECHATPAY_GATEWAY_URL"] = "http://127.0.0.1:9"  # the mainland host is down
    assert _pay(api, as_member, order, agent=ANDROID).status_code == 200
    assert _deliver(client, wechat_fake.pay(order["order_number"] + "-H")).get_json()["applied"] is True


def test_h5_sends_the_address_the_trusted_proxy_saw_and_never_a_made_up_one(
    order, store, wechat_shop, wechat_fake
):
    provider = shop_providers(db.session, store)["wechat_pay"]
    paid = db.session.get(Order, order["id"])
    charge = provider.quote(store, paid)
    context = PaymentContext(origin="http://shop-a.test", device="mobile", client_ip="")
    try:
        provider.create_payment(store, paid, context, charge)
        raise AssertionError("H5 started without the shopper's address")
    except ProviderError:
        pass
    assert wechat_fake.transactions == {}  # nothing was sent
    provider.create_payment(
        store, paid, PaymentContext("http://shop-a.test", "mobile", "203.0.113.7"), charge
    )
    txn = wechat_fake.transactions[order["order_number"] + "-H"]
    assert txn.request["scene_info"] == {"payer_client_ip": "203.0.113.7"}


def test_every_payment_expires_when_the_order_is_released(
    api, as_member, order, store, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    txn = wechat_fake.transactions[order["order_number"] + "-N"]
    created = db.session.get(Order, order["id"]).created_at
    expected = created + timedelta(minutes=store.unpaid_order_timeout_minutes)
    sent = datetime.fromisoformat(txn.time_expire)
    assert abs(sent - expected.replace(tzinfo=expected.tzinfo or UTC)) < timedelta(seconds=1)
    assert sent.utcoffset() == timedelta(hours=8)  # 2015-05-20T13:29:35+08:00, as the pages show


def test_the_overseas_query_reads_wechats_order_number_as_id(api, as_member, order, wechat_shop, wechat_fake):
    _pay(api, as_member, order)
    wechat_fake.pay(order["order_number"] + "-N")  # the notification is lost
    res = api.post("/api/payment/settle", as_member, data={"order_number": order["order_number"]})
    assert res.get_json()["status"] == "paid"
    record = db.session.query(PaymentNotification).one()
    assert record.transaction_id == wechat_fake.transactions[order["order_number"] + "-N"].transaction_id


def test_a_notification_that_lacks_a_field_is_answered_4xx_never_500(
    client, api, as_member, order, wechat_shop, wechat_fake, caplog
):
    _pay(api, as_member, order)
    for missing in ("id", "out_trade_no", "amount"):
        res = _deliver(client, wechat_fake.pay(order["order_number"] + "-N", **{missing: None}))
        assert_error(res, 400)
    assert order_status(order) == "unpaid"


def test_the_fake_refuses_one_trade_number_again_with_another_amount(
    api, as_member, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    provider = shop_providers(db.session, wechat_shop)["wechat_pay"]
    code, answer = provider._request(
        "native",
        RequestType.POST,
        "/v3/global/transactions/native",
        {
            **wechat_fake.transactions[order["order_number"] + "-N"].request,
            "amount": {"total": 1, "currency": "NZD"},
        },
    )
    assert (code, answer["code"]) == (403, "OUT_TRADE_NO_USED")


def test_a_request_that_leaves_the_schema_is_refused(order, store, wechat_shop, wechat_fake):
    provider = shop_providers(db.session, store)["wechat_pay"]
    body = {
        "appid": wechat_fake.appid,
        "mchid": wechat_fake.mchid,
        "description": "x",
        "out_trade_no": "T_000001",
        "notify_url": "https://shop.test/n",
        "amount": {"total": 100, "currency": "NZD"},
        "trade_type": "MWEB",
        "merchant_category_code": "5499",
        "scene_info": {"payer_client_ip": "203.0.113.7", "h5_info": {"type": "Wap"}},  # mainland only
    }
    code, answer = provider._request("h5", RequestType.POST, "/v3/global/transactions/mweb", body)
    assert code == 400 and "h5_info" in answer["message"]
    code, answer = provider._request("h5", RequestType.POST, "/v3/global/transactions/h5", body)
    assert code == 404  # no such call on the overseas host


# WeChat Pay: keys (issue 22 and issue 28 item 2) -------------------------------------------------


def _forged(fake, number: str, serial: str) -> tuple[str, bytes, dict]:
    url, body, headers = fake.pay(number)
    return url, body, {**headers, "Wechatpay-Serial": serial}


def test_an_unknown_serial_is_refused_without_any_outbound_call(
    client, api, as_member, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    calls = len(wechat_fake.requests)
    for _ in range(5):
        res = _deliver(
            client, _forged(wechat_fake, order["order_number"] + "-N", secrets.token_hex(20).upper())
        )
        assert_error(res, 400)
    assert len(wechat_fake.requests) == calls  # not one certificate download
    assert order_status(order) == "unpaid"


def test_a_rotated_certificate_keeps_the_provider_and_the_refresh_fetches_from_the_accounts_host(
    app, client, api, as_member, order, store, wechat_fake
):
    wechat_fake.use_certificate = True
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    _pay(api, as_member, order)
    wechat_fake.rotate()  # WeChat Pay signs with a new certificate; the one entered has expired
    wechat_fake.expire_entered_certificate()
    # The provider still builds (WeChat Pay stays offered), and nothing was downloaded on the way.
    assert client.get("/api/payment/methods", headers=HOST).get_json() == {
        "providers": ["wechat_pay"],
        "methods": [{"method": "wechat_pay", "provider": "wechat_pay"}],
    }
    notification = wechat_fake.pay(order["order_number"] + "-N")
    assert_error(_deliver(client, notification), 400)  # a serial not held yet
    assert ("GET", "/v3/global/certificates") not in wechat_fake.requests
    result = CliRunner().invoke(payments_cli, ["refresh-certificates"], obj=None)
    assert result.exit_code == 0, result.output
    assert ("GET", "/v3/global/certificates") in wechat_fake.requests  # the overseas path and host
    assert ("GET", "/v3/certificates") not in wechat_fake.requests
    assert _deliver(client, wechat_fake.pay(order["order_number"] + "-N")).get_json()["applied"] is True


def test_both_verifiers_are_accepted_while_the_shop_switches_to_the_public_key(
    client, api, as_member, order, store, wechat_fake
):
    wechat_fake.both_keys = True
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    _pay(api, as_member, order)
    number = order["order_number"] + "-N"
    url, body, _ = wechat_fake.pay(number)
    by_certificate = _deliver(
        client, (url, body, wechat_fake.signed_headers(body.decode(), by="certificate"))
    )
    assert by_certificate.get_json()["applied"] is True
    by_key = _deliver(client, (url, body, wechat_fake.signed_headers(body.decode(), by="public_key")))
    assert by_key.get_json()["result"] == "duplicate"  # verified too, and counted once


# WeChat Pay: refunds -----------------------------------------------------------------------------


def test_the_overseas_refund_is_processing_until_its_notification_on_its_own_url(
    client, api, as_member, order, store, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    provider = shop_providers(db.session, store)["wechat_pay"]
    paid = db.session.get(Order, order["id"])
    txn = wechat_fake.transactions[order["order_number"] + "-N"].transaction_id
    result = provider.refund(paid, txn, "R_1", Decimal("10.00"), "缺货")
    assert result.status == "processing"  # the overseas answer has no status
    [refund] = wechat_fake.refunds
    assert refund["notify_url"] == f"http://shop-a.test{NOTIFY}/refund"  # not the payment's URL
    assert provider.query_refund("R_1") == "processing"
    url, body, headers = wechat_fake.finish_refund("R_1", "SUCCESS")
    event = provider.parse_refund_notification(body, headers)
    assert (event.refund_number, event.status) == ("R_1", "succeeded")
    assert provider.query_refund("R_1") == "succeeded"


def test_the_mainland_refund_carries_the_refund_notify_url(
    client, api, as_member, order, store, wechat_fake, session
):
    wechat_fake.api = "domestic"
    store.shop_exchange_rate = Decimal("4.5000")
    session.commit()
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    provider = shop_providers(db.session, store)["wechat_pay"]
    paid = db.session.get(Order, order["id"])
    txn = wechat_fake.transactions[order["order_number"] + "-N"].transaction_id
    charge = provider.quote(store, paid)
    provider.refund(paid, txn, "R_2", Decimal("1.00"), "", charge=charge)
    assert wechat_fake.refunds[0]["notify_url"].endswith("/notify/wechat_pay/refund")
    assert ("POST", "/v3/refund/domestic/refunds") in wechat_fake.requests


# Trades closed ---------------------------------------------------------------------------------


def test_a_release_after_the_time_out_closes_the_trade_before_the_stock_goes_back(
    app, api, as_member, order, store, wechat_shop, wechat_fake, session
):
    _pay(api, as_member, order)
    stored = session.get(Order, order["id"])
    stored.created_at = stored.created_at - timedelta(minutes=store.unpaid_order_timeout_minutes + 1)
    session.commit()
    assert release_and_mail(app) == [order["order_number"]]
    assert wechat_fake.transactions[order["order_number"] + "-N"].trade_state == "CLOSED"
    assert (
        "POST",
        f"/v3/global/transactions/out-trade-no/{order['order_number']}-N/close",
    ) in wechat_fake.requests
    try:
        wechat_fake.pay(order["order_number"] + "-N")
        raise AssertionError("a closed trade was paid")
    except ValueError:
        pass
    assert order_status(order) == "cancelled"


def test_a_trade_paid_meanwhile_is_applied_instead_of_released(
    app, api, as_member, order, store, wechat_shop, wechat_fake, session
):
    _pay(api, as_member, order)
    wechat_fake.pay(order["order_number"] + "-N")  # paid; the notification lost
    stored = session.get(Order, order["id"])
    stored.created_at = stored.created_at - timedelta(minutes=store.unpaid_order_timeout_minutes + 1)
    session.commit()
    assert release_and_mail(app) == []
    assert order_status(order) == "paid"


def test_the_shopper_cancelling_closes_the_alipay_trade(api, as_member, order, alipay_shop, alipay_fake):
    open_alipay(pay_alipay(api, as_member, order).get_json()["paymentPageUrl"])
    res = api.post(f"/api/orders/delete/{order['id']}", as_member)
    assert res.status_code == 200, res.get_json()
    assert alipay_fake.trades[_no(order)].trade_status == "TRADE_CLOSED"
    assert ("alipay.trade.close", {"out_trade_no": _no(order)}) in alipay_fake.requests


# Alipay ----------------------------------------------------------------------------------------


def test_alipay_sends_the_expiry_and_refunds_nzd_with_its_currency(
    client, api, as_member, order, store, alipay_shop, alipay_fake
):
    open_alipay(pay_alipay(api, as_member, order, agent=ANDROID).get_json()["paymentPageUrl"])
    [(method, biz)] = [r for r in alipay_fake.requests if r[0] == "alipay.trade.wap.pay"]
    assert biz["product_code"] == "QUICK_WAP_WAY" and biz["out_trade_no"] == _no(order)
    assert "time_expire" in biz
    deliver_alipay(client, alipay_fake.pay(_no(order)))
    provider = shop_providers(db.session, store)["alipay"]
    paid = db.session.get(Order, order["id"])
    trade_no = alipay_fake.trades[_no(order)].trade_no
    result = provider.refund(paid, trade_no, "R_3", Decimal("5.00"), "退货")
    assert result.status == "succeeded" and alipay_fake.refunds[-1]["refund_currency"] == "NZD"


def test_alipay_fund_change_n_is_processing_until_the_refund_query_says_success(
    client, api, as_member, order, store, alipay_shop, alipay_fake
):
    open_alipay(pay_alipay(api, as_member, order).get_json()["paymentPageUrl"])
    deliver_alipay(client, alipay_fake.pay(_no(order)))
    alipay_fake.hold_refunds = True
    provider = shop_providers(db.session, store)["alipay"]
    paid = db.session.get(Order, order["id"])
    trade_no = alipay_fake.trades[_no(order)].trade_no
    assert provider.refund(paid, trade_no, "R_4", Decimal("5.00"), "退货").status == "processing"
    assert provider.query_refund("R_4", trade_no) == "processing"
    alipay_fake.settle_refunds()
    assert provider.query_refund("R_4", trade_no) == "succeeded"


# Issue 28: notifications matched to the BFF's own attempts; the sandbox ------------------------


def test_a_notification_for_a_trade_the_bff_never_started_is_refused(
    client, api, as_member, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)  # the QR code's trade, -N, at 55.00 NZD
    number = order["order_number"] + "-H"  # a trade this shop never started
    wechat_fake.transactions[number] = FakeTransaction(
        number, "MWEB", {"total": 2050, "currency": "NZD"}, f"http://shop-a.test{NOTIFY}", api="global"
    )
    res = _deliver(client, wechat_fake.pay(number))
    assert res.status_code == 404
    assert order_status(order) == "unpaid" and db.session.query(PaymentNotification).count() == 0


def test_a_notification_is_compared_with_its_attempts_stored_charge(
    client, api, as_member, order, wechat_shop, wechat_fake, session
):
    _pay(api, as_member, order)
    attempt = session.scalar(select(PaymentAttempt))
    attempt.charged_amount = None  # an attempt with no stored charge: no fallback to the total
    session.commit()
    assert _deliver(client, wechat_fake.pay(order["order_number"] + "-N")).status_code == 404
    assert order_status(order) == "unpaid"


def test_the_sandbox_accepts_nothing_for_a_shop_with_a_real_provider(app, client, order, store, wechat_shop):
    sandbox = SandboxProvider(app.config["PAYMENT_SANDBOX_SECRET"])
    amount = f"{Decimal(str(order['total_price'])):.2f}"
    body, headers = sandbox.build_notification(order["order_number"], amount, "paid")
    res = client.post("/api/payment/notify/sandbox", data=body, headers={**HOST, **headers})
    assert res.status_code == 404
    token = sandbox._tokens.dumps({"s": store.id, "o": order["order_number"], "a": amount})
    assert client.get(f"/api/payment/sandbox/{token}", headers=HOST).status_code == 404
    assert (
        client.post(f"/api/payment/sandbox/{token}", headers=HOST, data={"outcome": "paid"}).status_code
        == 404
    )
    assert order_status(order) == "unpaid"
