"""WeChat Pay through the acquirer Airwallex (issue 23 item 4), against the fake Airwallex
(bff/tests/fakes/airwallex.py, written from Airwallex's API reference): the three WeChat Pay flows
by where the shopper is, the token cached and renewed, webhooks verified (signature, timestamp
window, exact amount and currency, a replay applied once), the sweep's query, partial refunds."""

import hashlib
import hmac
import json
import time
from decimal import Decimal

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from bff.extensions import db
from bff.orders.models import Order
from bff.orders.release import release_and_mail
from bff.payments.commands import payments_cli
from bff.payments.models import Refund
from bff.payments.providers import airwallex as client_module
from bff.payments.providers.airwallex import AirwallexProvider, signature
from bff.tests.fakes.airwallex import webhook_headers
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import with_version
from bff.tests.payments.conftest import HOST, order_status, set_provider

NOTIFY = "/api/payment/notify/airwallex"
AGENTS = {
    "wechat": "Mozilla/5.0 (Linux; Android 13) Mobile Safari/537.36 MicroMessenger/8.0.47",
    "mobile": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1",
    "desktop": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36",
}


@pytest.fixture(autouse=True)
def _no_cached_tokens():
    client_module._tokens.clear()
    yield
    client_module._tokens.clear()


def _pay(api, as_member, order, device="desktop"):
    body = {
        "order_number": order["order_number"],
        "total_price": order["total_price"],
        "provider": "airwallex",
    }
    res = api.post("/api/payment/create-payment", {**as_member, "User-Agent": AGENTS[device]}, data=body)
    assert res.status_code == 200, res.get_json()
    return res.get_json()


def _intent(fake) -> dict:
    [intent] = fake.intents.values()
    return intent


def _deliver(client, webhook):
    body, headers = webhook
    return client.post(NOTIFY, data=body.encode(), headers={**HOST, **headers})


def _refund(client, as_admin, order, amount):
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": amount, "reason": "少发一件"},
    )
    assert res.status_code == 200, res.get_json()
    return res.get_json()


def _settle():
    result = CliRunner().invoke(payments_cli, ["settle"], obj=None)
    assert result.exit_code == 0, result.output


def test_the_signature_is_the_documented_recipe_known_answer():
    """Airwallex publishes no sample signature; this vector is HMAC-SHA256 worked out by hand from
    the documented recipe (x-timestamp, here the docs' example 1357872222592, then the raw body),
    and our verifier and the fake's signer both give it."""
    body = b'{"id":"evt_1","name":"payment_intent.succeeded"}'
    expected = hmac.new(b"whsec_known", b"1357872222592" + body, hashlib.sha256).hexdigest()
    assert signature("whsec_known", "1357872222592", body) == expected
    assert webhook_headers("whsec_known", body.decode(), 1357872222592)["x-signature"] == expected


def test_the_shop_offers_airwallex_and_each_place_gets_its_wechat_pay_flow(
    client, api, as_member, order, airwallex_shop, airwallex_fake
):
    assert client.get("/api/payment/methods", headers=HOST).get_json() == {
        "providers": ["airwallex"],
        "methods": [{"method": "wechat_pay", "provider": "airwallex"}],
    }
    start = _pay(api, as_member, order, "desktop")
    assert start["flow"] == "qr" and start["qrCode"].startswith("weixin://wxpay/s/")
    assert start["charge"] == {"amount": "55.00", "currency": "NZD"}
    intent = _intent(airwallex_fake)
    assert (intent["amount"], intent["currency"]) == (55.0, "NZD")
    assert intent["merchant_order_id"] == order["order_number"]
    paths = [(m, p) for m, p, _ in airwallex_fake.requests]
    assert paths == [
        ("POST", "/api/v1/pa/payment_intents/create"),
        ("POST", f"/api/v1/pa/payment_intents/{intent['id']}/confirm"),
    ]
    confirm = airwallex_fake.requests[1][2]
    assert confirm["payment_method"] == {"type": "wechatpay", "wechatpay": {"flow": "qrcode"}}
    # A second click: the same request_ids, processed once: the same intent and QR code.
    again = _pay(api, as_member, order, "desktop")
    assert again["qrCode"] == start["qrCode"] and len(airwallex_fake.intents) == 1
    assert airwallex_fake.logins == 1  # the token is reused until it expires

    for device, flow in (("wechat", "official_account"), ("mobile", "mobile_web")):
        start = _pay(api, as_member, order, device)
        assert start["flow"] == "redirect" and start["paymentPageUrl"].startswith(
            airwallex_fake.base + "/pa/redirect/"
        )
        assert airwallex_fake.requests[-1][2]["payment_method"]["wechatpay"] == {"flow": flow}


def test_an_expired_token_is_fetched_again_once(api, as_member, order, airwallex_shop, airwallex_fake):
    _pay(api, as_member, order, "desktop")
    airwallex_fake.expire_tokens()  # Airwallex says 401 before our cached expires_at
    _pay(api, as_member, order, "mobile")
    assert airwallex_fake.logins == 2


def test_the_console_s_connection_test_logs_in_with_the_saved_keys(store, airwallex_fake, client, as_admin):
    base = "/api/admin/payments/providers/airwallex"
    set_provider(store, "airwallex", {**airwallex_fake.shop_fields(), "api_key": "revoked"}, enabled=False)
    res = client.post(f"{base}/test", headers=as_admin).get_json()
    assert res["ok"] is False and res["message"]
    etag = client.get(base, headers=as_admin).headers["ETag"]
    body = {"api_key": airwallex_fake.api_key, "enabled": True}
    assert client.put(base, json=body, headers={**as_admin, "If-Match": etag}).status_code == 200
    assert client.post(f"{base}/test", headers=as_admin).get_json()["ok"] is True
    assert ("GET", "/api/v1/pa/payment_intents/TEST_CONNECTION_0000") in [
        (m, p) for m, p, _ in airwallex_fake.requests
    ]


def test_inside_wechat_the_cashier_pays_and_the_webhook_pays_the_order_once(
    client, api, as_member, order, airwallex_shop, airwallex_fake
):
    start = _pay(api, as_member, order, "wechat")
    attempt = start["paymentPageUrl"].split("/pa/redirect/")[1].split("?")[0]
    webhook = airwallex_fake.pay(airwallex_fake.intent_of_attempt(attempt)["id"])
    res = _deliver(client, webhook)
    assert res.status_code == 200, res.get_json()
    assert res.get_json() == {"received": True, "applied": True, "result": "applied"}
    assert order_status(order) == "paid"
    assert _deliver(client, webhook).get_json()["result"] == "duplicate"  # a replay applies nothing


def test_a_webhook_with_a_wrong_or_old_signature_is_refused(
    client, api, as_member, order, airwallex_shop, airwallex_fake
):
    _pay(api, as_member, order)
    body, headers = airwallex_fake.pay(_intent(airwallex_fake)["id"])
    forged = webhook_headers("whsec_someone_else", body)
    assert _deliver(client, (body, forged)).status_code == 400
    old = webhook_headers(airwallex_fake.webhook_secret, body, int(time.time() * 1000) - 301_000)
    assert _deliver(client, (body, old)).status_code == 400  # a replay of an old signed body
    tampered = body.replace('"SUCCEEDED"', '"SUCCEEDED" ')
    assert _deliver(client, (tampered, headers)).status_code == 400
    assert (
        _deliver(client, (body, {k: v for k, v in headers.items() if k != "x-signature"})).status_code == 400
    )
    assert order_status(order) == "unpaid"


def test_a_webhook_whose_amount_or_currency_is_not_the_charge_is_refused(
    client, api, as_member, order, airwallex_shop, airwallex_fake
):
    _pay(api, as_member, order)
    body, _ = airwallex_fake.pay(_intent(airwallex_fake)["id"])
    event = json.loads(body)
    for change in ({"amount": 54.99}, {"currency": "AUD"}):
        changed = json.dumps({**event, "data": {"object": {**event["data"]["object"], **change}}})
        res = _deliver(client, (changed, webhook_headers(airwallex_fake.webhook_secret, changed)))
        assert res.status_code in (400, 409), res.get_json()
    assert order_status(order) == "unpaid"


def test_other_events_are_acknowledged_and_pay_nothing(
    client, api, as_member, order, airwallex_shop, airwallex_fake
):
    _pay(api, as_member, order)
    res = _deliver(
        client, airwallex_fake.event("payment_intent.requires_payment_method", _intent(airwallex_fake))
    )
    assert res.status_code == 200 and res.get_json()["applied"] is False
    assert order_status(order) == "unpaid"


def test_a_lost_webhook_is_settled_by_the_sweep_reading_the_intent(
    api, as_member, order, airwallex_shop, airwallex_fake
):
    _pay(api, as_member, order)
    _settle()
    assert order_status(order) == "unpaid"
    ident = _intent(airwallex_fake)["id"]
    airwallex_fake.pay(ident)  # its webhook never arrives
    _settle()
    assert order_status(order) == "paid"
    assert ("GET", f"/api/v1/pa/payment_intents/{ident}") in [(m, p) for m, p, _ in airwallex_fake.requests]


def test_a_partial_refund_goes_through_airwallex_once_and_settles_by_its_webhook(
    client, api, as_member, as_admin, order, airwallex_shop, airwallex_fake
):
    _pay(api, as_member, order)
    _deliver(client, airwallex_fake.pay(_intent(airwallex_fake)["id"]))
    detail = _refund(client, as_admin, order, "20.00")
    assert [r["status"] for r in detail["refunds"]] == ["processing"]  # RECEIVED
    [(_, _, params)] = [r for r in airwallex_fake.requests if r[1] == "/api/v1/pa/refunds/create"]
    assert params["amount"] == 20.0 and params["payment_intent_id"] == _intent(airwallex_fake)["id"]
    [refund] = airwallex_fake.refunds.values()
    assert refund["currency"] == "NZD"
    settled = airwallex_fake.finish_refund(refund["id"])
    res = _deliver(client, settled)
    assert res.status_code == 200 and res.get_json()["result"] == "refunded"
    assert _deliver(client, settled).get_json()["result"] == "refunded"  # a replay changes nothing
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert detail["order"]["refunded_amount"] == Decimal("20.00")
    # More than is left is refused by Airwallex as it is by the shop.
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "40.00", "reason": "too much"},
    )
    assert res.status_code in (400, 409)


def test_a_refund_whose_webhook_is_lost_is_read_back_by_the_sweep(
    client, api, as_member, as_admin, order, airwallex_shop, airwallex_fake
):
    _pay(api, as_member, order)
    _deliver(client, airwallex_fake.pay(_intent(airwallex_fake)["id"]))
    _refund(client, as_admin, order, "5.00")
    [refund] = airwallex_fake.refunds.values()
    airwallex_fake.finish_refund(refund["id"], "FAILED")  # its webhook never arrives
    _settle()
    db.session.expire_all()
    assert db.session.scalar(select(Refund.status)) == "failed"
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert detail["order"]["refunded_amount"] == 0


def test_a_release_cancels_the_open_intent(
    app, api, as_member, order, airwallex_shop, airwallex_fake, session
):
    _pay(api, as_member, order)
    stored = session.get(Order, order["id"])
    stored.created_at = stored.created_at.replace(year=stored.created_at.year - 1)
    session.commit()
    assert release_and_mail(app) == [order["order_number"]]
    assert _intent(airwallex_fake)["status"] == "CANCELLED"


def test_the_fake_refuses_what_airwallex_refuses(airwallex_fake):
    """The fake's own refusals, per the API reference: a reused request_id with another body, an
    amount finer than the currency's minor unit, a mini-program confirm without open_id."""
    provider = AirwallexProvider(
        {"client_id": airwallex_fake.client_id},
        {"api_key": airwallex_fake.api_key, "webhook_key": airwallex_fake.webhook_secret},
        airwallex_fake.base,
        "http://shop/notify",
    )
    base = {"request_id": "r1", "amount": 1.0, "currency": "NZD", "merchant_order_id": "N1"}
    status, intent = provider._call("POST", "/api/v1/pa/payment_intents/create", base)
    assert status == 201
    status, again = provider._call("POST", "/api/v1/pa/payment_intents/create", base)
    assert again["id"] == intent["id"]
    status, body = provider._call("POST", "/api/v1/pa/payment_intents/create", {**base, "amount": 2.0})
    assert (status, body["code"]) == (400, "duplicate_request")
    status, body = provider._call(
        "POST", "/api/v1/pa/payment_intents/create", {**base, "request_id": "r2", "amount": 1.005}
    )
    assert (status, body["source"]) == (400, "amount")
    mini = {
        "request_id": "c1",
        "payment_method": {"type": "wechatpay", "wechatpay": {"flow": "mini_program"}},
    }
    status, body = provider._call("POST", f"/api/v1/pa/payment_intents/{intent['id']}/confirm", mini)
    assert (status, body["source"]) == (400, "payment_method.wechatpay.open_id")
    status, body = provider._call(
        "POST", "/api/v1/pa/refunds/create", {"request_id": "f1", "payment_intent_id": intent["id"]}
    )
    assert status == 400  # not paid: nothing to refund


def test_the_go_live_guide_names_the_keys_and_the_one_webhook_url(client, as_admin, store):
    res = client.get("/api/admin/payments/providers/airwallex/guide", headers=as_admin)
    assert res.status_code == 200, res.get_json()
    guide = res.get_json()
    fields = {row["name"]: row for row in guide["fields"]}
    assert set(fields) == {"client_id", "api_key", "webhook_key"}
    assert fields["api_key"]["secret"] and not fields["client_id"]["secret"]
    assert [entry["value"].rsplit("/api/", 1)[1] for entry in guide["register"]] == [
        "payment/notify/airwallex"
    ]
