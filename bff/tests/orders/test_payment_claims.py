"""Manual QR payments an owner can trust (issue 24, item 2): the shopper's 「我已付款」 with a
private screenshot, the 「待确认收款」 queue, the time-out leaving such orders alone, confirm or
reject with a reason mailed, and an order the time-out released marked paid in the grace period
with its stock taken again."""

import io
from datetime import timedelta

import pytest
from PIL import Image
from sqlalchemy import select, update

from bff.catalog.models import Product
from bff.common.models import utcnow
from bff.extensions import db
from bff.orders.models import Order, OrderEvent, PaymentProof
from bff.orders.services import release_unpaid_orders
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, assert_ledger_balanced, with_version


def _picture(text: bytes = b"") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (10, 160, 60)).save(out, "JPEG", comment=text or None)
    return out.getvalue()


def _claim(client, headers, order, picture: bytes | None = None):
    data = {"screenshot": (io.BytesIO(picture), "pay.jpg")} if picture else {}
    return client.post(
        f"/api/order/{order['order_number']}/paid",
        headers=headers,
        data=data,
        content_type="multipart/form-data",
    )


def _age(order, minutes: int) -> None:
    db.session.execute(
        update(Order).where(Order.id == order["id"]).values(created_at=utcnow() - timedelta(minutes=minutes))
    )
    db.session.commit()


def _order(order) -> Order:
    db.session.expire_all()
    return db.session.get(Order, order["id"])


def test_a_claimed_order_waits_in_the_queue_and_the_time_out_leaves_it(
    client, as_member, as_admin, place_order, store
):
    claimed, plain = place_order(1), place_order(1)
    res = _claim(client, as_member, claimed, _picture(b"<script>alert(1)</script>"))
    assert res.status_code == 200, res.get_json()
    _age(claimed, store.unpaid_order_timeout_minutes + 5)
    _age(plain, store.unpaid_order_timeout_minutes + 5)
    assert release_unpaid_orders(db.session) == [plain["order_number"]]
    assert _order(claimed).status == "unpaid"

    queue = client.get("/api/admin/orders", headers=as_admin, query_string={"claimed": "1"}).get_json()
    assert [o["order_number"] for o in queue["orders"]["data"]] == [claimed["order_number"]]
    board = client.get("/api/admin/dashboard", headers=as_admin).get_json()
    assert [o["order_number"] for o in board["awaiting_confirmation"]] == [claimed["order_number"]]
    detail = client.get(admin_url(claimed), headers=as_admin).get_json()
    assert detail["order"]["payment_claimed_at"] and detail["order"]["has_payment_proof"] is True
    assert detail["actions"][:2] == ["mark_paid", "reject_payment"]
    assert [e["action"] for e in detail["history"]] == ["place", "claim_paid"]


def test_the_screenshot_is_private_and_kept_without_its_comment(
    client, as_member, as_admin, place_order, store, make_user, auth_headers
):
    order = place_order(1)
    _claim(client, as_member, order, _picture(b"<script>alert(1)</script>"))
    proof = db.session.scalars(select(PaymentProof)).one()
    assert b"<script>" not in proof.data and proof.data[:4] == b"RIFF"
    own = client.get(f"/api/order/{order['order_number']}/payment-proof", headers=as_member)
    assert own.status_code == 200 and own.mimetype == "image/webp"
    assert own.headers["Cache-Control"] == "private, no-store"
    staff = client.get(admin_url(order, "payment-proof"), headers=as_admin)
    assert staff.status_code == 200 and staff.get_data() == own.get_data()
    stranger = auth_headers(make_user(store, "other@example.com"))
    assert (
        client.get(f"/api/order/{order['order_number']}/payment-proof", headers=stranger).status_code == 404
    )
    guest = {"X-Site-Host": "shop-a.test"}
    assert client.get(f"/api/order/{order['order_number']}/payment-proof", headers=guest).status_code == 401
    assert "/media/" not in own.request.path


def test_a_screenshot_that_is_not_a_picture_is_refused_and_nothing_changes(client, as_member, place_order):
    order = place_order(1)
    body = assert_error(_claim(client, as_member, order, b"not a picture at all"), 422, "validation")
    assert body["errors"]["screenshot"]
    assert _order(order).payment_claimed_at is None


def test_only_an_unpaid_order_of_ones_own_can_be_claimed(
    client, as_member, place_order, put_in_state, store, make_user, auth_headers
):
    order = place_order(1)
    stranger = auth_headers(make_user(store, "other@example.com"))
    assert_error(_claim(client, stranger, order), 404)
    put_in_state(order, "paid")
    assert_error(_claim(client, as_member, order), 409)


def test_the_owner_confirms_a_claimed_order_after_its_time_out(
    client, as_member, as_admin, place_order, store
):
    order = place_order(1)
    _claim(client, as_member, order)
    _age(order, store.unpaid_order_timeout_minutes + 60)
    release_unpaid_orders(db.session)
    res = client.post(
        admin_url(order, "mark-paid"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": order["total_price"], "reference": "WX-1"},
    )
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["order"]["status"] == "paid"
    queue = client.get("/api/admin/orders", headers=as_admin, query_string={"claimed": "true"}).get_json()
    assert queue["orders"]["data"] == []


def test_a_rejected_claim_is_mailed_with_the_reason_and_the_order_is_unpaid_again(
    client, as_member, as_admin, place_order, store, smtp_server
):
    order = place_order(1)
    _claim(client, as_member, order)
    assert_error(
        client.post(
            admin_url(order, "reject-payment"),
            headers=with_version(client, as_admin, admin_url(order)),
            json={"reason": ""},
        ),
        422,
    )
    res = client.post(
        admin_url(order, "reject-payment"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "未收到款项"},
    )
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["order"]["payment_claimed_at"] is None
    messages = smtp_server.wait_for(2)
    rejected = next(m for m in messages if "未能确认" in str(m["Subject"]))
    assert "原因：未收到款项" in rejected.get_content() and "NZ$55.00" in rejected.get_content()
    assert_error(
        client.post(
            admin_url(order, "reject-payment"),
            headers=with_version(client, as_admin, admin_url(order)),
            json={"reason": "x"},
        ),
        409,
    )


def test_a_rejected_claim_gives_the_shopper_the_whole_time_out_again(
    client, as_member, as_admin, place_order, store
):
    order = place_order(1)
    _claim(client, as_member, order)
    _age(order, store.unpaid_order_timeout_minutes + 60)  # the owner took long to check
    assert release_unpaid_orders(db.session) == []
    rejected_at = utcnow()
    res = client.post(
        admin_url(order, "reject-payment"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "未收到款项"},
    )
    assert res.status_code == 200, res.get_json()
    # Not released at the next round: the clock started again at the rejection ...
    assert release_unpaid_orders(db.session) == []
    almost = rejected_at + timedelta(minutes=store.unpaid_order_timeout_minutes - 1)
    assert release_unpaid_orders(db.session, now=almost) == []
    assert _order(order).status == "unpaid"
    # ... so the shopper may say they paid again, and that claim is kept past the time-out too.
    assert _claim(client, as_member, order).status_code == 200
    late = rejected_at + timedelta(minutes=store.unpaid_order_timeout_minutes + 5)
    assert release_unpaid_orders(db.session, now=late) == []
    # Rejected once more and never paid: released one whole time-out after that rejection.
    second = utcnow()
    client.post(
        admin_url(order, "reject-payment"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "仍未收到"},
    )
    before_end = second + timedelta(minutes=store.unpaid_order_timeout_minutes - 1)
    assert release_unpaid_orders(db.session, now=before_end) == []
    after_end = second + timedelta(minutes=store.unpaid_order_timeout_minutes + 1)
    assert release_unpaid_orders(db.session, now=after_end) == [order["order_number"]]
    assert _order(order).status == "cancelled"


def _release(order, store):
    _age(order, store.unpaid_order_timeout_minutes + 5)
    assert release_unpaid_orders(db.session) == [order["order_number"]]


def test_a_released_order_can_be_marked_paid_in_the_grace_period_with_its_stock_taken_again(
    client, as_admin, place_order, store, honey_jar
):
    order = place_order(3)
    _release(order, store)
    assert db.session.get(Product, honey_jar.id).virtual_inventory == 10
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert "mark_paid" in detail["actions"]
    res = client.post(
        admin_url(order, "mark-paid"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": order["total_price"], "reference": "QR-late"},
    )
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["order"]["status"] == "paid"
    db.session.expire_all()
    assert db.session.get(Product, honey_jar.id).virtual_inventory == 7
    assert (
        db.session.scalars(select(OrderEvent.action).where(OrderEvent.order_id == order["id"])).all()[-1]
        == "late_payment"
    )
    assert_ledger_balanced(honey_jar.id)


def test_a_released_order_without_the_stock_or_past_the_grace_or_cancelled_by_hand_stays_cancelled(
    client, as_admin, place_order, store, honey_jar
):
    short = place_order(3)
    _release(short, store)
    db.session.execute(update(Product).where(Product.id == honey_jar.id).values(virtual_inventory=2))
    db.session.commit()
    body = {"amount": short["total_price"], "reference": "QR"}
    assert_error(
        client.post(
            admin_url(short, "mark-paid"), headers=with_version(client, as_admin, admin_url(short)), json=body
        ),
        409,
        "out_of_stock",
    )
    assert _order(short).status == "cancelled"

    old = place_order(1)
    _release(old, store)
    db.session.execute(
        update(Order).where(Order.id == old["id"]).values(cancelled_at=utcnow() - timedelta(days=8))
    )
    db.session.commit()
    assert "mark_paid" not in client.get(admin_url(old), headers=as_admin).get_json()["actions"]
    res = client.post(
        admin_url(old, "mark-paid"),
        headers=with_version(client, as_admin, admin_url(old)),
        json={"amount": old["total_price"], "reference": "QR"},
    )
    assert_error(res, 409, "transition_not_allowed")

    by_hand = place_order(1)
    client.post(
        admin_url(by_hand, "cancel"),
        headers=with_version(client, as_admin, admin_url(by_hand)),
        json={"reason": "顾客要求"},
    )
    res = client.post(
        admin_url(by_hand, "mark-paid"),
        headers=with_version(client, as_admin, admin_url(by_hand)),
        json={"amount": by_hand["total_price"], "reference": "QR"},
    )
    assert_error(res, 409, "transition_not_allowed")


@pytest.mark.parametrize("path", ["payment-proof", "reject-payment"])
def test_outsiders_get_nothing(client, outsiders, place_order, path):
    order = place_order(1)
    for headers, status in outsiders.values():
        res = client.open(
            admin_url(order, path),
            method="GET" if path == "payment-proof" else "POST",
            headers=headers,
            json=None if path == "payment-proof" else {"reason": "x"},
        )
        assert res.status_code == status
