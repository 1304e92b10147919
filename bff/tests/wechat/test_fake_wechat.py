"""The fake WeChat (bff/tests/fakes/wechat_api.py) holds to what WeChat's pages say of web
authorisation, QR login, user info and template messages, so a client built against it meets
the real one's rules: codes good once and for five (web) or ten (QR) minutes, the scope that
user info needs, the parameters each page names."""

from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from bff.wechat.api import fetch_access_token

STATE = "a1B2c3"


@pytest.fixture
def base(app, wechat_api):
    return app.config["WECHAT_API_URL"]


def _authorise(base, appid, scope="snsapi_userinfo", path="/connect/oauth2/authorize", **extra):
    params = {
        "appid": appid,
        "redirect_uri": "http://127.0.0.1:3000/wechat-sign-in?next=/cart",
        "response_type": "code",
        "scope": scope,
        "state": STATE,
        **extra,
    }
    return requests.get(f"{base}{path}", params=params, allow_redirects=False, timeout=5)


def _code(res) -> dict:
    back = urlsplit(res.headers["Location"])
    assert back.path == "/wechat-sign-in"
    query = parse_qs(back.query)
    assert query["next"] == ["/cart"] and query["state"] == [STATE]
    return query["code"][0]


def _exchange(base, appid, secret, code, grant_type="authorization_code"):
    params = {"appid": appid, "secret": secret, "code": code, "grant_type": grant_type}
    return requests.get(f"{base}/sns/oauth2/access_token", params=params, timeout=5).json()


def test_a_web_code_gives_the_openid_unionid_and_user_info_once(base, wechat_api):
    code = _code(_authorise(base, wechat_api.appid))
    token = _exchange(base, wechat_api.appid, wechat_api.secret, code)
    assert token["scope"] == "snsapi_userinfo" and token["unionid"] == wechat_api.shopper.unionid
    info = requests.get(
        f"{base}/sns/userinfo",
        params={"access_token": token["access_token"], "openid": token["openid"], "lang": "zh_CN"},
        timeout=5,
    ).json()
    assert info["nickname"] == "新西兰蜂蜜爱好者" and info["openid"] == token["openid"]
    assert _exchange(base, wechat_api.appid, wechat_api.secret, code)["errcode"] == 40163  # good once


def test_a_web_code_lasts_five_minutes_and_a_qr_code_ten(base, wechat_api, clock):
    web = _code(_authorise(base, wechat_api.appid))
    clock.now += 301
    assert _exchange(base, wechat_api.appid, wechat_api.secret, web)["errcode"] == 40029
    page = _authorise(base, wechat_api.web_appid, scope="snsapi_login", path="/connect/qrconnect")
    assert page.status_code == 200 and "wechat-qr-confirm" in page.text
    link = page.text.split("href='")[1].split("'")[0].replace("&amp;", "&")
    qr = parse_qs(urlsplit(link).query)["code"][0]
    clock.now += 599
    token = _exchange(base, wechat_api.web_appid, wechat_api.web_secret, qr)
    # Another app of the same open-platform account: another openid, the same unionid.
    assert token["unionid"] == wechat_api.shopper.unionid
    assert (
        token["openid"]
        == wechat_api.shopper.openids[wechat_api.web_appid]
        != wechat_api.shopper.openids.get(wechat_api.appid)
    )


def test_what_the_pages_refuse_is_refused(base, wechat_api):
    assert _authorise(base, wechat_api.appid, scope="snsapi_login").status_code == 400
    assert _authorise(base, wechat_api.web_appid).status_code == 400  # a website app has no web auth
    assert _authorise(base, wechat_api.appid, state="has space").status_code == 400
    assert _authorise(base, wechat_api.appid, response_type="token").status_code == 400
    assert _authorise(base, wechat_api.appid, redirect_uri="https://evil.test/cb").status_code == 400
    code = _code(_authorise(base, wechat_api.appid, scope="snsapi_base"))
    assert _exchange(base, wechat_api.appid, "wrong", code)["errcode"] == 40125
    assert _exchange(base, wechat_api.appid, wechat_api.secret, code, "client_credential")["errcode"] == 40002
    assert (
        _exchange(base, wechat_api.web_appid, wechat_api.web_secret, code)["errcode"] == 40029
    )  # another app's
    token = _exchange(base, wechat_api.appid, wechat_api.secret, code)
    info = requests.get(
        f"{base}/sns/userinfo",
        params={"access_token": token["access_token"], "openid": token["openid"]},
        timeout=5,
    ).json()
    assert info["errcode"] == 48001  # snsapi_base gives no user info


def test_template_messages_go_to_followers_with_a_known_template(base, wechat_api):
    openid = wechat_api.shopper.openid(wechat_api.appid)
    token = fetch_access_token(base, wechat_api.appid, wechat_api.secret).value
    url = f"{base}/cgi-bin/message/template/send?access_token={token}"
    body = {
        "touser": openid,
        "template_id": "TPL_order_paid",
        "url": "https://s.test/o/1",
        "data": {"k": {"value": "v"}},
    }
    assert requests.post(url, json=body, timeout=5).json()["errcode"] == 0
    assert wechat_api.sent[0]["data"] == {"k": {"value": "v"}}
    assert requests.post(url, json={**body, "template_id": "nope"}, timeout=5).json()["errcode"] == 40037
    assert requests.post(url, json={**body, "touser": "o-someone"}, timeout=5).json()["errcode"] == 40003
    assert requests.post(url, json={**body, "data": {"k": "v"}}, timeout=5).json()["errcode"] == 47001
    wechat_api.shopper.follows = False
    assert requests.post(url, json=body, timeout=5).json()["errcode"] == 43004
    assert (
        requests.post(f"{base}/cgi-bin/message/template/send?access_token=x", json=body, timeout=5).json()[
            "errcode"
        ]
        == 40001
    )
    assert requests.get(url, timeout=5).status_code == 405


def test_template_values_keep_to_their_keyword_types(base, wechat_api):
    openid = wechat_api.shopper.openid(wechat_api.appid)
    token = fetch_access_token(base, wechat_api.appid, wechat_api.secret).value
    url = f"{base}/cgi-bin/message/template/send?access_token={token}"
    good = {
        "character_string1": {"value": "NZ20261126-0001"},
        "thing2": {"value": "新西兰邮政 NZ Post"},
        "character_string3": {"value": "LX123456789NZ"},
        "time4": {"value": "2026年11月26日 21:48"},
        "phrase5": {"value": "已发货"},
    }
    body = {"touser": openid, "template_id": "TPL_order_shipped", "data": good}
    assert requests.post(url, json=body, timeout=5).json()["errcode"] == 0  # url is optional
    for key, value in [
        ("thing2", "一" * 21),
        ("character_string1", "订单123"),
        ("character_string3", "x" * 33),
        ("phrase5", "shipped"),
        ("phrase5", "已经发货了啊"),
        ("time4", "yesterday"),
    ]:
        answer = requests.post(url, json={**body, "data": {**good, key: {"value": value}}}, timeout=5).json()
        assert (answer["errcode"], f"data.{key}.value" in answer["errmsg"]) == (47003, True), value
    paid = {"touser": openid, "template_id": "TPL_order_paid", "data": {"amount2": {"value": "¥86.5"}}}
    assert requests.post(url, json=paid, timeout=5).json()["errcode"] == 0
    paid["data"]["amount2"]["value"] = "NZ$12.30"
    assert requests.post(url, json=paid, timeout=5).json()["errcode"] == 47003
    assert requests.post(url, json={**body, "url": 5}, timeout=5).json()["errcode"] == 47001
    assert requests.post(url, json={"touser": openid, "data": good}, timeout=5).json()["errcode"] == 47001
