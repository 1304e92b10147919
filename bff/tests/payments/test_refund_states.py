"""Refunds followed to their end (issue 22 item 4): a provider's refund is `processing` until its
notification (WeChat Pay's REFUND.* on the refunds' own URL) or the settle sweep's refund query
says how it ended."""

from click.testing import CliRunner
from sqlalchemy import select

from bff.extensions import db
from bff.payments.commands import payments_cli
from bff.payments.models import Refund
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, with_version
from bff.tests.payments.conftest import HOST
from bff.tests.payments.test_alipay import _deliver as deliver_alipay
from bff.tests.payments.test_alipay import _no
from bff.tests.payments.test_alipay import _open as open_alipay
from bff.tests.payments.test_alipay import _pay as pay_alipay
from bff.tests.payments.test_wechat_pay import NOTIFY, _deliver, _pay

REFUND_NOTIFY = f"{NOTIFY}/refund"


def _refund(client, as_admin, order, amount="20.00"):
    res = client.post(
        admin_url(order, "refunds"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": amount, "reason": "缺货"},
    )
    assert res.status_code == 200, res.get_json()
    return res.get_json()


def _status() -> str:
    db.session.expire_all()
    return db.session.scalar(select(Refund.status))


def _settle(app):
    result = CliRunner().invoke(payments_cli, ["settle"], obj=None)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_wechat_refund_is_processing_until_its_notification(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    detail = _refund(client, as_admin, order)
    assert [r["status"] for r in detail["refunds"]] == ["processing"]  # shown on the console
    [refund] = wechat_fake.refunds
    url, body, headers = wechat_fake.finish_refund(refund["out_refund_no"], "SUCCESS")
    assert url == f"http://shop-a.test{REFUND_NOTIFY}"
    sent = {**HOST, **headers, "Content-Type": "application/json"}
    res = client.post(REFUND_NOTIFY, data=body, headers=sent)
    assert res.get_json() == {"received": True, "status": "refunded"}
    assert _status() == "refunded"
    again = client.post(REFUND_NOTIFY, data=body, headers=sent)
    assert again.get_json()["status"] == "refunded"  # a resend changes nothing


def test_an_abnormal_refund_is_abnormal_not_failed_and_a_forged_one_refused(
    client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    _refund(client, as_admin, order)
    [refund] = wechat_fake.refunds
    url, body, headers = wechat_fake.finish_refund(refund["out_refund_no"], "ABNORMAL")
    forged = {**headers, "Wechatpay-Serial": "00FF"}
    assert_error(client.post(REFUND_NOTIFY, data=body, headers={**HOST, **forged}), 400)
    assert _status() == "processing"
    res = client.post(REFUND_NOTIFY, data=body, headers={**HOST, **headers})
    # Stuck at WeChat Pay, for the owner to finish by hand: not failed (bff/payments/refunds.py).
    assert res.get_json()["status"] == "abnormal" and _status() == "abnormal"


def test_the_sweep_follows_a_refund_whose_notification_was_lost(
    app, client, api, as_member, as_admin, order, wechat_shop, wechat_fake
):
    _pay(api, as_member, order)
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    _refund(client, as_admin, order)
    assert "Followed 0 refund(s)" in _settle(app)
    [refund] = wechat_fake.refunds
    wechat_fake.finish_refund(refund["out_refund_no"], "SUCCESS")  # its notification never arrives
    assert "Followed 1 refund(s)" in _settle(app)
    assert _status() == "refunded"
    assert ("GET", f"/v3/global/refunds/out-refund-no/{refund['out_refund_no']}") in wechat_fake.requests


def test_an_alipay_refund_without_fund_change_is_followed_by_the_refund_query(
    app, client, api, as_member, as_admin, order, alipay_shop, alipay_fake
):
    open_alipay(pay_alipay(api, as_member, order).get_json()["paymentPageUrl"])
    deliver_alipay(client, alipay_fake.pay(_no(order)))
    alipay_fake.hold_refunds = True
    _refund(client, as_admin, order)
    assert _status() == "processing"
    _settle(app)
    assert _status() == "processing"  # Alipay has no record of it done yet
    alipay_fake.settle_refunds()
    _settle(app)
    assert _status() == "refunded"
