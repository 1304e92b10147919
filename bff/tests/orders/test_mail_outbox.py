"""The mail outbox (bff/accounts/outbox.py): a mail is a row of the transaction that caused it,
sent afterwards, once, by whichever sender claims it; nothing after the commit changes an answer.
Through a real SMTP server on loopback (aiosmtpd) and the suite's database (SQLite, or
PostgreSQL with TEST_DATABASE_URL)."""

import ast
import asyncio
import logging
import os
import threading
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import func, insert, select, text, update
from sqlalchemy.orm import Session

from bff.accounts import mail, outbox
from bff.accounts.outbox import MailState, OutboxMail
from bff.accounts.services import RESET_MAIL
from bff.common.models import as_utc, utcnow
from bff.config import ROOT
from bff.extensions import db
from bff.orders import transitions
from bff.orders.models import Order
from bff.orders.transitions import OrderAction
from bff.payments.providers.base import ProviderError
from bff.payments.providers.sandbox import SandboxProvider
from bff.shops.models import Shop
from bff.tests.fixtures.accounts import Mailbox
from bff.tests.fixtures.orders import admin_url, pay_on_sandbox
from bff.tests.helpers import SHOP_A, assert_error, with_version

LINE_SEPARATOR = "\u2028"


@pytest.fixture(autouse=True)
def _logs_on(monkeypatch):
    # Alembic's logging set-up (the suite migrates first) disables the loggers that exist then.
    monkeypatch.setattr(mail.log, "disabled", False)
    monkeypatch.setattr(outbox.log, "disabled", False)


class RefusesFirst(Mailbox):
    """Refuses the first message with a temporary error, then accepts."""

    refused = False

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        if not self.refused:
            self.refused = True
            return "451 Try again later"
        return await super().handle_DATA(server, session, envelope)


class Holds(Mailbox):
    """Holds each message until `release` is set; `arrived` is set when one is held."""

    def __init__(self):
        super().__init__()
        self.arrived, self.release = threading.Event(), threading.Event()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.arrived.set()
        await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 10)
        return await super().handle_DATA(server, session, envelope)


def _rows() -> list[OutboxMail]:
    db.session.expire_all()
    return list(db.session.scalars(select(OutboxMail).order_by(OutboxMail.id)))


def _queue_without_sending(shop: Shop, user, count: int) -> None:
    """Reset mails queued as rows only (a Core INSERT: no commit hook wakes a sender)."""
    now = utcnow()
    rows = [
        {
            "shop_id": shop.id,
            "user_id": user.id,
            "kind": RESET_MAIL,
            "payload": {"token": f"token-{n}", "origin": "http://shop-a.test", "minutes": "30"},
            "state": MailState.PENDING,
            "tries": 0,
            "due_at": now,
            "created_at": now,
            "error": "",
        }
        for n in range(count)
    ]
    db.session.execute(insert(OutboxMail), rows)
    db.session.commit()


def _tokens(mailbox) -> list[str]:
    tokens = []
    for message in mailbox.messages:
        body = message.get_body(preferencelist=("plain",)).get_content()
        link = next(word for word in body.split() if "/reset-password?" in word)
        tokens.append(parse_qs(urlsplit(link).query)["token"][0])
    return tokens


def test_a_shop_name_no_header_can_hold_fails_the_mail_not_the_order(
    app, client, store, place_order, smtp_server, caplog
):
    # Stored directly: the settings screen refuses it (bff/common/schemas.py), older rows may not.
    db.session.execute(update(Shop).where(Shop.id == store.id).values(shop_name=f"Kiwi{LINE_SEPARATOR}Shop"))
    db.session.commit()
    with caplog.at_level(logging.ERROR, logger="bff.accounts.outbox"):
        order = place_order()  # asserts the 200
    assert db.session.scalar(select(func.count()).select_from(Order)) == 1
    [received] = _rows()
    assert (received.kind, received.order_id, received.state) == ("order_received", order["id"], "failed")
    assert received.error.startswith("not written") and received.payload == {}
    assert any("Could not write mail" in r.getMessage() for r in caplog.records)

    # The paid mail takes the same path: the notification is applied and answered.
    assert pay_on_sandbox(app, client, order, "txn-2028").status_code == 200
    paid = _rows()[1]
    assert (paid.kind, paid.state) == ("order_paid", "failed")
    db.session.expire_all()
    assert db.session.get(Order, order["id"]).status == "paid"
    assert smtp_server.messages == []


def test_each_mail_is_a_row_sent_once_and_wiped(client, store, place_order, smtp_server):
    order = place_order()
    [row] = _rows()
    assert (row.kind, row.order_id, row.state, row.tries) == ("order_received", order["id"], "sent", 1)
    assert row.sent_at is not None and row.payload == {}
    assert len(smtp_server.wait_for(1)) == 1


def test_a_reset_token_does_not_stay_in_the_outbox(client, user, smtp_server):
    res = client.post("/api/auth/password/reset-request", data={"email": user.email}, headers=SHOP_A)
    assert res.status_code == 200
    [token] = _tokens(smtp_server)
    [row] = _rows()
    assert (row.kind, row.state, row.payload) == (RESET_MAIL, "sent", {})
    stored = db.session.execute(text("SELECT * FROM mail_outbox")).all()
    assert token not in repr(stored)


def test_a_step_rolled_back_leaves_no_mail(store, place_order, smtp_server):
    order = place_order()
    transitions.apply(db.session, store, order["id"], OrderAction.CANCEL, transitions.SYSTEM, note="x")
    db.session.flush()
    assert [r.kind for r in _rows()] == ["order_received", "order_cancelled"]
    db.session.rollback()
    assert [r.kind for r in _rows()] == ["order_received"]
    assert len(smtp_server.messages) == 1


def test_a_refund_the_provider_refuses_queues_no_mail(
    app, client, as_admin, place_order, smtp_server, monkeypatch
):
    def refuse(self, *args, **kwargs):
        raise ProviderError("ACCOUNT_ERROR: balance too low")

    monkeypatch.setattr(SandboxProvider, "refund", refuse)
    order = place_order()
    assert pay_on_sandbox(app, client, order, "txn-r").status_code == 200
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "30", "reason": "缺货"},
    )
    assert_error(res, 502, "provider_failed")
    assert [r.kind for r in _rows()] == ["order_received", "order_paid"]
    assert len(smtp_server.wait_for(2)) == 2


def test_a_failed_try_waits_for_its_retry_delay(app, store, member, smtp_with, monkeypatch):
    flaky = smtp_with(RefusesFirst())
    monkeypatch.setitem(app.config, "MAIL_RETRY_DELAYS", (3600, 3600))
    _queue_without_sending(store, member, 1)
    assert outbox.send_due(app.config) == 1
    [row] = _rows()
    assert (row.state, row.tries) == ("pending", 1)
    assert 3500 < (as_utc(row.due_at) - utcnow()).total_seconds() <= 3600
    assert outbox.send_due(app.config) == 0  # not due yet
    db.session.execute(update(OutboxMail).values(due_at=utcnow()))
    db.session.commit()
    assert outbox.send_due(app.config) == 1
    assert (_rows()[0].state, len(flaky.messages)) == ("sent", 1)


def test_two_senders_racing_send_each_mail_once(app, store, member, smtp_server):
    _queue_without_sending(store, member, 40)
    start, handled, errors = threading.Barrier(2), [], []

    def sender():
        with app.app_context():
            try:
                start.wait(10)
                handled.append(outbox.send_due(app.config))
            except Exception as exc:  # noqa: BLE001 - reported by the assertion below
                errors.append(exc)
            finally:
                db.session.remove()

    threads = [threading.Thread(target=sender) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == [] and sum(handled) == 40
    tokens = _tokens(smtp_server)
    assert sorted(tokens) == sorted(f"token-{n}" for n in range(40))  # each once, none twice
    assert {(r.state, r.tries) for r in _rows()} == {("sent", 1)}


def test_a_stopped_sender_ends_after_its_row_and_sends_no_more(app, store, member, smtp_with, monkeypatch):
    mailbox = smtp_with(Holds())
    monkeypatch.setitem(app.config, "MAIL_ASYNC", True)
    _queue_without_sending(store, member, 3)
    sender = outbox.sender_of(app)
    sender.wake()
    assert mailbox.arrived.wait(10)  # the thread is inside its first row
    stopped = []
    stopping = threading.Thread(target=lambda: stopped.append(sender.stop(20)))
    stopping.start()
    assert not stopped  # stop waits for the row in hand
    mailbox.release.set()
    stopping.join(30)
    assert stopped == [True] and sender.thread is None
    assert sorted(r.state for r in _rows()) == ["pending", "pending", "sent"]
    sender.wake()  # a later wake starts a new thread, which sends the rest
    assert len(mailbox.wait_for(3)) == 3


def test_flask_send_mail_sends_what_is_due(app, store, member, smtp_server):
    _queue_without_sending(store, member, 2)
    result = app.test_cli_runner().invoke(args=["send-mail"])
    assert result.exit_code == 0 and "Handled 2 queued mail(s)." in result.output
    assert len(smtp_server.wait_for(2)) == 2
    assert app.test_cli_runner().invoke(args=["send-mail"]).output.startswith("Handled 0")


def test_mail_for_a_deleted_member_is_skipped(app, store, member, smtp_server):
    _queue_without_sending(store, member, 1)
    member.deleted_at = utcnow()
    db.session.commit()
    assert outbox.send_due(app.config) == 1
    assert _rows()[0].state == "skipped" and smtp_server.messages == []


@pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL"),
    reason="FOR UPDATE SKIP LOCKED is PostgreSQL's (TEST_DATABASE_URL)",
)
def test_on_postgresql_a_sender_passes_a_row_another_holds(app, store, member):
    _queue_without_sending(store, member, 2)
    first, second = (r.id for r in _rows())
    with db.engine.connect() as other:
        other.execute(select(OutboxMail.id).where(OutboxMail.id == first).with_for_update())
        with Session(db.engine) as session:
            # Without SKIP LOCKED the claim would wait for `other`: fail fast instead of hanging.
            session.execute(text("SET LOCAL lock_timeout = '2s'"))
            claimed = outbox.claim(session, outbox._lease(app.config))
            assert claimed.id == second
        other.rollback()


VIEW_MODULES = sorted(p for p in (ROOT / "bff").rglob("*routes*.py") if "tests" not in p.parts)
MAIL_MODULES = {"bff.accounts.mail", "bff.accounts.outbox", "bff.orders.mails"}


def test_no_view_sends_mail():
    """Views parse, call and serialise: the services queue the mail."""
    assert len(VIEW_MODULES) > 10
    importing = {}
    for path in VIEW_MODULES:
        tree = ast.parse(path.read_text())
        names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        }
        if names & MAIL_MODULES:
            importing[str(path.relative_to(ROOT))] = sorted(names & MAIL_MODULES)
    assert importing == {}
