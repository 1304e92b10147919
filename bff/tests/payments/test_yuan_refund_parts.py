"""Yuan refunds in many small parts add up to exactly the yuan charged.

NZ$55.00 at 4.4567 is ¥245.1185, charged as the yuan total every screen shows, ¥245.10 (to the
jiao, bff/payments/charges.py). Converted part by part, 55 refunds of NZ$1.00 would give back
55 x ¥4.46 = ¥245.30, 20 fen more than was charged; converted cumulatively (each refund is
fen(all refunded x rate) - fen(refunded before x rate), the whole order counting as the charge)
they give back exactly ¥245.10. Three parts, as the older test has, round the same either way;
55 do not.
"""

from decimal import Decimal

import pytest

from bff.payments.charges import charge_for, in_yuan, refund_amount
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import with_version
from bff.tests.payments.conftest import set_provider
from bff.tests.payments.test_wechat_pay import _deliver, _pay

RATE = Decimal("4.4567")
TOTAL = Decimal("55.00")


@pytest.fixture
def domestic_shop(store, wechat_fake, session):
    wechat_fake.api = "domestic"
    store.shop_exchange_rate = RATE
    session.commit()
    set_provider(store, "wechat_pay", wechat_fake.shop_fields())
    return store


def test_per_part_conversion_would_give_back_more_than_was_charged():
    """The premise: the table below can tell cumulative from per-part conversion."""
    charge = charge_for(TOTAL, "CNY", RATE)
    assert charge.amount == Decimal("245.10")
    assert 55 * in_yuan(Decimal("1.00"), RATE) == Decimal("245.30")


def test_fifty_five_refunds_of_one_dollar_give_back_exactly_the_charge():
    charge = charge_for(TOTAL, "CNY", RATE)
    parts = [refund_amount(charge, TOTAL, Decimal(n), Decimal("1.00")) for n in range(55)]
    assert sum(parts) == charge.amount == Decimal("245.10")
    # Each part within a fen of 1 x rate, but the last: ¥245.10 - fen(54 x rate) ¥240.66.
    assert set(parts[:-1]) == {Decimal("4.45"), Decimal("4.46")} and parts[-1] == Decimal("4.44")
    # Nothing is left to give back, and a refund past the total gives back nothing more.
    assert refund_amount(charge, TOTAL, TOTAL, Decimal("1.00")) == Decimal("0.00")


@pytest.mark.parametrize(
    ("before", "amount", "back"),
    [
        (Decimal("0"), Decimal("55.00"), Decimal("245.10")),  # all at once: exactly the charge
        (Decimal("0"), Decimal("10.00"), Decimal("44.57")),  # 44.567 -> 44.57
        (Decimal("10.00"), Decimal("0.01"), Decimal("0.04")),  # fen(10.01 x r) 44.61 - 44.57
        (Decimal("54.99"), Decimal("0.01"), Decimal("0.03")),  # the last cent: 245.10 - 245.07
        (Decimal("54.00"), Decimal("5.00"), Decimal("4.44")),  # past the total: only what is left
    ],
)
def test_one_refund_is_the_difference_of_the_cumulative_yuan(before, amount, back):
    charge = charge_for(TOTAL, "CNY", RATE)
    assert refund_amount(charge, TOTAL, before, amount) == back


def test_an_nzd_charge_refunds_the_nzd_asked_to_the_cent():
    charge = charge_for(TOTAL, "NZD", None)
    assert charge.amount == Decimal("55.00") and charge.rate is None
    assert refund_amount(charge, TOTAL, Decimal("50.00"), Decimal("1.5")) == Decimal("1.50")


def test_fifty_five_refunds_through_the_console_give_back_exactly_the_yuan_charged(
    client, api, as_member, as_admin, domestic_shop, order, wechat_fake
):  # the shop's rate is set before the order is placed: an order keeps the rate it was placed at
    assert order["total_price"] == 55.0
    start = _pay(api, as_member, order).get_json()
    assert start["charge"] == {"amount": "245.10", "currency": "CNY"}
    _deliver(client, wechat_fake.pay(order["order_number"] + "-N"))
    for _ in range(55):
        res = client.post(
            admin_url(order, "refunds"),
            headers=with_version(client, as_admin, admin_url(order)),
            json={"amount": "1.00", "reason": "退货"},
        )
        assert res.status_code == 200, res.get_json()
    given = [r["amount"]["refund"] for r in wechat_fake.refunds]
    assert len(given) == 55 and sum(given) == 24510
    assert all(
        r["amount"]["total"] == 24510 and r["amount"]["currency"] == "CNY" for r in wechat_fake.refunds
    )
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert detail["order"]["refunded_amount"] == 55.0 and "refund" not in detail["actions"]


def test_refunds_never_give_back_more_than_the_charge_kept_on_the_attempt():
    """Should the charge kept be less than the total's yuan now (a charge fixed otherwise), the
    refunds stop at it: never a fen more than was charged."""
    from bff.payments.charges import Charge

    charge = Charge(Decimal("245.00"), "CNY", RATE)  # the total's yuan at RATE would be 245.10
    assert refund_amount(charge, TOTAL, Decimal("0"), TOTAL) == Decimal("245.00")
    assert refund_amount(charge, TOTAL, Decimal("54.00"), Decimal("1.00")) == Decimal(
        "4.34"
    )  # 245.00 - 240.66
    assert refund_amount(charge, TOTAL, Decimal("54.99"), Decimal("0.01")) == Decimal("0.00")


@pytest.mark.parametrize(
    ("currency", "rate"),
    [("USD", RATE), ("CNY", None), ("CNY", Decimal("0")), ("CNY", Decimal("-4.4567"))],
    ids=["another-currency", "yuan-without-a-rate", "yuan-at-rate-0", "yuan-at-a-negative-rate"],
)
def test_a_charge_needs_nzd_or_yuan_at_a_positive_rate(currency, rate):
    with pytest.raises(ValueError, match=f"cannot charge NZD prices in {currency}"):
        charge_for(TOTAL, currency, rate)


def test_an_nzd_charge_is_the_total_to_the_cent_without_a_rate():
    assert charge_for(Decimal("55"), "NZD", RATE) == charge_for(Decimal("55.00"), "NZD", None)
    assert charge_for(Decimal("55"), "NZD", RATE).amount.as_tuple().exponent == -2
    assert charge_for(Decimal("55"), "NZD", RATE).currency == "NZD"
