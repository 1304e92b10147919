"""The unpaid-order release without a scheduler: the embedded set-up (`make start`) runs it on a
thread of the BFF every UNPAID_RELEASE_SECONDS (scripts/start.sh sets 60). docker-compose keeps
its `scheduler` service running `flask release-unpaid-orders` instead (the setting stays 0 there).

Several processes may run it at once (gunicorn's workers): each order is cancelled by one
conditional UPDATE (bff/orders/services.py `_cancel`), so it is released, its stock returned and
its shopper mailed exactly once whoever gets there first.
"""

import logging
import threading

from flask import Flask
from sqlalchemy import select

from bff.accounts.mail import Mailer
from bff.extensions import db
from bff.orders.mails import OrderMail, send_order_mail
from bff.orders.messages import text
from bff.orders.models import Order
from bff.orders.services import release_unpaid_orders
from bff.shops.models import Shop

log = logging.getLogger(__name__)


def release_and_mail(app: Flask) -> list[str]:
    """Release the stale unpaid orders of every shop and mail their shoppers; their numbers."""
    for hook in app.extensions.get("before_release", ()):  # payments: their open trades closed first
        hook(db.session)
    released = release_unpaid_orders(db.session)
    mailer = Mailer.from_config(app.config)
    for number in released:
        order = db.session.scalar(select(Order).where(Order.order_number == number))
        shop = db.session.get(Shop, order.shop_id)
        reason = text(shop.language, "release_reason")
        send_order_mail(db.session, mailer, order.id, OrderMail.CANCELLED, reason=reason)
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
