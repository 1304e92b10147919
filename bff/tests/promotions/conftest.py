"""Builders for the promotion tests: a code, a 满减 tier, a free-shipping threshold, a cart."""

from decimal import Decimal

import pytest

from bff.extensions import db
from bff.promotions.models import DiscountCode, FreeShippingThreshold, SpendTier


@pytest.fixture
def make_code(app):
    def build(shop, code="SAVE10", kind="percent", value="10", **fields):
        row = DiscountCode(shop_id=shop.id, code=code, kind=kind, value=Decimal(value), **fields)
        db.session.add(row)
        db.session.commit()
        return row

    return build


@pytest.fixture
def make_tier(app):
    def build(shop, threshold="100.00", saving="10.00", **fields):
        row = SpendTier(shop_id=shop.id, threshold=Decimal(threshold), saving=Decimal(saving), **fields)
        db.session.add(row)
        db.session.commit()
        return row

    return build


@pytest.fixture
def make_free_shipping(app):
    def build(shop, threshold="80.00", shipping_type="oversea-direct"):
        row = FreeShippingThreshold(
            shop_id=shop.id, shipping_type=shipping_type, threshold=Decimal(threshold)
        )
        db.session.add(row)
        db.session.commit()
        return row

    return build


@pytest.fixture
def kiwi(store, make_category, make_brand, make_product):
    """Two products: honey (NZ$60, category 蜂蜜) and wool socks (NZ$40, brand Kiwi Wool); 500 g each."""
    honey_category = make_category(store, "蜂蜜")
    wool = make_brand(store, "Kiwi Wool")
    honey = make_product(
        store,
        "Manuka honey",
        price=Decimal("60.00"),
        weight=500,
        category_id=honey_category.id,
        virtual_inventory=500,
    )
    socks = make_product(
        store, "Wool socks", price=Decimal("40.00"), weight=500, brand_id=wool.id, virtual_inventory=500
    )
    return {"honey": honey, "socks": socks, "category": honey_category, "brand": wool}
