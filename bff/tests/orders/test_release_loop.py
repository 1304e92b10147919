"""The embedded set-up's unpaid-order release: a thread of the BFF, no scheduler needed."""

import time
from datetime import timedelta

from sqlalchemy import update

from bff.common.models import utcnow
from bff.extensions import db
from bff.orders.models import Order
from bff.orders.release import start_release_loop


def _status(order_id):
    db.session.expire_all()
    return db.session.get(Order, order_id).status


def test_the_bff_releases_stale_unpaid_orders_by_itself(app, place_order, put_in_state, smtp_server):
    stale, paid, fresh = place_order(1), place_order(2), place_order(3)
    put_in_state(paid, "paid")
    old = utcnow() - timedelta(days=2)
    db.session.execute(update(Order).where(Order.id.in_([stale["id"], paid["id"]])).values(created_at=old))
    db.session.commit()
    stop = start_release_loop(app, 0.05)
    try:
        deadline = time.monotonic() + 10
        while _status(stale["id"]) != "cancelled" and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
    assert _status(stale["id"]) == "cancelled"
    assert _status(paid["id"]) == "paid" and _status(fresh["id"]) == "unpaid"
    cancelled = [m for m in smtp_server.wait_for(4) if "已取消" in str(m["Subject"])]
    assert len(cancelled) == 1 and "超时未付款" in cancelled[0].get_content()
