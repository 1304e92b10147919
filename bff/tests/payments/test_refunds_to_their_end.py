"""Issue 22, items 3 and 4 (what the previous round left): the console's cancel closes the
order's trades; a payment that lands on a cancelled order is held on it for the owner (order page,
dashboard) to refund or revive; a provider's refund is mailed only when the provider says it
succeeded, a failed one gives its amount back to the order; Alipay (no refund notification) is
queried and sent again; the shopper's order page reads each refund's state."""

from decimal import Decimal

from click.testing import CliRunner
from sqlalchemy import select

from bff.accounts.outbox import OutboxMail
from bff.catalog.models import ProductVariant
from bff.extensions import db
from bff.orders.models import Order, OrderEvent
from bff.payments import refunds
from bff.payments.commands import payments_cli
from bff.payments.models import PaymentNotification, Refund
from bff.shops.models import Shop
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, with_version
from bff.tests.payments.conftest import HOST, order_status
from bff.tests.payments.test_alipay import _deliver as deliver_alipay
from bff.tests.payments.test_alipay import _no
from bff.tests.payments.test_alipay import _open as open_alipay
from bff.tests.payments.test_alipay import _pay as pay_alipay
from bff.tests.payments.test_wechat_pay import NOTIFY, _deliver, _pay

REFUND_NOTIFY = f"{NOTIFY}/refund"


def _mail_kinds(order) -> list[str]:
    db.session.expire_all()
    return list(
        db.session.scalars(
            select(OutboxMail.kind).where(OutboxMail.order_id == order["id"]).order_by(OutboxMail.id)
        )
    )


def _refund(client, as_admin, order, amount="20.00"):
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": amount, "reason": "缺货"},
    )
    assert res.status_code == 200, res.get_json()
    return res.get_json()


def _detail(client, as_admin, order):
    res = client.get(admin_url(order), headers=as_admin)
    assert res.status_code == 200
    return res.get_json()


def _settle():
    result = CliRunner().invoke(payments_cli, ["settle"], obj=None)
    assert result.exit_code == 0, result.output
    return result.output


# Item 3: the console's cancel, and money that lands on a cancelled order --------------------------


def test_the_console_cancel_closes_the_order_s_open_trade(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    res = client.post(
        admin_url(order, "cancel"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "顾客电话取消"},
    )
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["order"]["status"] == "cancelled"
    number = order["order_number"] + "-N"
    assert wechat_fake.transactions[number].trade_state == "CLOSED"
    assert ("POST", f"/v3/global/transactions/out-trade-no/{number}/close") in wechat_fake.requests


def test_the_console_cancel_closes_the_alipay_trade(
    client, api, as_member, as_admin, order, alipay_shop, alipay_fake
):
    open_alipay(pay_alipay(api, as_member, order).get_json()["paymentPageUrl"])
    res = client.post(
        admin_url(order, "cancel"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "缺货"},
    )
    assert res.status_code == 200, res.get_json()
    assert alipay_fake.trades[_no(order)].trade_status == "TRADE_CLOSED"


def _cancel_while_the_gateway_is_down(app, client, as_admin, order):
    overseas = app.config["WECHATPAY_GLOBAL_GATEWAY_URL"]
    app.config["WECHATPAY_GLOBAL_GATEWAY_URL"] = "http://127.0.0.1:9"  # the close cannot be sent
    try:
        res = client.post(
            admin_url(order, "cancel"),
            headers=with_version(client, as_admin, admin_url(order)),
            json={"reason": "顾客取消"},
        )
        assert res.status_code == 200, res.get_json()
    finally:
        app.config["WECHATPAY_GLOBAL_GATEWAY_URL"] = overseas


def test_a_payment_that_lands_on_a_cancelled_order_is_held_and_shown_to_the_owner(
    app, client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _cancel_while_the_gateway_is_down(app, client, as_admin, order)
    notification = wechat_fake.pay(order["order_number"] + "-N")  # paid on the QR code still open
    res = _deliver(client, notification)
    assert res.status_code == 200 and res.get_json()["result"] == "held_on_cancelled"
    assert order_status(order) == "cancelled"
    detail = _detail(client, as_admin, order)
    assert detail["order"]["paid_amount"] == detail["order"]["total_price"] == Decimal("55.00")
    assert [p["method"] for p in detail["payments"]] == ["wechat_pay"]
    assert {"refund", "revive"} <= set(detail["actions"])
    assert [e["action"] for e in detail["history"]][-1] == "payment_after_cancel"
    held = client.get("/api/admin/dashboard", headers=as_admin).get_json()["money_held"]
    assert [o["order_number"] for o in held] == [order["order_number"]]
    # A resend of the notification holds it once.
    again = _deliver(client, notification)
    assert again.get_json()["result"] == "duplicate"
    assert _detail(client, as_admin, order)["order"]["paid_amount"] == Decimal("55.00")


def test_the_held_payment_is_refunded_through_its_provider(
    app, client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _cancel_while_the_gateway_is_down(app, client, as_admin, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    detail = _refund(client, as_admin, order, "55.00")
    assert [r["status"] for r in detail["refunds"]] == ["processing"]
    [refund] = wechat_fake.refunds
    assert refund["amount"]["refund"] == 5500
    assert client.get("/api/admin/dashboard", headers=as_admin).get_json()["money_held"] == []


def test_the_owner_revives_an_order_that_holds_its_total(
    app, client, api, as_member, as_admin, order, wechat_shop, wechat_fake, session
):
    line = session.scalar(select(Order).where(Order.id == order["id"])).lines[0]
    stock = lambda: session.get(ProductVariant, line.variant_id).stock if line.variant_id else None  # noqa: E731
    _pay(api, as_member, order)
    _cancel_while_the_gateway_is_down(app, client, as_admin, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    session.expire_all()
    before = stock()
    res = client.post(
        admin_url(order, "revive"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"note": "顾客确认仍要"},
    )
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["order"]["status"] == "paid"
    assert "revive" not in res.get_json()["actions"]
    session.expire_all()
    if before is not None:
        assert stock() == before - line.quantity
    assert _mail_kinds(order)[-1] == "order_paid"


def test_an_order_that_does_not_hold_its_total_cannot_be_revived(client, api, as_member, as_admin, order):
    client.post(
        admin_url(order, "cancel"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"reason": "缺货"},
    )
    detail = _detail(client, as_admin, order)
    assert "revive" not in detail["actions"]
    res = client.post(
        admin_url(order, "revive"), headers=with_version(client, as_admin, admin_url(order)), json={}
    )
    assert res.status_code == 409


# Item 4: refunds followed to their end ---------------------------------------------------------


def test_a_provider_refund_is_mailed_only_when_the_provider_says_it_succeeded(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    _refund(client, as_admin, order)
    assert "order_refunded" not in _mail_kinds(order)  # asked for, not yet done
    [refund] = wechat_fake.refunds
    url, body, headers = wechat_fake.finish_refund(refund["out_refund_no"], "SUCCESS")
    sent = {**HOST, **headers, "Content-Type": "application/json"}
    assert client.post(REFUND_NOTIFY, data=body, headers=sent).get_json()["status"] == "refunded"
    assert _mail_kinds(order).count("order_refunded") == 1
    client.post(REFUND_NOTIFY, data=body, headers=sent)  # a resend mails nothing more
    assert _mail_kinds(order).count("order_refunded") == 1


def test_a_failed_refund_gives_its_amount_back_and_tells_the_owner(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    assert _refund(client, as_admin, order, "55.00")["order"]["refunded_amount"] == Decimal("55.00")
    assert "refund" not in _detail(client, as_admin, order)["actions"]
    [refund] = wechat_fake.refunds
    url, body, headers = wechat_fake.finish_refund(refund["out_refund_no"], "CLOSED")
    res = client.post(
        REFUND_NOTIFY, data=body, headers={**HOST, **headers, "Content-Type": "application/json"}
    )
    assert res.get_json()["status"] == "failed"
    detail = _detail(client, as_admin, order)
    assert detail["order"]["refunded_amount"] == 0  # refundable again
    assert "refund" in detail["actions"]
    assert [r["status"] for r in detail["refunds"]] == ["failed"]
    assert detail["history"][-1]["action"] == "refund_failed"
    assert "order_refunded" not in _mail_kinds(order)
    # Refunded again, the whole amount, under a new refund number.
    assert [r["status"] for r in _refund(client, as_admin, order, "55.00")["refunds"]] == [
        "failed",
        "processing",
    ]


def _finish(client, wechat_fake, state, index=0):
    """WeChat Pay ends the refund with `state` and its notification is delivered."""
    refund = wechat_fake.refunds[index]
    url, body, headers = wechat_fake.finish_refund(refund["out_refund_no"], state)
    res = client.post(
        REFUND_NOTIFY, data=body, headers={**HOST, **headers, "Content-Type": "application/json"}
    )
    assert res.status_code == 200, res.get_json()
    return res.get_json()["status"]


def _abnormal_refund(client, api, as_member, as_admin, order, wechat_fake, amount="20.00"):
    """A refund of `amount` of the paid order, then WeChat Pay's REFUND.ABNORMAL for it."""
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    assert _refund(client, as_admin, order, amount)["order"]["refunded_amount"] == Decimal(amount)
    assert _finish(client, wechat_fake, "ABNORMAL") == "abnormal"


def _refunds_to_handle(client, as_admin) -> int:
    """The console's count of orders with a refund to finish by hand (bff/orders/today.py)."""
    res = client.get("/api/admin/dashboard", headers=as_admin)
    return res.get_json()["today"]["counts"]["refunds_to_handle"]


def _handling_events(order) -> list[OrderEvent]:
    db.session.expire_all()
    return list(
        db.session.scalars(
            select(OrderEvent).where(
                OrderEvent.order_id == order["id"], OrderEvent.action == "refund_needs_handling"
            )
        )
    )


def test_an_abnormal_refund_stays_refunded_and_tells_the_owner_to_handle_it(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _abnormal_refund(client, api, as_member, as_admin, order, wechat_fake, "20.00")
    detail = _detail(client, as_admin, order)
    assert detail["order"]["refunded_amount"] == Decimal("20.00")  # still owed to the shopper
    assert [r["status"] for r in detail["refunds"]] == ["abnormal"]
    event = detail["history"][-1]
    assert event["action"] == "refund_needs_handling"
    assert "商户平台" in event["note"] and "交易中心" in event["note"] and "20.00" in event["note"]
    assert event["details"]["refund_id"] == db.session.scalar(select(Refund.id))
    assert "order_refunded" not in _mail_kinds(order)
    # The shopper reads it as a refund of theirs, not ended.
    mine = api.get(f"/api/payment/refunds/{order['order_number']}", as_member).get_json()["refunds"]
    assert [r["status"] for r in mine] == ["abnormal"]
    # A resend of the notification changes nothing and tells the owner once.
    assert _finish(client, wechat_fake, "ABNORMAL") == "abnormal"
    assert len(_handling_events(order)) == 1
    assert _detail(client, as_admin, order)["order"]["refunded_amount"] == Decimal("20.00")


def test_an_abnormal_refund_s_money_cannot_be_refunded_a_second_time(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _abnormal_refund(client, api, as_member, as_admin, order, wechat_fake, "55.00")
    assert "refund" not in _detail(client, as_admin, order)["actions"]  # nothing left to refund
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "55.00", "reason": "再退一次"},
    )
    assert_error(res, 409, "refund_too_large")
    assert len(wechat_fake.refunds) == 1  # WeChat Pay was asked once
    assert _detail(client, as_admin, order)["order"]["refunded_amount"] == Decimal("55.00")


def test_an_abnormal_refund_of_part_leaves_only_the_rest_refundable(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _abnormal_refund(client, api, as_member, as_admin, order, wechat_fake, "20.00")
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "35.01", "reason": "再退一次"},
    )
    assert_error(res, 409, "refund_too_large")
    assert _refund(client, as_admin, order, "35.00")["order"]["refunded_amount"] == Decimal("55.00")


def test_the_sweep_ends_an_abnormal_refund_handled_by_hand_as_refunded_and_mails_once(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _abnormal_refund(client, api, as_member, as_admin, order, wechat_fake)
    assert _refunds_to_handle(client, as_admin) == 1  # the console's today asks the owner
    assert "Followed 0 refund(s)" in _settle()  # still abnormal at WeChat Pay: asked, not moved
    [refund] = wechat_fake.refunds
    assert ("GET", f"/v3/global/refunds/out-refund-no/{refund['out_refund_no']}") in wechat_fake.requests
    refund["status"] = "SUCCESS"  # the owner handled it in the merchant platform; no notification
    assert "Followed 1 refund(s)" in _settle()
    detail = _detail(client, as_admin, order)
    assert [r["status"] for r in detail["refunds"]] == ["refunded"]
    assert detail["order"]["refunded_amount"] == Decimal("20.00")
    assert _mail_kinds(order).count("order_refunded") == 1
    assert _refunds_to_handle(client, as_admin) == 0  # handled: no longer asked
    _settle()  # ended: not asked about again, nothing mailed again
    assert _finish(client, wechat_fake, "SUCCESS") == "refunded"  # a late notification neither
    assert _mail_kinds(order).count("order_refunded") == 1
    # A concurrent CLOSED that read the refund still abnormal moves nothing (the conditional UPDATE).
    stale = db.session.scalar(select(Refund))
    db.session.expunge(stale)
    stale.status = "abnormal"  # what the other transaction read, never written
    assert not refunds._ended(db.session, db.session.get(Shop, stale.shop_id), stale, "failed")
    db.session.rollback()
    assert _detail(client, as_admin, order)["order"]["refunded_amount"] == Decimal("20.00")
    assert db.session.scalar(select(Refund.status)) == "refunded"


def test_the_sweep_moves_a_processing_refund_to_abnormal(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    _refund(client, as_admin, order)
    wechat_fake.refunds[0]["status"] = "ABNORMAL"  # its notification never arrives
    assert "Followed 1 refund(s)" in _settle()
    detail = _detail(client, as_admin, order)
    assert [r["status"] for r in detail["refunds"]] == ["abnormal"]
    assert detail["order"]["refunded_amount"] == Decimal("20.00")
    assert len(_handling_events(order)) == 1
    assert "order_refunded" not in _mail_kinds(order)


def test_a_refund_closed_after_abnormal_gives_its_amount_back(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _abnormal_refund(client, api, as_member, as_admin, order, wechat_fake, "55.00")
    assert _finish(client, wechat_fake, "CLOSED") == "failed"
    detail = _detail(client, as_admin, order)
    assert detail["order"]["refunded_amount"] == 0  # refundable again
    assert "refund" in detail["actions"]
    assert [r["status"] for r in detail["refunds"]] == ["failed"]
    assert detail["history"][-1]["action"] == "refund_failed"
    assert "order_refunded" not in _mail_kinds(order)


def test_a_refund_by_hand_is_mailed_at_once(client, as_admin, order, api, as_member):
    res = client.post(
        admin_url(order, "mark-paid"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": "55.00", "reference": "QR-1"},
    )
    assert res.status_code == 200, res.get_json()
    _refund(client, as_admin, order, "5.00")
    assert _mail_kinds(order)[-1] == "order_refunded"


def test_alipay_refund_not_done_is_sent_again_and_succeeds_then_mails(
    client, api, as_member, as_admin, order, alipay_shop, alipay_fake
):
    open_alipay(pay_alipay(api, as_member, order).get_json()["paymentPageUrl"])
    deliver_alipay(client, alipay_fake.pay(_no(order)))
    alipay_fake.hold_refunds = True
    _refund(client, as_admin, order)
    _settle()  # the query: no record; sent again: still held at Alipay
    assert db.session.scalar(select(Refund.status)) == "processing"
    assert "order_refunded" not in _mail_kinds(order)
    alipay_fake.hold_refunds = False
    _settle()  # sent again with the same out_request_no and amount: the money moves
    db.session.expire_all()
    assert db.session.scalar(select(Refund.status)) == "refunded"
    sent = [biz for method, biz in alipay_fake.requests if method == "alipay.trade.refund"]
    assert len(sent) == 3 and len({(b["out_request_no"], b["refund_amount"]) for b in sent}) == 1
    assert _mail_kinds(order).count("order_refunded") == 1


def test_alipay_refund_refused_when_sent_again_fails_and_is_refundable_again(
    client, api, as_member, as_admin, order, alipay_shop, alipay_fake
):
    open_alipay(pay_alipay(api, as_member, order).get_json()["paymentPageUrl"])
    deliver_alipay(client, alipay_fake.pay(_no(order)))
    alipay_fake.hold_refunds = True
    _refund(client, as_admin, order)
    alipay_fake.refuse_refunds = "ACQ.SELLER_BALANCE_NOT_ENOUGH"
    _settle()
    detail = _detail(client, as_admin, order)
    assert [r["status"] for r in detail["refunds"]] == ["failed"]
    assert detail["order"]["refunded_amount"] == 0
    assert "order_refunded" not in _mail_kinds(order)


def test_the_shopper_reads_each_refund_s_state(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake, as_other
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    _refund(client, as_admin, order, "10.00")
    _refund(client, as_admin, order, "5.00")
    url = f"/api/payment/refunds/{order['order_number']}"
    res = api.get(url, as_member)
    assert res.status_code == 200
    assert [(r["amount"], r["status"]) for r in res.get_json()["refunds"]] == [
        (Decimal("10.00"), "processing"),
        (Decimal("5.00"), "processing"),
    ]
    first = wechat_fake.refunds[0]
    url_, body, headers = wechat_fake.finish_refund(first["out_refund_no"], "SUCCESS")
    client.post(REFUND_NOTIFY, data=body, headers={**HOST, **headers, "Content-Type": "application/json"})
    states = [r["status"] for r in api.get(url, as_member).get_json()["refunds"]]
    assert states == ["refunded", "processing"]
    assert api.get(url, as_other).status_code == 404


def test_a_notification_on_a_cancelled_order_is_recorded_once_in_the_history(
    app, client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _cancel_while_the_gateway_is_down(app, client, as_admin, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    db.session.expire_all()
    events = db.session.scalars(
        select(OrderEvent.action).where(
            OrderEvent.order_id == order["id"], OrderEvent.action == "payment_after_cancel"
        )
    ).all()
    assert len(events) == 1
    assert db.session.scalar(select(PaymentNotification.result)) == "held_on_cancelled"
