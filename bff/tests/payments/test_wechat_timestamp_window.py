"""WeChat Pay's notification time window at its edges, both ways.

WeChat Pay signs `Wechatpay-Timestamp` into each callback; its signature verification guide
(https://pay.weixin.qq.com/wiki/doc/api_external/en/wechatpay/wechatpay4_1.shtml, and the same
page in Chinese, .../ch/wechatpay/wechatpay4_1.shtml) has the merchant check the signature and
refuse an old timestamp against replays. Ours (bff/payments/providers/wechat_pay.py) takes at
most 5 minutes either way: a notification 300 s old or 300 s ahead of our clock (clock skew) is
applied, 301 s either way is refused and changes nothing. The clock is held still here, so the
edges are exact and not at the mercy of a slow machine.
"""

import time

import pytest

from bff.payments.models import PaymentNotification
from bff.tests.helpers import assert_error
from bff.tests.payments.conftest import order_status
from bff.tests.payments.test_wechat_pay import _deliver, _pay

NOW = 1_790_000_000  # 2026-09-21, any fixed second


@pytest.fixture
def still_clock(monkeypatch):
    monkeypatch.setattr(time, "time", lambda: float(NOW))


def _notify_at(client, api, as_member, order, wechat_fake, still_clock, timestamp):
    _pay(api, as_member, order)
    return _deliver(client, wechat_fake.pay(order["order_number"] + "-N", timestamp=timestamp))


@pytest.mark.parametrize(
    "offset", [-300, -1, 0, 1, 300], ids=["300s-old", "1s-old", "now", "1s-ahead", "300s-ahead"]
)
def test_a_notification_within_five_minutes_either_way_is_applied(
    client, api, as_member, order, wechat_shop, wechat_fake, still_clock, offset
):
    res = _notify_at(client, api, as_member, order, wechat_fake, still_clock, NOW + offset)
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["applied"] is True and order_status(order) == "paid"


@pytest.mark.parametrize(
    "offset",
    [-301, -600, 301, 600, 86_400],
    ids=["301s-old", "600s-old", "301s-ahead", "600s-ahead", "a-day-ahead"],
)
def test_a_notification_past_the_window_either_way_is_refused(
    client, api, as_member, order, wechat_shop, wechat_fake, still_clock, offset
):
    from bff.extensions import db

    res = _notify_at(client, api, as_member, order, wechat_fake, still_clock, NOW + offset)
    assert_error(res, 400)
    assert order_status(order) == "unpaid" and db.session.query(PaymentNotification).count() == 0
