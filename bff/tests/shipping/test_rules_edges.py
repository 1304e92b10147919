"""Shipping rules (bff/shipping/rules.py) that the shared table rules/shipping_cases.json does not
reach, found untested by mutation testing: the shop's settings read from a shop, when customs
needs the recipient's ID number, and the per-kg fee of nothing and of a single gram."""

from decimal import Decimal
from types import SimpleNamespace

import pytest

from bff.shipping.rules import (
    Method,
    ShippingSettings,
    fold,
    id_number_required,
    per_kg_fee,
    shipping_fee,
    unit_weight,
)

SHOP = SimpleNamespace(
    shipping_cost=Decimal("12.00"),
    overseas_direct_special_area_shipping_fee=Decimal("25.00"),
    local_shipping_cost=Decimal("5.00"),
    out_auckland_local_shipping_fee=Decimal("9.50"),
    is_overseas_shipping=True,
    is_local_shipping=False,
    is_pick_up=True,
    is_overseas_id_required=True,
    name="not a setting",
)


def test_the_settings_are_the_shops_own():
    assert ShippingSettings.from_shop(SHOP) == ShippingSettings(
        shipping_cost=Decimal("12.00"),
        overseas_direct_special_area_shipping_fee=Decimal("25.00"),
        local_shipping_cost=Decimal("5.00"),
        out_auckland_local_shipping_fee=Decimal("9.50"),
        is_overseas_shipping=True,
        is_local_shipping=False,
        is_pick_up=True,
        is_overseas_id_required=True,
    )


@pytest.mark.parametrize(
    "method, required, expected",
    [
        (Method.OVERSEA_DIRECT, True, True),
        (Method.OVERSEA_DIRECT, False, False),
        (Method.LOCAL_DIRECT, True, False),
        (Method.LOCAL_PICK, True, False),
        (Method.LOCAL_DIRECT, False, False),
    ],
)
def test_only_parcels_to_china_of_a_shop_that_asks_need_the_id_number(method, required, expected):
    settings = ShippingSettings.from_shop(
        SimpleNamespace(**{**vars(SHOP), "is_overseas_id_required": required})
    )
    assert id_number_required(method, settings) is expected


def test_nothing_to_ship_costs_nothing_and_a_gram_costs_a_kilogram():
    assert per_kg_fee(0, Decimal("12.00")) == Decimal("0.00")
    assert str(per_kg_fee(0, Decimal("12.00"))) == "0.00"
    assert per_kg_fee(-5, Decimal("12.00")) == Decimal("0.00")
    assert per_kg_fee(1, Decimal("12.00")) == Decimal("12.00")
    assert per_kg_fee(1001, Decimal("10.00")) == Decimal("10.01")


def test_unit_weights_at_their_edges():
    assert unit_weight(500, 1, False) == 1
    assert unit_weight(None, None, False) == 0
    assert unit_weight(0, None, False) == 0
    assert unit_weight(-5, -3, False) == 0


def _settings(**changes):
    return ShippingSettings.from_shop(SimpleNamespace(**{**vars(SHOP), **changes}))


def test_a_one_gram_parcel_pays_for_a_kilogram_by_post():
    assert shipping_fee(Method.OVERSEA_DIRECT, 1, "上海", "路 1 号", _settings()) == Decimal("12.00")
    assert shipping_fee(Method.LOCAL_DIRECT, 1, "Auckland", "1 Queen St", _settings()) == Decimal("5.00")
    assert shipping_fee(Method.LOCAL_PICK, 1, "Auckland", "", _settings()) == Decimal("0.00")


def test_a_flat_local_fee_is_rounded_to_cents_half_up():
    settings = _settings(
        local_shipping_cost=Decimal("5.125"), out_auckland_local_shipping_fee=Decimal("2.665")
    )
    assert shipping_fee(Method.LOCAL_DIRECT, 500, "Auckland", "", settings) == Decimal("5.13")
    assert shipping_fee(Method.LOCAL_DIRECT, 500, "Hamilton", "", settings) == Decimal("2.67")


def test_an_unknown_method_is_named_in_the_error():
    with pytest.raises(ValueError, match="^unknown shipping method 'by-air'$"):
        shipping_fee("by-air", 500, "Auckland", "", _settings())


def test_nothing_folds_to_nothing():
    assert fold(None) == ""
    assert fold("") == ""
