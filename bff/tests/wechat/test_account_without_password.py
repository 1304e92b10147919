"""A member who signed up with WeChat (no email, no password) manages their own account (issue
26): adds an email (and a password, if they like) in the personal centre, and deletes the
account, each confirmed by a WeChat sign-in of the last ten minutes, since they have no password
to type (bff/accounts/services.py `add_email`, `fresh_wechat_signin_until`;
bff/privacy/services.py `delete_account`). Members with a password keep confirming with it."""

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from bff.accounts import services
from bff.accounts.auth import issue_token
from bff.accounts.models import PasswordResetToken, User, UserSession
from bff.accounts.outbox import OutboxMail
from bff.accounts.passwords import Passwords
from bff.accounts.services import FRESH_SIGNIN, SignInMethod, fresh_wechat_signin_until, open_session
from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.extensions import db
from bff.tests.helpers import SHOP_A, assert_error
from bff.tests.wechat.conftest import set_wechat
from bff.tests.wechat.test_signin import (  # noqa: F401 - fixtures and steps of the sign-in tests
    _consent,
    _finish,
    _new_member,
    _signed_in,
    _start,
    browser,
    signin_shop,
)
from bff.wechat.models import WechatOpenid

EMAIL_URL = "/api/account/email"
DELETE_URL = "/api/account/delete"
CONFIRMATION_URL = "/api/account/confirmation"


@pytest.fixture
def session_of(app):
    """Headers of a session of `user` begun `ago` by `method` (the WeChat sign-in by default)."""

    def build(user: User, method: str = SignInMethod.WECHAT, ago: timedelta = timedelta(0)) -> dict:
        opened = open_session(db.session, user, app.config["SESSION_LIFETIME"], method)
        opened.session.created_at = utcnow() - ago
        db.session.commit()
        return {**SHOP_A, "Authorization": f"Bearer {issue_token(opened.session)}"}

    return build


@pytest.fixture
def wechat_member(store):
    """A member as WeChat sign-in makes them: a nickname, no email, no password."""
    user = User(shop_id=store.id, email=None, name="微信小蜜蜂", password_hash="")
    db.session.add(user)
    db.session.commit()
    return user


def _token_of(res) -> dict:
    return {**SHOP_A, "Authorization": f"Bearer {res.get_json()['data']['token']}"}


# How a change is confirmed -------------------------------------------------------------------


def test_the_sign_in_methods_are_kept_on_the_session(browser, signin_shop, make_user, store):  # noqa: F811
    member = _new_member(browser)
    [row] = db.session.scalars(select(UserSession).where(UserSession.user_id == member.id))
    assert row.signed_in_with == "wechat"
    make_user(store, "pw@example.com", password="kiwi2026x")
    res = browser.post(
        "/api/auth/login", headers=SHOP_A, json={"email": "pw@example.com", "password": "kiwi2026x"}
    )
    sid = db.session.scalars(select(UserSession).where(UserSession.user_id != member.id)).one()
    assert res.status_code == 200 and sid.signed_in_with == "password"


def test_a_wechat_sign_in_confirms_for_ten_minutes_and_no_other_session_does(wechat_member, session_of):
    now = utcnow()

    def row(method, ago):
        return UserSession(signed_in_with=method, created_at=now - ago)

    assert fresh_wechat_signin_until(row("wechat", timedelta(0)), now) == now + FRESH_SIGNIN
    assert fresh_wechat_signin_until(row("wechat", timedelta(minutes=9, seconds=59)), now) is not None
    assert fresh_wechat_signin_until(row("wechat", FRESH_SIGNIN), now) is None
    assert fresh_wechat_signin_until(row("password", timedelta(0)), now) is None
    assert fresh_wechat_signin_until(row("", timedelta(0)), now) is None  # opened before it was kept
    assert fresh_wechat_signin_until(None, now) is None


def test_the_member_is_told_how_to_confirm(client, wechat_member, session_of, make_user, store):
    fresh = client.get(CONFIRMATION_URL, headers=session_of(wechat_member)).get_json()
    assert fresh["method"] == "wechat" and fresh["confirmed_until"].endswith("+00:00")
    stale = client.get(CONFIRMATION_URL, headers=session_of(wechat_member, ago=timedelta(minutes=11)))
    assert stale.get_json() == {"method": "wechat", "confirmed_until": None}
    member = make_user(store, "pw@example.com")
    assert client.get(CONFIRMATION_URL, headers=session_of(member)).get_json() == {
        "method": "password",
        "confirmed_until": None,
    }
    assert_error(client.get(CONFIRMATION_URL, headers=SHOP_A), 401)


# Adding an email -----------------------------------------------------------------------------


def _registered(browser) -> tuple[User, dict]:  # noqa: F811
    """A new shopper signs up with WeChat: the member, and the headers of their session."""
    finished = _finish(browser, _consent(_start(browser))).get_json()
    assert finished["status"] == "new"
    res = browser.post("/api/wechat/signin/register", headers=SHOP_A, json={"ticket": finished["ticket"]})
    return _signed_in(browser, res), _token_of(res)


def test_a_wechat_member_adds_an_email_and_a_password_and_signs_in_with_them(
    app,
    browser,  # noqa: F811
    signin_shop,  # noqa: F811
):
    member, headers = _registered(browser)  # signed in with WeChat just now
    body = {"email": "  Kiri@Example.COM ", "password": "kiwi2026x", "password_confirmation": "kiwi2026x"}
    added = browser.put(EMAIL_URL, headers=headers, json=body)
    assert added.status_code == 200, added.get_json()
    answer = added.get_json()
    assert answer["message"] == "电子邮件地址和密码已添加，今后也可以用邮箱登录。"
    assert answer["data"]["user"]["email"] == "kiri@example.com"
    db.session.expire_all()
    member = db.session.get(User, member.id)
    assert member.email == "kiri@example.com"
    assert Passwords.from_config(app.config).verify(member.password_hash, "kiwi2026x")
    login = {"email": "kiri@example.com", "password": "kiwi2026x"}
    assert _signed_in(browser, browser.post("/api/auth/login", headers=SHOP_A, json=login)).id == member.id
    # WeChat still signs them in, and now they may unbind it.
    assert browser.get("/api/wechat/binding", headers=headers).get_json()["can_unbind"] is True
    # Once given, the address is not changed here.
    again = browser.put(EMAIL_URL, headers=headers, json={"email": "other@example.com"})
    assert_error(again, 409, "email_already_set")
    db.session.expire_all()
    assert db.session.get(User, member.id).email == "kiri@example.com"


def test_an_email_alone_leaves_the_member_without_a_password(client, wechat_member, session_of):
    res = client.put(EMAIL_URL, headers=session_of(wechat_member), json={"email": "bee@example.com"})
    assert res.status_code == 200 and res.get_json()["message"] == "电子邮件地址已添加"
    db.session.expire_all()
    member = db.session.get(User, wechat_member.id)
    assert (member.email, member.password_hash) == ("bee@example.com", "")
    # The password-reset mail can now reach them, to set one later.
    assert client.get(CONFIRMATION_URL, headers=session_of(member)).get_json()["method"] == "wechat"


def test_an_address_another_member_has_is_refused_in_the_shops_language(
    client, wechat_member, session_of, make_user, store
):
    make_user(store, "taken@example.com")
    headers = session_of(wechat_member)
    body = assert_error(client.put(EMAIL_URL, headers=headers, json={"email": "TAKEN@example.com "}), 422)
    assert body["code"] == "email_taken" and body["errors"]["email"] == ["该电子邮件地址已被注册"]
    store.language = "en"
    db.session.commit()
    body = assert_error(client.put(EMAIL_URL, headers=headers, json={"email": "taken@example.com"}), 422)
    assert body["message"] == "Email already exists" and body["errors"]["email"] == ["Email already exists"]
    db.session.expire_all()
    assert db.session.get(User, wechat_member.id).email is None


def test_another_shops_member_with_the_address_does_not_matter(
    client, wechat_member, session_of, make_user, store_b
):
    make_user(store_b, "both@example.com")
    res = client.put(EMAIL_URL, headers=session_of(wechat_member), json={"email": "both@example.com"})
    assert res.status_code == 200


def test_the_address_and_password_follow_the_registration_rules(client, wechat_member, session_of):
    headers = session_of(wechat_member)
    cases = [
        ({"email": "not-an-address"}, "email", "请输入有效的电子邮件地址"),
        ({"email": ""}, "email", "请输入电子邮件地址"),
        ({"email": "a@b.co", "password": "short"}, "password", "密码至少需要8个字符"),
        ({"email": "a@b.co", "password": "kiwi 2026x"}, "password", "请创建一个更强的密码"),
        ({"email": "a@b.co", "password": "kiwi2026x"}, "password_confirmation", "请确认密码"),
        (
            {"email": "a@b.co", "password": "kiwi2026x", "password_confirmation": "kiwi2026y"},
            "password_confirmation",
            "两次输入的密码不一致",
        ),
    ]
    for body, field, message in cases:
        res = assert_error(client.put(EMAIL_URL, headers=headers, json=body), 422, "validation_error")
        assert res["errors"][field] == [message], body
    db.session.expire_all()
    assert db.session.get(User, wechat_member.id).email is None


def test_adding_an_email_needs_a_fresh_wechat_sign_in(
    client,
    wechat_member,
    session_of,
    auth_headers,
    browser,  # noqa: F811
    signin_shop,  # noqa: F811
):
    body = {"email": "late@example.com"}
    stale = session_of(wechat_member, ago=FRESH_SIGNIN + timedelta(seconds=5))
    res = assert_error(client.put(EMAIL_URL, headers=stale, json=body), 403, "wechat_signin_required")
    assert res["message"].startswith("您的账户没有密码：请重新用微信登录一次")
    assert_error(client.put(EMAIL_URL, headers=auth_headers(wechat_member), json=body), 403)
    assert_error(client.put(EMAIL_URL, headers=SHOP_A, json=body), 401)
    db.session.expire_all()
    assert db.session.get(User, wechat_member.id).email is None


def test_signing_in_with_wechat_again_confirms(browser, signin_shop, session_of):  # noqa: F811
    member, _ = _registered(browser)
    db.session.execute(update(UserSession).values(created_at=utcnow() - FRESH_SIGNIN - timedelta(minutes=1)))
    db.session.commit()
    # The same WeChat user at WeChat again (the silent round trip of a browser it signed in).
    again = _finish(browser, _consent(_start(browser)))
    assert again.get_json()["status"] == "signed_in"
    res = browser.put(EMAIL_URL, headers=_token_of(again), json={"email": "again@example.com"})
    assert res.status_code == 200, res.get_json()


def test_adding_an_email_is_rate_limited_like_registration(
    app, client, wechat_member, session_of, monkeypatch
):
    monkeypatch.setitem(app.config, "REGISTER_LIMIT_PER_ACCOUNT", "2/hour")
    headers = session_of(wechat_member)
    for _ in range(2):
        assert_error(client.put(EMAIL_URL, headers=headers, json={"email": "x@y"}), 422)
    res = client.put(EMAIL_URL, headers=headers, json={"email": "x@y"})
    assert_error(res, 429)
    assert res.get_json()["message"] == "操作过于频繁，请稍后再试。"


def test_order_news_goes_by_mail_once_the_member_has_an_email(
    client, store, wechat_shop, wechat_api, member, session_of, place_order, smtp_server
):
    set_wechat(wechat_shop, {f"template_{e}": f"TPL_{e}" for e in ("order_received", "order_paid")})
    openid = wechat_api.shopper.openid(wechat_api.appid)
    db.session.add(WechatOpenid(shop_id=store.id, user_id=member.id, appid=wechat_api.appid, openid=openid))
    member.email, member.password_hash = None, ""  # as WeChat sign-in made them
    db.session.commit()
    place_order()
    assert _channels() == ["wechat_template"] and smtp_server.messages == []
    res = client.put(EMAIL_URL, headers=session_of(member), json={"email": "honey@example.com"})
    assert res.status_code == 200, res.get_json()
    place_order()
    assert _channels() == ["wechat_template", "mail", "wechat_template"]
    [letter] = smtp_server.wait_for(1)
    assert letter["To"] == "honey@example.com"


def _channels() -> list[str]:
    db.session.expire_all()
    return [row.channel for row in db.session.scalars(select(OutboxMail).order_by(OutboxMail.id))]


# Deleting the account ------------------------------------------------------------------------


def test_a_wechat_member_deletes_the_account_after_a_fresh_wechat_sign_in(
    browser,  # noqa: F811
    signin_shop,  # noqa: F811
    wechat_api,
    session_of,
):
    member, headers = _registered(browser)
    # Bound through the desktop's QR login too: two rows, both go.
    desktop = browser.application.test_client()
    _signed_in(desktop, _finish(desktop, _consent(_start(desktop, "website"))))
    assert db.session.query(WechatOpenid).filter_by(user_id=member.id).count() == 2
    res = browser.post(DELETE_URL, headers=headers, json={})
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["message"] == "您的账户已注销"
    db.session.expire_all()
    gone = db.session.get(User, member.id)
    assert gone.deleted_at is not None and gone.name == "" and gone.password_hash == ""
    assert gone.email == f"deleted-{member.id}@deleted.invalid"
    assert db.session.query(WechatOpenid).count() == 0
    live = db.session.scalars(select(UserSession).where(UserSession.revoked_at.is_(None))).all()
    assert live == []
    assert_error(browser.get(CONFIRMATION_URL, headers=headers), 401)
    # The same WeChat user is a stranger to the shop now: the silent round trip finds no one,
    # and the one with consent makes a new member.
    retry = _finish(browser, _consent(_start(browser))).get_json()
    assert retry["status"] == "retry"
    assert _finish(browser, _consent(retry["url"])).get_json()["status"] == "new"


def test_a_stale_session_cannot_delete_a_member_without_a_password(
    client, wechat_member, session_of, auth_headers, store, wechat_api
):
    db.session.add(WechatOpenid(shop_id=store.id, user_id=wechat_member.id, appid="wx1", openid="o-1"))
    db.session.commit()
    for headers in (
        session_of(wechat_member, ago=FRESH_SIGNIN + timedelta(seconds=1)),
        auth_headers(wechat_member),  # a session of before the method was kept
    ):
        body = assert_error(client.post(DELETE_URL, headers=headers, json={}), 403, "wechat_signin_required")
        assert "微信" in body["message"]
    store.language = "en"
    db.session.commit()
    stale = session_of(wechat_member, ago=timedelta(hours=1))
    body = assert_error(client.post(DELETE_URL, headers=stale, json={"password": "x"}), 403)
    assert body["message"].startswith("Your account has no password: sign in with WeChat again")
    db.session.expire_all()
    assert db.session.get(User, wechat_member.id).deleted_at is None
    assert db.session.query(WechatOpenid).count() == 1


def test_a_member_with_a_password_confirms_with_it_even_after_a_wechat_sign_in(
    client, make_user, store, session_of
):
    member = make_user(store, "pw@example.com", password="kiwi2026x")
    db.session.add(WechatOpenid(shop_id=store.id, user_id=member.id, appid="wx1", openid="o-2"))
    db.session.commit()
    headers = session_of(member)  # signed in with WeChat a moment ago
    assert_error(client.post(DELETE_URL, headers=headers, json={}), 422, "validation_error")
    assert_error(
        client.post(DELETE_URL, headers=headers, json={"password": "nope12345"}), 422, "wrong_password"
    )
    assert client.post(DELETE_URL, headers=headers, json={"password": "kiwi2026x"}).status_code == 200
    assert db.session.query(WechatOpenid).count() == 0


def test_the_password_reset_serves_a_wechat_member_once_they_have_an_email(
    app, client, wechat_member, session_of, smtp_server
):
    ask = {"email": "bee@example.com"}
    # No email yet: the same answer as for any address no one has, and nothing is sent.
    res = client.post("/api/auth/password/reset-request", headers=SHOP_A, json=ask)
    assert res.status_code == 200 and db.session.query(PasswordResetToken).count() == 0
    assert client.put(EMAIL_URL, headers=session_of(wechat_member), json=ask).status_code == 200
    # With it, the reset mail reaches them and sets their first password.
    client.post("/api/auth/password/reset-request", headers=SHOP_A, json=ask)
    [mail] = smtp_server.wait_for(1)
    assert mail["To"] == "bee@example.com"
    token = mail.get_content().split("token=")[1].split("&")[0]
    body = {**ask, "token": token, "password": "kiwi2026x", "password_confirmation": "kiwi2026x"}
    assert client.post("/api/auth/password/reset", headers=SHOP_A, json=body).status_code == 200
    db.session.expire_all()
    member = db.session.get(User, wechat_member.id)
    assert Passwords.from_config(app.config).verify(member.password_hash, "kiwi2026x")


def test_of_two_addresses_added_at_once_one_is_kept(app, store, wechat_member, session_of):
    # Another request gave the member an address after this one read them (they still look bare).
    db.session.execute(
        update(User)
        .where(User.id == wechat_member.id)
        .values(email="first@example.com")
        .execution_options(synchronize_session=False)
    )
    assert wechat_member.email is None
    opened = open_session(db.session, wechat_member, app.config["SESSION_LIFETIME"], SignInMethod.WECHAT)
    with pytest.raises(DomainError) as refused:
        services.add_email(
            db.session,
            store,
            Passwords.from_config(app.config),
            wechat_member,
            opened.session,
            email="second@example.com",
        )
    assert refused.value.code == "email_already_set"
    db.session.expire_all()
    assert db.session.get(User, wechat_member.id).email == "first@example.com"
