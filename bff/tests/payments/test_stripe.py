"""Cards, Apple Pay and Google Pay through Stripe Checkout (issue 23 item 2), against the fake
Stripe (bff/tests/fakes/stripe.py), which checks every request and answer against Stripe's own
OpenAPI description and signs webhooks as Stripe does."""

import json
import time
from datetime import UTC
from decimal import Decimal

from click.testing import CliRunner
from sqlalchemy import select

from bff.accounts.outbox import OutboxMail
from bff.extensions import db
from bff.orders.models import Order
from bff.orders.release import release_and_mail
from bff.payments.commands import payments_cli
from bff.payments.models import Refund
from bff.tests.fakes.stripe import _validator, decode_form, request_schema, sign, typed
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import with_version
from bff.tests.payments.conftest import HOST, order_status, set_provider

NOTIFY = "/api/payment/notify/stripe"


def _pay(api, as_member, order):
    body = {"order_number": order["order_number"], "total_price": order["total_price"], "provider": "stripe"}
    res = api.post("/api/payment/create-payment", as_member, data=body)
    assert res.status_code == 200, res.get_json()
    return res.get_json()


def _session_id(start) -> str:
    return start["paymentPageUrl"].rsplit("/", 1)[-1]


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
    return result.output


def _mails(order) -> list[str]:
    db.session.expire_all()
    return list(db.session.scalars(select(OutboxMail.kind).where(OutboxMail.order_id == order["id"])))


def test_the_shop_offers_stripe_and_a_hosted_checkout_session_in_nzd(
    client, api, as_member, order, store, stripe_shop, stripe_fake
):
    store.unpaid_order_timeout_minutes = 180  # the session expires with the order's release
    db.session.commit()
    assert client.get("/api/payment/methods", headers=HOST).get_json() == {
        "providers": ["stripe"],
        "methods": [{"method": "card", "provider": "stripe"}],
    }
    start = _pay(api, as_member, order)
    assert start["flow"] == "redirect" and start["paymentPageUrl"].startswith(
        stripe_fake.base + "/pay/cs_test_"
    )
    assert start["charge"] == {"amount": "55.00", "currency": "NZD"}
    [(method, path, params, key)] = stripe_fake.requests
    assert (method, path) == ("POST", "/v1/checkout/sessions")
    assert key.startswith("checkout-")
    item = params["line_items"][0]
    assert item["price_data"]["currency"] == "nzd" and item["price_data"]["unit_amount"] == "5500"
    assert params["client_reference_id"] == order["order_number"] and params["mode"] == "payment"
    assert "{CHECKOUT_SESSION_ID}" in params["success_url"]
    created = db.session.get(Order, order["id"]).created_at
    assert (
        int(params["expires_at"]) == int(created.replace(tzinfo=created.tzinfo or UTC).timestamp()) + 180 * 60
    )
    # A second click: the same key, the same session (no second page that could be paid too).
    again = _pay(api, as_member, order)
    assert again["paymentPageUrl"] == start["paymentPageUrl"] and len(stripe_fake.sessions) == 1


def test_a_paid_session_s_webhook_pays_the_order_once(
    client, api, as_member, order, stripe_shop, stripe_fake
):
    session = _session_id(_pay(api, as_member, order))
    webhook = stripe_fake.pay(session)
    res = _deliver(client, webhook)
    assert res.status_code == 200, res.get_json()
    assert res.get_json() == {"received": True, "applied": True, "result": "applied"}
    assert order_status(order) == "paid"
    assert _deliver(client, webhook).get_json()["result"] == "duplicate"  # a replay applies nothing


def test_a_webhook_with_a_wrong_or_old_signature_is_refused(
    client, api, as_member, order, stripe_shop, stripe_fake
):
    session = _session_id(_pay(api, as_member, order))
    body, headers = stripe_fake.pay(session)
    forged = {**headers, "Stripe-Signature": sign(body, "whsec_someone_else")}
    assert _deliver(client, (body, forged)).status_code == 400
    stale = {**headers, "Stripe-Signature": sign(body, stripe_fake.webhook_secret, int(time.time()) - 301)}
    assert _deliver(client, (body, stale)).status_code == 400  # past the 300 s tolerance
    assert order_status(order) == "unpaid"


def test_a_webhook_whose_amount_or_currency_is_not_the_charge_is_refused(
    client, api, as_member, order, stripe_shop, stripe_fake
):
    session_id = _session_id(_pay(api, as_member, order))
    body, _ = stripe_fake.pay(session_id)
    event = json.loads(body)
    for change in ({"amount_total": 5400}, {"currency": "aud"}):
        changed = json.dumps({**event, "data": {"object": {**event["data"]["object"], **change}}})
        headers = {
            "Stripe-Signature": sign(changed, stripe_fake.webhook_secret),
            "Content-Type": "application/json",
        }
        res = _deliver(client, (changed, headers))
        assert res.status_code in (400, 409), res.get_json()
    assert order_status(order) == "unpaid"


def test_a_lost_webhook_is_settled_by_the_sweep_reading_the_session(
    api, as_member, order, stripe_shop, stripe_fake
):
    session = _session_id(_pay(api, as_member, order))
    _settle()
    assert order_status(order) == "unpaid"
    stripe_fake.pay(session)  # its webhook never arrives
    _settle()
    assert order_status(order) == "paid"
    assert ("GET", f"/v1/checkout/sessions/{session}") in [(m, p) for m, p, _, _ in stripe_fake.requests]


def test_a_partial_refund_goes_through_stripe_once_and_is_mailed_when_it_succeeded(
    client, api, as_member, as_admin, order, stripe_shop, stripe_fake
):
    _deliver(client, stripe_fake.pay(_session_id(_pay(api, as_member, order))))
    stripe_fake.hold_refunds = True
    detail = _refund(client, as_admin, order, "20.00")
    assert [r["status"] for r in detail["refunds"]] == ["processing"]
    [(_, path, params, key)] = [r for r in stripe_fake.requests if r[1] == "/v1/refunds"]
    assert params["amount"] == "2000" and params["payment_intent"].startswith("pi_test_")
    assert key.startswith("refund-") and params["metadata"]["refund_number"] == key.removeprefix("refund-")
    assert "order_refunded" not in _mails(order)
    [refund] = stripe_fake.refunds.values()
    res = _deliver(client, stripe_fake.finish_refund(refund["id"], "succeeded"))
    assert res.status_code == 200 and res.get_json()["result"] == "refunded"
    assert _mails(order).count("order_refunded") == 1
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert detail["order"]["refunded_amount"] == Decimal("20.00")
    assert detail["order"]["status"] == "paid"


def test_a_pending_refund_whose_webhook_is_lost_is_read_back_by_the_sweep(
    client, api, as_member, as_admin, order, stripe_shop, stripe_fake
):
    _deliver(client, stripe_fake.pay(_session_id(_pay(api, as_member, order))))
    stripe_fake.hold_refunds = True
    _refund(client, as_admin, order, "5.00")
    [refund] = stripe_fake.refunds.values()
    stripe_fake.finish_refund(refund["id"], "failed")  # its webhook never arrives
    _settle()
    db.session.expire_all()
    assert db.session.scalar(select(Refund.status)) == "failed"
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert detail["order"]["refunded_amount"] == 0


def test_a_release_expires_the_open_session(
    app, api, as_member, order, store, stripe_shop, stripe_fake, session
):
    session_id = _session_id(_pay(api, as_member, order))
    stored = session.get(Order, order["id"])
    stored.created_at = stored.created_at.replace(year=stored.created_at.year - 1)
    session.commit()
    assert release_and_mail(app) == [order["order_number"]]
    assert stripe_fake.sessions[session_id]["status"] == "expired"


def test_the_fake_refuses_what_leaves_stripe_s_schema():
    """The check the fixture relies on: a parameter Stripe does not have, or of the wrong type,
    is caught."""
    schema = request_schema("/v1/checkout/sessions", "post")
    good = typed(decode_form("mode=payment&success_url=x&cancel_url=y&line_items[0][quantity]=1"), schema)
    assert good["line_items"] == [{"quantity": 1}]
    assert not list(_validator(schema).iter_errors(good))
    bad = typed(decode_form("mode=payment&success_url=x&cancel_url=y&h5_url=z"), schema)
    assert list(_validator(schema).iter_errors(bad))
    wrong = typed(decode_form("mode=pay&success_url=x&cancel_url=y"), schema)
    assert list(_validator(schema).iter_errors(wrong))


def test_the_console_s_connection_test_reads_stripe_with_the_saved_key(client, as_admin, store, stripe_fake):
    base = "/api/admin/payments/providers"
    assert client.post(f"{base}/stripe/test", headers=as_admin).get_json()["ok"] is False  # not saved
    set_provider(store, "stripe", {**stripe_fake.shop_fields(), "secret_key": "sk_test_revoked"})
    res = client.post(f"{base}/stripe/test", headers=as_admin).get_json()
    assert res["ok"] is False and res["message"]
    etag = client.get(f"{base}/stripe", headers=as_admin).headers["ETag"]
    body = {"secret_key": stripe_fake.secret_key}
    assert client.put(f"{base}/stripe", json=body, headers={**as_admin, "If-Match": etag}).status_code == 200
    assert client.post(f"{base}/stripe/test", headers=as_admin).get_json()["ok"] is True
    assert ("GET", "/v1/checkout/sessions/TEST_CONNECTION_0000") in [
        (m, p) for m, p, _, _ in stripe_fake.requests
    ]
