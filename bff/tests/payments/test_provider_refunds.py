"""The console's refund of an order paid through a provider goes through that provider's API;
when the provider refuses, nothing is recorded. (Paid by hand: see orders/test_admin_transitions.py.)"""

from decimal import Decimal

from sqlalchemy import select

from bff.extensions import db
from bff.orders.models import Order, OrderEvent
from bff.payments.charges import Charge
from bff.payments.models import Refund
from bff.payments.providers.base import ProviderError
from bff.payments.providers.sandbox import SandboxProvider
from bff.tests.fixtures.orders import admin_url, pay_on_sandbox
from bff.tests.helpers import assert_error, with_version


def _refund(client, headers, order, amount):
    return client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, headers, admin_url(order)),
        json={"amount": amount, "reason": "缺货"},
    )


def test_a_refund_of_a_provider_payment_goes_through_the_provider(
    app, client, as_admin, place_order, monkeypatch
):
    asked = []
    real_refund = SandboxProvider.refund

    def refund(self, order, transaction_id, refund_number, amount, reason, charge=None):
        asked.append((order.order_number, transaction_id, refund_number, amount, reason, charge))
        return real_refund(self, order, transaction_id, refund_number, amount, reason, charge)

    monkeypatch.setattr(SandboxProvider, "refund", refund)
    order = place_order()  # 100.00 in all
    assert pay_on_sandbox(app, client, order, "txn-77").status_code == 200
    res = _refund(client, as_admin, order, "30.00")
    assert res.status_code == 200, res.get_json()
    [row] = db.session.scalars(select(Refund)).all()
    assert (row.method, row.amount) == ("provider", 30)
    number = order["order_number"]
    # The sandbox charged the NZD total: the refund is in NZD, as entered.
    assert asked == [(number, "txn-77", f"{number}-R{row.id}", 30, "缺货", Charge(Decimal("100.00"), "NZD"))]
    assert row.provider_refund_id == f"sbx_refund_{order['order_number']}-R{row.id}"
    assert res.get_json()["order"]["refunded_amount"] == 30.0


def test_a_refund_the_provider_refuses_is_not_recorded(app, client, as_admin, place_order, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise ProviderError("ACCOUNT_ERROR: balance too low")

    monkeypatch.setattr(SandboxProvider, "refund", refuse)
    order = place_order()
    assert pay_on_sandbox(app, client, order, "txn-77").status_code == 200
    events_before = db.session.query(OrderEvent).count()
    body = assert_error(_refund(client, as_admin, order, "30.00"), 502, "provider_failed")
    assert "balance" not in body["message"]  # the provider's words are for the log
    db.session.expire_all()
    stored = db.session.scalar(select(Order).where(Order.order_number == order["order_number"]))
    assert (stored.refunded_amount, stored.status) == (0, "paid")
    assert db.session.query(Refund).count() == 0
    assert db.session.query(OrderEvent).count() == events_before
