"""Sign in with WeChat against the fake WeChat (bff/tests/fakes/wechat_api.py): inside WeChat by
the official account's web authorisation, elsewhere by the website application's QR login, both
landing on one member through the unionid; the state bound to the browser by a cookie; a new
shopper made a member with their nickname and no email or password; an existing member binding
with their password once; binding and unbinding in the personal centre."""

from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from flask.testing import FlaskClient

from bff.accounts import outbox
from bff.accounts.models import User
from bff.accounts.passwords import Passwords
from bff.accounts.services import RESET_MAIL
from bff.extensions import db
from bff.tests.helpers import SHOP_A, assert_error
from bff.wechat.models import WechatOpenid


@pytest.fixture
def signin_shop(app, wechat_shop, wechat_api):
    app.config["WECHAT_OAUTH_URL"] = app.config["WECHAT_API_URL"]
    wechat_api.oauth_domains.add("shop-a.test")  # the shop's 网页授权域名 / 授权回调域
    return wechat_shop


@pytest.fixture
def browser(app) -> FlaskClient:
    return app.test_client()


def _start(client, mode="official", headers=SHOP_A, **extra):
    res = client.post("/api/wechat/signin/start", headers=headers, json={"mode": mode, **extra})
    assert res.status_code == 200, res.data
    return res.get_json()["url"]


def _consent(url) -> dict:
    """The shopper at WeChat: consents (or scans the QR code and confirms on the phone)."""
    res = requests.get(url, allow_redirects=False, timeout=10)
    if res.status_code == 302:
        back = res.headers["Location"]
    else:  # the QR page
        back = res.text.split("href='")[1].split("'")[0].replace("&amp;", "&")
    assert urlsplit(back).path == "/wechat-signin"
    query = parse_qs(urlsplit(back).query)
    return {"code": query["code"][0], "state": query["state"][0]}


def _finish(client, back, headers=SHOP_A):
    return client.post("/api/wechat/signin/finish", headers=headers, json=back)


def _signed_in(client, res) -> User:
    assert res.status_code == 200, res.data
    token = res.get_json()["data"]["token"]
    status = client.get("/api/check-login-status", headers={**SHOP_A, "Authorization": f"Bearer {token}"})
    assert status.get_json()["data"]["isLoggedIn"] is True
    return db.session.get(User, status.get_json()["data"]["user"]["id"])


def _new_member(browser, mode="official") -> User:
    url = _start(browser, mode)
    finished = _finish(browser, _consent(url)).get_json()
    assert finished["status"] == "new"
    return _signed_in(
        browser,
        browser.post("/api/wechat/signin/register", headers=SHOP_A, json={"ticket": finished["ticket"]}),
    )


def test_a_new_shopper_inside_wechat_becomes_a_member_with_their_nickname_and_no_email(
    browser, signin_shop, wechat_api
):
    url = _start(browser, redirect="/cart")
    query = parse_qs(urlsplit(url).query)
    assert urlsplit(url).path == "/connect/oauth2/authorize" and url.endswith("#wechat_redirect")
    assert query["appid"] == [wechat_api.appid] and query["scope"] == ["snsapi_userinfo"]
    assert query["redirect_uri"] == ["http://shop-a.test/wechat-signin"]
    assert len(query["state"][0]) == 32 and query["state"][0].isalnum()
    finished = _finish(browser, _consent(url)).get_json()
    assert finished["status"] == "new" and finished["nickname"] == "新西兰蜂蜜爱好者"
    assert finished["redirect"] == "/cart"
    member = _signed_in(
        browser,
        browser.post("/api/wechat/signin/register", headers=SHOP_A, json={"ticket": finished["ticket"]}),
    )
    assert (member.name, member.email, member.password_hash) == ("新西兰蜂蜜爱好者", None, "")
    link = db.session.query(WechatOpenid).one()
    assert (link.user_id, link.appid, link.openid, link.unionid) == (
        member.id,
        wechat_api.appid,
        wechat_api.shopper.openids[wechat_api.appid],
        wechat_api.shopper.unionid,
    )
    # The ticket again (a second tap) is the same member, not another.
    again = browser.post("/api/wechat/signin/register", headers=SHOP_A, json={"ticket": finished["ticket"]})
    assert _signed_in(browser, again).id == member.id
    assert db.session.query(User).count() == 1


def test_the_desktop_qr_login_finds_the_same_member_by_the_unionid(browser, app, signin_shop, wechat_api):
    member = _new_member(browser)
    desktop = app.test_client()
    url = _start(desktop, "website")
    query = parse_qs(urlsplit(url).query)
    assert urlsplit(url).path == "/connect/qrconnect"
    assert query["appid"] == [wechat_api.web_appid] and query["scope"] == ["snsapi_login"]
    res = _finish(desktop, _consent(url))
    assert res.get_json()["status"] == "signed_in"
    assert _signed_in(desktop, res).id == member.id
    rows = db.session.query(WechatOpenid).filter_by(user_id=member.id).all()
    assert {row.appid for row in rows} == {wechat_api.appid, wechat_api.web_appid}
    assert {row.unionid for row in rows} == {wechat_api.shopper.unionid}


def test_without_a_unionid_the_member_is_found_by_that_apps_openid(
    browser, signin_shop, wechat_api, make_user, store
):
    member = make_user(store, "old@example.com")
    db.session.add(
        WechatOpenid(
            shop_id=store.id,
            user_id=member.id,
            appid=wechat_api.appid,
            openid=wechat_api.shopper.openid(wechat_api.appid),
        )
    )
    db.session.commit()
    res = _finish(browser, _consent(_start(browser)))
    assert _signed_in(browser, res).id == member.id
    assert db.session.query(WechatOpenid).one().unionid == wechat_api.shopper.unionid  # kept from now on


def test_the_state_must_be_this_browsers_and_the_code_good_once(browser, app, signin_shop):
    url = _start(browser)
    back = _consent(url)
    # Another browser (a code fetched by someone else and planted here): no cookie for it.
    assert_error(_finish(app.test_client(), back), 400, "wechat_signin_state_invalid")
    assert_error(_finish(browser, {**back, "state": "0" * 32}), 400, "wechat_signin_state_invalid")
    assert_error(_finish(browser, back, headers={"X-Site-Host": "shop-b.test"}), 404)
    assert _finish(browser, back).get_json()["status"] == "new"
    # The cookie is spent; a new round trip with the old code: WeChat says it was used.
    assert_error(_finish(browser, back), 400, "wechat_signin_state_invalid")
    fresh = _consent(_start(browser))
    assert_error(_finish(browser, {**back, "state": fresh["state"]}), 400, "wechat_code_invalid")


def test_a_browser_that_signed_in_before_goes_silently_and_a_stranger_is_asked_to_consent(
    browser, signin_shop, wechat_api
):
    member = _new_member(browser)
    url = _start(browser)
    assert parse_qs(urlsplit(url).query)["scope"] == ["snsapi_base"]
    assert _signed_in(browser, _finish(browser, _consent(url))).id == member.id
    # Someone else's WeChat on this browser: the silent round trip finds no one, so consent.
    requests.post(f"{wechat_api_url(browser)}/_fake/new-shopper?nickname=Kiri", timeout=5)
    retry = _finish(browser, _consent(_start(browser))).get_json()
    assert retry["status"] == "retry"
    assert parse_qs(urlsplit(retry["url"]).query)["scope"] == ["snsapi_userinfo"]
    finished = _finish(browser, _consent(retry["url"])).get_json()
    assert (finished["status"], finished["nickname"]) == ("new", "Kiri")


def wechat_api_url(client) -> str:
    return client.application.config["WECHAT_API_URL"]


def test_an_existing_member_signs_in_with_the_password_once_and_then_binds(
    browser, app, signin_shop, make_user, store
):
    member = make_user(store, "kiri@example.com", password="kiwi2026x")
    finished = _finish(browser, _consent(_start(browser))).get_json()
    wrong = {"ticket": finished["ticket"], "email": "kiri@example.com", "password": "nope1234"}
    assert_error(
        browser.post("/api/wechat/signin/bind-existing", headers=SHOP_A, json=wrong),
        400,
        "invalid_credentials",
    )
    right = {**wrong, "password": "kiwi2026x"}
    bound = browser.post("/api/wechat/signin/bind-existing", headers=SHOP_A, json=right)
    assert _signed_in(browser, bound).id == member.id
    # From now on WeChat alone signs them in.
    phone = app.test_client()
    assert _signed_in(phone, _finish(phone, _consent(_start(phone)))).id == member.id
    forged = {**right, "ticket": finished["ticket"][:-2] + "xx"}
    assert_error(
        browser.post("/api/wechat/signin/bind-existing", headers=SHOP_A, json=forged),
        400,
        "wechat_ticket_invalid",
    )


def test_a_member_binds_and_unbinds_wechat_in_the_personal_centre(
    browser, app, signin_shop, make_user, store, auth_headers, wechat_api
):
    member = make_user(store, "bind@example.com")
    headers = auth_headers(member)
    assert browser.get("/api/wechat/binding", headers=headers).get_json()["bound"] is False
    assert_error(
        browser.post(
            "/api/wechat/signin/start", headers=SHOP_A, json={"mode": "official", "purpose": "bind"}
        ),
        401,
    )
    url = _start(browser, headers=headers, purpose="bind", redirect="/user-profile")
    assert parse_qs(urlsplit(url).query)["scope"] == ["snsapi_userinfo"]
    back = _consent(url)
    # Only the member who started it may finish it.
    assert_error(_finish(browser, back), 400, "wechat_signin_state_invalid")
    url = _start(browser, headers=headers, purpose="bind")
    res = _finish(browser, _consent(url), headers=headers)
    assert res.get_json()["status"] == "bound"
    assert browser.get("/api/wechat/binding", headers=headers).get_json() == {
        "bound": True,
        "can_unbind": True,
    }
    # Another member cannot take the same WeChat.
    other = make_user(store, "other@example.com")
    url = _start(browser, headers=auth_headers(other), purpose="bind")
    assert_error(_finish(browser, _consent(url), headers=auth_headers(other)), 409, "wechat_bound_elsewhere")
    res = browser.delete("/api/wechat/binding", headers=headers)
    assert res.get_json()["bound"] is False
    assert db.session.query(WechatOpenid).filter_by(user_id=member.id).count() == 0


def test_a_member_with_only_wechat_cannot_unbind_it(browser, signin_shop, auth_headers):
    member = _new_member(browser)
    assert browser.get("/api/wechat/binding", headers=auth_headers(member)).get_json()["can_unbind"] is False
    assert_error(
        browser.delete("/api/wechat/binding", headers=auth_headers(member)),
        409,
        "wechat_unbind_needs_password",
    )


def test_a_shop_without_the_app_says_so(browser, store):
    res = browser.post("/api/wechat/signin/start", headers=SHOP_A, json={"mode": "website"})
    assert_error(res, 409, "wechat_signin_unavailable")
    assert browser.get("/api/wechat/signin/options", headers=SHOP_A).get_json() == {
        "official": False,
        "website": False,
    }


def test_a_redirect_elsewhere_becomes_the_home_page(browser, signin_shop):
    finished = _finish(browser, _consent(_start(browser, redirect="//evil.test/x"))).get_json()
    assert finished["redirect"] == "/"


def test_a_member_without_email_gets_no_mail_and_no_password_matches(app, browser, signin_shop):
    member = _new_member(browser)
    row = outbox.enqueue(
        db.session,
        shop_id=member.shop_id,
        user_id=member.id,
        kind=RESET_MAIL,
        token="t",
        origin="http://shop-a.test",
        minutes="30",
    )
    db.session.commit()  # the outbox sends it at once (inline in the tests)
    db.session.refresh(row)
    assert (row.state, row.error) == (outbox.MailState.SKIPPED, "")
    passwords = Passwords.from_config(app.config)
    assert not passwords.verify(member.password_hash, "not-a-real-password")


def test_a_bad_body_is_a_field_error_in_the_shops_language(browser, signin_shop):
    res = browser.post("/api/wechat/signin/bind-existing", headers=SHOP_A, json={"ticket": "t", "email": "x"})
    body = assert_error(res, 422, "validation_error")
    assert body["errors"]["email"] == ["请输入有效的电子邮件地址"] and "password" in body["errors"]
    assert_error(
        browser.post("/api/wechat/signin/finish", headers=SHOP_A, json={"code": "a b", "state": "x"}), 422
    )
