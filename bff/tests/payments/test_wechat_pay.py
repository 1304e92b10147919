"""WeChat Pay against the local fake gateway: Native, H5 and JSAPI, notifications verified,
decrypted, compared and applied once, the query that settles a lost notification, refunds."""

import json
import time
from decimal import Decimal

import pytest
from click.testing import CliRunner

from bff.extensions import db
from bff.orders.models import Order
from bff.payments.commands import payments_cli
from bff.payments.models import PaymentNotification
from bff.payments.providers import shop_providers
from bff.tests.fakes import keys
from bff.tests.helpers import assert_error
from bff.tests.payments.conftest import HOST, order_status
from bff.wechat.models import WechatOpenid

NOTIFY = "/api/payment/notify/wechat_pay"
DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36"
ANDROID = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36"
IN_WECHAT = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 "
    "MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN"
)


def _pay(api, headers, order, agent=DESKTOP, **extra):
    body = {"order_number": order["order_number"], "total_price": order["total_price"], **extra}
    return api.post("/api/payment/create-payment", {**headers, "User-Agent": agent}, data=body)


def _deliver(client, notification):
    url, body, headers = notification
    assert url == f"http://shop-a.test{NOTIFY}"
    return client.post(NOTIFY, data=body, headers={**HOST, **headers, "Content-Type": "application/json"})


def test_the_shop_offers_wechat_pay_not_the_sandbox(client, wechat_shop):
    assert client.get("/api/payment/methods", headers=HOST).get_json() == {
        "providers": ["wechat_pay"],
        "methods": [{"method": "wechat_pay", "provider": "wechat_pay"}],
    }


def test_desktop_pays_by_native_qr_code_and_the_notification_is_applied_once(
    client, api, as_member, order, wechat_shop, wechat_fake
):
    res = _pay(api, as_member, order)
    assert res.status_code == 200, res.data
    start = res.get_json()
    assert start["flow"] == "qr" and start["qrCode"].startswith("weixin://wxpay/bizpayurl?pr=")
    txn = wechat_fake.transactions[order["order_number"] + "-N"]
    assert txn.trade_type == "NATIVE" and txn.amount == {"total": 5500, "currency": "NZD"}
    assert txn.notify_url == f"http://shop-a.test{NOTIFY}"
    notification = wechat_fake.pay(order["order_number"] + "-N")
    first = _deliver(client, notification)
    assert first.status_code == 200 and first.get_json()["applied"] is True
    assert order_status(order) == "paid"
    again = _deliver(client, notification)
    assert again.get_json() == {"received": True, "applied": False, "result": "duplicate"}
    record = db.session.query(PaymentNotification).one()
    assert (record.provider, record.amount, record.transaction_id) == (
        "wechat_pay",
        Decimal("55.00"),
        wechat_fake.transactions[order["order_number"] + "-N"].transaction_id,
    )


def test_a_mobile_browser_goes_to_h5_and_comes_back_to_the_order(
    api, as_member, order, wechat_shop, wechat_fake
):
    start = _pay(api, as_member, order, agent=ANDROID).get_json()
    assert start["flow"] == "redirect"
    assert start["paymentPageUrl"].startswith(
        "https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id="
    )
    back = f"http%3A%2F%2Fshop-a.test%2Fpay%2F{order['order_number']}%3Freturned%3D1"
    assert start["paymentPageUrl"].endswith(f"&redirect_url={back}")
    txn = wechat_fake.transactions[order["order_number"] + "-H"]
    # The overseas H5 order: /v3/global/transactions/mweb, answered with mweb_url; its scene_info
    # carries the shopper's address and no mainland h5_info.
    assert txn.trade_type == "MWEB" and ("POST", "/v3/global/transactions/mweb") in wechat_fake.requests
    assert set(txn.request["scene_info"]) == {"payer_client_ip"}


def test_inside_wechat_jsapi_needs_the_openid_then_gives_signed_parameters(
    api, as_member, member, order, store, wechat_shop, wechat_fake, session
):
    assert_error(_pay(api, as_member, order, agent=IN_WECHAT), 409, "wechat_login_required")
    session.add(
        WechatOpenid(shop_id=store.id, user_id=member.id, appid=wechat_fake.appid, openid="o-member-1")
    )
    session.commit()
    start = _pay(api, as_member, order, agent=IN_WECHAT).get_json()
    assert start["flow"] == "jsapi"
    params = start["jsapi"]
    assert params["appId"] == wechat_fake.appid and params["package"].startswith("prepay_id=wx")
    message = f"{params['appId']}\n{params['timeStamp']}\n{params['nonceStr']}\n{params['package']}\n"
    assert keys.rsa_sha256_ok(wechat_fake.merchant_key.public_key(), message, params["paySign"])
    assert wechat_fake.transactions[order["order_number"] + "-J"].payer == {"openid": "o-member-1"}


@pytest.mark.parametrize(
    "tamper",
    ["body", "signature", "stale", "key", "amount", "merchant"],
)
def test_a_forged_stale_or_wrong_notification_is_refused(
    client, api, as_member, order, wechat_shop, wechat_fake, tamper
):
    _pay(api, as_member, order)
    number = order["order_number"] + "-N"
    if tamper == "stale":
        url, body, headers = wechat_fake.pay(number, timestamp=int(time.time()) - 600)
    elif tamper == "amount":
        url, body, headers = wechat_fake.pay(number, amount={"total": 5501, "currency": "NZD"})
    elif tamper == "merchant":
        url, body, headers = wechat_fake.pay(number, mchid="1900000999")
    else:
        url, body, headers = wechat_fake.pay(number)
    if tamper == "body":
        body = body.replace(b'"summary"', b'"summary" ')
    if tamper == "signature":
        headers = {**headers, "Wechatpay-Signature": keys.rsa_sha256(keys.new_key(), "forged")}
    if tamper == "key":
        data = json.loads(body)
        data["resource"]["ciphertext"] = data["resource"]["ciphertext"][:-4] + "AAAA"
        body = json.dumps(data).encode()
        headers = wechat_fake.signed_headers(body.decode())
    res = _deliver(client, (url, body, headers))
    assert_error(res, 400)
    assert order_status(order) == "unpaid" and db.session.query(PaymentNotification).count() == 0


def test_a_lost_notification_is_settled_by_the_return_pages_query(
    client, api, as_member, order, wechat_shop, wechat_fake, smtp_server
):
    _pay(api, as_member, order)
    settle = {"order_number": order["order_number"]}
    assert api.post("/api/payment/settle", as_member, data=settle).get_json()["status"] == "unpaid"
    wechat_fake.pay(order["order_number"] + "-N")  # paid, but the notification never arrives
    res = api.post("/api/payment/settle", as_member, data=settle)
    assert res.get_json() == {"order_number": order["order_number"], "status": "paid"}
    record = db.session.query(PaymentNotification).one()
    assert record.result == "applied" and record.raw_body == "query wechat_pay"
    # The shopper is mailed as for a notification (the order was placed before the mail server).
    assert "已付款" in str(smtp_server.wait_for(1)[0]["Subject"])
    # The notification arriving late after all is a replay of the same transaction.
    late = wechat_fake.pay(order["order_number"] + "-N")
    assert _deliver(client, late).get_json()["result"] == "duplicate"


def test_the_sweep_settles_open_orders_by_query(app, api, as_member, order, wechat_shop, wechat_fake):
    _pay(api, as_member, order)
    wechat_fake.pay(order["order_number"] + "-N")
    result = CliRunner().invoke(payments_cli, ["settle"], obj=app.extensions.get("flask-cli-script-info"))
    assert result.exit_code == 0, result.output
    assert f"Settled 1 paid order(s): {order['order_number']}" in result.output
    assert order_status(order) == "paid"


def test_an_order_never_started_with_wechat_stays_unpaid_on_query(api, as_member, order, wechat_shop):
    res = api.post("/api/payment/settle", as_member, data={"order_number": order["order_number"]})
    assert res.get_json()["status"] == "unpaid"


def test_refund_through_the_provider(client, api, as_member, order, store, wechat_shop, wechat_fake):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    provider = shop_providers(db.session, store)["wechat_pay"]
    paid = db.session.get(Order, order["id"])
    txn = wechat_fake.transactions[order["order_number"] + "-N"].transaction_id
    result = provider.refund(paid, txn, "R-" + order["order_number"], Decimal("10.00"), "缺货")
    assert result.status == "processing" and result.refund_id.startswith("5030")
    assert wechat_fake.refunds[0]["amount"] == {"refund": 1000, "total": 5500, "currency": "NZD"}


def test_platform_certificate_mode(client, api, as_member, order, store, wechat_fake):
    from bff.tests.payments.conftest import set_provider

    wechat_fake.use_certificate = True
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    assert _pay(api, as_member, order).get_json()["flow"] == "qr"
    assert _deliver(client, wechat_fake.pay(order["order_number"] + "-N")).get_json()["applied"] is True


def test_a_gateway_that_refuses_gives_a_clear_502(app, api, as_member, order, wechat_shop):
    app.config["WECHATPAY_GLOBAL_GATEWAY_URL"] = "http://127.0.0.1:9"  # nothing listens there
    assert_error(_pay(api, as_member, order), 502, "provider_failed")
    assert order_status(order) == "unpaid"


def test_refund_payment_finds_the_payment_and_its_provider(
    client, api, as_member, order, store, wechat_shop, wechat_fake
):
    from bff.common.errors import DomainError
    from bff.payments import services

    paid_order = db.session.get(Order, order["id"])
    providers = shop_providers(db.session, store)
    with pytest.raises(DomainError) as unpaid:
        services.refund_payment(db.session, store, providers, paid_order, Decimal("1.00"), "R0")
    assert unpaid.value.code == "not_found"
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    with pytest.raises(DomainError) as too_much:
        services.refund_payment(db.session, store, providers, paid_order, Decimal("55.01"), "R1")
    assert too_much.value.code == "amount_mismatch"
    result = services.refund_payment(db.session, store, providers, paid_order, Decimal("55.00"), "R2", "退货")
    assert result.status == "processing" and wechat_fake.refunds[-1]["out_refund_no"] == "R2"


def test_each_way_of_paying_has_its_own_trade_and_the_query_finds_the_paid_one(
    api, as_member, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)  # the QR code on a desktop, left unpaid
    _pay(api, as_member, order, agent=ANDROID)  # then paid on the phone
    number = order["order_number"]
    assert {f"{number}-N", f"{number}-H"} <= set(wechat_fake.transactions)
    wechat_fake.pay(f"{number}-H")
    res = api.post("/api/payment/settle", as_member, data={"order_number": number})
    assert res.get_json()["status"] == "paid"
    assert db.session.query(PaymentNotification).one().order_id == order["id"]
