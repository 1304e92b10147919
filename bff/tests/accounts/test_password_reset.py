"""Password reset by email, through a real SMTP server on loopback."""

import re
import threading
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import event, select

from bff.accounts import services
from bff.accounts.models import PasswordResetToken, User
from bff.common.background import wait_for_background_work
from bff.common.models import utcnow
from bff.extensions import db
from bff.shops.models import ShopDomain
from bff.tests.fixtures.accounts import PASSWORD
from bff.tests.helpers import SHOP_A, assert_error

NEW = "newpass123"


def request_reset(client, email="shopper@example.com", headers=SHOP_A):
    return client.post("/api/auth/password/reset-request", data={"email": email}, headers=headers)


def reset(client, email, token, password=NEW, confirmation=None):
    body = {
        "email": email,
        "token": token,
        "password": password,
        "password_confirmation": confirmation or password,
    }
    return client.post("/api/auth/password/reset", data=body, headers=SHOP_A)


def login(client, password, email="shopper@example.com"):
    return client.post("/api/auth/login", data={"email": email, "password": password}, headers=SHOP_A)


def link_in(message) -> str:
    body = message.get_body(preferencelist=("plain",)).get_content()
    return re.search(r"https?://\S+/reset-password\?\S+", body).group(0)


def test_the_emailed_link_resets_the_password(client, user, smtp_server):
    res = request_reset(client)
    assert res.status_code == 200 and res.json["message"]
    [message] = smtp_server.wait_for(1)
    assert message["To"] == "shopper@example.com"
    link = link_in(message)
    assert link.startswith("http://shop-a.test/reset-password?")
    query = parse_qs(urlsplit(link).query)
    assert query["email"] == ["shopper@example.com"]
    token = query["token"][0]

    assert reset(client, query["email"][0], token).status_code == 200
    assert login(client, NEW).status_code == 200
    assert_error(login(client, PASSWORD), 400, "invalid_credentials")


def test_the_token_is_stored_only_as_a_hash(client, user, smtp_server):
    request_reset(client)
    token = parse_qs(urlsplit(link_in(smtp_server.wait_for(1)[0])).query)["token"][0]
    stored = db.session.scalars(select(PasswordResetToken.token_hash)).one()
    assert token not in stored and len(stored) == 64


def test_the_link_uses_the_shops_own_origin_never_the_request_host(client, user, smtp_server, make_shop):
    res = client.post(
        "/api/auth/password/reset-request",
        data={"email": "shopper@example.com"},
        headers={"Host": "evil.example", "X-Forwarded-Host": "evil.example", **SHOP_A},
    )
    assert res.status_code == 200
    assert link_in(smtp_server.wait_for(1)[0]).startswith("http://shop-a.test/reset-password?")


def test_a_token_works_once(client, user, smtp_server):
    request_reset(client)
    token = parse_qs(urlsplit(link_in(smtp_server.wait_for(1)[0])).query)["token"][0]
    assert reset(client, user.email, token).status_code == 200
    body = assert_error(reset(client, user.email, token, "another123"), 400, "invalid_reset_token")
    assert body["message"] == "重置链接无效或已过期，请重新申请。"
    assert login(client, NEW).status_code == 200


def test_a_token_expires_after_30_minutes(client, app, user, smtp_server):
    assert app.config["PASSWORD_RESET_LIFETIME"] == timedelta(minutes=30)
    request_reset(client)
    token = parse_qs(urlsplit(link_in(smtp_server.wait_for(1)[0])).query)["token"][0]
    row = db.session.scalars(select(PasswordResetToken)).one()
    assert abs(
        (row.expires_at.replace(tzinfo=None) - row.created_at.replace(tzinfo=None)) - timedelta(minutes=30)
    ) < (timedelta(seconds=1))
    row.expires_at = utcnow() - timedelta(seconds=1)
    db.session.commit()
    assert_error(reset(client, user.email, token), 400, "invalid_reset_token")
    assert login(client, PASSWORD).status_code == 200


def test_a_token_is_for_its_own_account_only(client, shop, user, make_user, smtp_server):
    other = make_user(shop, "other@example.com")
    request_reset(client)
    token = parse_qs(urlsplit(link_in(smtp_server.wait_for(1)[0])).query)["token"][0]
    assert_error(reset(client, other.email, token), 400, "invalid_reset_token")


def test_a_made_up_token_is_refused(client, user):
    assert_error(reset(client, user.email, "made-up"), 400, "invalid_reset_token")
    assert_error(reset(client, "nobody@example.com", "made-up"), 400, "invalid_reset_token")


def test_a_reset_ends_every_session_of_the_account(client, user, smtp_server):
    tokens = [login(client, PASSWORD).json["data"]["token"] for _ in range(2)]
    request_reset(client)
    token = parse_qs(urlsplit(link_in(smtp_server.wait_for(1)[0])).query)["token"][0]
    reset(client, user.email, token)
    for access in tokens:
        res = client.get("/api/user/product/new/", headers={**SHOP_A, "Authorization": f"Bearer {access}"})
        assert res.status_code == 401


def test_a_reset_uses_up_the_accounts_other_tokens(client, user, smtp_server):
    request_reset(client)
    request_reset(client)
    first, second = (parse_qs(urlsplit(link_in(m)).query)["token"][0] for m in smtp_server.wait_for(2))
    assert reset(client, user.email, second).status_code == 200
    assert_error(reset(client, user.email, first, "third1234"), 400, "invalid_reset_token")


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, app, user, smtp_server, monkeypatch):
    monkeypatch.setitem(app.config, "MAIL_ASYNC", True)
    known = request_reset(client)
    unknown = request_reset(client, "nobody@example.com")
    assert (unknown.status_code, unknown.json) == (known.status_code, known.json)
    assert wait_for_background_work()
    smtp_server.wait_for(1)
    assert [m["To"] for m in smtp_server.messages] == ["shopper@example.com"]


def test_the_link_goes_to_the_shop_host_the_shopper_used(client, user, shop, session, smtp_server):
    shop.domains.append(ShopDomain(hostname="www.shop-a.test"))
    session.commit()
    proxied = {**SHOP_A, "X-Forwarded-Host": "www.shop-a.test:8080", "X-Forwarded-Proto": "http"}
    request_reset(client, headers=proxied)
    forged = {**SHOP_A, "X-Forwarded-Host": "evil.example", "Host": "evil.example"}
    request_reset(client, headers=forged)
    first, second = smtp_server.wait_for(2)
    assert link_in(first).startswith("http://www.shop-a.test:8080/reset-password?")
    assert link_in(second).startswith("http://shop-a.test/reset-password?")


def test_an_english_shop_mails_in_english(client, make_shop, make_user, smtp_server):
    shop = make_shop("en.test", language="en", shop_name="Kiwi Shop", site_url="https://kiwi.example")
    make_user(shop, "en@example.com", name="Sam")
    res = request_reset(client, "en@example.com", headers={"X-Site-Host": "en.test"})
    assert res.json["message"].startswith("If this address has an account")
    [message] = smtp_server.wait_for(1)
    assert "Reset your password" in message["Subject"]
    assert link_in(message).startswith("https://kiwi.example/reset-password?")


def test_without_smtp_the_mail_goes_to_the_outbox_with_a_log_line(client, app, user, caplog, monkeypatch):
    from bff.accounts import mail

    # Alembic's logging set-up (run by the migrations in the app fixture) disables older loggers.
    monkeypatch.setattr(mail.log, "disabled", False)
    caplog.set_level("INFO", logger="bff.accounts.mail")
    request_reset(client)
    files = list(app.config["MAIL_OUTBOX_DIR"].glob("*.eml"))
    assert files
    newest = max(files, key=lambda p: p.stat().st_mtime)
    assert "reset-password?token=" in newest.read_text()
    assert str(newest) in caplog.text


def test_the_lookup_token_and_mail_happen_off_the_request_thread(client, app, user, smtp_server, monkeypatch):
    """The answer is given before the account is even looked up: held at the lookup, the job has
    written nothing when the answer arrives, and runs on another thread once let go."""
    monkeypatch.setitem(app.config, "MAIL_ASYNC", True)
    let_go, threads = threading.Event(), []
    real_find_user = services.find_user

    def held_find_user(*args):
        threads.append(threading.current_thread())
        assert let_go.wait(30)
        return real_find_user(*args)

    monkeypatch.setattr(services, "find_user", held_find_user)
    assert request_reset(client).status_code == 200
    db.session.expire_all()
    assert db.session.scalars(select(PasswordResetToken)).all() == []
    let_go.set()
    assert wait_for_background_work()
    assert threads and threads[0] is not threading.current_thread()
    assert smtp_server.wait_for(1)[0]["To"] == user.email
    db.session.expire_all()
    assert len(db.session.scalars(select(PasswordResetToken)).all()) == 1


def test_the_request_path_does_the_same_work_for_any_email(client, app, user, smtp_server, monkeypatch):
    """No timing guess: the SQL the request itself runs is the same for a known and an unknown
    email (the account is looked up on the worker), counted on the request's thread."""
    monkeypatch.setitem(app.config, "MAIL_ASYNC", True)
    monkeypatch.setitem(app.config, "RESET_REQUEST_LIMIT_PER_IP", "1000/minute")
    monkeypatch.setitem(app.config, "RESET_REQUEST_LIMIT_PER_ACCOUNT", "1000/minute")
    request_thread = threading.current_thread()
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args):
        if threading.current_thread() is request_thread:
            statements.append(statement.split()[0])

    def on_the_request(email):
        statements.clear()
        event.listen(db.engine, "before_cursor_execute", count)
        try:
            assert request_reset(client, email).status_code == 200
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
        assert wait_for_background_work()
        return list(statements)

    on_the_request("warm-up@example.com")
    assert on_the_request("shopper@example.com") == on_the_request("nobody@example.com")
    assert smtp_server.wait_for(1)


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({}, "email", "需要填写邮箱地址"),
        ({"email": " "}, "email", "需要填写邮箱地址"),
        ({"email": "nope"}, "email", "无效的邮箱地址"),
    ],
)
def test_reset_request_validation_messages(client, shop, body, field, message):
    res = client.post("/api/auth/password/reset-request", data=body, headers=SHOP_A)
    assert assert_error(res, 422, "validation_error")["errors"][field] == [message]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"password": "short1", "password_confirmation": "short1"}, "password", "密码至少需要8个字符"),
        ({"password": "a" * 21, "password_confirmation": "a" * 21}, "password", "密码最多只能有20个字符"),
        ({"password": "abc_12345", "password_confirmation": "abc_12345"}, "password", "请创建一个更强的密码"),
        ({"password_confirmation": "different1"}, "password_confirmation", "两次输入的密码不一致"),
        ({"token": ""}, "token", "缺少重置令牌"),
        ({"email": ""}, "email", "需要填写邮箱地址"),
    ],
)
def test_reset_validation_messages(client, user, changes, field, message):
    body = {"email": user.email, "token": "t", "password": NEW, "password_confirmation": NEW, **changes}
    res = client.post("/api/auth/password/reset", data=body, headers=SHOP_A)
    assert assert_error(res, 422, "validation_error")["errors"][field] == [message]


def test_the_user_row_is_untouched_by_a_request(client, user, smtp_server):
    before = db.session.scalar(select(User.password_hash).where(User.id == user.id))
    request_reset(client)
    assert db.session.scalar(select(User.password_hash).where(User.id == user.id)) == before
