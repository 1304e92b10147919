"""Applying a verified payment event to its order (bff/payments/services.py `receive_notification`,
`apply_event`), rule by rule, without any provider's wire format:

- the event names an attempt this shop started with this provider for this order, and pays
  exactly what that attempt charged, in its currency (a notification is never measured in its
  own currency); otherwise it is refused and nothing is recorded;
- a payment moves an open order to paid and puts the order's total on it (paid_amount, the
  payment row, its method and reference); a failed payment moves it to payment_failed and puts
  nothing on it;
- each transaction counts once; a second transaction paying a paid (or shipped) order is a
  duplicate payment to give back; one landing on a cancelled order is money held on it;
- the record keeps what was charged and the body as received.
"""

import logging
from decimal import Decimal

import pytest
from sqlalchemy import select

from bff.common.errors import DomainError
from bff.extensions import db
from bff.orders.models import Order, OrderEvent, OrderPayment
from bff.payments import services
from bff.payments.models import PaymentAttempt, PaymentNotification
from bff.payments.providers.base import BadNotification, NotAPayment, PaymentEvent
from bff.tests.fixtures.shopping import checkout_body

BODY = b'{"paid": "\xe6\x94\xaf\xe4\xbb\x98"}'  # "支付", as received


@pytest.fixture
def attempt(store, order):
    """The order's attempt with the provider "acme": NZ$55.00 (the order's total) under R-1."""

    def start(reference="R-1", amount="55.00", currency="NZD", rate=None, provider="acme", order_id=None):
        row = PaymentAttempt(
            shop_id=store.id,
            order_id=order_id or order["id"],
            provider=provider,
            reference=reference,
            charged_amount=None if amount is None else Decimal(amount),
            charged_currency=currency,
            exchange_rate=None if rate is None else Decimal(rate),
        )
        db.session.add(row)
        db.session.commit()
        return row

    start()
    return start


def _event(order, amount="55.00", currency="NZD", outcome="paid", transaction="T-1", reference="R-1", **more):
    return PaymentEvent(
        provider=more.get("provider", "acme"),
        transaction_id=transaction,
        order_number=order["order_number"],
        amount=Decimal(amount),
        outcome=outcome,
        currency=currency,
        reference=reference,
    )


def _apply(store, event):
    return services.apply_event(db.session, store, event, BODY)


def _order(order) -> Order:
    db.session.expire_all()
    return db.session.get(Order, order["id"])


def _payments(order) -> list[tuple]:
    return list(
        db.session.execute(
            select(OrderPayment.method, OrderPayment.amount, OrderPayment.reference).where(
                OrderPayment.order_id == order["id"]
            )
        )
    )


def _notifications() -> list[PaymentNotification]:
    db.session.expire_all()
    return list(db.session.scalars(select(PaymentNotification).order_by(PaymentNotification.id)))


@pytest.fixture
def payment_log(caplog, monkeypatch):
    """What the payment services log (INFO and up). The suite's `flask db upgrade` ran Alembic's
    fileConfig, which quiets the loggers that existed then; a server process never runs it."""
    monkeypatch.setattr(services.log, "disabled", False)
    with caplog.at_level(logging.INFO, logger=services.__name__):
        yield lambda: [r.getMessage() for r in caplog.records if r.name == services.__name__]


def _last_event(order) -> OrderEvent:
    return db.session.scalars(
        select(OrderEvent).where(OrderEvent.order_id == order["id"]).order_by(OrderEvent.id.desc())
    ).first()


def test_a_payment_of_the_attempts_charge_pays_the_order_and_records_it(store, order, attempt):
    assert _apply(store, _event(order)) == (True, "applied")
    paid = _order(order)
    assert (paid.status, paid.paid_amount, paid.payment_method) == ("paid", Decimal("55.00"), "acme")
    assert paid.paid_at is not None
    assert _payments(order) == [("acme", Decimal("55.00"), "T-1")]
    (record,) = _notifications()
    assert (record.provider, record.transaction_id, record.order_id, record.outcome, record.result) == (
        "acme",
        "T-1",
        order["id"],
        "paid",
        "applied",
    )
    assert (record.amount, record.charged_amount, record.charged_currency) == (
        Decimal("55.00"),
        Decimal("55.00"),
        "NZD",
    )
    assert record.raw_body == BODY.decode()
    step = _last_event(order)
    # The history says which provider paid it.
    assert (step.action, step.from_status, step.to_status, step.actor_kind, step.actor_email) == (
        "mark_paid",
        "unpaid",
        "paid",
        "provider",
        "acme",
    )
    assert step.details == {"transaction_id": "T-1", "amount": "55.00"}


def test_a_yuan_charge_is_compared_in_yuan_and_puts_the_nzd_total_on_the_order(store, order, attempt):
    attempt(reference="R-Y", amount="247.50", currency="CNY", rate="4.5")
    assert _apply(store, _event(order, "247.50", "CNY", reference="R-Y")) == (True, "applied")
    assert _order(order).paid_amount == Decimal("55.00")
    assert _payments(order) == [("acme", Decimal("55.00"), "T-1")]
    (record,) = _notifications()
    assert (record.amount, record.charged_amount, record.charged_currency) == (
        Decimal("55.00"),
        Decimal("247.50"),
        "CNY",
    )
    assert _last_event(order).details == {"transaction_id": "T-1", "amount": "55.00", "charged": "247.50 CNY"}


def test_an_event_without_a_currency_is_taken_in_the_attempts(store, order, attempt):
    assert _apply(store, _event(order, currency=None)) == (True, "applied")
    assert _notifications()[0].charged_currency == "NZD"


@pytest.mark.parametrize(
    ("amount", "currency"),
    [("55.01", "NZD"), ("54.99", "NZD"), ("55.001", "NZD"), ("55.00", "CNY"), ("55.00", "AUD")],
)
def test_anything_but_the_attempts_exact_charge_is_refused_and_changes_nothing(
    store, order, attempt, amount, currency
):
    with pytest.raises(DomainError) as refused:
        _apply(store, _event(order, amount, currency))
    assert (refused.value.code, refused.value.message) == ("amount_mismatch", "支付金额与订单金额不一致")
    db.session.rollback()
    assert _order(order).status == "unpaid" and _notifications() == [] and _payments(order) == []


def test_an_amount_refused_is_said_in_the_shops_language(store, order, attempt):
    store.language = "en"
    db.session.commit()
    with pytest.raises(DomainError) as refused:
        _apply(store, _event(order, "55.01"))
    assert refused.value.message == "The amount is not the order's total"


@pytest.mark.parametrize(("amount", "applied"), [("55.00", True), ("55.01", False), ("54.99", False)])
def test_the_sandbox_pays_the_orders_total_in_nz_dollars(store, order, amount, applied):
    """The sandbox's notification names no attempt and no currency (its amount is what our own
    signed page token said): it pays the order's total, recorded as NZ dollars."""
    event = _event(order, amount, currency=None, reference=None, provider="sandbox")
    if not applied:
        with pytest.raises(DomainError) as refused:
            _apply(store, event)
        assert refused.value.code == "amount_mismatch"
        return
    assert _apply(store, event) == (True, "applied")
    (record,) = _notifications()
    assert (record.charged_amount, record.charged_currency, record.amount) == (
        Decimal("55.00"),
        "NZD",
        Decimal("55.00"),
    )
    assert _order(order).status == "paid"


def test_a_yuan_attempt_refuses_its_amount_in_nzd(store, order, attempt):
    attempt(reference="R-Y", amount="247.50", currency="CNY", rate="4.5")
    with pytest.raises(DomainError) as refused:
        _apply(store, _event(order, "247.50", "NZD", reference="R-Y"))
    assert refused.value.code == "amount_mismatch"


@pytest.mark.parametrize(
    "case", ["no-reference", "unknown-reference", "another-providers", "another-orders", "no-charge-kept"]
)
def test_an_event_naming_no_attempt_of_this_order_and_provider_is_refused(
    store, order, attempt, api, as_member, make_product, case, payment_log
):
    reference = {"no-reference": None, "unknown-reference": "R-9"}.get(case, "R-2")
    if case == "another-providers":
        attempt(reference="R-2", provider="other")
    if case == "another-orders":
        product = make_product(store, price=Decimal("45.00"), weight=500)
        body = checkout_body([(product, 1, None)], "45.00", "10.00")
        other = api.post("/api/order/create", as_member, json=body).get_json()["order"]
        attempt(reference="R-2", order_id=other["id"])
    if case == "no-charge-kept":
        attempt(reference="R-2", amount=None, currency=None)
    with pytest.raises(DomainError) as refused:
        _apply(store, _event(order, reference=reference))
    assert (refused.value.code, refused.value.message) == (
        "not_found",
        "No payment of this order was started so.",
    )
    db.session.rollback()
    assert _order(order).status == "unpaid" and _notifications() == []
    # The operator's log names the provider and the order the notification claimed to pay.
    assert payment_log() == [f"payment: acme notification for {order['id']} names no attempt of ours"]


def test_an_event_for_another_shops_order_is_refused(store, store_b, order, attempt):
    with pytest.raises(DomainError) as refused:
        services.apply_event(db.session, store_b, _event(order), BODY)
    assert (refused.value.code, refused.value.message) == ("not_found", "Order not found")


def test_a_failed_payment_moves_the_order_to_payment_failed_and_puts_nothing_on_it(store, order, attempt):
    assert _apply(store, _event(order, outcome="failed")) == (True, "applied")
    failed = _order(order)
    assert (failed.status, failed.paid_amount, failed.paid_at, failed.payment_method) == (
        "payment_failed",
        Decimal("0.00"),
        None,
        None,
    )
    assert _payments(order) == [] and _notifications()[0].outcome == "failed"
    assert _last_event(order).action == "payment_failed"


def test_one_transaction_counts_once(store, order, attempt):
    assert _apply(store, _event(order)) == (True, "applied")
    assert _apply(store, _event(order)) == (False, "duplicate")
    assert _order(order).paid_amount == Decimal("55.00") and len(_payments(order)) == 1
    assert len(_notifications()) == 1


@pytest.mark.parametrize("state", ["paid", "completed"])
def test_a_second_transaction_paying_a_paid_order_is_a_duplicate_payment(
    store, order, attempt, put_in_state, state
):
    put_in_state(order, state)
    assert _apply(store, _event(order, transaction="T-2")) == (False, "duplicate_payment")
    assert _order(order).paid_amount == Decimal("55.00") and _payments(order) == [
        ("manual", Decimal("55.00"), "seed")
    ]
    assert _notifications()[0].result == "duplicate_payment"


@pytest.mark.parametrize(("state", "outcome"), [("paid", "failed"), ("completed", "failed")])
def test_a_failure_reported_on_a_paid_order_is_ignored(store, order, attempt, put_in_state, state, outcome):
    put_in_state(order, state)
    assert _apply(store, _event(order, outcome=outcome, transaction="T-2")) == (False, f"ignored_{state}")
    assert _order(order).status == state


def test_a_failure_reported_on_a_cancelled_order_is_ignored(store, order, attempt, put_in_state):
    put_in_state(order, "cancelled")
    assert _apply(store, _event(order, outcome="failed")) == (False, "ignored_cancelled")
    assert _payments(order) == []


def test_a_payment_on_a_cancelled_order_is_held_on_it(store, order, attempt, put_in_state):
    put_in_state(order, "cancelled")
    assert _apply(store, _event(order)) == (False, "held_on_cancelled")
    held = _order(order)
    assert (held.status, held.paid_amount, held.payment_method) == ("cancelled", Decimal("55.00"), "acme")
    assert _payments(order) == [("acme", Decimal("55.00"), "T-1")]
    assert _notifications()[0].result == "held_on_cancelled"
    # Its history row names the transaction and what it paid, for the owner's refund.
    step = _last_event(order)
    assert (step.action, step.actor_email, step.details) == (
        "payment_after_cancel",
        "acme",
        {"transaction_id": "T-1", "amount": "55.00"},
    )


def test_a_long_provider_name_is_cut_to_the_method_column(store, order, attempt):
    name = "a-provider-named-at-length"  # 26 characters; the payment's method holds 20
    attempt(reference="R-L", provider=name)
    assert _apply(store, _event(order, reference="R-L", provider=name)) == (True, "applied")
    assert _order(order).payment_method == name[:20]
    assert _payments(order) == [(name[:20], Decimal("55.00"), "T-1")]


class _Provider:
    name = "acme"

    def __init__(self, outcome):
        self.outcome = outcome

    def parse_notification(self, body, headers):
        if isinstance(self.outcome, Exception):
            raise self.outcome
        return self.outcome


def test_an_authentic_notification_that_pays_nothing_is_acknowledged_and_not_recorded(
    store, order, attempt, payment_log
):
    provider = _Provider(NotAPayment("TRANSACTION.CLOSED"))
    assert services.receive_notification(db.session, store, provider, BODY, {}) == (False, "not_a_payment")
    assert _notifications() == [] and _order(order).status == "unpaid"
    # Logged with the provider, the shop and what the notification was about.
    assert payment_log() == [
        f"payment: acme notification for shop {store.id} pays nothing: TRANSACTION.CLOSED"
    ]


def test_a_notification_that_cannot_be_verified_is_refused(store, order, attempt):
    with pytest.raises(DomainError) as refused:
        services.receive_notification(db.session, store, _Provider(BadNotification("stale")), BODY, {})
    assert (refused.value.code, refused.value.message) == (
        "bad_signature",
        "The notification could not be verified.",
    )
    assert _notifications() == []


@pytest.mark.parametrize("amount", ["NaN", "Infinity", "-55.00", "-0", "1E+30"])
def test_a_notification_whose_amount_is_no_amount_is_refused_before_anything(store, order, attempt, amount):
    provider = _Provider(_event(order, amount))
    with pytest.raises(DomainError) as refused:
        services.receive_notification(db.session, store, provider, BODY, {})
    assert (refused.value.code, refused.value.message) == (
        "invalid_amount",
        "The notification's amount is not an amount.",
    )
    assert _notifications() == [] and _order(order).status == "unpaid"


def test_a_verified_notification_is_applied(store, order, attempt):
    assert services.receive_notification(db.session, store, _Provider(_event(order)), BODY, {}) == (
        True,
        "applied",
    )
    assert _order(order).status == "paid"


def test_a_body_with_bytes_that_are_not_utf8_is_kept_readable(store, order, attempt):
    """The record keeps the body as received; bytes that are no UTF-8 become U+FFFD, not an error."""
    assert services.apply_event(db.session, store, _event(order), b'{"a": "\xff"}') == (True, "applied")
    assert _notifications()[0].raw_body == '{"a": "\ufffd"}'
