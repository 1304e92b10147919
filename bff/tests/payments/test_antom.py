"""Alipay through Antom (issue 23 item 3), with the official global-open-sdk-python, against the
fake Antom (bff/tests/fakes/antom.py), which checks our signatures, signs its answers and
notifications with Antom's key and refuses what Antom's API reference says it refuses."""

import json
from decimal import Decimal

from click.testing import CliRunner

from bff.extensions import db
from bff.payments.commands import payments_cli
from bff.payments.models import Refund
from bff.payments.providers import build_provider
from bff.payments.providers.base import PaymentContext, ProviderError
from bff.tests.fakes import keys
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import with_version
from bff.tests.payments.conftest import HOST, order_status, set_provider

NOTIFY = "/api/payment/notify/antom"
ACK = {"result": {"resultCode": "SUCCESS", "resultStatus": "S", "resultMessage": "success"}}


def _pay(api, as_member, order, **extra):
    body = {
        "order_number": order["order_number"],
        "total_price": order["total_price"],
        "method": "alipay",
        **extra,
    }
    res = api.post("/api/payment/create-payment", as_member, data=body)
    assert res.status_code == 200, res.get_json()
    return res.get_json()


def _request_id(start) -> str:
    return start["paymentPageUrl"].rsplit("/", 1)[-1]


def _deliver(client, notice):
    _url, body, headers = notice
    return client.post(NOTIFY, data=body, headers={**HOST, **headers})


def _settle():
    result = CliRunner().invoke(payments_cli, ["settle"], obj=None)
    assert result.exit_code == 0, result.output
    return result.output


def test_alipay_through_antom_is_a_cashier_payment_in_nzd_with_alipay_cn(
    client, api, as_member, order, antom_shop, antom_fake
):
    methods = client.get("/api/payment/methods", headers=HOST).get_json()
    assert methods == {"providers": ["antom"], "methods": [{"method": "alipay", "provider": "antom"}]}
    start = _pay(api, as_member, order, device="desktop")
    assert start["flow"] == "redirect" and start["paymentPageUrl"].startswith(
        antom_fake.base + "/_fake/cashier/"
    )
    assert start["charge"] == {"amount": "55.00", "currency": "NZD"}
    [(api_name, body)] = antom_fake.requests
    assert api_name == "pay" and body["productCode"] == "CASHIER_PAYMENT"
    assert body["paymentAmount"] == {"currency": "NZD", "value": "5500"} == body["order"]["orderAmount"]
    assert body["paymentMethod"] == {"paymentMethodType": "ALIPAY_CN"}
    assert body["settlementStrategy"] == {"settlementCurrency": "NZD"}
    assert body["env"]["terminalType"] == "WEB"
    assert body["paymentNotifyUrl"].endswith(NOTIFY)
    assert body["paymentRedirectUrl"].endswith(f"/pay/{order['order_number']}?returned=1")
    assert body["order"]["referenceOrderId"] == order["order_number"]
    # A second click answers the same cashier page (the same paymentRequestId, the same content).
    assert _pay(api, as_member, order, device="desktop")["paymentPageUrl"] == start["paymentPageUrl"]
    assert len(antom_fake.payments) == 1
    # From a phone: Antom's WAP page, with the phone's system; another request id, not a refusal.
    phone = _pay(api, as_member, order, device="mobile")
    assert antom_fake.requests[-1][1]["env"]["terminalType"] == "WAP"
    assert antom_fake.requests[-1][1]["env"]["osType"] in ("IOS", "ANDROID")
    assert phone["paymentPageUrl"] != start["paymentPageUrl"] and antom_fake.refused == []


def test_the_alipay_plus_wallets_are_one_setting_away(api, as_member, order, store, antom_fake):
    set_provider(store, "antom", {**antom_fake.shop_fields(), "wallet": "CONNECT_WALLET"})
    _pay(api, as_member, order)
    assert antom_fake.requests[-1][1]["paymentMethod"] == {"paymentMethodType": "CONNECT_WALLET"}


def test_a_paid_notification_pays_the_order_once_and_is_acknowledged_as_antom_wants(
    client, api, as_member, order, antom_shop, antom_fake
):
    notice = antom_fake.pay(_request_id(_pay(api, as_member, order)))
    res = _deliver(client, notice)
    assert res.status_code == 200 and res.get_json() == ACK
    assert order_status(order) == "paid"
    again = _deliver(client, notice)  # Antom sends it again: acknowledged, applied once
    assert again.status_code == 200 and again.get_json() == ACK
    assert order_status(order) == "paid"
    from bff.payments.models import PaymentNotification

    assert db.session.query(PaymentNotification).filter_by(provider="antom").count() == 1


def test_a_notification_with_a_wrong_signature_is_refused(
    client, api, as_member, order, antom_shop, antom_fake
):
    url, body, headers = antom_fake.pay(_request_id(_pay(api, as_member, order)))
    stranger = keys.new_key()
    path = "/" + url.split("/", 3)[3]
    forged = keys.rsa_sha256(
        stranger, f"POST {path}\n{headers['client-id']}.{headers['request-time']}.{body.decode()}"
    )
    cases = [
        {**headers, "signature": f"algorithm=RSA256,keyVersion=1,signature={forged}"},
        {**headers, "signature": "algorithm=RSA256,keyVersion=1,signature=bm90IGEgc2lnbmF0dXJl"},
        {**headers, "signature": "no signature"},
        {**headers, "client-id": "SANDBOX_SOMEONE_ELSE"},
        {**headers, "request-time": "2026-01-01T00:00:00+00:00"},  # signed over another time
    ]
    for changed in cases:
        assert _deliver(client, (url, body, changed)).status_code == 400
    tampered = body.replace(b'"value":"5500"', b'"value":"5400"')
    assert _deliver(client, (url, tampered, headers)).status_code == 400  # the body is signed
    assert order_status(order) == "unpaid"


def test_a_signed_notification_with_a_wrong_amount_or_currency_is_refused(
    client, api, as_member, order, antom_shop, antom_fake
):
    request_id = _request_id(_pay(api, as_member, order))
    antom_fake.pay(request_id)
    for amount in ({"currency": "NZD", "value": "5400"}, {"currency": "CNY", "value": "5500"}):
        res = _deliver(client, antom_fake.notification(request_id, paymentAmount=amount))
        assert res.status_code in (400, 409), res.get_json()
    assert order_status(order) == "unpaid"
    assert _deliver(client, antom_fake.notification(request_id)).status_code == 200
    assert order_status(order) == "paid"


def test_a_lost_notification_is_settled_by_the_sweep_s_inquiry(api, as_member, order, antom_shop, antom_fake):
    request_id = _request_id(_pay(api, as_member, order))
    _settle()
    assert order_status(order) == "unpaid"
    antom_fake.pay(request_id)  # its notification never arrives
    _settle()
    assert order_status(order) == "paid"
    assert ("inquiryPayment", {"paymentRequestId": request_id}) in antom_fake.requests


def test_a_released_order_s_payment_is_cancelled_at_antom(api, as_member, order, antom_shop, antom_fake):
    from bff.payments.services import close_trades_of_number

    request_id = _request_id(_pay(api, as_member, order))
    close_trades_of_number(db.session, antom_shop, order["order_number"])
    assert antom_fake.payments[request_id]["status"] == "CANCELLED"


def _refund(client, as_admin, order, amount):
    return client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": amount, "reason": "少发一件"},
    )


def test_a_partial_refund_through_antom_and_the_rest_never_beyond_the_payment(
    client, api, as_member, as_admin, order, antom_shop, antom_fake
):
    _deliver(client, antom_fake.pay(_request_id(_pay(api, as_member, order))))
    res = _refund(client, as_admin, order, "20.00")
    assert res.status_code == 200, res.get_json()
    [(_, refund)] = [r for r in antom_fake.requests if r[0] == "refund"]
    assert refund["refundAmount"] == {"currency": "NZD", "value": "2000"}
    assert refund["paymentId"] == next(iter(antom_fake.payments.values()))["paymentId"]
    db.session.expire_all()
    assert [r.status for r in db.session.query(Refund).all()] == ["refunded"]
    assert _refund(client, as_admin, order, "35.00").status_code == 200
    assert _refund(client, as_admin, order, "0.01").status_code in (400, 409)  # nothing left
    assert antom_fake.refused == []


def test_a_refund_antom_holds_is_followed_by_the_sweep(
    client, api, as_member, as_admin, order, antom_shop, antom_fake
):
    _deliver(client, antom_fake.pay(_request_id(_pay(api, as_member, order))))
    antom_fake.hold_refunds = True
    assert _refund(client, as_admin, order, "10.00").status_code == 200
    db.session.expire_all()
    assert [r.status for r in db.session.query(Refund).all()] == ["processing"]
    _settle()
    db.session.expire_all()
    assert [r.status for r in db.session.query(Refund).all()] == ["processing"]
    antom_fake.settle_refunds()
    _settle()
    db.session.expire_all()
    assert [r.status for r in db.session.query(Refund).all()] == ["refunded"]


def _provider(app, store, fake, **settings):
    return build_provider(
        store.id,
        "https://shop-a.test",
        "antom",
        {"client_id": fake.client_id, **settings},
        {k: v for k, v in fake.shop_fields().items() if k != "client_id"},
    )


class _Order:
    order_number = "SO20260001"
    total_price = Decimal("12.34")


class _Shop:
    id = 1
    shop_name = "Shop"


def test_the_fake_refuses_what_antom_refuses_and_the_client_says_so(app, store, antom_fake):
    provider = _provider(app, store, antom_fake)
    context = PaymentContext(origin="https://shop-a.test", device="desktop")
    charge = provider.quote(_Shop, _Order)
    start = provider.create_payment(_Shop, _Order, context, charge)
    # The same paymentRequestId with other content: REPEAT_REQ_INCONSISTENT.
    from bff.payments.charges import Charge

    try:
        provider.create_payment(_Shop, _Order, context, Charge(Decimal("12.35"), "NZD"))
    except ProviderError:
        raise AssertionError("another amount is another request id, never a refusal") from None
    antom_fake.payments[start.reference]["request"]["paymentAmount"] = {"currency": "NZD", "value": "1"}
    try:
        provider.create_payment(_Shop, _Order, context, charge)
        raise AssertionError("refused")
    except ProviderError as exc:
        assert "REPEAT_REQ_INCONSISTENT" in str(exc)
    # A currency the account does not take.
    try:
        provider.create_payment(_Shop, _Order, context, Charge(Decimal("12.34"), "CNY"))
        raise AssertionError("refused")
    except ProviderError as exc:
        assert "CURRENCY_NOT_SUPPORT" in str(exc)
    # Our requests signed with another key: INVALID_SIGNATURE.
    other = keys.bare(keys.private_pem(keys.new_key()))
    stranger = build_provider(
        store.id,
        "https://shop-a.test",
        "antom",
        {"client_id": antom_fake.client_id},
        {"merchant_private_key": other, "antom_public_key": antom_fake.shop_fields()["antom_public_key"]},
    )
    try:
        stranger.query(_Order, start.reference)
        raise AssertionError("refused")
    except ProviderError as exc:
        assert "INVALID_SIGNATURE" in str(exc)
    assert antom_fake.refused == ["REPEAT_REQ_INCONSISTENT", "CURRENCY_NOT_SUPPORT", "INVALID_SIGNATURE"]


def test_an_answer_not_signed_by_antom_is_not_believed(app, store, antom_fake):
    """Our client verifies every answer with Antom's public key: a key that is not Antom's (a
    man in the middle) makes every call fail, nothing read from it."""
    fields = antom_fake.shop_fields()
    wrong = keys.bare(keys.public_pem(keys.new_key()))
    provider = build_provider(
        store.id,
        "https://shop-a.test",
        "antom",
        {"client_id": antom_fake.client_id},
        {"merchant_private_key": fields["merchant_private_key"], "antom_public_key": wrong},
    )
    try:
        provider.query(_Order, "SO20260001-abc")
        raise AssertionError("not believed")
    except ProviderError as exc:
        assert "signature" in str(exc)


def test_keys_that_do_not_load_keep_antom_off(api, store, antom_fake, client, as_admin):
    fields = {**antom_fake.shop_fields(), "merchant_private_key": "not a key", "enabled": True}
    res = client.put("/api/admin/payments/providers/antom", headers=as_admin, json=fields)
    assert res.status_code == 422, res.get_json()
    assert "private key" in json.dumps(res.get_json())


def test_the_console_tests_the_antom_account_and_names_its_notification_url(
    client, as_admin, antom_shop, antom_fake
):
    res = client.post("/api/admin/payments/providers/antom/test", headers=as_admin)
    assert res.status_code == 200 and res.get_json()["ok"] is True, res.get_json()
    assert antom_fake.requests[-1] == ("inquiryPayment", {"paymentRequestId": "TEST_CONNECTION_0000"})
    guide = client.get("/api/admin/payments/providers/antom/guide", headers=as_admin).get_json()
    assert [entry["value"] for entry in guide["register"]] == [f"{antom_shop.site_url.rstrip('/')}{NOTIFY}"]
    assert {row["name"] for row in guide["fields"]} == {
        "client_id",
        "merchant_private_key",
        "antom_public_key",
        "wallet",
    }
