"""WeChat sign-in (snsapi_base) for JSAPI: the round trip through the fake's OAuth, the state
checked (member, order, age), the openid kept on the member and used to pay."""

import time
from urllib.parse import parse_qs, urlsplit

import requests

from bff.extensions import db
from bff.payments import wechat_login
from bff.tests.helpers import assert_error
from bff.tests.payments.conftest import set_provider
from bff.tests.payments.test_wechat_pay import IN_WECHAT, _pay
from bff.wechat.models import WechatOpenid


def _sign_in(api, headers, order):
    res = api.post("/api/payment/wechat/authorize", headers, data={"order_number": order["order_number"]})
    assert res.status_code == 200, res.data
    url = res.get_json()["url"]
    # The browser goes to WeChat, which comes straight back (snsapi_base asks nothing).
    back = requests.get(url, allow_redirects=False, timeout=10).headers["Location"]
    return url, parse_qs(urlsplit(back).query), back


def test_the_round_trip_keeps_the_openid_and_jsapi_pays_with_it(
    api, as_member, member, order, wechat_shop, wechat_fake
):
    assert_error(_pay(api, as_member, order, agent=IN_WECHAT), 409, "wechat_login_required")
    url, back, location = _sign_in(api, as_member, order)
    query = parse_qs(urlsplit(url).query)
    assert query["scope"] == ["snsapi_base"] and query["appid"] == [wechat_fake.appid]
    assert query["redirect_uri"] == [f"http://shop-a.test/wechat-callback?order={order['order_number']}"]
    assert location.startswith(f"http://shop-a.test/wechat-callback?order={order['order_number']}&code=")
    body = {"order_number": back["order"][0], "code": back["code"][0], "state": back["state"][0]}
    res = api.post("/api/payment/wechat/openid", as_member, data=body)
    assert res.get_json() == {"order_number": order["order_number"]}
    kept = db.session.query(WechatOpenid).one()
    assert (kept.user_id, kept.appid, kept.openid) == (member.id, wechat_fake.appid, wechat_fake.openid)
    start = _pay(api, as_member, order, agent=IN_WECHAT).get_json()
    assert start["flow"] == "jsapi"
    assert wechat_fake.transactions[order["order_number"] + "-J"].payer == {"openid": wechat_fake.openid}
    # A code is good once.
    assert_error(api.post("/api/payment/wechat/openid", as_member, data=body), 502, "provider_failed")


def test_a_state_of_another_member_order_or_time_is_refused(
    app, api, as_member, other_member, auth_headers, order, store, wechat_shop
):
    _, back, _ = _sign_in(api, as_member, order)
    body = {"order_number": order["order_number"], "code": back["code"][0], "state": back["state"][0]}
    # Another member of the shop cannot use it (and cannot see the order either).
    assert api.post("/api/payment/wechat/openid", auth_headers(other_member), data=body).status_code == 404
    forged = {**body, "state": back["state"][0][:-1] + ("0" if back["state"][0][-1] != "0" else "1")}
    assert_error(api.post("/api/payment/wechat/openid", as_member, data=forged), 400, "wechat_state_invalid")
    secret = app.config["SECRET_KEY"]
    old = wechat_login.make_state(secret, store.id, 1, order["order_number"], now=time.time() - 3600)
    assert not wechat_login.state_ok(secret, old, store.id, 1, order["order_number"])
    assert db.session.query(WechatOpenid).count() == 0


def test_without_the_official_accounts_secret_wechat_sign_in_is_unavailable(
    api, as_member, order, store, wechat_fake, session
):
    fields = {**wechat_fake.shop_fields(), "app_secret": ""}
    set_provider(store, "wechat_pay", fields)
    res = api.post("/api/payment/wechat/authorize", as_member, data={"order_number": order["order_number"]})
    assert_error(res, 409, "wechat_login_unavailable")
