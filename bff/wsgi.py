"""WSGI entry point for gunicorn: `gunicorn -c bff/gunicorn.conf.py bff.wsgi:app`."""

from bff.accounts.outbox import sender_of
from bff.app import create_app
from bff.orders.release import start_release_loop

app = create_app()

if app.config["UNPAID_RELEASE_SECONDS"] > 0:
    # The embedded set-up has no scheduler: the BFF releases unpaid orders itself.
    start_release_loop(app, app.config["UNPAID_RELEASE_SECONDS"])

if app.config["MAIL_ASYNC"]:
    # Mail queued before a restart (or by a worker that stopped) goes out without waiting for new mail.
    sender_of(app).wake()
