"""One payment method, one provider, per shop (issue 23 item 1): the pay page offers methods; the
owner chooses which switched-on provider serves each (bff/payments/methods.py); a shop that never
chose keeps the behaviour from before."""

from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.extensions import db
from bff.payments.methods import METHODS, kinds_for
from bff.payments.providers import PROVIDER_CLASSES, methods_of
from bff.tests.payments.conftest import HOST, set_provider

URL = "/api/admin/payments/methods"


def _switch_off(store, kind):
    from flask import current_app

    from bff.payments.provider_configs import configure, get_config

    version = get_config(db.session, store, kind).version
    keys = current_app.config["PAYMENT_SECRETS_KEY"]
    configure(db.session, store, None, kind, {"enabled": False}, {version}, keys)


def _methods(client):
    return client.get("/api/payment/methods", headers=HOST).get_json()["methods"]


def _put(client, headers, choices, if_match=None):
    extra = {"If-Match": if_match} if if_match else {}
    return client.put(URL, headers={**headers, **extra}, json={"choices": choices})


def _start(api, as_member, order, method):
    body = {"order_number": order["order_number"], "total_price": order["total_price"], "method": method}
    return api.post("/api/payment/create-payment", as_member, data=body)


def test_each_kind_says_once_which_methods_it_serves():
    assert set(METHODS) == {"wechat_pay", "alipay", "card"}
    assert {kind: methods_of(kind) for kind in PROVIDER_CLASSES if kind != "airwallex"} == {
        "wechat_pay": ("wechat_pay",),
        "alipay": ("alipay",),
        "stripe": ("card", "alipay"),
        "antom": ("alipay",),
    }
    assert kinds_for("alipay")[:3] == ["alipay", "stripe", "antom"]
    assert methods_of("sandbox") == () and methods_of("nonsense") == ()


def test_without_a_choice_each_method_is_served_as_before(
    client, store, alipay_fake, stripe_fake, antom_fake, wechat_fake
):
    set_provider(store, "stripe", stripe_fake.shop_fields())
    assert _methods(client) == [{"method": "card", "provider": "stripe"}]  # Stripe's Alipay only by choice
    set_provider(store, "antom", antom_fake.shop_fields())
    assert _methods(client) == [
        {"method": "alipay", "provider": "antom"},
        {"method": "card", "provider": "stripe"},
    ]
    set_provider(store, "alipay", alipay_fake.shop_fields())
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    assert _methods(client) == [
        {"method": "wechat_pay", "provider": "wechat_pay"},
        {"method": "alipay", "provider": "alipay"},  # the direct account, as before Antom existed
        {"method": "card", "provider": "stripe"},
    ]


def test_the_owner_gives_alipay_to_antom_and_the_pay_page_s_alipay_goes_there(
    client, api, as_member, as_admin, order, store, alipay_fake, antom_fake
):
    set_provider(store, "alipay", alipay_fake.shop_fields())
    set_provider(store, "antom", antom_fake.shop_fields())
    view = client.get(URL, headers=as_admin)
    assert view.status_code == 200 and view.headers["ETag"] == 'W/"0"'
    alipay = next(m for m in view.get_json()["methods"] if m["method"] == "alipay")
    assert alipay == {
        "method": "alipay",
        "provider": None,
        "serving": "alipay",
        "options": kinds_for("alipay"),
    }
    res = _put(client, as_admin, {"alipay": "antom"})
    assert res.status_code == 200, res.get_json()
    assert res.headers["ETag"] == 'W/"1"'
    assert next(m for m in res.get_json()["methods"] if m["method"] == "alipay")["serving"] == "antom"
    assert _methods(client) == [{"method": "alipay", "provider": "antom"}]
    start = _start(api, as_member, order, "alipay")
    assert start.status_code == 200, start.get_json()
    assert start.get_json()["paymentPageUrl"].startswith(antom_fake.base)
    assert alipay_fake.trades == {}  # the direct account was not asked
    entry = db.session.scalar(select(AuditEntry).where(AuditEntry.object_type == "payment_methods"))
    assert entry is not None and "antom" in str(entry.changes)


def test_alipay_given_to_stripe_opens_stripe_s_alipay_page(
    client, api, as_member, as_admin, order, store, stripe_fake
):
    set_provider(store, "stripe", stripe_fake.shop_fields())
    assert _put(client, as_admin, {"alipay": "stripe"}).status_code == 200
    assert _methods(client) == [
        {"method": "alipay", "provider": "stripe"},
        {"method": "card", "provider": "stripe"},
    ]
    assert _start(api, as_member, order, "alipay").status_code == 200
    assert _start(api, as_member, order, "card").status_code == 200
    sent = [params for (_, path, params, _) in stripe_fake.requests if path == "/v1/checkout/sessions"]
    assert sent[0]["payment_method_types"] == ["alipay"] and "payment_method_types" not in sent[1]
    assert len(stripe_fake.sessions) == 2  # one session per method, no idempotency clash


def test_a_chosen_provider_switched_off_leaves_the_method_to_the_default(
    client, as_admin, store, alipay_fake, antom_fake
):
    set_provider(store, "alipay", alipay_fake.shop_fields())
    set_provider(store, "antom", antom_fake.shop_fields())
    assert _put(client, as_admin, {"alipay": "antom"}).status_code == 200
    _switch_off(store, "antom")
    assert _methods(client) == [{"method": "alipay", "provider": "alipay"}]
    _switch_off(store, "alipay")
    assert _methods(client) == []


def test_a_method_no_provider_serves_is_refused(api, as_member, order, store, antom_fake):
    set_provider(store, "antom", antom_fake.shop_fields())
    for method in ("card", "wechat_pay"):
        res = _start(api, as_member, order, method)
        assert res.status_code == 409 and res.get_json()["code"] == "provider_unavailable"
    assert _start(api, as_member, order, "paypal").status_code == 422


def test_choices_are_checked_versioned_and_cleared(client, as_admin, store):
    for bad in ({"card": "antom"}, {"wechat_pay": "stripe"}, {"alipay": "sandbox"}, {"paypal": "stripe"}):
        res = _put(client, as_admin, bad)
        assert res.status_code == 422, (bad, res.get_json())
    assert client.put(URL, headers=as_admin, json={}).status_code == 422
    assert _put(client, as_admin, {"alipay": "antom", "card": "stripe"}).status_code == 200
    assert _put(client, as_admin, {"alipay": "stripe"}).status_code == 428  # If-Match once saved
    assert _put(client, as_admin, {"alipay": "stripe"}, 'W/"7"').status_code == 412
    res = _put(client, as_admin, {"alipay": ""}, 'W/"1"')
    assert res.status_code == 200
    assert {m["method"]: m["provider"] for m in res.get_json()["methods"]} == {
        "wechat_pay": None,
        "alipay": None,
        "card": "stripe",
    }


def test_only_the_owner_chooses(client, store, as_member):
    assert client.get(URL, headers=HOST).status_code == 401
    assert client.get(URL, headers=as_member).status_code == 403
    assert _put(client, as_member, {"alipay": "antom"}).status_code == 403
