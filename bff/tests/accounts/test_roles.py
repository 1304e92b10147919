"""Roles on the server (issue 25, item 2): one table of console areas x roles
(bff/accounts/roles.py), checked before the view of every console call; a route in no row is
the owner's alone. Every route of the console is called here by every role."""

import re

import pytest
from sqlalchemy import select

from bff.accounts.roles import AREAS, PUBLIC, area_of, authorize, may
from bff.audit.models import AuditEntry
from bff.common.errors import DomainError
from bff.extensions import db
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, with_version

ROLES = ["owner", "manager", "packer", "support"]

# Every console route as it is today, with the area the table gives it. A route added later
# that is in no row is the owner's alone (test_a_route_in_no_row_is_the_owners_alone).
EXPECTED = {
    ("GET", "/api/admin/orders"): "orders_read",
    ("GET", "/api/admin/orders/<order_number:order_number>"): "orders_read",
    ("POST", "/api/admin/orders/<order_number:order_number>/ship"): "orders_ship",
    ("GET", "/api/admin/orders/packing-slips"): "orders_ship",
    ("POST", "/api/admin/orders/bulk-ship"): "orders_ship",
    ("GET", "/api/admin/orders/<order_number:order_number>/id-number"): "orders_id_number",
    ("GET", "/api/admin/orders/customs.csv"): "orders_customs",
    ("GET", "/api/admin/orders/export.csv"): "orders_export",
    ("POST", "/api/admin/orders/<order_number:order_number>/mark-paid"): "orders_money",
    ("POST", "/api/admin/orders/<order_number:order_number>/refunds"): "orders_money",
    ("POST", "/api/admin/orders/<order_number:order_number>/cancel"): "orders_money",
    ("PUT", "/api/admin/orders/<order_number:order_number>/address"): "orders_edit",
    ("GET", "/api/admin/customers"): "customers_read",
    ("POST", "/api/admin/customers/<int(max=2147483647):user_id>/block"): "customers_write",
    ("GET", "/api/admin/payments/providers"): "payments",
    ("PUT", "/api/admin/payments/providers/<string:kind>"): "payments",
    ("GET", "/api/admin/staff"): "staff",
    ("PUT", "/api/admin/security/two-factor"): "staff",
    ("GET", "/api/admin/account/two-factor"): "own_account",
    ("GET", "/api/admin/settings"): "settings",
    ("POST", "/api/admin/products"): "catalogue",
    ("PATCH", "/api/admin/brands/<int(max=2147483647):obj_id>"): "content",
    ("GET", "/api/admin/audit"): "audit",
    ("GET", "/api/admin/dashboard"): "dashboard",
}


@pytest.fixture
def people(store, admin, make_user, auth_headers):
    """A console user of each role (the seeded admin is the owner), and their headers."""
    found = {"owner": (admin, auth_headers(admin))}
    for role in ROLES[1:]:
        person = make_user(store, f"{role}@example.com", is_admin=True, role=role, name=role.title())
        found[role] = (person, auth_headers(person))
    return found


def _console_routes(app):
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/admin") and rule.rule not in PUBLIC:
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield method, rule


def _url(rule) -> str:
    values = {"order_number": "261124-AB12-CD34", "kind": "wechat_pay", "field": "shop_logo"}
    return re.sub(
        r"<(?:[^:>]+(?:\([^)]*\))?:)?([^>]+)>", lambda m: values.get(m.group(1), "2147483000"), rule.rule
    )


def test_each_console_route_is_in_the_area_the_table_says(app):
    for (method, rule), area in EXPECTED.items():
        assert area_of(rule, method) == area, (method, rule)
    # And every route of the console today is in some row (none left to the default by mistake).
    unmapped = [(m, r.rule) for m, r in _console_routes(app) if area_of(r.rule, m) is None]
    assert unmapped == []


def test_every_role_gets_exactly_its_areas_on_every_console_route(app, client, people):
    """Each console route with each role: 403 `role_forbidden` exactly where the table says no,
    before the view (so before its body or its object is looked at); anything else where it
    says yes (a 404 for the made-up ids, a 422 for the empty body...)."""
    seen = 0
    for method, rule in _console_routes(app):
        area = area_of(rule.rule, method)
        for role in ROLES[1:]:
            person, headers = people[role]
            res = client.open(_url(rule), method=method, headers=headers, json={})
            if may(person, area):
                assert res.status_code != 403 or res.get_json()["code"] != "role_forbidden", (
                    role,
                    method,
                    rule,
                )
            else:
                body = assert_error(res, 403, "role_forbidden")
                assert body["message"] == "您的角色无权使用这一功能，如需使用请联系店主。"
            seen += 1
    assert seen > 150


def test_the_owner_is_refused_no_console_route(app, client, people):
    _owner, headers = people["owner"]
    for method, rule in _console_routes(app):
        res = client.open(_url(rule), method=method, headers=headers, json={})
        assert res.status_code not in (401, 403), (method, rule.rule, res.get_json())


def test_a_route_in_no_row_is_the_owners_alone(store, people):
    """Default deny: a console call another part of the code adds without a row in the table
    (the check runs for every /api/admin rule: the test above calls each of them)."""
    rule = "/api/admin/something-new/<int:thing_id>"
    assert area_of(rule, "GET") is None
    authorize(store, people["owner"][0], rule, "GET")
    for role in ROLES[1:]:
        with pytest.raises(DomainError) as refused:
            authorize(store, people[role][0], rule, "GET")
        assert refused.value.code == "role_forbidden"


def test_the_roles_table_is_as_the_issue_describes():
    def roles(area):
        return sorted(r.value for r in AREAS[area])

    everyone = ["manager", "owner", "packer", "support"]
    owners = ("payments", "staff", "wechat")  # the payment and WeChat secrets, and the staff
    assert all(roles(a) == ["owner"] for a in owners)  # a manager has everything else
    assert all("manager" in roles(a) for a in AREAS if a not in owners)
    assert {a for a in AREAS if "packer" in roles(a)} == {
        "own_account",
        "orders_read",
        "orders_ship",
        "orders_id_number",
    }
    assert {a for a in AREAS if "support" in roles(a)} == {
        "own_account",
        "orders_read",
        "orders_notes",
        "orders_payment_proof",
        "customers_read",
    }
    assert roles("orders_read") == everyone


def test_a_packer_ships_an_order_reveals_one_id_number_audited_and_touches_no_money(
    client, people, place_order, put_in_state
):
    packer, headers = people["packer"]
    order = place_order()
    put_in_state(order, "paid")
    assert client.get("/api/admin/orders", headers=headers).status_code == 200
    money = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, headers, admin_url(order)),
        json={"amount": "1"},
    )
    assert_error(money, 403, "role_forbidden")
    assert_error(client.get("/api/admin/payments/providers", headers=headers), 403, "role_forbidden")
    assert_error(client.get("/api/admin/orders/customs.csv", headers=headers), 403, "role_forbidden")
    res = client.post(
        admin_url(order, "ship"),
        headers=with_version(client, headers, admin_url(order)),
        json={"shipping_company": "NZ Post", "tracking_number": "NZ123"},
    )
    assert res.status_code == 200 and res.get_json()["order"]["status"] == "completed"
    assert client.get(admin_url(order, "id-number"), headers=headers).status_code == 200
    # The audit log names the person who did each.
    entries = db.session.scalars(select(AuditEntry).order_by(AuditEntry.id)).all()
    assert [(e.action, e.actor_email) for e in entries][-2:] == [
        ("transition", "packer@example.com"),
        ("view_id_number", "packer@example.com"),
    ]


def test_the_user_answer_tells_the_console_its_role_and_areas(client, people):
    _packer, headers = people["packer"]
    user = client.get("/api/check-login-status", headers=headers).get_json()["data"]["user"]
    assert user["role"] == "packer"
    assert user["console_areas"] == ["own_account", "orders_read", "orders_ship", "orders_id_number"]
    assert user["two_factor_enabled"] is False and user["two_factor_setup_required"] is False


def test_a_shoppers_user_answer_has_no_console_fields(client, member, auth_headers):
    user = client.get("/api/check-login-status", headers=auth_headers(member)).get_json()["data"]["user"]
    assert "role" not in user and "console_areas" not in user
    assert_error(client.get("/api/admin/orders", headers=auth_headers(member)), 403)
