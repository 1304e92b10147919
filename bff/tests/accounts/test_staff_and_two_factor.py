"""Staff invitations and two-factor sign-in to the console (issue 25, item 2; issue 28, item 8's
"with two-factor on, the password guess limit can't lock out at all")."""

import time
from datetime import timedelta
from urllib.parse import parse_qs, urlparse

import pyotp
import pytest
from sqlalchemy import select, text, update

from bff.accounts import staff
from bff.accounts.models import RecoveryCode, StaffInvitation, User
from bff.accounts.outbox import OutboxMail
from bff.audit.models import AuditEntry
from bff.common.models import utcnow
from bff.extensions import db
from bff.tests.fixtures.accounts import PASSWORD
from bff.tests.helpers import SHOP_A, assert_error

ADMIN = "/api/admin"
TWO_FACTOR = f"{ADMIN}/account/two-factor"


def _login(client, email, password=PASSWORD):
    return client.post(f"{ADMIN}/login", headers=SHOP_A, json={"email": email, "password": password})


def _code_step(client, challenge, code):
    return client.post(
        f"{ADMIN}/login/two-factor", headers=SHOP_A, json={"challenge": challenge, "code": code}
    )


def _turn_on(client, headers) -> tuple[str, list[str]]:
    setup = client.post(f"{TWO_FACTOR}/setup", headers=headers)
    assert setup.status_code == 200, setup.get_json()
    secret = setup.get_json()["secret"]
    assert setup.get_json()["otpauth_uri"].startswith("otpauth://totp/")
    assert set("".join(setup.get_json()["qr_modules"])) == {"0", "1"}
    wrong = client.post(f"{TWO_FACTOR}/enable", headers=headers, json={"code": "000000"})
    assert_error(wrong, 400, "two_factor_invalid")
    res = client.post(f"{TWO_FACTOR}/enable", headers=headers, json={"code": pyotp.TOTP(secret).now()})
    assert res.status_code == 200, res.get_json()
    return secret, res.get_json()["recovery_codes"]


def _next_code(secret: str) -> str:
    """A code of the next time step: the current one was used to turn two-factor on."""
    return pyotp.TOTP(secret).at(time.time() + 30)


@pytest.fixture
def packer(store, make_user):
    return make_user(store, "packer@example.com", is_admin=True, role="packer", name="Pat")


# Two-factor -------------------------------------------------------------------------------------


def test_with_two_factor_on_a_right_password_opens_no_session_until_the_code(client, admin, as_admin):
    secret, codes = _turn_on(client, as_admin)
    assert len(codes) == 10 and len(set(codes)) == 10
    # Only keyed hashes are kept: no table holds a code or the secret in plain text.
    db.session.expire_all()
    stored = db.session.scalars(select(RecoveryCode.code_hash).where(RecoveryCode.user_id == admin.id)).all()
    assert len(stored) == 10 and not set(stored) & set(codes)
    raw = db.session.execute(text("SELECT totp_secret FROM users WHERE id = :id"), {"id": admin.id}).scalar()
    assert raw and secret not in raw

    first = _login(client, "admin@example.com")
    data = first.get_json()["data"]
    assert first.status_code == 200 and data["two_factor_required"] == 1 and "token" not in data
    assert_error(_code_step(client, data["challenge"], "123456"), 400, "two_factor_invalid")
    assert_error(_code_step(client, "forged", _next_code(secret)), 400, "two_factor_challenge_invalid")
    code = _next_code(secret)
    res = _code_step(client, data["challenge"], code)
    assert res.status_code == 200, res.get_json()
    token = res.get_json()["data"]["token"]
    status = client.get("/api/check-login-status", headers={**SHOP_A, "Authorization": f"Bearer {token}"})
    assert status.get_json()["data"]["user"]["two_factor_enabled"] is True
    # A code is good once.
    assert_error(_code_step(client, data["challenge"], code), 400, "two_factor_invalid")


def test_a_recovery_code_signs_in_once(client, as_admin):
    _secret, codes = _turn_on(client, as_admin)
    challenge = _login(client, "admin@example.com").get_json()["data"]["challenge"]
    assert _code_step(client, challenge, codes[3].upper()).status_code == 200
    assert_error(_code_step(client, challenge, codes[3]), 400, "two_factor_invalid")
    left = client.get(TWO_FACTOR, headers=as_admin).get_json()
    assert left == {"enabled": True, "required": False, "recovery_codes_left": 9}


def test_a_password_change_voids_a_challenge(client, admin, as_admin):
    secret, _codes = _turn_on(client, as_admin)
    challenge = _login(client, "admin@example.com").get_json()["data"]["challenge"]
    db.session.execute(update(User).where(User.id == admin.id).values(password_hash="changed"))
    db.session.commit()
    assert_error(_code_step(client, challenge, _next_code(secret)), 400, "two_factor_challenge_invalid")


def test_wrong_codes_are_slowed_down_never_locked_out(client, app, as_admin, monkeypatch):
    monkeypatch.setitem(app.config, "LOGIN_FREE_FAILURES", 3)
    _secret, _codes = _turn_on(client, as_admin)
    challenge = _login(client, "admin@example.com").get_json()["data"]["challenge"]
    for _ in range(3):
        assert_error(_code_step(client, challenge, "111111"), 400, "two_factor_invalid")
    throttled = _code_step(client, challenge, "111111")
    assert throttled.status_code in (400, 429)  # the fourth is checked, the fifth waits
    body = assert_error(_code_step(client, challenge, "111111"), 429, "login_throttled")
    assert "秒后再试" in body["message"]


def test_with_two_factor_on_password_guesses_never_hold_the_owner_back(client, app, as_admin, monkeypatch):
    """Issue 28, item 8: the password alone opens nothing, so its guesses are not throttled."""
    monkeypatch.setitem(app.config, "LOGIN_FREE_FAILURES", 2)
    _turn_on(client, as_admin)
    for _ in range(10):
        assert_error(_login(client, "admin@example.com", "wrong1234"), 400, "invalid_credentials")
    right = _login(client, "admin@example.com")
    assert right.status_code == 200 and right.get_json()["data"]["two_factor_required"] == 1


def test_the_shops_rule_needs_the_owners_own_first_then_holds_managers_to_it(
    client, store, as_admin, make_user, auth_headers
):
    manager = make_user(store, "manager@example.com", is_admin=True, role="manager")
    as_manager = auth_headers(manager)
    rule = f"{ADMIN}/security/two-factor"
    assert_error(client.put(rule, headers=as_admin, json={"required": True}), 409, "two_factor_conflict")
    assert_error(client.put(rule, headers=as_manager, json={"required": True}), 403, "role_forbidden")
    _turn_on(client, as_admin)
    res = client.put(rule, headers=as_admin, json={"required": True})
    assert res.status_code == 200 and res.get_json()["data"]["two_factor_required"] == 1
    # The manager without a second factor reaches only their own two-factor screen.
    body = assert_error(client.get(f"{ADMIN}/orders", headers=as_manager), 403, "two_factor_setup_required")
    assert body["message"].startswith("本店要求店主和经理使用两步验证登录")
    user = client.get("/api/check-login-status", headers=as_manager).get_json()["data"]["user"]
    assert user["two_factor_setup_required"] is True
    assert client.get(TWO_FACTOR, headers=as_manager).get_json()["required"] == 1
    _turn_on(client, as_manager)
    assert client.get(f"{ADMIN}/orders", headers=as_manager).status_code == 200
    # Neither may turn theirs off while the rule holds.
    off = client.post(f"{TWO_FACTOR}/disable", headers=as_manager, json={"password": PASSWORD})
    assert_error(off, 409, "two_factor_conflict")
    actions = db.session.scalars(select(AuditEntry.action).order_by(AuditEntry.id)).all()
    assert actions.count("two_factor_on") == 2


def test_a_packer_may_turn_their_own_off_with_the_password(client, packer, auth_headers):
    headers = auth_headers(packer)
    _turn_on(client, headers)
    wrong = client.post(f"{TWO_FACTOR}/disable", headers=headers, json={"password": "nope12345"})
    assert_error(wrong, 422)
    assert (
        client.post(f"{TWO_FACTOR}/disable", headers=headers, json={"password": PASSWORD}).status_code == 200
    )
    assert _login(client, "packer@example.com").get_json()["data"]["token"]


# Staff ------------------------------------------------------------------------------------------


def _invite(client, headers, email="new.packer@example.com", role="packer"):
    return client.post(f"{ADMIN}/staff/invitations", headers=headers, json={"email": email, "role": role})


def _invited(store, admin, email: str):
    """An invitation and its link's token, as the mail carries it (made by the service: the
    tests send no mail, and a sent or failed row keeps no token)."""
    return staff.invite(db.session, store, admin, email, "packer", timedelta(hours=72), "http://shop-a.test")


def test_the_owner_invites_a_packer_who_joins_by_the_link_and_signs_in(client, app, as_admin, smtp_server):
    res = _invite(client, as_admin)
    assert res.status_code == 201, res.get_json()
    mail = smtp_server.wait_for(1)[0]
    assert mail["To"] == "new.packer@example.com" and "打包员" in mail.get_content()
    link = next(line for line in mail.get_content().splitlines() if "/admin/join?token=" in line).strip()
    token = parse_qs(urlparse(link).query)["token"][0]
    # The sent row keeps no token; the invitation only its hash.
    db.session.expire_all()
    assert all(not r.payload for r in db.session.scalars(select(OutboxMail)))
    assert token not in db.session.scalar(select(StaffInvitation.token_hash))

    info = client.get("/api/staff/invitation", headers=SHOP_A, query_string={"token": token})
    assert info.get_json() == {
        "email": "new.packer@example.com",
        "role": "packer",
        "shop_name": info.get_json()["shop_name"],
    }
    body = {"token": token, "name": "Pat", "password": "pack1234", "password_confirmation": "pack1234"}
    assert client.post("/api/staff/invitation/accept", headers=SHOP_A, json=body).status_code == 200
    assert_error(
        client.post("/api/staff/invitation/accept", headers=SHOP_A, json=body), 400, "invitation_invalid"
    )
    login = _login(client, "new.packer@example.com", "pack1234").get_json()["data"]
    assert login["user"]["role"] == "packer"
    staff = client.get(f"{ADMIN}/staff", headers=as_admin).get_json()["data"]
    assert [(p["email"], p["role"]) for p in staff["staff"]] == [
        ("admin@example.com", "owner"),
        ("new.packer@example.com", "packer"),
    ]
    assert staff["invitations"] == [] and staff["roles"]["payments"] == ["owner"]


def test_an_expired_or_withdrawn_invitation_opens_nothing(client, store, admin, as_admin):
    _invitation, token = _invited(store, admin, "late@example.com")
    db.session.execute(update(StaffInvitation).values(expires_at=utcnow() - timedelta(seconds=1)))
    db.session.commit()
    assert_error(client.get("/api/staff/invitation", headers=SHOP_A, query_string={"token": token}), 400)
    withdrawn, token = _invited(store, admin, "withdrawn@example.com")
    assert client.delete(f"{ADMIN}/staff/invitations/{withdrawn.id}", headers=as_admin).status_code == 204
    body = {"token": token, "name": "X", "password": "pack1234", "password_confirmation": "pack1234"}
    assert_error(
        client.post("/api/staff/invitation/accept", headers=SHOP_A, json=body), 400, "invitation_invalid"
    )


def test_only_the_owner_invites_and_an_account_of_the_shop_cannot_be_invited(
    client, store, as_admin, member, make_user, auth_headers
):
    manager = make_user(store, "manager@example.com", is_admin=True, role="manager")
    assert_error(_invite(client, auth_headers(manager)), 403, "role_forbidden")
    assert_error(_invite(client, as_admin, "member@example.com"), 409, "staff_conflict")
    assert_error(_invite(client, as_admin, role="owner"), 422)


def test_the_owner_changes_a_role_and_removes_a_person_at_once(client, packer, as_admin, auth_headers):
    headers = auth_headers(packer)
    assert client.get(f"{ADMIN}/customers", headers=headers).status_code == 403
    res = client.patch(f"{ADMIN}/staff/{packer.id}", headers=as_admin, json={"role": "support"})
    assert res.get_json()["person"]["role"] == "support"
    assert client.get(f"{ADMIN}/customers", headers=headers).status_code == 200
    assert client.delete(f"{ADMIN}/staff/{packer.id}", headers=as_admin).status_code == 204
    assert_error(client.get(f"{ADMIN}/orders", headers=headers), 401)
    assert_error(_login(client, "packer@example.com"), 400, "account_blocked")
    entries = db.session.scalars(select(AuditEntry).order_by(AuditEntry.id)).all()
    assert [(e.action, e.actor_email) for e in entries] == [
        ("change_role", "admin@example.com"),
        ("remove_staff", "admin@example.com"),
    ]
    # The owner is nobody's to change.
    people = client.get(f"{ADMIN}/staff", headers=as_admin).get_json()["data"]["staff"]
    owner_id = next(p["id"] for p in people if p["role"] == "owner")
    assert_error(client.delete(f"{ADMIN}/staff/{owner_id}", headers=as_admin), 409, "staff_conflict")
