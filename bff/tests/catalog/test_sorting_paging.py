"""Sorting and paging on crafted data: the orders of the sort bar, ties broken by id so
walking all pages yields every product exactly once, and pages past the end."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from bff.tests.helpers import SHOP_A, ids

T0 = datetime(2026, 3, 1, tzinfo=UTC)


def _at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def _walk(client, method: str, path: str, sort: str, key: str = "products") -> tuple[list[int], int]:
    """Every id over every page, and the last page number the first page announced."""
    sep = "&" if "?" in path else "?"
    first = getattr(client, method)(f"{path}{sep}sort={sort}&page=1", headers=SHOP_A).json
    last = first["total_pages"] if key == "flat" else first["products"]["last_page"]
    seen: list[int] = []
    for page in range(1, last + 1):
        body = getattr(client, method)(f"{path}{sep}sort={sort}&page={page}", headers=SHOP_A).json
        seen += ids(body["products"] if key == "flat" else body["products"]["data"])
    return seen, last


@pytest.fixture
def priced(shop, make_product):
    """Six products whose guest price differs from the list price in each possible way."""

    def make(minute, price, discount=None, member_price=None):
        return make_product(
            shop,
            price=Decimal(price),
            discount=discount and Decimal(discount),
            member_price=member_price and Decimal(member_price),
            created_at=_at(minute),
        )

    return {
        "plain_30": make(1, "30"),
        "disc_10": make(2, "50", discount="10"),
        "zero_disc_20": make(3, "20", discount="0"),
        # A discount at or above the price is not a discount: the guest pays the price.
        "high_disc_15": make(4, "15", discount="40"),
        "equal_disc_25": make(5, "25", discount="25"),
        # The member price is not what a guest pays.
        "member_40": make(6, "40", member_price="1"),
    }


def test_cheapest_orders_by_the_price_a_guest_pays(client, priced):
    body = client.get("/api/product/new/?sort=cheapest&page=1", headers=SHOP_A).json
    page2 = client.get("/api/product/new/?sort=cheapest&page=2", headers=SHOP_A).json
    order = ids(body["products"]["data"]) + ids(page2["products"]["data"])
    expected = ["disc_10", "high_disc_15", "zero_disc_20", "equal_disc_25", "plain_30", "member_40"]
    assert order == [priced[k].id for k in expected]


def test_expensive_orders_by_the_price_a_guest_pays_descending(client, priced):
    order, _ = _walk(client, "get", "/api/product/new/", "expensive")
    expected = ["member_40", "plain_30", "equal_disc_25", "zero_disc_20", "high_disc_15", "disc_10"]
    assert order == [priced[k].id for k in expected]


def test_recommend_puts_the_shops_weight_first_then_newest(client, shop, make_product):
    old_heavy = make_product(shop, recommend_weight=10, created_at=_at(1))
    new_heavy = make_product(shop, recommend_weight=10, created_at=_at(5))
    newest_light = make_product(shop, recommend_weight=0, created_at=_at(9))
    mid = make_product(shop, recommend_weight=5, created_at=_at(0))
    order, _ = _walk(client, "get", "/api/product/new/", "recommend")
    assert order == [new_heavy.id, old_heavy.id, mid.id, newest_light.id]


def test_recommend_is_the_default_of_category_lists(client, shop, make_category, make_product):
    cat = make_category(shop)
    light_new = make_product(shop, category_id=cat.id, recommend_weight=0, created_at=_at(9))
    heavy_old = make_product(shop, category_id=cat.id, recommend_weight=3, created_at=_at(1))
    for query in ("", "?sort=", "?sort=&page=", "?sort=recommend"):
        body = client.get(f"/api/category/{cat.id}{query}", headers=SHOP_A).json
        assert ids(body["products"]) == [heavy_old.id, light_new.id], query


def test_newest_orders_by_creation_time_whatever_the_weight(client, shop, make_product):
    a = make_product(shop, recommend_weight=100, created_at=_at(1))
    b = make_product(shop, recommend_weight=0, created_at=_at(3))
    c = make_product(shop, recommend_weight=50, created_at=_at(2))
    order, _ = _walk(client, "get", "/api/product/new/", "newest")
    assert order == [b.id, c.id, a.id]


def test_new_list_defaults_to_newest_and_an_empty_sort_means_that_default(client, shop, make_product):
    a = make_product(shop, recommend_weight=100, created_at=_at(1))
    b = make_product(shop, recommend_weight=0, created_at=_at(3))
    for query in ("", "?sort=", "?sort=&page=1", "?sort=%20"):
        assert ids(client.get(f"/api/product/new/{query}", headers=SHOP_A).json["products"]["data"]) == [
            b.id,
            a.id,
        ], query


def test_popular_orders_by_sales(client, shop, make_product):
    few = make_product(shop, sales_count=3)
    many = make_product(shop, sales_count=300)
    none = make_product(shop, sales_count=0)
    order, _ = _walk(client, "get", "/api/product/new/", "popular")
    assert order == [many.id, few.id, none.id]


@pytest.mark.parametrize("sort", ["recommend", "newest", "popular", "cheapest", "expensive"])
def test_walking_every_page_yields_each_product_exactly_once_despite_equal_keys(
    client, shop, make_product, sort
):
    # Eleven products share every sort key (same weight, time, sales and price).
    same = dict(price=Decimal("9.90"), recommend_weight=1, sales_count=7, created_at=_at(0))
    products = [make_product(shop, **same) for _ in range(11)]
    seen, last = _walk(client, "get", "/api/product/new/", sort)
    assert last == 3
    assert len(seen) == len(set(seen)) == 11
    assert set(seen) == {p.id for p in products}
    # The tie-break is the id, so the order is the same on every call.
    again, _ = _walk(client, "get", "/api/product/new/", sort)
    assert again == seen


@pytest.mark.parametrize("sort", ["recommend", "newest", "popular", "cheapest", "expensive"])
def test_every_list_pages_without_repeats_or_gaps(
    client, shop, make_product, make_category, make_brand, make_banner, sort
):
    cat = make_category(shop)
    brand = make_brand(shop)
    same = dict(price=Decimal("5"), category_id=cat.id, brand_id=brand.id, is_featured=True)
    same["created_at"] = _at(0)
    products = [make_product(shop, f"蜂蜜 {i}", **same) for i in range(9)]
    banner = make_banner(shop, products=products)
    expected = {p.id for p in products}
    for method, path, key in [
        ("get", "/api/product/best/", "products"),
        ("post", "/api/product/search/?searchTerm=蜂蜜", "products"),
        ("get", f"/api/brand/{brand.id}", "products"),
        ("get", f"/api/banner-products/{banner.id}", "products"),
        ("get", f"/api/category/{cat.id}", "flat"),
    ]:
        seen, last = _walk(client, method, path, sort, key)
        assert last == 3, path
        assert len(seen) == 9 and set(seen) == expected, path


def test_a_page_past_the_end_is_empty_with_the_right_totals(client, shop, make_product, make_category):
    cat = make_category(shop)
    for _ in range(5):
        make_product(shop, category_id=cat.id)
    products = client.get("/api/product/new/?page=3", headers=SHOP_A).json["products"]
    assert products["data"] == []
    assert products["total"] == 5
    assert products["last_page"] == 2
    assert products["current_page"] == 3
    body = client.get(f"/api/category/{cat.id}?page=7", headers=SHOP_A).json
    assert body["products"] == []
    assert body["total_pages"] == 2
    assert body["total"] == 5


def test_the_last_page_holds_the_remainder(client, shop, make_product):
    made = [make_product(shop, created_at=_at(i)) for i in range(5)]
    products = client.get("/api/product/new/?page=2", headers=SHOP_A).json["products"]
    assert ids(products["data"]) == [made[0].id]
    assert products["last_page"] == 2


def test_an_exact_multiple_of_the_page_size_has_no_empty_trailing_page(client, shop, make_product):
    for _ in range(8):
        make_product(shop)
    assert client.get("/api/product/new/", headers=SHOP_A).json["products"]["last_page"] == 2


def test_a_billionth_page_is_a_valid_empty_page(client, shop, make_product, make_banner, make_brand):
    brand = make_brand(shop)
    banner = make_banner(shop, products=[make_product(shop, brand_id=brand.id)])
    for path in ("/api/product/new/", "/api/product/best/", f"/api/brand/{brand.id}"):
        res = client.get(f"{path}?page={10**9}", headers=SHOP_A)
        assert res.status_code == 200, path
        assert res.json["products"]["data"] == []
        assert res.json["products"]["current_page"] == 10**9
    res = client.get(f"/api/banner-products/{banner.id}?page={10**9}", headers=SHOP_A)
    assert res.status_code == 200
    assert res.json["products"]["total"] == 1 and res.json["total_pages"] == 1
    res = client.post(f"/api/product/search/?searchTerm=Product&page={10**9}", headers=SHOP_A)
    assert res.status_code == 200
    assert res.json["products"]["data"] == [] and res.json["products"]["total"] == 1


def test_page_size_is_the_servers(client, app, shop, make_product):
    for _ in range(7):
        make_product(shop)
    app.config["PAGE_SIZE"] = 6
    try:
        products = client.get("/api/product/new/?per_page=2", headers=SHOP_A).json["products"]
    finally:
        app.config["PAGE_SIZE"] = 4
    assert products["per_page"] == 6
    assert len(products["data"]) == 6
    assert products["last_page"] == 2
