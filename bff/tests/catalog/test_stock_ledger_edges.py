"""Ledger rows (bff/catalog/stock.py) that mutation testing found untested: units put back by a
cancelled order name that order, as its taking did; an adjustment given no note writes none; two
adjustments at once queue on the product's lock (SQLite and PostgreSQL)."""

import threading
import time

import pytest
from sqlalchemy import select

from bff.catalog import stock
from bff.catalog.models import Product, StockMovement, StockReason
from bff.extensions import db
from bff.tests.helpers import assert_ledger_balanced


def _movements(product_id: int) -> list[tuple]:
    db.session.expire_all()
    return list(
        db.session.execute(
            select(StockMovement.reason, StockMovement.delta, StockMovement.order_id, StockMovement.note)
            .where(StockMovement.product_id == product_id)
            .order_by(StockMovement.id)
        )
    )


def test_units_put_back_name_the_order_they_came_from(app, store, place_order, honey_jar):
    order = place_order(2)
    stock.return_for_order(
        db.session, store.id, order["id"], [stock.StockLine(honey_jar.id, None, 2)], StockReason.CANCEL
    )
    db.session.commit()
    assert _movements(honey_jar.id)[-2:] == [("order", -2, order["id"], ""), ("cancel", 2, order["id"], "")]
    assert db.session.get(Product, honey_jar.id).virtual_inventory == 10


def test_an_adjustment_given_no_note_writes_an_empty_note(app, store, honey_jar):
    before, after = stock.adjust(db.session, store.id, stock.StockLine(honey_jar.id, None, 0), delta=-3)
    db.session.commit()
    assert (before, after) == (10, 7)
    assert _movements(honey_jar.id)[-1] == ("admin_adjust", -3, None, "")


def test_a_level_set_over_one_not_read_says_the_level_there_now(app, store, honey_jar):
    db.session.commit()
    with pytest.raises(stock.StaleStock) as stale:
        stock.adjust(db.session, store.id, stock.StockLine(honey_jar.id, None, 0), level=0, expected=12)
    assert stale.value.current == 10
    db.session.rollback()
    assert db.session.get(Product, honey_jar.id).virtual_inventory == 10


def test_a_change_below_zero_says_the_level_there_now(app, store, honey_jar):
    with pytest.raises(stock.NegativeStock) as negative:
        stock.adjust(db.session, store.id, stock.StockLine(honey_jar.id, None, 0), delta=-11)
    assert negative.value.current == 10


def test_a_stock_change_never_reaches_another_shops_row(app, store, make_shop, make_product):
    other = make_shop()
    theirs = make_product(other, "Their honey", virtual_inventory=5)
    line = stock.StockLine(theirs.id, None, 2)
    # This shop's order naming the other shop's product: no unit of theirs is taken.
    assert stock.take_for_order(db.session, store.id, None, [line]) == line
    db.session.rollback()
    assert db.session.get(Product, theirs.id).virtual_inventory == 5


def test_two_adjustments_at_once_read_the_stock_one_after_the_other(app, store, honey_jar):
    """Two owners take 6 of the 10 jars at the same moment. An adjustment checks the stock it reads
    (not below 0) and so must read it only once any other change of the product has committed: the
    second waits for the first, finds 4 and is refused, changing nothing. Read before the first
    commits, it would find 10, pass, and write a movement of -6 that its conditional UPDATE
    did not apply (the ledger no longer adds up)."""
    db.session.commit()
    line = stock.StockLine(honey_jar.id, None, 0)
    first_holds_the_row = threading.Event()
    outcome: dict[str, object] = {}

    def first():
        with app.app_context():
            outcome["first"] = stock.adjust(db.session, store.id, line, delta=-6)
            first_holds_the_row.set()
            time.sleep(0.6)  # the second starts meanwhile and must wait for this commit
            db.session.commit()

    def second():
        first_holds_the_row.wait(10)
        with app.app_context():
            try:
                outcome["second"] = stock.adjust(db.session, store.id, line, delta=-6)
                db.session.commit()
            except stock.NegativeStock as refused:
                outcome["second"] = ("refused", refused.current)
                db.session.rollback()
            except Exception as failed:  # noqa: BLE001 - a lock error is an outcome to compare
                outcome["second"] = ("failed", type(failed).__name__)
                db.session.rollback()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert outcome == {"first": (10, 4), "second": ("refused", 4)}
    assert assert_ledger_balanced(honey_jar.id)["product"] == 4
    assert _movements(honey_jar.id)[-1] == ("admin_adjust", -6, None, "")
    assert len([m for m in _movements(honey_jar.id) if m[0] == "admin_adjust"]) == 1
