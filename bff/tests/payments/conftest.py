"""Payment fixtures: an unpaid order of the member, and the local fake gateways with the shop's
provider configured for them."""

import shutil
from decimal import Decimal

import pytest

from bff.extensions import db
from bff.orders.models import Order
from bff.payments.provider_configs import configure
from bff.payments.providers import check_keys
from bff.tests.fakes.server import LocalServer
from bff.tests.fakes.stripe import FakeStripe
from bff.tests.fakes.wechatpay import FakeWechatPay
from bff.tests.fixtures.shopping import checkout_body

HOST = {"X-Site-Host": "shop-a.test"}


@pytest.fixture
def order(api, as_member, store, make_product):
    product = make_product(store, price=Decimal("45.00"), weight=500)
    res = api.post("/api/order/create", as_member, json=checkout_body([(product, 1, None)], "45.00", "10.00"))
    return res.get_json()["order"]


def order_status(order) -> str:
    db.session.expire_all()
    return db.session.get(Order, order["id"]).status


@pytest.fixture(scope="session")
def _wechat_fake():
    fake = FakeWechatPay()
    with LocalServer(fake.mainland()) as mainland, LocalServer(fake.overseas()) as overseas:
        yield fake, mainland.url, overseas.url


@pytest.fixture
def wechat_fake(app, _wechat_fake):
    """The fake WeChat Pay on its two hosts; after each test, nothing it built left the schemas."""
    fake, mainland, overseas = _wechat_fake
    fake.reset()
    # Certificates an earlier test's refresh stored (VAR_DIR/wechatpay/<shop id>) stay with it:
    # where the database gives a shop id again (SQLite), they would verify this test's notices.
    shutil.rmtree(app.config["VAR_DIR"] / "wechatpay", ignore_errors=True)
    app.config["WECHATPAY_GATEWAY_URL"] = mainland
    app.config["WECHATPAY_GLOBAL_GATEWAY_URL"] = overseas
    app.config["WECHAT_OAUTH_URL"] = mainland
    app.config["WECHAT_API_URL"] = mainland
    yield fake
    assert fake.schema_errors == []


def set_provider(store, kind: str, fields: dict, enabled: bool = True):
    from flask import current_app

    keys = current_app.config["PAYMENT_SECRETS_KEY"]
    config = configure(
        db.session, store, None, kind, {**fields, "enabled": enabled}, None, keys, check_keys(store)
    )
    return config


@pytest.fixture
def wechat_shop(store, wechat_fake):
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    return store


@pytest.fixture(scope="session")
def _alipay_fake():
    from bff.tests.fakes.alipay import FakeAlipay

    fake = FakeAlipay()
    with LocalServer(fake) as server:
        yield fake, f"{server.url}/gateway.do"


@pytest.fixture
def alipay_fake(app, _alipay_fake):
    fake, url = _alipay_fake
    fake.trades.clear()
    fake.refunds.clear()
    fake.requests.clear()
    fake.hold_refunds = False
    fake.refuse_refunds = None
    fake.currency = "NZD"
    app.config["ALIPAY_GATEWAY_URL"] = url
    return fake


@pytest.fixture
def alipay_shop(store, alipay_fake):
    set_provider(store, "alipay", alipay_fake.shop_fields())
    return store


@pytest.fixture(scope="session")
def _stripe_fake():
    fake = FakeStripe()
    with LocalServer(fake) as server:
        fake.base = server.url
        yield fake, server.url


@pytest.fixture
def stripe_fake(app, _stripe_fake):
    """The fake Stripe; after each test, nothing we sent or it answered left Stripe's schemas."""
    fake, url = _stripe_fake
    fake.reset()
    app.config["STRIPE_API_BASE"] = url
    yield fake
    assert fake.schema_errors == []


@pytest.fixture
def stripe_shop(store, stripe_fake):
    set_provider(store, "stripe", stripe_fake.shop_fields())
    return store


@pytest.fixture(scope="session")
def _airwallex_fake():
    from bff.tests.fakes.airwallex import FakeAirwallex

    fake = FakeAirwallex()
    with LocalServer(fake) as server:
        fake.base = server.url
        yield fake, server.url


@pytest.fixture
def airwallex_fake(app, _airwallex_fake):
    """The fake Airwallex (WeChat Pay through the acquirer)."""
    fake, url = _airwallex_fake
    fake.reset()
    app.config["AIRWALLEX_API_BASE"] = url
    return fake


@pytest.fixture
def airwallex_shop(store, airwallex_fake):
    set_provider(store, "airwallex", airwallex_fake.shop_fields())
    return store


@pytest.fixture(scope="session")
def _antom_fake():
    from bff.tests.fakes.antom import FakeAntom

    fake = FakeAntom()
    with LocalServer(fake) as server:
        fake.base = server.url
        yield fake, server.url


@pytest.fixture
def antom_fake(app, _antom_fake):
    """The fake Antom (Alipay for overseas merchants)."""
    fake, url = _antom_fake
    fake.reset()
    app.config["ANTOM_GATEWAY_URL"] = url
    return fake


@pytest.fixture
def antom_shop(store, antom_fake):
    set_provider(store, "antom", antom_fake.shop_fields())
    return store
