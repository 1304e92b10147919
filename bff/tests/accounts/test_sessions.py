"""Login, login status, logout, admin login, and the token and session rules."""

import time
from datetime import timedelta

import jwt
import pytest
from sqlalchemy import select

from bff.accounts.auth import RENEWED_TOKEN_HEADER
from bff.accounts.models import User, UserSession
from bff.extensions import db
from bff.tests.fixtures.accounts import PASSWORD
from bff.tests.helpers import SHOP_A, SHOP_B, assert_error

PRIVATE = "/api/user/product/new/"  # any call behind member_required


def login(
    client, email="shopper@example.com", password=PASSWORD, *, headers=SHOP_A, as_json=False, path=None
):
    body = {"email": email, "password": password}
    path = path or "/api/auth/login"
    if as_json:
        return client.post(path, json=body, headers=headers)
    return client.post(path, data=body, headers=headers)


def bearer(token: str, headers=SHOP_A) -> dict:
    return {**headers, "Authorization": f"Bearer {token}"}


def forge(app, user_session: UserSession, *, age: int, lifetime: int = 900, key=None, alg="HS256", **extra):
    """A token as the app would have issued it `age` seconds ago."""
    now = int(time.time())
    claims = {
        "sub": str(user_session.user_id),
        "shop": user_session.shop_id,
        "sid": user_session.id,
        "type": "access",
        "fresh": False,
        "jti": f"test-{now}-{age}",
        "iat": now - age,
        "nbf": now - age,
        "exp": now - age + lifetime,
        **extra,
    }
    return jwt.encode(claims, key or app.config["JWT_SECRET_KEY"], algorithm=alg)


def only_session() -> UserSession:
    return db.session.scalars(select(UserSession)).one()


# Login ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("as_json", [False, True], ids=["form", "json"])
def test_login_answers_a_token_and_the_user(client, user, as_json):
    res = login(client, as_json=as_json)
    assert res.status_code == 200, res.json
    data = res.json["data"]
    assert data["token"] and data["token_type"] == "Bearer" and data["expires_in"] == 900
    assert data["user"] == {
        "id": user.id,
        "name": "小明",
        "email": "shopper@example.com",
        "group": None,
        "member_levels": None,
        "is_special_member": 0,
        "is_admin": 0,
    }
    header = jwt.get_unverified_header(data["token"])
    assert header["alg"] == "HS256"


def test_login_user_carries_member_level_group_and_special_flag(client, shop, make_user, make_member_level):
    level = make_member_level(shop, "85", name="Gold")
    make_user(shop, "vip@example.com", member_level_id=level.id, is_special_member=True, group_name="VIP")
    user = login(client, "vip@example.com").json["data"]["user"]
    assert user["group"] == "VIP"
    assert user["member_levels"] == {"id": level.id, "name": "Gold", "discount_percent": 85.00}
    assert user["is_special_member"] == 1


def test_login_ignores_the_case_and_spaces_of_the_email(client, user):
    assert login(client, "  SHOPPER@Example.COM ").status_code == 200


@pytest.mark.parametrize(
    "email,password", [("shopper@example.com", "wrong1234"), ("nobody@example.com", PASSWORD)]
)
def test_a_wrong_password_or_unknown_email_is_the_same_invalid_credentials(client, user, email, password):
    body = assert_error(login(client, email, password), 400, "invalid_credentials")
    assert body["message"] == "电子邮件或密码错误"  # SPEC's 'Invalid email or password' in Chinese


def test_a_user_of_another_shop_cannot_log_in_here(client, user, make_shop):
    make_shop("shop-b.test")
    assert_error(login(client, headers=SHOP_B), 400, "invalid_credentials")


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"password": PASSWORD}, "email", "请输入电子邮件地址"),
        ({"email": "nope", "password": PASSWORD}, "email", "请输入有效的电子邮件地址"),
        ({"email": "shopper@example.com"}, "password", "请输入密码"),
        ({"email": "shopper@example.com", "password": ""}, "password", "请输入密码"),
    ],
)
def test_login_validation_messages(client, user, body, field, message):
    res = assert_error(client.post("/api/auth/login", data=body, headers=SHOP_A), 422, "validation_error")
    assert res["errors"][field] == [message]


def test_an_old_hash_is_upgraded_on_login(client, app, shop, make_user, monkeypatch):
    make_user(shop, "old@example.com")
    monkeypatch.setitem(app.config, "ARGON2_TIME_COST", 2)
    assert login(client, "old@example.com").status_code == 200
    stored = db.session.scalar(select(User.password_hash).where(User.email == "old@example.com"))
    assert "t=2" in stored


# Login status --------------------------------------------------------------------------------


def test_login_status_without_a_token_is_logged_out(client, shop):
    res = client.get("/api/check-login-status", headers=SHOP_A)
    assert res.status_code == 200
    assert res.json == {"data": {"isLoggedIn": False, "user": None}}


def test_login_status_with_the_token_is_logged_in(client, user):
    token = login(client).json["data"]["token"]
    res = client.get("/api/check-login-status", headers=bearer(token))
    assert res.json["data"]["isLoggedIn"] is True
    assert res.json["data"]["user"]["email"] == "shopper@example.com"
    assert RENEWED_TOKEN_HEADER not in res.headers  # fresh tokens are not renewed


@pytest.mark.parametrize("token", ["garbage", "a.b.c", ""])
def test_a_bad_token_is_logged_out_not_401(client, user, token):
    res = client.get("/api/check-login-status", headers=bearer(token))
    assert res.status_code == 200
    assert res.json["data"]["isLoggedIn"] is False


def test_protected_calls_answer_401_unauthenticated(client, shop):
    res = client.get(PRIVATE, headers=SHOP_A)
    assert res.status_code == 401
    assert res.json == {"message": "Unauthenticated.", "code": "unauthenticated"}


def test_a_token_of_one_shop_is_refused_by_another(client, user, make_shop):
    make_shop("shop-b.test")
    token = login(client).json["data"]["token"]
    assert client.get(PRIVATE, headers=bearer(token)).status_code == 200
    res = client.get(PRIVATE, headers=bearer(token, SHOP_B))
    assert res.status_code == 401 and res.json["message"] == "Unauthenticated."
    status = client.get("/api/check-login-status", headers=bearer(token, SHOP_B))
    assert status.json["data"]["isLoggedIn"] is False


def test_a_token_naming_another_shop_in_its_claim_is_refused(client, app, user, make_shop):
    other = make_shop("shop-b.test")
    login(client)
    token = forge(app, only_session(), age=0, shop=other.id)
    assert client.get(PRIVATE, headers=bearer(token)).status_code == 401
    assert client.get(PRIVATE, headers=bearer(token, SHOP_B)).status_code == 401


@pytest.mark.parametrize("alg", ["HS512", "HS384"])
def test_only_hs256_is_accepted(client, app, user, alg):
    login(client)
    token = forge(app, only_session(), age=0, alg=alg)
    assert client.get(PRIVATE, headers=bearer(token)).status_code == 401


def test_an_unsigned_token_is_refused(client, app, user):
    login(client)
    session = only_session()
    now = int(time.time())
    claims = {"sub": str(session.user_id), "shop": session.shop_id, "sid": session.id, "type": "access"}
    token = jwt.encode({**claims, "iat": now, "exp": now + 900, "jti": "x"}, None, algorithm="none")
    assert client.get(PRIVATE, headers=bearer(token)).status_code == 401


def test_a_token_signed_with_another_key_is_refused(client, app, user):
    login(client)
    token = forge(app, only_session(), age=0, key="not-the-key-" * 4)
    assert client.get(PRIVATE, headers=bearer(token)).status_code == 401


# Renewal -------------------------------------------------------------------------------------


def test_a_token_past_half_its_life_is_renewed_in_a_header(client, app, user):
    login(client)
    session = only_session()
    before = session.expires_at
    old = forge(app, session, age=500)
    res = client.get(PRIVATE, headers=bearer(old))
    assert res.status_code == 200
    renewed = res.headers[RENEWED_TOKEN_HEADER]
    claims = jwt.decode(renewed, app.config["JWT_SECRET_KEY"], algorithms=["HS256"])
    assert claims["sid"] == session.id and claims["exp"] - claims["iat"] == 900
    db.session.refresh(session)
    assert session.expires_at > before  # the session slides
    assert client.get(PRIVATE, headers=bearer(renewed)).status_code == 200


def test_an_expired_token_alone_is_refused(client, app, user):
    login(client)
    client.delete_cookie(app.config["RENEWAL_COOKIE_NAME"], path="/api")
    expired = forge(app, only_session(), age=1000)
    assert client.get(PRIVATE, headers=bearer(expired)).status_code == 401
    assert client.get("/api/check-login-status", headers=bearer(expired)).json["data"]["isLoggedIn"] is False


def test_an_expired_token_with_the_renewal_cookie_is_renewed(client, app, user):
    res = login(client)
    cookie = client.get_cookie(app.config["RENEWAL_COOKIE_NAME"], path="/api")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Strict"
    [renewal] = [c for c in res.headers.getlist("Set-Cookie") if c.startswith("sf_renew=")]
    assert "HttpOnly" in renewal
    expired = forge(app, only_session(), age=3 * 24 * 3600)
    res = client.get("/api/check-login-status", headers=bearer(expired))
    assert res.json["data"]["isLoggedIn"] is True
    assert client.get(PRIVATE, headers=bearer(res.headers[RENEWED_TOKEN_HEADER])).status_code == 200


def test_a_wrong_renewal_cookie_does_not_renew(client, app, user):
    login(client)
    client.set_cookie(app.config["RENEWAL_COOKIE_NAME"], "guess", path="/api")
    expired = forge(app, only_session(), age=1000)
    assert client.get(PRIVATE, headers=bearer(expired)).status_code == 401


def test_an_expired_session_ends_even_with_the_cookie(client, app, user):
    login(client)
    session = only_session()
    session.expires_at = session.created_at - timedelta(seconds=1)
    db.session.commit()
    assert client.get(PRIVATE, headers=bearer(forge(app, session, age=10))).status_code == 401


# Logout and revocation -----------------------------------------------------------------------


def test_logout_revokes_the_token_at_once(client, user):
    token = login(client).json["data"]["token"]
    res = client.post("/api/logout", headers=bearer(token))
    assert res.status_code == 200 and res.json["message"]
    assert only_session().revoked_at is not None
    assert client.get(PRIVATE, headers=bearer(token)).status_code == 401
    assert client.get("/api/check-login-status", headers=bearer(token)).json["data"]["isLoggedIn"] is False
    assert "sf_renew=;" in res.headers["Set-Cookie"]


def test_logout_revokes_in_every_process(client, app, user):
    """Two app instances (as two gunicorn workers) share only the database."""
    from bff.app import create_app
    from bff.tests.conftest import config_beside

    token = login(client).json["data"]["token"]
    other = create_app(config_beside(app))  # this run's own database
    with other.test_client() as second:
        assert second.get(PRIVATE, headers=bearer(token)).status_code == 200
        client.post("/api/logout", headers=bearer(token))
        assert second.get(PRIVATE, headers=bearer(token)).status_code == 401


def test_logout_with_an_expired_token_still_revokes(client, app, user):
    login(client)
    session = only_session()
    client.post("/api/logout", headers=bearer(forge(app, session, age=2000)))
    db.session.refresh(session)
    assert session.revoked_at is not None


def test_logout_without_a_token_is_fine(client, shop):
    assert client.post("/api/logout", headers=SHOP_A).status_code == 200


def test_logout_ends_only_that_session(client, user):
    first = login(client).json["data"]["token"]
    second = login(client).json["data"]["token"]
    client.post("/api/logout", headers=bearer(first))
    assert client.get(PRIVATE, headers=bearer(first)).status_code == 401
    assert client.get(PRIVATE, headers=bearer(second)).status_code == 200


# Admin ---------------------------------------------------------------------------------------


def test_admin_login_accepts_only_admins(client, shop, make_user):
    make_user(shop, "owner@example.com", is_admin=True)
    make_user(shop, "buyer@example.com")
    ok = login(client, "owner@example.com", path="/api/admin/login")
    assert ok.status_code == 200 and ok.json["data"]["user"]["is_admin"] == 1
    body = assert_error(
        login(client, "buyer@example.com", path="/api/admin/login"), 400, "invalid_credentials"
    )
    assert body["message"] == "电子邮件或密码错误"  # SPEC's 'Invalid email or password' in Chinese


def test_create_admin_command_makes_an_admin_who_can_log_in(app, client, shop):
    runner = app.test_cli_runner()
    result = runner.invoke(
        args=[
            "create-admin",
            "--shop",
            "shop-a.test",
            "--email",
            "Boss@Example.com",
            "--password",
            "admin1234",
        ]
    )
    assert result.exit_code == 0, result.output
    user = db.session.scalar(select(User).where(User.email == "boss@example.com"))
    assert user.is_admin
    assert login(client, "boss@example.com", "admin1234", path="/api/admin/login").status_code == 200


def test_create_admin_by_shop_code_promotes_an_existing_user(app, client, shop, user):
    runner = app.test_cli_runner()
    result = runner.invoke(
        args=["create-admin", "--shop", shop.code, "--email", user.email, "--password", "newpass99"],
    )
    assert result.exit_code == 0, result.output
    db.session.refresh(user)
    assert user.is_admin
    assert login(client, password="newpass99", path="/api/admin/login").status_code == 200


def test_create_admin_refuses_an_unknown_shop_or_weak_password(app, shop):
    runner = app.test_cli_runner()
    bad_shop = runner.invoke(
        args=["create-admin", "--shop", "x", "--email", "a@b.co", "--password", "abc12345"]
    )
    assert bad_shop.exit_code != 0 and "No shop" in bad_shop.output
    weak = runner.invoke(
        args=["create-admin", "--shop", shop.code, "--email", "a@b.co", "--password", "short"]
    )
    assert weak.exit_code != 0
