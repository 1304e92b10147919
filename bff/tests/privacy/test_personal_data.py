"""A member downloads their data and deletes their account: orders stay, anonymised; every
session ends at once; nothing else of theirs is left; another member is untouched."""

import json
from decimal import Decimal

from sqlalchemy import func, select

from bff.accounts.models import User, UserSession
from bff.addresses.models import ShippingAddress
from bff.cart.models import CartLine
from bff.extensions import db
from bff.favorites.models import Favorite
from bff.orders.models import Order, OrderEvent, OrderStatus
from bff.tests.fixtures.accounts import PASSWORD
from bff.tests.fixtures.shopping import SHANGHAI_ADDRESS, checkout_body
from bff.tests.helpers import assert_error

NUMBER = "11010519491231002X"
ADDRESS = {**SHANGHAI_ADDRESS, "shipping_id": NUMBER}


def _order(api, headers, honey, **info):
    body = checkout_body([(honey, 1, None)], "45.00", "10.00", shipping_id=NUMBER, **info)
    res = api.post("/api/order/create", headers, json=body)
    assert res.status_code == 200, res.get_json()
    return res.get_json()["order"]


def _set_status(number: str, status: OrderStatus) -> None:
    db.session.query(Order).filter_by(order_number=number).update({"status": status})
    db.session.commit()


def _login(client, store, email="member@example.com", password=PASSWORD):
    host = {"X-Site-Host": store.domains[0].hostname}
    return client.post("/api/auth/login", json={"email": email, "password": password}, headers=host)


def test_a_member_downloads_all_their_data(api, client, as_member, as_other, member, honey):
    api.post("/api/shipping-addresses/create", as_member, json=ADDRESS)
    order = _order(api, as_member, honey)
    _order(api, as_other, honey)  # another member's: not in the file

    res = client.get("/api/account/data", headers=as_member)
    assert res.status_code == 200
    assert res.headers["Content-Disposition"].startswith('attachment; filename="personal-data-')
    assert res.headers["Cache-Control"] == "no-store"
    data = json.loads(res.get_data(as_text=True))
    assert data["profile"]["email"] == "member@example.com" and data["profile"]["name"] == "小红"
    assert [a["shipping_address"] for a in data["addresses"]] == [ADDRESS["shipping_address"]]
    assert [o["order_number"] for o in data["orders"]] == [order["order_number"]]
    assert data["orders"][0]["order_details"][0]["product_name"] == "Manuka honey"
    # The ID number masked, as in every answer to a shopper.
    assert NUMBER not in res.get_data(as_text=True)
    assert data["addresses"][0]["shipping_id"] == "1101**********002X"
    assert_error(client.get("/api/account/data", headers={"X-Site-Host": "shop-a.test"}), 401)


def test_deleting_the_account_anonymises_orders_and_ends_every_session(
    api, client, store, member, as_member, as_other, honey
):
    api.post("/api/shipping-addresses/create", as_member, json=ADDRESS)
    shipped = _order(api, as_member, honey, user_remark="给妈妈的礼物")
    _set_status(shipped["order_number"], OrderStatus.COMPLETED)
    unpaid = _order(api, as_member, honey)
    api.add(as_member, honey, 2)
    api.post(f"/api/favorites/add/{honey.id}", as_member)
    other_order = _order(api, as_other, honey)
    second = _login(client, store)  # another browser of the member's
    assert second.status_code == 200
    second_headers = {
        "X-Site-Host": "shop-a.test",
        "Authorization": f"Bearer {second.get_json()['data']['token']}",
    }

    res = client.post("/api/account/delete", headers=as_member, json={"password": PASSWORD})
    assert res.status_code == 200, res.get_json()
    assert res.get_json() == {"message": "您的账户已注销"}

    # Every session ends at once: both browsers are guests now, and the password opens nothing.
    for headers in (as_member, second_headers):
        assert_error(client.get("/api/orders", headers=headers), 401)
    assert (
        db.session.scalar(
            select(func.count()).where(UserSession.revoked_at.is_(None), UserSession.user_id == member.id)
        )
        == 0
    )
    assert_error(_login(client, store), 400, "invalid_credentials")

    db.session.expire_all()
    kept = {o.order_number: o for o in db.session.scalars(select(Order).where(Order.user_id == member.id))}
    assert set(kept) == {shipped["order_number"], unpaid["order_number"]}  # the shop's records stay
    assert kept[unpaid["order_number"]].status == OrderStatus.CANCELLED  # and its stock went back
    order = kept[shipped["order_number"]]
    assert (order.status, order.total_price, order.shipping_country, order.province_code) == (
        OrderStatus.COMPLETED,
        Decimal("55.00"),
        "中国",
        "310000",
    )
    assert [line.product_name for line in order.lines] == ["Manuka honey"]
    for field in (
        "shipping_name",
        "shipping_contact",
        "shipping_address",
        "shipping_city",
        "shipping_id",
        "sender_name",
        "sender_address",
        "sender_contact",
        "user_remark",
    ):
        assert getattr(order, field) == "", field
    user = db.session.get(User, member.id)
    assert user.deleted_at is not None and user.name == "" and "member@example.com" not in user.email
    for model in (ShippingAddress, CartLine, Favorite):
        assert (
            db.session.scalar(select(func.count()).select_from(model).where(model.user_id == member.id)) == 0
        )

    # The other member keeps everything.
    assert (
        api.get(f"/api/order/{other_order['order_number']}", as_other).get_json()["order"]["shipping_name"]
        == "王小明"
    )
    # The email is free again: the person may come back as a new member.
    res = client.post(
        "/api/auth/register",
        headers={"X-Site-Host": "shop-a.test"},
        json={
            "name": "新",
            "email": "member@example.com",
            "password": PASSWORD,
            "password_confirmation": PASSWORD,
            "acceptTerms": True,
        },
    )
    assert res.status_code == 201, res.get_json()


def test_deleting_needs_the_password_and_waits_for_paid_orders(api, client, member, as_member, honey):
    body = assert_error(
        client.post("/api/account/delete", headers=as_member, json={"password": "wrong123"}),
        422,
        "wrong_password",
    )
    assert body["errors"] == {"password": ["密码不正确"]}
    assert_error(client.post("/api/account/delete", headers=as_member, json={}), 422, "validation_error")
    paid = _order(api, as_member, honey)
    _set_status(paid["order_number"], OrderStatus.PAID)
    body = assert_error(
        client.post("/api/account/delete", headers=as_member, json={"password": PASSWORD}),
        409,
        "orders_in_progress",
    )
    assert paid["order_number"] in body["message"]
    # Nothing happened: still signed in, still named on the order.
    assert (
        api.get(f"/api/order/{paid['order_number']}", as_member).get_json()["order"]["shipping_name"]
        == "王小明"
    )
    assert db.session.get(User, member.id).deleted_at is None


def test_the_shops_admin_is_not_deleted_from_the_storefront(client, as_admin):
    assert_error(
        client.post("/api/account/delete", headers=as_admin, json={"password": PASSWORD}),
        403,
        "admin_account",
    )


def test_wrong_passwords_are_limited_per_member(app, client, member, as_member, as_other, monkeypatch):
    monkeypatch.setitem(app.config, "DELETE_ACCOUNT_FAILURE_LIMIT", "2/15 minutes")
    for _ in range(2):
        assert_error(
            client.post("/api/account/delete", headers=as_member, json={"password": "wrong123"}), 422
        )
    body = assert_error(
        client.post("/api/account/delete", headers=as_member, json={"password": PASSWORD}), 429
    )
    assert body["message"] == "尝试次数过多，请稍后再试"
    assert db.session.get(User, member.id).deleted_at is None
    # Another member's attempts are their own.
    assert_error(client.post("/api/account/delete", headers=as_other, json={"password": "wrong123"}), 422)


def _rows_holding(*needles: str) -> list[tuple[str, str, str]]:
    """(table, column, value) of every text or JSON value in any table that holds a needle."""
    found = []
    db.session.expire_all()
    for table in db.metadata.sorted_tables:
        for row in db.session.execute(select(table)).mappings():
            for column, value in row.items():
                text = (
                    json.dumps(value, ensure_ascii=False, default=str)
                    if isinstance(value, dict | list)
                    else str(value)
                )
                found += [(table.name, column, text) for needle in needles if needle.lower() in text.lower()]
    return found


def test_after_deletion_no_table_holds_the_members_email_or_openid(
    api, client, store, member, as_member, honey, admin
):
    """Issue 28, finding 9: the openid row and the email in the order history stayed."""
    from bff.wechat.models import WechatOpenid

    openid = "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"
    db.session.add(
        WechatOpenid(shop_id=store.id, user_id=member.id, appid="wx8888888888888888", openid=openid)
    )
    db.session.commit()
    cancelled = _order(api, as_member, honey)
    assert client.post(f"/api/orders/delete/{cancelled['id']}", headers=as_member).status_code == 200
    kept = _order(api, as_member, honey)
    _set_status(kept["order_number"], OrderStatus.COMPLETED)
    assert _login(client, store, password="wrong1234").status_code == 400  # a failed sign-in row
    email = "member@example.com"
    assert {table for table, _, _ in _rows_holding(email, openid)} >= {
        "users",
        "order_events",
        "wechat_openids",
    }

    res = client.post("/api/account/delete", headers=as_member, json={"password": PASSWORD})
    assert res.status_code == 200, res.get_json()

    assert _rows_holding(email, openid) == []
    # The history keeps its entries, by an author no one can name.
    events = db.session.scalars(select(OrderEvent).where(OrderEvent.actor_id == member.id)).all()
    assert events and {e.actor_email for e in events} == {f"deleted-{member.id}@deleted.invalid"}


def test_a_deleted_members_waiting_mail_is_never_sent_and_keeps_no_token(client, store, member, as_member):
    """Issue 28: the outbox kept a deleted member's rows, a pending password-reset token among
    them, which the sender could still have mailed out."""
    from datetime import timedelta

    from bff.accounts.outbox import MailState, OutboxMail
    from bff.common.models import utcnow

    token = "reset-token-that-must-not-outlive-the-member"
    later = utcnow() + timedelta(minutes=5)  # a retry coming due after the deletion
    waiting = OutboxMail(
        shop_id=store.id, user_id=member.id, kind="password_reset", payload={"token": token}, due_at=later
    )
    failed = OutboxMail(
        shop_id=store.id,
        user_id=member.id,
        kind="order_paid",
        state=MailState.FAILED,
        error="550 <member@example.com>: mailbox unavailable",
    )
    db.session.add_all([waiting, failed])
    db.session.commit()

    res = client.post("/api/account/delete", headers=as_member, json={"password": PASSWORD})
    assert res.status_code == 200, res.get_json()
    db.session.expire_all()
    rows = db.session.scalars(select(OutboxMail).where(OutboxMail.user_id == member.id)).all()
    assert {r.state for r in rows if r.id == waiting.id} == {MailState.SKIPPED}
    assert all(r.payload == {} and r.error == "" for r in rows)
    assert _rows_holding(token, "member@example.com") == []
