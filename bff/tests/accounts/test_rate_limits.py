"""Login, registration and reset requests are limited per IP, registration and reset requests per
account too: windows, not lockouts. An account's failed logins slow it down instead
(bff/tests/accounts/test_login_throttle.py)."""

import time
from types import SimpleNamespace

import limits.storage.memory
import pytest

from bff.tests.fixtures.accounts import PASSWORD
from bff.tests.helpers import SHOP_A, assert_error


def from_ip(ip: str) -> dict:
    # The SSR process (the trusted proxy) appends the browser's address.
    return {**SHOP_A, "X-Forwarded-For": ip}


def login(client, email="shopper@example.com", password="wrong1234", ip="203.0.113.1"):
    return client.post("/api/auth/login", data={"email": email, "password": password}, headers=from_ip(ip))


def assert_limited(res, message="操作过于频繁，请稍后再试。"):
    body = assert_error(res, 429, "too_many_requests")
    assert body["message"] == message
    assert "Retry-After" in res.headers


def test_a_limit_is_a_window_not_a_lockout(client, app, user, monkeypatch):
    # The limiter's clock (limits' memory storage) is moved on by hand: no sleeping, no race.
    assert app.config["RATELIMIT_STORAGE_URI"] == "memory://"
    now = [time.time()]
    monkeypatch.setattr(limits.storage.memory, "time", SimpleNamespace(time=lambda: now[0]))
    monkeypatch.setitem(app.config, "LOGIN_LIMIT_PER_IP", "1/minute")
    assert login(client).status_code == 400
    assert_limited(login(client))
    now[0] += 30
    assert_limited(login(client, password=PASSWORD))  # still inside the minute
    now[0] += 31
    assert login(client, password=PASSWORD).status_code == 200


def test_logins_are_limited_per_ip(client, app, user, monkeypatch):
    monkeypatch.setitem(app.config, "LOGIN_LIMIT_PER_IP", "3/minute")
    for n in range(3):
        assert login(client, f"u{n}@example.com").status_code == 400
    assert_limited(login(client, "u9@example.com"))
    assert login(client, "u9@example.com", ip="203.0.113.2").status_code == 400


def register(client, email, ip="203.0.113.5"):
    body = {
        "name": "N",
        "email": email,
        "password": "abc12345",
        "password_confirmation": "abc12345",
        "acceptTerms": "true",
    }
    return client.post("/api/auth/register", data=body, headers=from_ip(ip))


def test_registrations_are_limited_per_ip(client, app, shop, monkeypatch):
    monkeypatch.setitem(app.config, "REGISTER_LIMIT_PER_IP", "2/hour")
    assert register(client, "a@example.com").status_code == 201
    assert register(client, "b@example.com").status_code == 201
    assert_limited(register(client, "c@example.com"))
    assert register(client, "c@example.com", ip="203.0.113.6").status_code == 201


def test_registrations_are_limited_per_account(client, app, shop, monkeypatch):
    monkeypatch.setitem(app.config, "REGISTER_LIMIT_PER_ACCOUNT", "2/hour")
    assert register(client, "a@example.com", ip="10.0.0.1").status_code == 201
    assert register(client, "A@example.com", ip="10.0.0.2").status_code == 422
    assert_limited(register(client, "a@EXAMPLE.com", ip="10.0.0.3"))


def reset_request(client, email="shopper@example.com", ip="203.0.113.7"):
    return client.post("/api/auth/password/reset-request", data={"email": email}, headers=from_ip(ip))


def test_reset_requests_are_limited_per_account(client, app, user, smtp_server, monkeypatch):
    monkeypatch.setitem(app.config, "RESET_REQUEST_LIMIT_PER_ACCOUNT", "2/hour")
    assert reset_request(client, ip="10.0.0.1").status_code == 200
    assert reset_request(client, ip="10.0.0.2").status_code == 200
    assert_limited(reset_request(client, ip="10.0.0.3"))
    assert len(smtp_server.wait_for(2)) == 2


def test_reset_requests_are_limited_per_ip(client, app, user, monkeypatch):
    monkeypatch.setitem(app.config, "RESET_REQUEST_LIMIT_PER_IP", "2/hour")
    assert reset_request(client, "a@example.com").status_code == 200
    assert reset_request(client, "b@example.com").status_code == 200
    assert_limited(reset_request(client, "c@example.com"))


def test_an_english_shop_is_told_in_english(client, app, make_shop, monkeypatch):
    make_shop("en.test", language="en")
    monkeypatch.setitem(app.config, "LOGIN_LIMIT_PER_IP", "1/minute")
    headers = {"X-Site-Host": "en.test"}
    body = {"email": "a@example.com", "password": "wrong1234"}
    client.post("/api/auth/login", data=body, headers=headers)
    assert_limited(
        client.post("/api/auth/login", data=body, headers=headers),
        "Too many attempts. Please try again later.",
    )


@pytest.mark.parametrize("hops,expected_blocked", [(1, False), (0, True)])
def test_only_the_trusted_proxy_hop_of_x_forwarded_for_counts(
    client, app, user, monkeypatch, hops, expected_blocked
):
    """With one trusted proxy a client cannot pick its own bucket by prefixing X-Forwarded-For;
    with none the header is ignored and the socket address counts."""
    monkeypatch.setitem(app.config, "TRUSTED_PROXY_HOPS", hops)
    monkeypatch.setitem(app.config, "LOGIN_LIMIT_PER_IP", "1/minute")
    login(client, ip="1.1.1.1, 203.0.113.50")
    res = login(client, ip="2.2.2.2, 203.0.113.51")
    assert (res.status_code == 429) is expected_blocked
    spoof = login(client, ip="3.3.3.3, 203.0.113.51")
    assert spoof.status_code == 429


def test_a_made_up_forwarded_for_from_outside_the_proxies_does_not_escape_the_ip_limit(
    client, app, user, monkeypatch
):
    monkeypatch.setitem(app.config, "LOGIN_LIMIT_PER_IP", "3/minute")
    outside = {"REMOTE_ADDR": "203.0.113.77"}
    for n in range(3):
        res = client.post(
            "/api/auth/login",
            data={"email": f"u{n}@example.com", "password": "wrong1234"},
            headers=from_ip(f"198.51.100.{n}"),
            environ_base=outside,
        )
        assert res.status_code == 400
    res = client.post(
        "/api/auth/login",
        data={"email": "u9@example.com", "password": "wrong1234"},
        headers=from_ip("198.51.100.99"),
        environ_base=outside,
    )
    assert_limited(res)
