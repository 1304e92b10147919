"""The owner's customers: list and search, detail with orders and totals, member level and
special-member flag (prices follow on the next page), block and unblock (sessions end at once)."""

from decimal import Decimal

from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.extensions import db
from bff.tests.fixtures.accounts import PASSWORD
from bff.tests.fixtures.presets import honey_with
from bff.tests.helpers import SHOP_A, assert_error, with_version

URL = "/api/admin/customers"


honey = honey_with(price=Decimal("100.00"), member_price=Decimal("80.00"), weight=0)


def _price(client, headers, product):
    return client.get(f"/api/user/product/{product.id}", headers=headers).get_json()["product"]["final_price"]


def test_customers_are_listed_with_their_orders_and_spend(
    client, as_admin, member, other_member, place_order, put_in_state
):
    paid = place_order(2)  # 90 + 10
    put_in_state(paid, "paid")
    place_order(1)
    part = place_order(1)  # 45 + 10, paid, then 15 of it refunded
    put_in_state(part, "paid")
    client.post(
        f"/api/admin/orders/{part['order_number']}/refunds",
        headers=with_version(client, as_admin, f"/api/admin/orders/{part['order_number']}"),
        json={"amount": "15", "reason": "r"},
    )
    res = client.get(URL, headers=as_admin)
    assert res.status_code == 200
    rows = {c["email"]: c for c in res.get_json()["customers"]["data"]}
    assert set(rows) == {"member@example.com", "other@example.com"}  # the admin is not a customer
    assert rows["member@example.com"]["orders_count"] == 3
    assert rows["member@example.com"]["total_spent"] == 140.0  # 100 + 55 - 15
    assert rows["other@example.com"]["orders_count"] == 0
    found = client.get(URL, headers=as_admin, query_string={"q": "小刚"}).get_json()["customers"]["data"]
    assert [c["email"] for c in found] == ["other@example.com"]
    detail = client.get(f"{URL}/{member.id}", headers=as_admin).get_json()
    assert detail["customer"]["total_spent"] == 140.0 and len(detail["orders"]) == 3


def test_a_member_level_changes_the_shoppers_prices_on_the_next_page(
    client, as_admin, as_member, member, store, make_member_level, honey
):
    level = make_member_level(store, "85", name="金卡")
    before = _price(client, as_member, honey)
    res = client.patch(
        f"{URL}/{member.id}",
        headers=with_version(client, as_admin, f"{URL}/{member.id}"),
        json={"member_level_id": level.id},
    )
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["customer"]["member_level"]["name"] == "金卡"
    assert (before, _price(client, as_member, honey)) == (100.0, 85.0)
    client.patch(
        f"{URL}/{member.id}",
        headers=with_version(client, as_admin, f"{URL}/{member.id}"),
        json={"is_special_member": True},
    )
    assert _price(client, as_member, honey) == 80.0  # the special-member price
    entries = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "customer")).all()
    assert [list(e.changes) for e in entries] == [["member_level_id"], ["is_special_member"]]
    res = client.patch(
        f"{URL}/{member.id}",
        headers=with_version(client, as_admin, f"{URL}/{member.id}"),
        json={"member_level_id": None},
    )
    assert res.get_json()["customer"]["member_level"] is None


def test_another_shops_level_is_refused(client, as_admin, member, store_b, make_member_level):
    foreign = make_member_level(store_b, "50")
    res = client.patch(
        f"{URL}/{member.id}",
        headers=with_version(client, as_admin, f"{URL}/{member.id}"),
        json={"member_level_id": foreign.id},
    )
    body = assert_error(res, 422, "validation")
    assert body["errors"]["member_level_id"] == ["会员等级不存在"]


def test_blocking_ends_the_sessions_at_once_and_refuses_sign_in(client, as_admin, as_member, member):
    assert client.get("/api/cart", headers=as_member).status_code == 200
    res = client.post(
        f"{URL}/{member.id}/block",
        headers=with_version(client, as_admin, f"{URL}/{member.id}"),
        json={"reason": "欺诈"},
    )
    assert res.status_code == 200 and res.get_json()["customer"]["blocked"] is True
    assert_error(client.get("/api/cart", headers=as_member), 401, "unauthenticated")
    login = client.post("/api/auth/login", headers=SHOP_A, json={"email": member.email, "password": PASSWORD})
    body = assert_error(login, 400, "account_blocked")
    assert body["message"].startswith("该账户已被停用")
    blocked = client.get(URL, headers=as_admin, query_string={"blocked": "true"}).get_json()
    assert [c["email"] for c in blocked["customers"]["data"]] == ["member@example.com"]
    assert (
        client.post(
            f"{URL}/{member.id}/unblock", headers=with_version(client, as_admin, f"{URL}/{member.id}")
        ).get_json()["customer"]["blocked"]
        is False
    )
    login = client.post("/api/auth/login", headers=SHOP_A, json={"email": member.email, "password": PASSWORD})
    assert login.status_code == 200


def test_a_wrong_password_of_a_blocked_account_says_only_that(client, as_admin, member):
    client.post(
        f"{URL}/{member.id}/block", headers=with_version(client, as_admin, f"{URL}/{member.id}"), json={}
    )
    login = client.post(
        "/api/auth/login", headers=SHOP_A, json={"email": member.email, "password": "wrong1234"}
    )
    assert_error(login, 400, "invalid_credentials")


def test_admins_and_other_shops_customers_are_not_customers_here(
    client, as_admin, admin, store_b, make_user, outsiders, member
):
    theirs = make_user(store_b, "b@example.com")
    assert_error(client.get(f"{URL}/{theirs.id}", headers=as_admin), 404)
    assert_error(client.post(f"{URL}/{admin.id}/block", headers=as_admin, json={}), 404)
    for name, (headers, status) in outsiders.items():
        assert client.get(URL, headers=headers).status_code == status, name
        assert client.post(f"{URL}/{member.id}/block", headers=headers, json={}).status_code == status, name
