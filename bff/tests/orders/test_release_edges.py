"""The unpaid time-out at its edges: an order is released once it is older than its shop's
`unpaid_order_timeout_minutes` (minutes, a day by default), in each open state, and not a second
earlier. The orders here are hours old, not seconds: a time-out read in seconds instead of
minutes, or a release that forgets `payment_failed` (stock held forever), fails."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from bff.catalog.models import Product, StockMovement
from bff.extensions import db
from bff.orders.models import Order, OrderEvent
from bff.orders.services import release_unpaid_orders

PLACED = datetime(2026, 11, 20, 8, 0, tzinfo=UTC)
OPEN_STATES = ["unpaid", "payment_failed"]


@pytest.fixture
def placed_order(place_order, put_in_state):
    """An order of 2 jars placed at PLACED, in the state asked for."""

    def make(state: str) -> dict:
        order = place_order()
        put_in_state(order, state)
        db.session.execute(update(Order).where(Order.id == order["id"]).values(created_at=PLACED))
        db.session.commit()
        return order

    return make


def _status(order) -> str:
    db.session.expire_all()
    return db.session.get(Order, order["id"]).status


def _stock(product) -> int:
    db.session.expire_all()
    return db.session.get(Product, product.id).virtual_inventory


@pytest.mark.parametrize("state", OPEN_STATES)
@pytest.mark.parametrize("minutes", [24 * 60, 30, 7 * 24 * 60])
def test_an_open_order_is_kept_until_its_time_out_and_released_just_after(
    store, placed_order, honey_jar, state, minutes
):
    store.unpaid_order_timeout_minutes = minutes
    db.session.commit()
    order = placed_order(state)
    timeout = timedelta(minutes=minutes)

    assert release_unpaid_orders(db.session, PLACED + timeout - timedelta(seconds=1)) == []
    assert release_unpaid_orders(db.session, PLACED + timeout) == []  # older than, not as old as
    assert (_status(order), _stock(honey_jar)) == (state, 8)

    assert release_unpaid_orders(db.session, PLACED + timeout + timedelta(seconds=1)) == [
        order["order_number"]
    ]
    assert (_status(order), _stock(honey_jar)) == ("cancelled", 10)
    # Once: a later round finds nothing to release and returns no stock again.
    assert release_unpaid_orders(db.session, PLACED + timeout + timedelta(days=1)) == []
    assert _stock(honey_jar) == 10


@pytest.mark.parametrize("state", ["paid", "completed", "cancelled"])
def test_an_order_out_of_the_open_states_is_never_released(store, placed_order, honey_jar, state):
    order = placed_order(state)
    assert release_unpaid_orders(db.session, PLACED + timedelta(days=365)) == []
    assert (_status(order), _stock(honey_jar)) == (state, 8)


def test_each_shop_keeps_its_own_time_out(store, make_shop, placed_order):
    """Shop A's day does not release its order at another shop's half hour."""
    make_shop("shop-short.test", unpaid_order_timeout_minutes=30)
    store.unpaid_order_timeout_minutes = 24 * 60
    db.session.commit()
    order = placed_order("unpaid")
    assert release_unpaid_orders(db.session, PLACED + timedelta(hours=2)) == []
    assert _status(order) == "unpaid"


def _movements(order) -> list[tuple]:
    return list(
        db.session.execute(
            select(StockMovement.reason, StockMovement.delta)
            .where(StockMovement.order_id == order["id"])
            .order_by(StockMovement.id)
        )
    )


def _last_step(order) -> OrderEvent:
    return db.session.scalars(
        select(OrderEvent).where(OrderEvent.order_id == order["id"]).order_by(OrderEvent.id.desc())
    ).first()


def test_a_released_order_says_why_and_returns_its_units_as_released(store, placed_order):
    """The release is the system's step, noted in the shop's language, and its units come back
    as released (not as the shopper's cancel), on the moment the order was cancelled."""
    store.language = "en"
    db.session.commit()
    order = placed_order("unpaid")
    at = PLACED + timedelta(days=2)
    assert release_unpaid_orders(db.session, at) == [order["order_number"]]
    db.session.expire_all()
    assert db.session.get(Order, order["id"]).cancelled_at is not None
    step = _last_step(order)
    assert (step.action, step.from_status, step.to_status, step.actor_kind, step.note) == (
        "release",
        "unpaid",
        "cancelled",
        "system",
        "it was not paid in time",
    )
    assert _movements(order) == [("order", -2), ("release", 2)]


def test_a_shopper_cancelling_returns_the_units_as_cancelled_without_a_note(
    client, member, as_member, placed_order
):
    order = placed_order("unpaid")
    res = client.post(f"/api/orders/delete/{order['id']}", headers=as_member)
    assert res.status_code == 200
    # The answer is the order as it is now: cancelled, not as it was read before the step.
    answered = res.get_json()["order"]
    assert (answered["order_number"], answered["status"]) == (order["order_number"], "cancelled")
    step = _last_step(order)
    # The history names the member who cancelled.
    assert (step.action, step.actor_kind, step.actor_id, step.actor_email, step.note) == (
        "cancel",
        "shopper",
        member.id,
        "member@example.com",
        "",
    )
    assert _movements(order) == [("order", -2), ("cancel", 2)]
    db.session.expire_all()
    assert db.session.get(Order, order["id"]).cancelled_at is not None
