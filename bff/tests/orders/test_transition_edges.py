"""Edges of the one function that takes an order's steps (bff/orders/transitions.py `apply`)
that mutation testing found untested: the states the caller saw (`expected`), and a step taken
with no note (the operators' ship command) writing an empty note in the history."""

from decimal import Decimal
from types import SimpleNamespace

import pytest
from sqlalchemy import select

from bff.common.errors import DomainError
from bff.extensions import db
from bff.orders import transitions
from bff.orders.error_codes import OrderErrorCode
from bff.orders.models import Order, OrderEvent
from bff.orders.services import ship_order
from bff.orders.transitions import OrderAction
from bff.shops.models import Shop


def _status(order) -> str:
    db.session.expire_all()
    return db.session.get(Order, order["id"]).status


def _last_event(order) -> OrderEvent:
    return db.session.scalars(
        select(OrderEvent).where(OrderEvent.order_id == order["id"]).order_by(OrderEvent.id.desc())
    ).first()


def test_a_step_is_taken_when_the_order_is_in_a_state_the_caller_saw(app, store, place_order):
    order = place_order(1)
    shop = db.session.get(Shop, store.id)
    step = transitions.apply(
        db.session,
        shop,
        order["id"],
        OrderAction.PAYMENT_FAILED,
        transitions.Actor("provider", label="sandbox"),
        expected={"unpaid", "payment_failed"},
    )
    db.session.commit()
    assert step is not None
    assert _status(order) == "payment_failed"


def test_a_step_is_refused_when_the_order_is_no_longer_in_a_state_the_caller_saw(app, store, place_order):
    order = place_order(1)
    shop = db.session.get(Shop, store.id)
    # The table allows marking an unpaid order paid, but the caller saw it failed: a stale click.
    with pytest.raises(DomainError) as refused:
        transitions.apply(
            db.session,
            shop,
            order["id"],
            OrderAction.MARK_PAID,
            transitions.Actor("admin", label="owner"),
            expected={"payment_failed"},
        )
    assert refused.value.code == OrderErrorCode.TRANSITION_NOT_ALLOWED
    db.session.rollback()
    assert _status(order) == "unpaid"


def test_the_ship_command_writes_an_empty_note(app, place_order, put_in_state):
    order = place_order(1)
    put_in_state(order, "paid")
    ship_order(db.session, order["order_number"], "NZ Post", "NZ123")
    event = _last_event(order)
    assert (event.action, event.from_status, event.to_status, event.note) == ("ship", "paid", "completed", "")


def test_a_step_whose_own_guard_fails_says_what_the_caller_gives(app, store, place_order):
    order = place_order(1)
    shop = db.session.get(Shop, store.id)
    given = DomainError(OrderErrorCode.VALIDATION, "the caller's own reason")
    with pytest.raises(DomainError) as failed:
        transitions.apply(
            db.session,
            shop,
            order["id"],
            OrderAction.EDIT_ADDRESS,
            transitions.Actor("admin", label="owner"),
            guard=[Order.version == -1],  # a version no order has: the guard fails, the state holds
            guard_failed=lambda: given,
        )
    assert failed.value is given
    assert _status(order) == "unpaid"


def test_a_step_whose_own_guard_fails_without_a_reason_is_lost(app, store, place_order):
    order = place_order(1)
    shop = db.session.get(Shop, store.id)
    shop.language = "en"  # said in the shop's language, English here (Chinese is the default)
    db.session.commit()
    with pytest.raises(DomainError) as failed:
        transitions.apply(
            db.session,
            shop,
            order["id"],
            OrderAction.EDIT_ADDRESS,
            transitions.Actor("admin", label="owner"),
            guard=[Order.version == -1],
        )
    assert failed.value.code == OrderErrorCode.TRANSITION_NOT_ALLOWED
    assert failed.value.message == "The order was changed by another action. Reload it and try again."


def test_a_step_that_lost_a_race_names_the_state_the_order_is_in_now(
    app, store, place_order, put_in_state, monkeypatch
):
    order = place_order(1)
    shop = db.session.get(Shop, store.id)
    user_id = db.session.get(Order, order["id"]).user_id
    put_in_state(order, "paid")
    # The owner's click read the order unpaid; another step paid it before the UPDATE.
    monkeypatch.setattr(transitions, "_current", lambda *args: ("unpaid", user_id))
    with pytest.raises(DomainError) as refused:
        transitions.apply(
            db.session, shop, order["id"], OrderAction.MARK_PAID, transitions.Actor("admin", label="owner")
        )
    assert refused.value.code == OrderErrorCode.TRANSITION_NOT_ALLOWED
    assert refused.value.message == transitions.refused(shop, "paid", OrderAction.MARK_PAID).message
    assert refused.value.message != transitions.refused(shop, "unpaid", OrderAction.MARK_PAID).message
    assert _status(order) == "paid"


@pytest.mark.parametrize(
    "paid, refunded, expected",
    [
        ("100.00", "0.00", ["refund", "revive"]),  # holds its whole total: may be paid again
        ("120.00", "20.00", ["refund", "revive"]),  # still the whole total after a part refunded
        ("100.00", "10.00", ["refund"]),  # less than the total held: no revival
        ("100.00", "100.00", []),  # all given back: nothing to refund, nothing held
    ],
)
def test_a_cancelled_order_is_offered_revival_only_while_it_holds_its_whole_total(paid, refunded, expected):
    order = SimpleNamespace(
        status="cancelled",
        paid_amount=Decimal(paid),
        refunded_amount=Decimal(refunded),
        total_price=Decimal("100.00"),
    )
    assert transitions.allowed_actions(order) == expected
