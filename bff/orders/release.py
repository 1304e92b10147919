"""The unpaid-order release (and the owner's daily mail, bff/orders/today.py) without a
scheduler: the embedded set-up (`make start`) runs it on a
thread of the BFF every UNPAID_RELEASE_SECONDS (scripts/start.sh sets 60). docker-compose keeps
its `scheduler` service running `flask release-unpaid-orders` instead (the setting stays 0 there).

Several processes may run it at once (gunicorn's workers): each order is cancelled by one
conditional UPDATE (bff/orders/transitions.py, through bff/orders/services.py `_cancel`), so it
is released, its stock returned and its shopper's mail queued exactly once whoever gets there
first.
"""

import logging
import threading

from flask import Flask

from bff.extensions import db
from bff.orders.services import release_unpaid_orders
from bff.orders.today import queue_daily_reports

log = logging.getLogger(__name__)


def release_and_mail(app: Flask) -> list[str]:
    """Release the stale unpaid orders of every shop; their numbers. Each release queues its
    shopper's mail in its own transaction (bff/orders/transitions.py), sent by the mail outbox.
    The same round queues each shop's daily mail to its owner when due (bff/orders/today.py:
    once a day per shop, whichever process gets there first)."""
    for hook in app.extensions.get("before_release", ()):  # payments: their open trades closed first
        hook(db.session)
    released = release_unpaid_orders(db.session)
    try:
        reported = queue_daily_reports(db.session)
        if reported:
            log.info("Queued the daily mail of %d shop(s)", len(reported))
    except Exception:  # never in the way of the release; the next round tries again
        log.exception("Queueing the daily mails failed")
        db.session.rollback()
    return released


def start_release_loop(app: Flask, every_seconds: float) -> threading.Event:
    """Release now and then every `every_seconds` on a daemon thread; set the event to stop it."""
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            with app.app_context():
                try:
                    released = release_and_mail(app)
                    if released:
                        log.info("Released %d unpaid order(s): %s", len(released), ", ".join(released))
                except Exception:  # the next round tries again
                    log.exception("Releasing unpaid orders failed")
                    db.session.rollback()
                finally:
                    db.session.remove()
            stop.wait(every_seconds)

    threading.Thread(target=loop, name="unpaid-order-release", daemon=True).start()
    return stop
