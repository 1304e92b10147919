"""WeChat Pay's two kinds of merchant account against the local fake gateway, end to end: `global`
(an overseas merchant: the overseas API, charged in NZD as priced) and `domestic` (a mainland
merchant: CNY only, the NZD total converted at the order's rate to the jiao, as its pages show it,
fixed on the attempt and compared exactly), each through create, notification, query and refund."""

from decimal import Decimal

import pytest
from sqlalchemy import select

from bff.extensions import db
from bff.orders.models import Order
from bff.payments.models import PaymentAttempt, PaymentNotification
from bff.payments.provider_configs import configure, get_config
from bff.payments.providers import shop_providers
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, with_version
from bff.tests.payments.conftest import order_status, set_provider
from bff.tests.payments.test_wechat_pay import ANDROID, _deliver, _pay

RATE = Decimal("4.4567")  # 55.00 NZD x 4.4567 = 245.1185 yuan: ¥245.1 on the order's pages, charged


@pytest.fixture
def store(store, session):
    """The shop's rate when the tests' orders are placed: each order keeps it (issue 24.4)."""
    store.shop_exchange_rate = RATE
    session.commit()
    return store


@pytest.fixture
def domestic_shop(store, wechat_fake, session):
    wechat_fake.api = "domestic"
    store.shop_exchange_rate = RATE
    session.commit()
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    return store


def _settle(api, headers, order):
    return api.post("/api/payment/settle", headers, data={"order_number": order["order_number"]}).get_json()


# Global: the overseas API, NZD ---------------------------------------------------------------


def test_global_pays_in_nzd_through_the_overseas_api(client, api, as_member, order, wechat_shop, wechat_fake):
    start = _pay(api, as_member, order).get_json()
    assert start["flow"] == "qr" and start["charge"] == {"amount": "55.00", "currency": "NZD"}
    assert ("POST", "/v3/global/transactions/native") in wechat_fake.requests
    txn = wechat_fake.transactions[order["order_number"] + "-N"]
    assert txn.amount == {"total": 5500, "currency": "NZD"}
    url, body, headers = wechat_fake.pay(order["order_number"] + "-N")
    res = _deliver(client, (url, body, headers))
    assert res.get_json()["applied"] is True and order_status(order) == "paid"
    record = db.session.query(PaymentNotification).one()
    assert (record.amount, record.charged_amount, record.charged_currency) == (
        Decimal("55.00"),
        Decimal("55.00"),
        "NZD",
    )


def test_global_compares_the_merchants_amount_not_what_the_wallet_paid(
    client, api, as_member, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    number = order["order_number"] + "-N"
    # The shopper's wallet paid 248.60 yuan at WeChat's rate; the merchant charged 55.00 NZD.
    for amount in ({"total": 5501, "currency": "NZD"}, {"total": 24860, "currency": "CNY"}):
        wrong = wechat_fake.pay(number, amount=amount)
        assert_error(_deliver(client, wrong), 400)
    assert order_status(order) == "unpaid"
    assert _deliver(client, wechat_fake.pay(number)).get_json()["applied"] is True


def test_global_query_settles_and_refunds_go_to_the_overseas_refund(
    app, client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order, agent=ANDROID)
    wechat_fake.pay(order["order_number"] + "-H")  # the notification never arrives
    assert _settle(api, as_member, order)["status"] == "paid"
    assert any(path.startswith("/v3/global/transactions/out-trade-no/") for _, path in wechat_fake.requests)
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "20.00", "reason": "缺货"},
    )
    assert res.status_code == 200, res.get_json()
    [refund] = wechat_fake.refunds
    assert refund["amount"] == {"refund": 2000, "total": 5500, "currency": "NZD"}
    assert ("POST", "/v3/global/refunds") in wechat_fake.requests


# Domestic: CNY at the shop's rate, fixed on the attempt --------------------------------------


def test_domestic_charges_yuan_at_the_shops_rate_kept_on_the_attempt(
    client, api, as_member, order, domestic_shop, wechat_fake
):
    start = _pay(api, as_member, order).get_json()
    assert start["charge"] == {"amount": "245.10", "currency": "CNY"}
    txn = wechat_fake.transactions[order["order_number"] + "-N"]
    assert txn.amount == {"total": 24510, "currency": "CNY"}
    assert ("POST", "/v3/pay/transactions/native") in wechat_fake.requests
    attempt = db.session.scalar(select(PaymentAttempt))
    assert (attempt.charged_amount, attempt.charged_currency, attempt.exchange_rate) == (
        Decimal("245.10"),
        "CNY",
        RATE,
    )
    res = _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    assert res.get_json()["applied"] is True
    stored = db.session.get(Order, order["id"])
    assert (stored.status, stored.paid_amount) == ("paid", Decimal("55.00"))  # the order is in NZD
    record = db.session.query(PaymentNotification).one()
    assert (record.amount, record.charged_amount, record.charged_currency) == (
        Decimal("55.00"),
        Decimal("245.10"),
        "CNY",
    )


@pytest.mark.parametrize("amount", [{"total": 24511, "currency": "CNY"}, {"total": 24510, "currency": "NZD"}])
def test_domestic_refuses_a_fen_more_or_another_currency(
    client, api, as_member, order, domestic_shop, wechat_fake, amount
):
    _pay(api, as_member, order)
    res = _deliver(client, wechat_fake.pay(order["order_number"] + "-N", amount=amount))
    assert_error(res, 400)
    assert order_status(order) == "unpaid" and db.session.query(PaymentNotification).count() == 0


def test_domestic_charge_is_fixed_when_paying_starts_not_converted_again(
    client, api, as_member, order, domestic_shop, wechat_fake, session
):
    _pay(api, as_member, order)  # the QR code at 4.4567
    domestic_shop.shop_exchange_rate = Decimal("5.0000")
    session.commit()
    # The phone, after the rate changed: the same yuan as the QR code said.
    start = _pay(api, as_member, order, agent=ANDROID).get_json()
    assert start["charge"] == {"amount": "245.10", "currency": "CNY"}
    assert wechat_fake.transactions[order["order_number"] + "-H"].amount == {
        "total": 24510,
        "currency": "CNY",
    }
    quote = api.post("/api/payment/quote", as_member, data={"order_number": order["order_number"]})
    assert quote.get_json() == {"charges": {"wechat_pay": {"amount": "245.10", "currency": "CNY"}}}
    # Paid on the phone, settled by the query: compared with the stored 245.10, not 55 x 5.
    wechat_fake.pay(order["order_number"] + "-H")
    assert _settle(api, as_member, order)["status"] == "paid"


def test_domestic_refunds_convert_at_the_stored_rate_never_more_than_charged(
    client, api, as_member, as_admin, order, domestic_shop, wechat_fake, session
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    domestic_shop.shop_exchange_rate = Decimal("9.0000")  # a later rate changes nothing
    session.commit()
    for amount in ("10.00", "0.01", "44.99"):
        res = client.post(
            admin_url(order, "refunds"),
            headers=with_version(client, as_admin, admin_url(order)),
            json={"amount": amount, "reason": "退货"},
        )
        assert res.status_code == 200, res.get_json()
    # 10.00 x 4.4567 = 44.567 -> 44.57; then fen(10.01 x r) - 44.57 = 0.04; then the rest: the charge
    # 245.10 - 44.61. The parts add up to exactly what was charged.
    refunds = [r["amount"] for r in wechat_fake.refunds]
    assert refunds == [
        {"refund": 4457, "total": 24510, "currency": "CNY"},
        {"refund": 4, "total": 24510, "currency": "CNY"},
        {"refund": 20049, "total": 24510, "currency": "CNY"},
    ]
    assert sum(r["refund"] for r in refunds) == 24510
    assert ("POST", "/v3/refund/domestic/refunds") in wechat_fake.requests


def test_a_provider_refund_is_refused_beyond_the_payment(
    client, api, as_member, order, store, domestic_shop, wechat_fake
):
    from bff.common.errors import DomainError
    from bff.payments import services

    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    paid = db.session.get(Order, order["id"])
    providers = shop_providers(db.session, store)
    with pytest.raises(DomainError) as too_much:
        services.refund_payment(
            db.session, store, providers, paid, Decimal("5.01"), "R9", refunded_before=Decimal("50.00")
        )
    assert too_much.value.code == "amount_mismatch" and wechat_fake.refunds == []


# What the fake enforces, as the real gateways do -------------------------------------------


def test_the_domestic_api_refuses_any_currency_but_cny(domestic_shop, wechat_fake, store):
    provider = shop_providers(db.session, store)["wechat_pay"]
    code, message = provider.client.pay(
        description="x", out_trade_no="T-000001", amount={"total": 100, "currency": "NZD"}
    )
    assert code == 400 and "CNY" in message


def test_an_account_of_the_other_kind_cannot_start_a_payment(api, as_member, order, store, wechat_fake):
    # The owner chose `global` for a mainland merchant number: WeChat Pay refuses, the shopper is
    # told the payment service is unavailable and the order stays open.
    fields = wechat_fake.shop_fields()
    wechat_fake.api = "domestic"
    set_provider(store, "wechat_pay", fields)
    assert_error(_pay(api, as_member, order), 502, "provider_failed")
    assert order_status(order) == "unpaid"


def test_an_account_switched_to_domestic_charges_the_next_attempt_in_yuan(
    app, client, api, as_member, order, store, wechat_shop, wechat_fake, session
):
    assert _pay(api, as_member, order).get_json()["charge"]["currency"] == "NZD"  # the QR code, overseas
    wechat_fake.api = "domestic"  # the owner enters a mainland account instead
    config = get_config(db.session, store, "wechat_pay")
    keys = app.config["PAYMENT_SECRETS_KEY"]
    configure(db.session, store, None, "wechat_pay", {"api": "domestic"}, {config.version}, keys)
    # The same way of paying (the same trade number) now charges yuan, and the attempt says so.
    assert _pay(api, as_member, order).get_json()["charge"] == {"amount": "245.10", "currency": "CNY"}
    attempt = db.session.scalar(select(PaymentAttempt))
    db.session.refresh(attempt)
    assert (attempt.charged_amount, attempt.charged_currency) == (Decimal("245.10"), "CNY")
    assert _deliver(client, wechat_fake.pay(order["order_number"] + "-N")).get_json()["applied"] is True
