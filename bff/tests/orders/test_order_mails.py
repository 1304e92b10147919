"""Mail to the shopper at each step of the order, through a real SMTP server on loopback
(aiosmtpd): in the shop's language, never blocking or failing the request, retried and logged."""

import asyncio
import logging
import threading

import pytest

from bff.accounts import mail
from bff.common.background import wait_for_background_work
from bff.extensions import db
from bff.tests.fixtures.accounts import Mailbox
from bff.tests.fixtures.orders import admin_url, pay_on_sandbox
from bff.tests.helpers import with_version


def _subjects(mailbox):
    return [str(m["Subject"]) for m in mailbox.messages]


def test_an_orders_life_sends_each_mail_in_chinese(client, as_admin, store, place_order, smtp_server):
    order = place_order(2)
    number = order["order_number"]
    [received] = smtp_server.wait_for(1)
    assert received["To"] == "member@example.com"
    assert str(received["Subject"]).startswith(f"我们已收到您的订单 {number}")
    assert "Manuka honey × 2" in received.get_content() and "NZ$100.00" in received.get_content()
    assert f"http://shop-a.test/order-detail/{number}" in received.get_content()

    client.post(
        admin_url(order, "mark-paid"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "100.00", "reference": "QR"},
    )
    client.post(
        admin_url(order, "ship"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"shipping_company": "顺丰", "tracking_number": "SF1234567890"},
    )
    client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "20", "reason": "少发一件"},
    )
    messages = smtp_server.wait_for(4)
    assert _subjects(smtp_server)[1:] == [
        f"订单 {number} 已付款 - {store.shop_name}",
        f"订单 {number} 已发货 - {store.shop_name}",
        f"订单 {number} 已退款 NZ$20.00 - {store.shop_name}",
    ]
    shipped = messages[2].get_content()
    assert "快递公司：顺丰" in shipped and "快递单号：SF1234567890" in shipped
    assert "原因：少发一件" in messages[3].get_content()


def test_cancelling_mails_the_reason(client, as_admin, place_order, smtp_server):
    order = place_order()
    client.post(
        admin_url(order, "cancel"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "缺货"},
    )
    cancelled = smtp_server.wait_for(2)[1]
    assert "已取消" in str(cancelled["Subject"]) and "原因：缺货" in cancelled.get_content()


def test_the_shoppers_own_cancel_is_mailed_too(client, as_member, place_order, smtp_server):
    order = place_order()
    assert client.post(f"/api/orders/delete/{order['id']}", headers=as_member).status_code == 200
    assert "已取消" in str(smtp_server.wait_for(2)[1]["Subject"])


def test_an_english_shop_mails_in_english(client, as_admin, store, place_order, smtp_server):
    store.language = "en"
    db.session.commit()
    order = place_order()
    body = {"shipping_company": "NZ Post", "tracking_number": "NZ123"}
    client.post(
        admin_url(order, "mark-paid"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "100.00", "reference": "r"},
    )
    client.post(admin_url(order, "ship"), headers=with_version(client, as_admin, admin_url(order)), json=body)
    smtp_server.wait_for(3)
    subjects = _subjects(smtp_server)
    assert subjects[0].startswith("We have received your order")
    assert subjects[2].startswith(f"Order {order['order_number']} has shipped")
    assert "Tracking number: NZ123" in smtp_server.messages[2].get_content()


class FlakyMailbox(Mailbox):
    """Refuses the first `failures` messages with a temporary error, then accepts."""

    def __init__(self, failures: int):
        super().__init__()
        self.failures = failures

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        if self.failures:
            self.failures -= 1
            return "451 Try again later"
        return await super().handle_DATA(server, session, envelope)


class HeldMailbox(Mailbox):
    """Holds each message until `release` is set."""

    def __init__(self):
        super().__init__()
        self.release = threading.Event()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 10)
        return await super().handle_DATA(server, session, envelope)


@pytest.fixture(autouse=True)
def _mail_log_on(monkeypatch):
    # Alembic's logging set-up (the suite migrates first) disables the loggers that exist then.
    monkeypatch.setattr(mail.log, "disabled", False)


def test_a_failed_send_is_retried_and_logged(client, as_admin, place_order, smtp_with, caplog):
    flaky_smtp = smtp_with(FlakyMailbox(2))
    with caplog.at_level(logging.ERROR, logger="bff.accounts.mail"):
        order = place_order()
    assert order["status"] == "unpaid"
    [received] = flaky_smtp.wait_for(1)
    assert "我们已收到您的订单" in str(received["Subject"])
    failures = [r.getMessage() for r in caplog.records if "Could not send mail" in r.getMessage()]
    assert failures == [
        "Could not send mail to member@example.com (try 1 of 3)",
        "Could not send mail to member@example.com (try 2 of 3)",
    ]


def test_a_mail_server_that_is_down_fails_no_request(app, client, as_admin, place_order, monkeypatch, caplog):
    monkeypatch.setitem(app.config, "SMTP_HOST", "127.0.0.1")
    monkeypatch.setitem(app.config, "SMTP_PORT", 9)  # discard: nothing listens there
    monkeypatch.setitem(app.config, "SMTP_TLS", "none")
    with caplog.at_level(logging.ERROR, logger="bff.accounts.mail"):
        order = place_order()
        res = client.post(
            admin_url(order, "cancel"),
            headers=with_version(client, as_admin, admin_url(order)),
            json={"reason": "x"},
        )
    assert res.status_code == 200 and res.get_json()["order"]["status"] == "cancelled"
    assert any("giving up" in r.getMessage() for r in caplog.records)


def test_sending_happens_off_the_request_thread(app, client, as_admin, place_order, monkeypatch, smtp_with):
    order = place_order()
    mailbox = smtp_with(HeldMailbox())
    monkeypatch.setitem(app.config, "MAIL_ASYNC", True)
    res = client.post(
        admin_url(order, "cancel"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "x"},
    )
    assert res.status_code == 200  # answered while the mail server still holds the message
    assert mailbox.messages == []
    mailbox.release.set()
    assert "已取消" in str(mailbox.wait_for(1)[0]["Subject"])
    assert wait_for_background_work()


def test_a_provider_payment_is_mailed_recorded_and_in_the_history(
    app, client, as_admin, place_order, smtp_server
):
    order = place_order()
    assert pay_on_sandbox(app, client, order, "txn-42").status_code == 200
    assert "已付款" in str(smtp_server.wait_for(2)[1]["Subject"])
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert detail["order"]["paid_amount"] == 100.0 and detail["order"]["payment_method"] == "sandbox"
    assert [(p["method"], p["reference"]) for p in detail["payments"]] == [("sandbox", "txn-42")]
    assert [(h["action"], h["actor_kind"], h["actor_email"]) for h in detail["history"]][-1] == (
        "mark_paid",
        "provider",
        "sandbox",
    )
