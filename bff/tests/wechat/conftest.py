"""WeChat fixtures: the fake WeChat API on loopback, a shop with its official account entered,
and the token cache on a clock the test moves."""

import secrets

import pytest
from flask import current_app

from bff.extensions import db
from bff.tests.fakes.server import LocalServer
from bff.tests.fakes.wechat_api import DEFAULT_TEMPLATES, FakeWechatApi, Shopper
from bff.wechat import tokens
from bff.wechat.settings import configure

REDIS_URL = "redis://127.0.0.1:6379/11"


class Clock:
    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture(scope="session")
def _wechat_api():
    fake = FakeWechatApi()
    with LocalServer(fake) as server:
        yield fake, server.url


@pytest.fixture
def wechat_api(app, _wechat_api, clock):
    fake, url = _wechat_api
    fake.tokens.clear()
    fake.tickets.clear()
    fake.calls.clear()
    fake.codes.clear()
    fake.sns_tokens.clear()
    fake.sent.clear()
    fake.templates = dict(DEFAULT_TEMPLATES)
    fake.others = []
    fake.shopper = Shopper("新西兰蜂蜜爱好者", "u" + secrets.token_hex(10))
    fake.clock = clock
    app.config["WECHAT_API_URL"] = url
    return fake


@pytest.fixture(params=["database", "redis"])
def token_cache(request, app, clock):
    """The app's token cache on the test's clock: in the database, or in Redis."""
    keys = app.config["PAYMENT_SECRETS_KEY"]
    if request.param == "database":
        store = tokens.DatabaseStore(keys)
    else:
        store = tokens.RedisStore(REDIS_URL, keys, f"test:wechat:{secrets.token_hex(4)}")
    cache = tokens.CredentialCache(store, clock=clock, sleep=lambda _s: None)
    saved = app.extensions[tokens._EXTENSION]
    app.extensions[tokens._EXTENSION] = cache
    yield cache
    app.extensions[tokens._EXTENSION] = saved


def set_wechat(shop, fields: dict):
    keys = current_app.config["PAYMENT_SECRETS_KEY"]
    from bff.wechat.settings import get_settings

    row = get_settings(db.session, shop)
    return configure(db.session, shop, None, fields, {row.version} if row else None, keys)


@pytest.fixture
def wechat_shop(store, wechat_api):
    set_wechat(store, wechat_api.shop_fields())
    return store
