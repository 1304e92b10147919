"""A product with variants shows "from" its cheapest variant: the shared table of ranges
(rules/pricing_cases.json "ranges") and `from_price` in every product answer, for guests and
members alike."""

import json
from decimal import Decimal

import pytest

from bff.config import ROOT
from bff.pricing.rules import Shopper, price_range
from bff.tests.helpers import SHOP_A

RANGES = json.loads((ROOT / "rules" / "pricing_cases.json").read_text())["ranges"]


class _Item:
    def __init__(self, price, discount, member_price):
        self.price, self.discount, self.member_price = price, discount, member_price


def _dec(value):
    return None if value is None else Decimal(value)


@pytest.mark.parametrize("case", RANGES, ids=[c["case"] for c in RANGES])
def test_range_case(case):
    items = [_Item(_dec(v["price"]), _dec(v["discount"]), _dec(v["member_price"])) for v in case["variants"]]
    shopper = Shopper(_dec(case["shopper"]["member_discount_percent"]), case["shopper"]["is_special_member"])
    expected = case["expected"]
    found = price_range(items, shopper)
    assert found == (None if expected is None else (Decimal(expected["low"]), Decimal(expected["high"])))


@pytest.fixture
def catalogue(shop, make_product, make_category, make_brand, make_banner):
    category = make_category(shop, "Socks")
    brand = make_brand(shop, "Icebreaker")
    socks = make_product(
        shop,
        "Merino socks",
        price=Decimal("40.00"),
        category_id=category.id,
        brand_id=brand.id,
        is_featured=True,
        variants=[
            {"name": "L", "price": Decimal("25.00"), "discount": Decimal("15.00")},
            {"name": "S", "price": Decimal("20.00"), "member_price": Decimal("12.00")},
        ],
    )
    plain = make_product(shop, "Plain jar", price=Decimal("9.00"), category_id=category.id, brand_id=brand.id)
    banner = make_banner(shop, products=[socks, plain])
    return {"socks": socks, "plain": plain, "category": category, "brand": brand, "banner": banner}


def _lists(c) -> dict[str, tuple[str, str]]:
    return {
        "category": ("get", f"/category/{c['category'].id}"),
        "brand": ("get", f"/brand/{c['brand'].id}"),
        "banner": ("get", f"/banner-products/{c['banner'].id}"),
        "new": ("get", "/product/new/"),
        "search": ("post", "/product/search/?searchTerm=merino"),
        "detail": ("get", f"/product/{c['socks'].id}"),
    }


def _products(name, body) -> list[dict]:
    if name == "detail":
        return [body["product"]]
    products = body["products"]
    return products if isinstance(products, list) else products["data"]


def _from_prices(client, catalogue, prefix, headers) -> dict:
    seen = {}
    for name, (method, path) in _lists(catalogue).items():
        res = getattr(client, method)(prefix + path, headers=headers)
        assert res.status_code == 200, (name, res.json)
        seen[name] = {p["name"]: p["from_price"] for p in _products(name, res.json)}
    return seen


def test_a_guest_sees_from_the_cheapest_variants_guest_price(client, catalogue):
    for name, prices in _from_prices(client, catalogue, "/api", SHOP_A).items():
        assert prices["Merino socks"] == Decimal("15.00"), name  # L's special price beats S's price
        assert prices.get("Plain jar") is None, name  # no variants: no "from"


def test_a_special_member_sees_from_the_member_price(client, shop, catalogue, make_user, auth_headers):
    headers = auth_headers(make_user(shop, is_special_member=True))
    for name, prices in _from_prices(client, catalogue, "/api/user", headers).items():
        assert prices["Merino socks"] == Decimal("12.00"), name


def test_a_level_member_sees_from_price_times_percent(
    client, shop, catalogue, make_user, make_member_level, auth_headers
):
    level = make_member_level(shop, "50")
    headers = auth_headers(make_user(shop, member_level_id=level.id))
    for name, prices in _from_prices(client, catalogue, "/api/user", headers).items():
        assert prices["Merino socks"] == Decimal("10.00"), name  # S: 50% of 20.00


def test_from_price_is_the_least_final_price_of_the_variants(client, catalogue):
    product = client.get(f"/api/product/{catalogue['socks'].id}", headers=SHOP_A).json["product"]
    assert product["from_price"] == min(v["final_price"] for v in product["product_variants"])


def test_the_api_description_names_from_price(client):
    spec = client.get("/api/openapi.json").json
    card = next(s for n, s in spec["components"]["schemas"].items() if n.startswith("ProductCard"))
    assert "from_price" in card["properties"]
