"""Share cards: the JS-SDK signature (WeChat's own known answer), the configuration a page of the
shop gets, and the official account's token and ticket cached per shop until shortly before they
expire, refreshed by one process at a time, a refused token refreshed once."""

import threading
import time

import pytest
import requests

from bff.extensions import db
from bff.tests.helpers import SHOP_A, assert_error
from bff.tests.wechat.conftest import set_wechat
from bff.wechat import services, tokens
from bff.wechat.api import WechatError, fetch_access_token

# JS-SDK 说明文档, 附录1-JS-SDK使用权限签名算法 (https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html):
# the example's ticket, noncestr and timestamp, the page's url and the signature it gives. Earlier
# revisions of the page signed url=http://mp.weixin.qq.com (as its copies, e.g. cnblogs.com/txw1958's
# "微信JS SDK使用权限签名算法", still show): both answers are WeChat's.
DOC_TICKET = "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg"
DOC_NONCE = "Wm3WZYTPz0wzccnW"
DOC_TIMESTAMP = 1414587457


def test_the_signature_is_the_one_of_wechats_own_example():
    assert (
        services.js_signature(DOC_TICKET, DOC_NONCE, DOC_TIMESTAMP, "http://mp.weixin.qq.com?params=value")
        == "0f9de62fce790f9a083d5c99e95740ceb90c27ed"
    )
    assert (
        services.js_signature(DOC_TICKET, DOC_NONCE, DOC_TIMESTAMP, "http://mp.weixin.qq.com")
        == "f4d90daf4b3bca3078ab155816175ba34c443a7b"
    )


def _config(client, url, headers=SHOP_A):
    return client.get("/api/wechat/js-config", query_string={"url": url}, headers=headers)


def test_a_page_gets_a_config_wechat_accepts_without_the_fragment(
    client, wechat_shop, wechat_api, token_cache
):
    res = _config(client, "http://shop-a.test/product/7?from=singlemessage#top")
    assert res.status_code == 200, res.data
    config = res.get_json()["config"]
    assert config["appId"] == wechat_api.appid
    assert abs(config["timestamp"] - time.time()) < 60  # WeChat's clock, not the cache's
    assert config["jsApiList"] == ["updateAppMessageShareData", "updateTimelineShareData"]
    page = "http://shop-a.test/product/7?from=singlemessage"
    assert wechat_api.signature_ok(page, config["nonceStr"], config["timestamp"], config["signature"])
    assert not wechat_api.signature_ok(
        page + "#top", config["nonceStr"], config["timestamp"], config["signature"]
    )


def test_the_token_and_ticket_are_fetched_once_and_kept_until_five_minutes_before_expiry(
    client, wechat_shop, wechat_api, token_cache, clock
):
    for _ in range(3):
        assert _config(client, "http://shop-a.test/").status_code == 200
    assert wechat_api.calls == ["/cgi-bin/token", "/cgi-bin/ticket/getticket"]
    clock.now += 7200 - tokens.REFRESH_BEFORE - 1  # still inside: kept
    assert _config(client, "http://shop-a.test/").status_code == 200
    assert len(wechat_api.calls) == 2
    clock.now += 2  # under five minutes left: both fetched anew, the old token still working
    assert _config(client, "http://shop-a.test/").status_code == 200
    assert wechat_api.calls[2:] == ["/cgi-bin/token", "/cgi-bin/ticket/getticket"]


def _ticket_due(token_cache, shop, appid):
    token_cache.store.write(db.session, shop.id, appid, "jsapi_ticket", tokens.Cached("old", 0))


def test_a_refused_token_is_refreshed_once_and_the_call_retried(client, wechat_shop, wechat_api, token_cache):
    assert _config(client, "http://shop-a.test/").status_code == 200
    wechat_api.revoke_tokens()  # the AppSecret was reset, or another server fetched a token
    _ticket_due(token_cache, wechat_shop, wechat_api.appid)  # fetched with the cached token: refused
    res = _config(client, "http://shop-a.test/")
    assert res.status_code == 200, res.data
    assert wechat_api.calls[2:] == [
        "/cgi-bin/ticket/getticket",
        "/cgi-bin/token",
        "/cgi-bin/ticket/getticket",
    ]
    config = res.get_json()["config"]
    assert wechat_api.signature_ok(
        "http://shop-a.test/", config["nonceStr"], config["timestamp"], config["signature"]
    )


def test_a_token_refused_twice_is_not_tried_a_third_time(client, wechat_shop, wechat_api, token_cache):
    assert _config(client, "http://shop-a.test/").status_code == 200
    _ticket_due(token_cache, wechat_shop, wechat_api.appid)
    original = wechat_api._ticket
    wechat_api._ticket = lambda _args: wechat_api._error(40001, "invalid credential")
    try:
        assert_error(_config(client, "http://shop-a.test/"), 503, "wechat_unavailable")
    finally:
        wechat_api._ticket = original
    assert wechat_api.calls[2:] == [
        "/cgi-bin/ticket/getticket",
        "/cgi-bin/token",
        "/cgi-bin/ticket/getticket",
    ]


def test_one_process_refreshes_while_the_others_wait_for_its_value(app, wechat_shop, wechat_api, token_cache):
    """The lock is held by another process (a gunicorn worker on another machine): this one
    fetches nothing, and takes the value that process stores."""
    store, shop_id, appid = token_cache.store, wechat_shop.id, wechat_api.appid
    lock = store.try_lock(db.session, shop_id, appid, "access_token", token_cache._clock())
    assert lock is not None
    assert store.try_lock(db.session, shop_id, appid, "access_token", token_cache._clock()) is None
    waited = []

    def sleep(_seconds):
        if not waited:  # the other process finishes while this one waits
            store.write(db.session, shop_id, appid, "access_token", tokens.Cached("from-the-other", 2e9))
            store.unlock(db.session, shop_id, appid, "access_token", lock)
        waited.append(_seconds)

    token_cache._sleep = sleep
    got = token_cache.get(db.session, shop_id, appid, "access_token", lambda: pytest.fail("fetched twice"))
    assert got == "from-the-other" and len(waited) == 1
    assert wechat_api.calls == []


def test_many_threads_at_once_fetch_one_token(app, wechat_shop, wechat_api, token_cache):
    from bff.wechat.settings import official_account

    keys = app.config["PAYMENT_SECRETS_KEY"]
    api_base = app.config["WECHAT_API_URL"]
    token_cache._sleep = lambda s: threading.Event().wait(0.01)
    got, errors = [], []

    def worker():
        with app.app_context():
            try:
                account = official_account(db.session, wechat_shop_in(db.session), keys)
                got.append(
                    services.access_token(
                        db.session, wechat_shop_in(db.session), account, api_base, token_cache
                    )
                )
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(exc)
            finally:
                db.session.remove()

    shop_id = wechat_shop.id

    def wechat_shop_in(session):
        from bff.shops.models import Shop

        return session.get(Shop, shop_id)

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(set(got)) == 1 and len(got) == 6
    assert wechat_api.calls == ["/cgi-bin/token"]


def test_a_page_of_another_site_or_a_shop_without_an_official_account_gets_no_config(
    client, store, store_b, wechat_api, token_cache
):
    quiet = _config(client, "http://shop-a.test/")
    assert quiet.status_code == 200 and quiet.get_json() == {"config": None}
    set_wechat(store, wechat_api.shop_fields())
    for url in ("http://shop-b.test/", "https://evil.test/shop-a.test", "http://shop-a.test.evil.test/"):
        assert_error(_config(client, url), 422, "wechat_url_not_ours")
    for url in ("javascript:alert(1)", "shop-a.test/"):
        assert_error(_config(client, url), 422, "validation_error")
    assert wechat_api.calls == []


def test_the_fake_refuses_what_wechat_refuses(wechat_api, app):
    base = app.config["WECHAT_API_URL"]
    with pytest.raises(WechatError) as wrong_secret:
        fetch_access_token(base, wechat_api.appid, "not-the-secret")
    assert wrong_secret.value.errcode == 40001
    with pytest.raises(WechatError) as wrong_app:
        fetch_access_token(base, "wx0000000000000000", wechat_api.secret)
    assert wrong_app.value.errcode == 40013
    grant = {"grant_type": "password", "appid": wechat_api.appid, "secret": wechat_api.secret}
    assert requests.get(f"{base}/cgi-bin/token", params=grant, timeout=5).json()["errcode"] == 40002
    token = fetch_access_token(base, wechat_api.appid, wechat_api.secret).value
    card = {"access_token": token, "type": "card"}
    assert requests.get(f"{base}/cgi-bin/ticket/getticket", params=card, timeout=5).json()["errcode"] == 40097
    assert requests.post(f"{base}/cgi-bin/token", data=grant, timeout=5).status_code == 405
    # A new token leaves the last one working for five minutes only.
    newer = fetch_access_token(base, wechat_api.appid, wechat_api.secret).value
    wechat_api.clock.now += 301
    ticket = {"access_token": token, "type": "jsapi"}
    assert (
        requests.get(f"{base}/cgi-bin/ticket/getticket", params=ticket, timeout=5).json()["errcode"] == 42001
    )
    ticket["access_token"] = newer
    assert requests.get(f"{base}/cgi-bin/ticket/getticket", params=ticket, timeout=5).json()["errcode"] == 0


def test_redis_out_of_reach_is_wechat_unavailable_not_a_crash(app, client, wechat_shop, wechat_api):
    keys = app.config["PAYMENT_SECRETS_KEY"]
    cache = tokens.CredentialCache(tokens.RedisStore("redis://127.0.0.1:1/0", keys, "test:wechat:gone"))
    saved = app.extensions[tokens._EXTENSION]
    app.extensions[tokens._EXTENSION] = cache
    try:
        assert_error(_config(client, "http://shop-a.test/"), 503, "wechat_unavailable")
    finally:
        app.extensions[tokens._EXTENSION] = saved
    assert wechat_api.calls == []
