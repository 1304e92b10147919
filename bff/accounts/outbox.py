"""The mail outbox: every mail is a row written in the transaction of what it tells (an order
placed, paid, shipped, cancelled or refunded; a password-reset token), and sent afterwards by a
sender whose failures never reach an answer.

Channels: a row goes by mail (`channel` "mail", the default) or as a WeChat template message
(`channel` "wechat_template", bff/wechat/template_messages.py); each channel registers its
`Carrier` (how a written message is prepared and tried) and each (channel, kind) its composer.
A carrier's try ends in sent, retry (after the next of MAIL_RETRY_DELAYS, like mail) or
undeliverable (a WeChat user who does not follow the account: no retry can help).

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


class Channel(enum.StrEnum):
    MAIL = "mail"
    WECHAT_TEMPLATE = "wechat_template"


class OutboxMail(ShopOwned, db.Model):
    __tablename__ = "mail_outbox"
    __table_args__ = (Index("ix_mail_outbox_state_due", "state", "due_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    channel: Mapped[str] = mapped_column(String(20), default=Channel.MAIL, server_default=Channel.MAIL)
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

    to: str | None
    subject: str
    body: str
    sender_name: str = ""


class Delivery(enum.Enum):
    SENT = "sent"
    RETRY = "retry"  # try again after the next delay, or fail when none is left
    UNDELIVERABLE = "undeliverable"  # the other end refused for good: no more tries


@dataclass(frozen=True)
class Outcome:
    delivery: Delivery
    error: str = ""


@dataclass(frozen=True)
class Carrier:
    """How one channel sends: `prepare(written, config)` turns what the composer wrote into what
    goes (an error there fails the row as not written); `deliver(session, row, prepared, config)`
    tries once and says how it went (it logs its own failures and raises only the database's)."""

    prepare: Callable[[object, dict], object]
    deliver: Callable[[Session, "OutboxMail", object, dict], Outcome]


# (channel, kind) -> composer(session, row): what to send (a Letter for mail), or None when there
# is nothing to send now.
Composer = Callable[[Session, OutboxMail], object | None]
COMPOSERS: dict[tuple[str, str], Composer] = {}
CARRIERS: dict[str, Carrier] = {}


def composer(kind: str, channel: str = Channel.MAIL) -> Callable[[Composer], Composer]:
    """Register the function that writes the messages of `kind` on `channel` (at import, by the
    kind's domain)."""

    def register(function: Composer) -> Composer:
        COMPOSERS[(str(channel), kind)] = function
        return function

    return register


def carrier(channel: str, value: Carrier) -> None:
    """Register how `channel` sends (at import, by the channel's domain)."""
    CARRIERS[str(channel)] = value


def enqueue(
    session: Session,
    *,
    shop_id: int,
    user_id: int,
    kind: str,
    order_id: int | None = None,
    channel: str = Channel.MAIL,
    **values,
) -> OutboxMail:
    """Queue a message in the caller's transaction (no commit). `values` must be JSON (strings)."""
    row = OutboxMail(
        shop_id=shop_id,
        user_id=user_id,
        order_id=order_id,
        kind=kind,
        channel=str(channel),
        payload=values,
        due_at=utcnow(),
    )
    session.add(row)
    session.info.setdefault(QUEUED, []).append(row)
    return row


def forget_member(session: Session, shop_id: int, user_id: int) -> None:
    """A deleted member's mail (in the caller's transaction): nothing waiting for them is sent
    (a pending reset token or unlock link must not outlive the account), and no row keeps what
    it would have said (values, an error that may quote the address)."""
    mine = (OutboxMail.shop_id == shop_id, OutboxMail.user_id == user_id)
    session.execute(
        update(OutboxMail)
        .where(*mine, OutboxMail.state.in_((MailState.PENDING, MailState.SENDING)))
        .values(state=MailState.SKIPPED)
        .execution_options(synchronize_session=False)
    )
    session.execute(
        update(OutboxMail)
        .where(*mine)
        .values(payload={}, error="")
        .execution_options(synchronize_session=False)
    )


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
    """Write, prepare and try to send one claimed row; record how it went."""
    write = COMPOSERS.get((row.channel, row.kind))
    way = CARRIERS.get(row.channel)
    try:
        if write is None or way is None:
            raise LookupError(f"no composer for {row.channel} kind {row.kind!r}")
        written = write(session, row)
        # A member who signed up with WeChat and gave no email gets no mail (order news reaches
        # them as WeChat messages instead).
        if written is None or (isinstance(written, Letter) and not written.to):
            _finish(session, row, MailState.SKIPPED)
            return MailState.SKIPPED
        prepared = way.prepare(written, config)
    except SQLAlchemyError:
        raise  # the database, not the mail: the row stays claimed and falls due again after its lease
    except Exception as exc:  # it will not write better later: failed, and said so in the log
        log.exception("Could not write mail %s (%s)", row.id, row.kind)
        session.rollback()
        _finish(session, row, MailState.FAILED, f"not written: {exc!r}")
        return MailState.FAILED
    delays = tuple(config["MAIL_RETRY_DELAYS"] or ())
    outcome = way.deliver(session, row, prepared, config)
    if outcome.delivery is Delivery.SENT:
        _finish(session, row, MailState.SENT)
        return MailState.SENT
    if outcome.delivery is Delivery.UNDELIVERABLE:
        _finish(session, row, MailState.FAILED, f"undeliverable: {outcome.error}")
        return MailState.FAILED
    if row.tries > len(delays):
        _finish(session, row, MailState.FAILED, f"not delivered: every try failed {outcome.error}".strip())
        return MailState.FAILED
    row.state = MailState.PENDING
    row.due_at = utcnow() + timedelta(seconds=delays[row.tries - 1])
    row.error = outcome.error[:1000]
    session.commit()
    return MailState.PENDING


def _prepare_mail(letter: Letter, config) -> object:
    return build_message(
        to=letter.to,
        subject=letter.subject,
        body=letter.body,
        sender=config["SMTP_FROM"],
        sender_name=letter.sender_name,
    )


def _deliver_mail(_session: Session, row: OutboxMail, message, config) -> Outcome:
    attempts = len(tuple(config["MAIL_RETRY_DELAYS"] or ())) + 1
    if try_to_deliver(message, settings_of(config), row.tries, attempts):
        return Outcome(Delivery.SENT)
    return Outcome(Delivery.RETRY)


carrier(Channel.MAIL, Carrier(_prepare_mail, _deliver_mail))


def send_due(config=None, among: list[int] | None = None, halt: threading.Event | None = None) -> int:
    """Send the due rows (only those of `among`, when given) in a session of its own (app
    context), until none is left or `halt` is set; how many were handled."""
    config = config or current_app.config
    handled = 0
    with Session(db.engine) as session:
        while halt is None or not halt.is_set():
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
    the next wake, or MAIL_POLL_SECONDS. It ends when MAIL_ASYNC is turned off (at its next look)
    or when `stop` is called (after the row in hand)."""

    def __init__(self, app: Flask):
        self.app = app
        self.lock = threading.Lock()
        self.wakeup = threading.Event()
        self.halt = threading.Event()
        self.thread: threading.Thread | None = None
        os.register_at_fork(after_in_child=self._forked)

    def _forked(self) -> None:
        # The parent's thread did not come along, and its lock may have been held at the fork.
        self.lock, self.thread = threading.Lock(), None
        self.wakeup, self.halt = threading.Event(), threading.Event()

    def wake(self) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.wakeup, self.halt = threading.Event(), threading.Event()
                self.thread = threading.Thread(
                    target=self._run, args=(self.halt,), name="mail-sender", daemon=True
                )
                self.thread.start()
            self.wakeup.set()

    def stop(self, timeout: float = 30) -> bool:
        """End the thread once the row in hand is done and wait for it (a test's end: a sender
        left running would send the next test's rows); False when it is still busy at `timeout`."""
        with self.lock:
            thread = self.thread
            self.halt.set()
            self.wakeup.set()
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    def _run(self, halt: threading.Event) -> None:
        while True:
            with self.lock:
                if halt.is_set() or not self.app.config["MAIL_ASYNC"]:
                    if self.thread is threading.current_thread():
                        self.thread = None
                    return
                self.wakeup.clear()
            poll = self.app.config["MAIL_POLL_SECONDS"]
            wait = poll
            with self.app.app_context():
                try:
                    send_due(self.app.config, halt=halt)
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
