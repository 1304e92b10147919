"""Failed logins slow an account down and never lock it (bff/accounts/throttle.py): growing delays
capped at a minute, the owner's own browser never held back, an emailed link that lifts the
delays, and the same answers for a blocked or unknown account as for a wrong password.

The clock is moved by hand (`bff.accounts.services.utcnow`): no sleeping."""

import re
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from sqlalchemy import select

from bff.accounts import throttle
from bff.accounts.models import LoginThrottle, User
from bff.common.models import utcnow
from bff.extensions import db
from bff.tests.fixtures.accounts import PASSWORD
from bff.tests.helpers import SHOP_A, assert_error

WRONG = "wrong1234"


@pytest.fixture
def clock(monkeypatch):
    now = [utcnow()]
    monkeypatch.setattr("bff.accounts.services.utcnow", lambda: now[0])

    def advance(seconds: float):
        now[0] += timedelta(seconds=seconds)

    return advance


_ips = iter(range(1, 10_000))


def login(app, email="shopper@example.com", password=WRONG, path="/api/auth/login", client=None, host=SHOP_A):
    """Each call from a fresh browser (no cookie) and a new address, as a spread-out attacker."""
    client = client or app.test_client()
    n = next(_ips)
    headers = {**host, "X-Forwarded-For": f"198.51.{n // 250}.{n % 250 + 1}"}
    return client.post(path, json={"email": email, "password": password}, headers=headers)


def wait_of(res) -> int:
    """The seconds a 429 `login_throttled` asks to wait; Retry-After says at least as much (the
    IP limit's window may say more: flask-limiter sends the later of the two)."""
    body = assert_error(res, 429, "login_throttled")
    seconds = int(re.fullmatch(r"登录失败次数较多，请 (\d+) 秒后再试。", body["message"]).group(1))
    assert int(res.headers["Retry-After"]) >= seconds
    return seconds


def assert_throttled(res, seconds: int) -> None:
    assert wait_of(res) == seconds


def test_failures_after_the_free_ones_wait_a_delay_that_doubles_up_to_a_minute(app, user, clock):
    for _ in range(5):
        assert_error(login(app), 400, "invalid_credentials")
    waits = []
    for _ in range(10):
        waits.append(wait_of(login(app)))
        clock(waits[-1])
        assert_error(login(app), 400, "invalid_credentials")
    assert waits == [1, 2, 4, 8, 16, 32, 60, 60, 60, 60]


def test_the_right_password_is_never_refused_for_longer_than_a_minute(app, user, clock):
    for _ in range(40):
        clock(61)
        assert login(app).status_code == 400  # each guess made after its delay is checked
    assert_throttled(login(app, password=PASSWORD), 60)
    clock(60)
    assert login(app, password=PASSWORD).status_code == 200
    # A right password forgets the failures: the next wrong one is free again.
    assert_error(login(app), 400, "invalid_credentials")
    assert_error(login(app), 400, "invalid_credentials")


def test_a_guess_made_during_the_delay_is_not_checked_so_it_tells_nothing(app, user, clock):
    for _ in range(5):
        login(app)
    right, wrong = login(app, password=PASSWORD), login(app)
    assert (right.status_code, right.get_json()) == (wrong.status_code, wrong.get_json())
    assert right.status_code == 429


def test_a_burst_sent_at_once_gets_one_check_per_delay(app, store, clock):
    policy = throttle.Policy()
    key = throttle.account_hash(store.id, "a@example.com")
    now = utcnow()
    for _ in range(policy.free):
        throttle.record_failure(db.session, policy, store.id, key, now)
    later = now + timedelta(seconds=1)
    throttle.claim_attempt(db.session, policy, store.id, key, later)  # the one attempt let through
    with pytest.raises(throttle.Throttled) as second:
        throttle.claim_attempt(db.session, policy, store.id, key, later)
    assert second.value.retry_after == 2


def test_the_owners_own_browser_is_never_held_back_by_others_guesses(app, shop, make_user, clock):
    make_user(shop, "owner@example.com", is_admin=True)
    owners = app.test_client()
    assert login(app, "owner@example.com", PASSWORD, "/api/admin/login", client=owners).status_code == 200
    for _ in range(30):
        login(app, "owner@example.com", path="/api/admin/login")
    assert login(app, "owner@example.com", PASSWORD, "/api/admin/login").status_code == 429
    assert login(app, "owner@example.com", PASSWORD, "/api/admin/login", client=owners).status_code == 200


def test_a_wrong_password_from_a_known_browser_clears_its_cookie(app, user, clock):
    browser = app.test_client()
    assert login(app, password=PASSWORD, client=browser).status_code == 200
    assert browser.get_cookie("sf_device", path="/api") is not None
    assert_error(login(app, client=browser), 400, "invalid_credentials")
    assert browser.get_cookie("sf_device", path="/api") is None


def test_a_stolen_device_cookie_of_another_account_or_shop_does_not_skip_the_delay(
    app, user, make_user, shop, clock
):
    make_user(shop, "other@example.com")
    browser = app.test_client()
    assert login(app, "other@example.com", PASSWORD, client=browser).status_code == 200
    for _ in range(6):
        login(app)
    assert login(app, password=PASSWORD, client=browser).status_code == 429


def test_the_account_is_mailed_a_link_that_lifts_the_delays(app, shop, make_user, smtp_server, clock):
    make_user(shop, "owner@example.com", name="Owner", is_admin=True)
    for _ in range(5):
        login(app, "owner@example.com", path="/api/admin/login")
    [message] = smtp_server.wait_for(1)
    assert message["To"] == "owner@example.com"
    text = message.get_body(preferencelist=("plain",)).get_content()
    link = next(word for word in text.split() if word.startswith("http"))
    assert link.startswith("http://shop-a.test/api/auth/unlock?")
    assert login(app, "owner@example.com", PASSWORD, "/api/admin/login").status_code == 429

    browser = app.test_client()
    parts = urlsplit(link)
    res = browser.get(f"{parts.path}?{parts.query}", headers=SHOP_A)
    assert res.status_code == 303
    assert res.headers["Location"] == "/admin/login?unlocked=1"
    # The delays are gone for everyone, and this browser is known from now on.
    assert login(app, "owner@example.com", WRONG, "/api/admin/login").status_code == 400
    for _ in range(10):
        login(app, "owner@example.com", path="/api/admin/login")
    assert login(app, "owner@example.com", PASSWORD, "/api/admin/login", client=browser).status_code == 200
    assert len(smtp_server.wait_for(2)) == 2  # the delays started again: a new link


def test_a_forged_or_another_shops_unlock_link_lifts_nothing(app, user, make_shop, clock):
    other = make_shop("shop-b.test")
    for _ in range(6):
        login(app)
    key = throttle.account_hash(user.shop_id, "shopper@example.com")
    forged = throttle.unlock_token("not-our-secret", user.shop_id, key)
    elsewhere = throttle.unlock_token(app.config["SECRET_KEY"], other.id, key)
    for token in (forged, elsewhere, "x" * 40):
        res = app.test_client().get("/api/auth/unlock", query_string={"token": token}, headers=SHOP_A)
        assert (res.status_code, res.headers["Location"]) == (303, "/login?unlocked=0")
    assert login(app, password=PASSWORD).status_code == 429


def test_an_unknown_address_is_answered_and_slowed_down_alike(app, user, clock):
    known = [login(app) for _ in range(6)]
    unknown = [login(app, "nobody@example.com") for _ in range(6)]
    assert [(r.status_code, r.get_json()) for r in known] == [(r.status_code, r.get_json()) for r in unknown]


def test_a_blocked_account_answers_like_a_wrong_password_until_the_password_is_right(app, user, clock):
    db.session.get(User, user.id).blocked_at = utcnow()
    db.session.commit()
    wrong_for_blocked = login(app)
    other = login(app, "nobody@example.com")
    assert wrong_for_blocked.get_json() == other.get_json()
    assert_error(wrong_for_blocked, 400, "invalid_credentials")
    assert_error(login(app, password=PASSWORD), 400, "account_blocked")


def test_one_throttle_per_account_across_the_shops_hosts_and_both_login_paths(
    app, make_shop, make_user, clock
):
    shop = make_shop("shop-a.test", "127.0.0.1")
    make_user(shop, "Owner@Example.com", is_admin=True)
    attempts = [
        ("/api/auth/login", "shop-a.test", "owner@example.com"),
        ("/api/auth/login", "127.0.0.1", " OWNER@example.com"),
        ("/api/admin/login", "shop-a.test", "owner@example.com"),
        ("/api/admin/login", "127.0.0.1", "owner@EXAMPLE.com"),
        ("/api/auth/login", "shop-a.test", "owner@example.com"),
    ]
    for path, host, email in attempts:
        assert login(app, email, WRONG, path, host={"X-Site-Host": host}).status_code == 400
    res = login(app, "owner@example.com", PASSWORD, "/api/admin/login", host={"X-Site-Host": "127.0.0.1"})
    assert_throttled(res, 1)


def test_failures_are_forgotten_a_quarter_hour_after_the_last(app, user, clock):
    for _ in range(5):
        login(app)
    clock(15 * 60)
    assert_error(login(app), 400, "invalid_credentials")
    row = db.session.scalar(select(LoginThrottle))
    assert row.failures == 1


def test_no_address_is_kept_for_failed_logins(app, user, clock):
    login(app)
    row = db.session.scalar(select(LoginThrottle))
    assert "shopper" not in row.account_hash and len(row.account_hash) == 64


def test_an_english_shop_is_told_how_long_in_english(app, make_shop, clock):
    make_shop("en.test", language="en")
    for _ in range(6):
        res = login(app, "a@example.com", host={"X-Site-Host": "en.test"})
    body = assert_error(res, 429, "login_throttled")
    assert body["message"] == "Several sign-ins have failed: try again in 1 s."
