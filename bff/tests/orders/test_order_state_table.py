"""The order's state machine, written out by hand here and never read from the code
(bff/orders/transitions.py): every state × every step → the state after, or refused.

Each step is taken the way its actor takes it: the owner's console calls, the shopper's cancel,
the payment provider's signed notification (the sandbox's), and the unpaid time-out
(`release_unpaid_orders`). A row of this table changes only when the product's rules change:
a table in the code that lets a shipped order be cancelled (stock back that no longer exists)
or a cancelled order be marked paid (goods promised with no stock held) fails here.
"""

import json
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from bff.catalog.models import Product
from bff.common.models import utcnow
from bff.extensions import db
from bff.orders.models import Order, OrderEvent
from bff.orders.services import release_unpaid_orders
from bff.payments import signing
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, with_version

REFUSED = None
STATES = ("unpaid", "payment_failed", "paid", "completed", "cancelled")
STEPS = (
    "mark_paid",  # the owner records a QR or transfer payment
    "ship",  # the owner ships with courier and tracking number
    "cancel",  # the owner cancels, with a reason
    "refund",  # the owner gives money back (a part of what was paid)
    "edit_address",  # the owner changes the recipient ("address" in the table)
    "shopper_cancel",  # the shopper cancels an order of theirs
    "provider_paid",  # the provider's notification: paid ("prov_paid")
    "provider_failed",  # the provider's notification: the payment failed ("prov_failed")
    "release",  # the unpaid time-out, long past
)
# The state after each step, in the order of STEPS; "-" is refused (nothing changes). A provider's
# payment on a cancelled order leaves it cancelled, the money held on it (a history row).
STATE = {"U": "unpaid", "F": "payment_failed", "P": "paid", "D": "completed", "X": "cancelled", "-": REFUSED}
# fmt: off
WRITTEN = {
    #                 mark_paid ship cancel refund address shopper_cancel prov_paid prov_failed release
    "unpaid":         "P         -    X      -      U       X              P         F           X",
    "payment_failed": "P         -    X      -      F       X              P         -           X",
    "paid":           "-         D    X      P      P       -              -         -           -",
    "completed":      "-         -    -      D      -       -              -         -           -",
    "cancelled":      "-         -    -      X      -       -              X         -           -",
}
# fmt: on
TABLE = {state: tuple(STATE[c] for c in row.split()) for state, row in WRITTEN.items()}
# The steps after which the order's units are back in stock (taken once, at the checkout).
RETURNS_STOCK = {"cancel", "shopper_cancel", "release"}
CONSOLE = {"mark_paid", "ship", "cancel", "refund", "edit_address"}

CASES = [(state, step, TABLE[state][i]) for state in STATES for i, step in enumerate(STEPS)]

ADDRESS = {
    "shipping_name": "李四",
    "shipping_contact": "13900000000",
    "shipping_country": "中国",
    "shipping_city": "",
    "province_code": "110000",
    "city_code": "110000",
    "district_code": "110105",
    "shipping_address": "朝阳区建国路1号",
}


def _console(client, headers, order, step):
    if step == "edit_address":
        etag = client.get(admin_url(order), headers=headers).headers["ETag"]
        return client.put(admin_url(order, "address"), headers={**headers, "If-Match": etag}, json=ADDRESS)
    path, body = {
        "mark_paid": ("mark-paid", {"amount": order["total_price"], "reference": "WX-1"}),
        "ship": ("ship", {"shipping_company": "顺丰", "tracking_number": "SF1234567890"}),
        # A paid order keeps its money only with the owner's reason (else it is cancel-and-refund).
        "cancel": ("cancel", {"reason": "顾客要求取消", "keep_reason": "已线下退款"}),
        "refund": ("refunds", {"amount": "10.00", "reason": "少发一件"}),
    }[step]
    return client.post(
        admin_url(order, path), headers=with_version(client, headers, admin_url(order)), json=body
    )


def _notify(app, client, order, outcome):
    body = json.dumps(
        {
            "transaction_id": f"txn-{outcome}",
            "order_number": order["order_number"],
            "amount": f"{order['total_price']:.2f}",
            "outcome": outcome,
        }
    ).encode()
    headers = {
        "X-Site-Host": "shop-a.test",
        "X-Sandbox-Signature": signing.sign(app.config["PAYMENT_SANDBOX_SECRET"], body),
        "Content-Type": "application/json",
    }
    return client.post("/api/payment/notify/sandbox", data=body, headers=headers)


def _take(app, client, as_admin, as_member, order, step):
    """Take `step`; the answer (for the time-out, which is no request, the numbers it released)."""
    if step in CONSOLE:
        return _console(client, as_admin, order, step)
    if step == "shopper_cancel":
        return client.post(f"/api/orders/delete/{order['id']}", headers=as_member)
    if step in ("provider_paid", "provider_failed"):
        return _notify(app, client, order, "paid" if step == "provider_paid" else "failed")
    return release_unpaid_orders(db.session, utcnow() + timedelta(days=30))


def _status(order) -> str:
    db.session.expire_all()
    return db.session.get(Order, order["id"]).status


def _stock(product) -> int:
    db.session.expire_all()
    return db.session.get(Product, product.id).virtual_inventory


def _events(order) -> int:
    return db.session.scalar(
        select(func.count()).select_from(OrderEvent).where(OrderEvent.order_id == order["id"])
    )


def test_the_table_names_every_state_and_step_once():
    assert set(TABLE) == set(STATES) and all(len(row) == len(STEPS) for row in TABLE.values())
    assert TABLE["paid"][STEPS.index("ship")] == "completed"  # the letters read as meant
    assert len(CASES) == 45


@pytest.mark.parametrize(("state", "step", "after"), CASES, ids=[f"{s}-{t}" for s, t, _ in CASES])
def test_each_state_takes_exactly_the_steps_of_the_written_table(
    app, client, as_admin, as_member, place_order, put_in_state, honey_jar, state, step, after
):
    order = place_order()  # 2 jars: 90.00 + 10.00
    # A cancelled order here had been paid, so that a refund has money to give back.
    put_in_state(order, state, paid=Decimal(str(order["total_price"])) if state == "cancelled" else None)
    stock, events = _stock(honey_jar), _events(order)

    res = _take(app, client, as_admin, as_member, order, step)
    if step == "release":
        assert (order["order_number"] in res) is (after is not REFUSED)
        res = None

    if after is REFUSED:
        if step in CONSOLE:
            assert_error(res, 409, "transition_not_allowed")
        elif step == "shopper_cancel":
            assert_error(res, 409, "order_not_cancellable")
        assert _status(order) == state
        assert _events(order) == events  # nothing in the history either
    else:
        if res is not None:
            assert res.status_code == 200, res.get_json()
        assert _status(order) == after
        [event] = db.session.scalars(
            select(OrderEvent)
            .where(OrderEvent.order_id == order["id"])
            .order_by(OrderEvent.id.desc())
            .limit(1)
        ).all()
        assert (event.from_status, event.to_status) == (state, after)
        assert _events(order) == events + 1
    back = 2 if after is not REFUSED and step in RETURNS_STOCK else 0
    assert _stock(honey_jar) == stock + back


@pytest.mark.parametrize("state", ["paid", "completed", "cancelled"])
def test_a_provider_payment_after_the_order_left_the_open_states_changes_nothing_and_is_kept(
    app, client, place_order, put_in_state, state
):
    """Paid twice: kept on record for a refund by hand, never applied. Paid after cancelling:
    the state stays cancelled, the money is held on the order for the owner to refund or revive
    (issue 22 item 3)."""
    from bff.payments.models import PaymentNotification

    order = place_order()
    put_in_state(order, state)
    paid_before = db.session.get(Order, order["id"]).paid_amount
    assert _notify(app, client, order, "paid").status_code == 200
    db.session.expire_all()
    stored = db.session.get(Order, order["id"])
    assert stored.status == state
    held = stored.total_price if state == "cancelled" else 0
    assert stored.paid_amount == paid_before + held
    record = db.session.scalars(select(PaymentNotification)).one()
    expected = "duplicate_payment" if state in ("paid", "completed") else "held_on_cancelled"
    assert record.result == expected
