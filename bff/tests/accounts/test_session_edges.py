"""Sessions at their edges: a token a second past its expiry, a second before it and before half
its life, and logout with an expired token when the renewal cookie is not sent (another tab
cleared it, or a script holding a copied token); the caller read once per request, and the
request that signs in being signed in."""

import time
from datetime import datetime

import pytest
from sqlalchemy import event

from bff.accounts import auth
from bff.accounts.auth import RENEWED_TOKEN_HEADER
from bff.extensions import db
from bff.tests.accounts.test_sessions import PRIVATE, bearer, forge, login, only_session
from bff.tests.helpers import SHOP_A

LIFETIME = 900  # ACCESS_TOKEN_MINUTES = 15


def _without_cookie(client, app):
    client.delete_cookie(app.config["RENEWAL_COOKIE_NAME"], path="/api")


def test_a_token_a_second_past_its_expiry_is_refused(client, app, user):
    login(client)
    _without_cookie(client, app)
    token = forge(app, only_session(), age=LIFETIME + 1)
    assert client.get(PRIVATE, headers=bearer(token)).status_code == 401
    assert client.get("/api/check-login-status", headers=bearer(token)).json["data"]["isLoggedIn"] is False


def test_a_token_seconds_before_its_expiry_is_accepted_and_renewed(client, app, user):
    login(client)
    _without_cookie(client, app)
    token = forge(app, only_session(), age=LIFETIME - 5)
    res = client.get(PRIVATE, headers=bearer(token))
    assert res.status_code == 200
    assert RENEWED_TOKEN_HEADER in res.headers  # past half its life


def test_a_token_just_before_half_its_life_is_not_renewed(client, app, user):
    login(client)
    token = forge(app, only_session(), age=LIFETIME // 2 - 2)
    res = client.get(PRIVATE, headers=bearer(token))
    assert res.status_code == 200 and RENEWED_TOKEN_HEADER not in res.headers
    res = client.get(PRIVATE, headers=bearer(forge(app, only_session(), age=LIFETIME // 2 + 1)))
    assert res.status_code == 200 and RENEWED_TOKEN_HEADER in res.headers


def test_a_renewal_cookie_of_the_session_renews_a_token_just_past_its_expiry(client, app, user):
    login(client)  # the client keeps the cookie
    res = client.get(PRIVATE, headers=bearer(forge(app, only_session(), age=LIFETIME + 1)))
    assert res.status_code == 200 and RENEWED_TOKEN_HEADER in res.headers


def test_logout_with_an_expired_token_and_no_renewal_cookie_still_revokes(client, app, user):
    login(client)
    _without_cookie(client, app)
    session = only_session()
    expired = forge(app, session, age=2 * LIFETIME)
    res = client.post("/api/logout", headers=bearer(expired))
    assert res.status_code == 200
    db.session.refresh(session)
    assert session.revoked_at is not None
    # The session is gone for every token of it, whatever their age.
    assert client.get(PRIVATE, headers=bearer(forge(app, session, age=10))).status_code == 401


def test_logout_with_another_shops_expired_token_revokes_nothing(client, app, user, make_shop):
    login(client)
    _without_cookie(client, app)
    make_shop("shop-b.test")
    session = only_session()
    client.post(
        "/api/logout", headers=bearer(forge(app, session, age=2 * LIFETIME), {"X-Site-Host": "shop-b.test"})
    )
    db.session.refresh(session)
    assert session.revoked_at is None


# The BFF's clock held still at a whole second, so that "at expiry" and "at half its life" are exact.


@pytest.fixture
def still_clock(monkeypatch):
    now = int(time.time())

    class Still(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime.fromtimestamp(now, tz)

    monkeypatch.setattr(auth, "datetime", Still)
    return now


def _token(app, session, iat: int, exp: int) -> str:
    return forge(app, session, age=0, iat=iat, nbf=iat, exp=exp)


def test_a_token_is_expired_at_its_exp_second_itself(client, app, user, still_clock):
    login(client)
    _without_cookie(client, app)
    session = only_session()
    now = still_clock
    assert client.get(PRIVATE, headers=bearer(_token(app, session, now - LIFETIME, now))).status_code == 401
    assert (
        client.get(PRIVATE, headers=bearer(_token(app, session, now - LIFETIME + 1, now + 1))).status_code
        == 200
    )


def test_a_token_is_renewed_from_half_its_life_on_the_second(client, app, user, still_clock):
    login(client)
    session = only_session()
    now, half = still_clock, LIFETIME // 2
    at_half = client.get(PRIVATE, headers=bearer(_token(app, session, now - half, now + half)))
    assert at_half.status_code == 200 and RENEWED_TOKEN_HEADER in at_half.headers
    before = client.get(PRIVATE, headers=bearer(_token(app, session, now - half + 1, now + half + 1)))
    assert before.status_code == 200 and RENEWED_TOKEN_HEADER not in before.headers


def test_renewing_with_the_cookie_slides_the_cookie_too(client, app, user):
    login(client)
    res = client.get(PRIVATE, headers=bearer(forge(app, only_session(), age=LIFETIME + 60)))
    assert res.status_code == 200 and RENEWED_TOKEN_HEADER in res.headers
    cookie = next(h for h in res.headers.getlist("Set-Cookie") if h.startswith("sf_renew="))
    assert not cookie.startswith("sf_renew=;") and "Max-Age=" in cookie and "HttpOnly" in cookie


@pytest.mark.parametrize(
    "claims",
    [
        {"type": "refresh"},
        {"sub": "not-a-number"},
        {"sid": 999999},
        {"shop": 999999},
        {"iat": True},
        {"sub": 5},
    ],
    ids=[
        "not-an-access-token",
        "sub-not-a-user-id",
        "unknown-session",
        "another-shop",
        "iat-a-bool",
        "sub-a-number",
    ],
)
def test_a_token_signed_by_us_but_naming_no_live_session_here_is_no_token(client, app, user, claims):
    login(client)
    token = forge(app, only_session(), age=10, **claims)
    assert client.get(PRIVATE, headers=bearer(token)).status_code == 401
    assert client.get("/api/check-login-status", headers=bearer(token)).json["data"]["isLoggedIn"] is False


def test_the_request_that_signs_in_is_signed_in_as_its_user(app, user):
    """The sign-in's own request has no token yet: it is its new session's user all the same."""
    with app.test_request_context("/api/auth/login", method="POST", headers=SHOP_A):
        auth.start_session(user)
        assert auth.current_user() is user


def test_a_request_reads_its_session_once_however_often_it_asks(client, app, user):
    """One primary-key read per request (auth.py's design): the decorator, the view and the
    pricing context asking who calls do not each read the session again."""
    login(client)
    token = forge(app, only_session(), age=10)
    with app.test_request_context(PRIVATE, headers=bearer(token)):
        first = auth.current_user()
        assert first is not None and first.id == user.id
        statements = []

        def count(*_args):
            statements.append(1)

        event.listen(db.engine, "before_cursor_execute", count)
        try:
            assert auth.current_user() is first
            assert auth.current_user() is first
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
        assert statements == []
