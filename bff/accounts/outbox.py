"""The mail outbox: every mail is a row written in the transaction of what it tells (an order
placed, paid, shipped, cancelled or refunded; a password-reset token), and sent afterwards by a
sender whose failures never reach an answer.

Queueing: `enqueue` adds the row; the caller's commit keeps it with the change it tells of, and a
rollback drops both. The row names what to write (kind, shop, member, order and a few values),
not the message: the text and the headers are composed when the mail is sent, by the composer
the kind's domain registers (`composer`: bff/orders/mails.py, bff/accounts/services.py). So a
shop name that cannot go in a From header fails that mail (`failed`, logged), never the request.

Sending (`send_due`): one due row at a time is claimed in a short transaction of the sender's own
(`SELECT ... FOR UPDATE SKIP LOCKED` on PostgreSQL, so senders pass each other's rows by, then a
conditional UPDATE on the state and due time read, on every database), so two senders (threads,
workers, replicas) never send one mail twice. A claimed row is `sending` until its lease ends: a
sender that dies holding it lets it fall due again (the one case where a mail may go twice). A
failed try is tried again after each of MAIL_RETRY_DELAYS, then the row is `failed`. However it
ends, the row's values are wiped (a reset token is a secret): who, what kind, when and the error
remain.

Who sends: every commit that queued mail wakes its process's sender (once the session has given
its connection back). With MAIL_ASYNC that is a daemon thread, which sends every due row and
looks again every MAIL_POLL_SECONDS (retries coming due, rows a stopped process left); without,
the rows just committed are sent on the caller's thread, every error caught and logged.
`flask send-mail` sends the due rows for a scheduler.
"""

import enum
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import click
from flask import Flask, current_app, has_app_context
from flask.cli import with_appcontext
from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    event,
    func,
    inspect,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, Session, mapped_column

from bff.accounts.mail import build_message, settings_of, try_to_deliver
from bff.common.models import ShopOwned, as_utc, utcnow
from bff.extensions import db

log = logging.getLogger(__name__)

# session.info: the rows this transaction queued; their ids once committed, sent when the
# session has given its connection back (so a sender never holds a second one per thread).
QUEUED = "bff.outbox.queued"
COMMITTED = "bff.outbox.committed"


class MailState(enum.StrEnum):
    PENDING = "pending"
    SENDING = "sending"  # claimed by a sender until `due_at` (its lease)
    SENT = "sent"
    FAILED = "failed"  # could not be written, or every try failed
    SKIPPED = "skipped"  # nothing to send any more (the member or the order is gone)


class OutboxMail(ShopOwned, db.Model):
    __tablename__ = "mail_outbox"
    __table_args__ = (Index("ix_mail_outbox_state_due", "state", "due_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    payload: Mapped[dict] = mapped_column(JSON, default=dict)
    state: Mapped[str] = mapped_column(String(10), default=MailState.PENDING)
    tries: Mapped[int] = mapped_column(Integer, default=0)
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    error: Mapped[str] = mapped_column(Text, default="")


@dataclass(frozen=True)
class Letter:
    """A mail as its composer writes it; the sender builds the message (headers) from it."""

    to: str
    subject: str
    body: str
    sender_name: str = ""


# kind -> composer(session, row): the Letter to send, or None when there is nothing to send now.
Composer = Callable[[Session, OutboxMail], Letter | None]
COMPOSERS: dict[str, Composer] = {}


def composer(kind: str) -> Callable[[Composer], Composer]:
    """Register the function that writes the mails of `kind` (at import, by the kind's domain)."""

    def register(function: Composer) -> Composer:
        COMPOSERS[kind] = function
        return function

    return register


def enqueue(
    session: Session, *, shop_id: int, user_id: int, kind: str, order_id: int | None = None, **values
) -> OutboxMail:
    """Queue a mail in the caller's transaction (no commit). `values` must be JSON (strings)."""
    row = OutboxMail(
        shop_id=shop_id, user_id=user_id, order_id=order_id, kind=kind, payload=values, due_at=utcnow()
    )
    session.add(row)
    session.info.setdefault(QUEUED, []).append(row)
    return row


# Sending ------------------------------------------------------------------------------------


def _lease(config) -> timedelta:
    # Longer than one try can take (connect, TLS, login and data each within SMTP_TIMEOUT).
    return timedelta(seconds=max(60, 4 * config["SMTP_TIMEOUT"]))


def _due(now: datetime):
    return OutboxMail.state.in_((MailState.PENDING, MailState.SENDING)), OutboxMail.due_at <= now


def claim(session: Session, lease: timedelta, among: list[int] | None = None) -> OutboxMail | None:
    """Claim the next due row (of `among`, when given) for this sender (committed), or None when
    none is due."""
    while True:
        now = utcnow()
        oldest = select(OutboxMail.id).where(*_due(now)).order_by(OutboxMail.due_at, OutboxMail.id).limit(1)
        if among is not None:
            oldest = oldest.where(OutboxMail.id.in_(among))
        if session.get_bind().dialect.name == "postgresql":
            oldest = oldest.with_for_update(skip_locked=True)
        row_id = session.scalar(oldest)
        if row_id is None:
            session.rollback()
            return None
        taken = session.execute(
            update(OutboxMail)
            .where(OutboxMail.id == row_id, *_due(now))
            .values(state=MailState.SENDING, due_at=now + lease, tries=OutboxMail.tries + 1)
            .execution_options(synchronize_session=False)
        ).rowcount
        session.commit()
        if taken == 1:
            return session.get(OutboxMail, row_id, populate_existing=True)
        # Another sender took it between the look and the UPDATE: look again.


def _finish(session: Session, row: OutboxMail, state: MailState, error: str = "") -> None:
    row.state = state
    row.error = error[:1000]
    row.payload = {}
    if state == MailState.SENT:
        row.sent_at = utcnow()
    session.commit()


def send_one(session: Session, row: OutboxMail, config) -> MailState:
    """Write, build and try to send one claimed row; record how it went."""
    write = COMPOSERS.get(row.kind)
    try:
        if write is None:
            raise LookupError(f"no composer for mail kind {row.kind!r}")
        letter = write(session, row)
        if letter is None:
            _finish(session, row, MailState.SKIPPED)
            return MailState.SKIPPED
        message = build_message(
            to=letter.to,
            subject=letter.subject,
            body=letter.body,
            sender=config["SMTP_FROM"],
            sender_name=letter.sender_name,
        )
    except SQLAlchemyError:
        raise  # the database, not the mail: the row stays claimed and falls due again after its lease
    except Exception as exc:  # it will not write better later: failed, and said so in the log
        log.exception("Could not write mail %s (%s)", row.id, row.kind)
        session.rollback()
        _finish(session, row, MailState.FAILED, f"not written: {exc!r}")
        return MailState.FAILED
    delays = tuple(config["MAIL_RETRY_DELAYS"] or ())
    if try_to_deliver(message, settings_of(config), row.tries, len(delays) + 1):
        _finish(session, row, MailState.SENT)
        return MailState.SENT
    if row.tries > len(delays):
        _finish(session, row, MailState.FAILED, "not delivered: every try failed")
        return MailState.FAILED
    row.state = MailState.PENDING
    row.due_at = utcnow() + timedelta(seconds=delays[row.tries - 1])
    session.commit()
    return MailState.PENDING


def send_due(config=None, among: list[int] | None = None) -> int:
    """Send the due rows (only those of `among`, when given) in a session of its own (app
    context); how many were handled."""
    config = config or current_app.config
    handled = 0
    with Session(db.engine) as session:
        while True:
            row = claim(session, _lease(config), among)
            if row is None:
                break
            send_one(session, row, config)
            handled += 1
    return handled


def seconds_to_next(config=None) -> float | None:
    """Seconds until the next row falls due (0 when one is due), None when none is waiting."""
    with Session(db.engine) as session:
        due = session.scalar(
            select(func.min(OutboxMail.due_at)).where(
                OutboxMail.state.in_((MailState.PENDING, MailState.SENDING))
            )
        )
    if due is None:
        return None
    return max(0.0, (as_utc(due) - utcnow()).total_seconds())


class Sender:
    """The process's sending thread (MAIL_ASYNC): started by the first wake in each process (a
    forked worker starts its own), it sends what is due, then sleeps until the next row falls due,
    the next wake, or MAIL_POLL_SECONDS. It ends when MAIL_ASYNC is turned off."""

    def __init__(self, app: Flask):
        self.app = app
        self.lock = threading.Lock()
        self.wakeup = threading.Event()
        self.thread: threading.Thread | None = None
        os.register_at_fork(after_in_child=self._forked)

    def _forked(self) -> None:
        # The parent's thread did not come along, and its lock may have been held at the fork.
        self.lock, self.wakeup, self.thread = threading.Lock(), threading.Event(), None

    def wake(self) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.wakeup = threading.Event()
                self.thread = threading.Thread(target=self._run, name="mail-sender", daemon=True)
                self.thread.start()
            self.wakeup.set()

    def _run(self) -> None:
        while True:
            with self.lock:
                if not self.app.config["MAIL_ASYNC"]:
                    self.thread = None
                    return
                self.wakeup.clear()
            poll = self.app.config["MAIL_POLL_SECONDS"]
            wait = poll
            with self.app.app_context():
                try:
                    send_due(self.app.config)
                    after = seconds_to_next(self.app.config)
                    wait = poll if after is None else min(poll, max(after, 0.05))
                except Exception:  # the database may be away for a moment: the next round tries again
                    log.exception("Sending queued mail failed")
            self.wakeup.wait(wait)


def sender_of(app: Flask) -> Sender:
    return app.extensions["bff.mail_sender"]


def send_soon(app: Flask, ids: list[int]) -> None:
    """Have the mail just committed sent: by the woken thread (MAIL_ASYNC), else here and now
    (only these rows: a retry that falls due later waits for the thread or `flask send-mail`).
    Never raises."""
    try:
        if app.config["MAIL_ASYNC"]:
            sender_of(app).wake()
        else:
            send_due(app.config, among=ids)
    except Exception:
        log.exception("Sending queued mail failed")


def _after_commit(session: Session) -> None:
    rows = session.info.pop(QUEUED, None)
    if rows:
        ids = [state.identity[0] for state in map(inspect, rows) if state.identity]
        session.info.setdefault(COMMITTED, []).extend(ids)


def _after_transaction_end(session: Session, transaction) -> None:
    # After the commit's connection went back to the pool: no SQL may run in after_commit, and a
    # sender here holds one connection, not two.
    if transaction.parent is None and COMMITTED in session.info:
        ids = session.info.pop(COMMITTED)
        if has_app_context():
            send_soon(current_app._get_current_object(), ids)


def _after_rollback(session: Session) -> None:
    session.info.pop(QUEUED, None)  # the rows went with the transaction


@click.command("send-mail")
@with_appcontext
def send_mail_command():
    """Send the queued mail that is due (run from a scheduler; the BFF's own sender does it too)."""
    sent = send_due(current_app.config)
    click.echo(f"Handled {sent} queued mail(s).")


def init_app(app: Flask) -> None:
    app.extensions["bff.mail_sender"] = Sender(app)
    app.cli.add_command(send_mail_command)
    if not event.contains(Session, "after_commit", _after_commit):
        event.listen(Session, "after_commit", _after_commit)
        event.listen(Session, "after_transaction_end", _after_transaction_end)
        event.listen(Session, "after_rollback", _after_rollback)
