"""The version rule on the console's order steps (issue 28, item 5): mark paid, ship, cancel,
refund and reject a payment name the order's version in If-Match, like every other change the
console makes: 428 without one (or with `*`, garbage or nothing), 412 with a stale one, and
nothing changes either way. Two steps made on one copy of the order: only the first applies."""

import pytest
from sqlalchemy import func, select, update

from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.extensions import db
from bff.orders.models import Order, OrderEvent
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, with_version

# step -> (the state it is taken in, its body)
STEPS = {
    "mark-paid": ("unpaid", lambda order: {"amount": order["total_price"], "reference": "WX-1"}),
    "ship": ("paid", lambda order: {"shipping_company": "顺丰", "tracking_number": "SF1234567890"}),
    "cancel": ("unpaid", lambda order: {"reason": "顾客要求取消"}),
    "refunds": ("paid", lambda order: {"amount": "10.00", "reason": "少发一件"}),
    "reject-payment": ("claimed", lambda order: {"reason": "未收到款项"}),
}


@pytest.fixture
def ready(place_order, put_in_state):
    def make(step: str) -> dict:
        order = place_order()
        state = STEPS[step][0]
        if state == "paid":
            put_in_state(order, "paid")
        elif state == "claimed":
            db.session.execute(
                update(Order).where(Order.id == order["id"]).values(payment_claimed_at=utcnow())
            )
            db.session.commit()
        return order

    return make


def _state(order) -> tuple:
    db.session.expire_all()
    row = db.session.get(Order, order["id"])
    events = db.session.scalar(
        select(func.count()).select_from(OrderEvent).where(OrderEvent.order_id == row.id)
    )
    return row.status, row.version, row.paid_amount, row.refunded_amount, row.payment_claimed_at, events


@pytest.mark.parametrize("step", list(STEPS))
def test_an_order_step_without_the_orders_version_is_a_428_and_changes_nothing(client, as_admin, ready, step):
    order = ready(step)
    before = _state(order)
    for header in (None, "*", "garbage", ""):
        headers = as_admin if header is None else {**as_admin, "If-Match": header}
        res = client.post(admin_url(order, step), headers=headers, json=STEPS[step][1](order))
        assert assert_error(res, 428, "if_match_required")["message"], (step, header)
    assert _state(order) == before


@pytest.mark.parametrize("step", list(STEPS))
def test_an_order_step_on_a_stale_version_is_a_412_and_changes_nothing(client, as_admin, ready, step):
    order = ready(step)
    before = _state(order)
    res = client.post(
        admin_url(order, step), headers={**as_admin, "If-Match": 'W/"999"'}, json=STEPS[step][1](order)
    )
    assert assert_error(res, 412, "stale_version")["message"]
    assert _state(order) == before


@pytest.mark.parametrize("step", list(STEPS))
def test_an_order_step_on_the_version_read_is_applied_and_raises_the_version(client, as_admin, ready, step):
    order = ready(step)
    read = client.get(admin_url(order), headers=as_admin)
    res = client.post(
        admin_url(order, step),
        headers={**as_admin, "If-Match": read.headers["ETag"]},
        json=STEPS[step][1](order),
    )
    assert res.status_code == 200, res.get_json()
    assert res.headers["ETag"] == f'W/"{read.get_json()["order"]["version"] + 1}"'


def test_two_steps_made_on_one_copy_of_an_order_apply_once(client, as_admin, ready):
    """Two people with the order open: one ships it, the other (still on the copy read before)
    refunds it. The refund is refused as stale, not applied to an order it never saw shipped."""
    order = ready("ship")
    first_copy = with_version(client, as_admin, admin_url(order))
    shipped = client.post(admin_url(order, "ship"), headers=first_copy, json=STEPS["ship"][1](order))
    assert shipped.status_code == 200
    before = _state(order)
    res = client.post(
        admin_url(order, "refunds"), headers=first_copy, json={"amount": "10.00", "reason": "x"}
    )
    assert assert_error(res, 412, "stale_version")
    assert _state(order) == before


def test_a_step_that_lost_the_race_after_its_check_is_refused_as_stale(client, as_admin, ready, app):
    """The check of If-Match and the step's UPDATE are one condition: a version raised between
    them (another step committed in between) fails the UPDATE, which answers 412."""
    from bff.orders import admin_services, transitions
    from bff.shops.models import Shop

    order = ready("ship")
    shop = db.session.get(Shop, db.session.get(Order, order["id"]).shop_id)
    admin_services.require_version(db.session, shop, order["order_number"], {1})
    # Someone else's step lands here, after the check.
    db.session.execute(update(Order).where(Order.id == order["id"]).values(version=Order.version + 1))
    with pytest.raises(DomainError) as refused:
        transitions.apply(
            db.session,
            shop,
            order["id"],
            transitions.OrderAction.SHIP,
            transitions.Actor("system", label="t"),
        )
    assert refused.value.code == "stale_version"
    assert _state(order)[0] == "paid"


def test_the_openapi_document_says_if_match_is_required_on_each_order_step(client):
    spec = client.get("/api/openapi.json").json
    for step in STEPS:
        operation = spec["paths"][f"/api/admin/orders/{{order_number}}/{step}"]["post"]
        (if_match,) = [p for p in operation.get("parameters", []) if p["name"] == "If-Match"]
        assert if_match["required"] is True, step
        assert {"412", "428"} <= set(operation["responses"]), step
