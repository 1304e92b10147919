"""The user-prefixed catalogue calls: same answers as the public ones, with the member's prices."""

from decimal import Decimal

import pytest

from bff.tests.helpers import SHOP_A, assert_error


@pytest.fixture
def catalogue(shop, make_product, make_category, make_brand, make_banner):
    category = make_category(shop, "蜂蜜")
    brand = make_brand(shop, "Comvita")
    product = make_product(
        shop,
        "Manuka honey",
        price=Decimal("100.00"),
        member_price=Decimal("80.00"),
        category_id=category.id,
        brand_id=brand.id,
        is_featured=True,
        variants=[
            {"name": "250g", "price": Decimal("50.00"), "member_price": Decimal("45.00")},
            {"name": "500g", "price": Decimal("90.00"), "discount": Decimal("70.00")},
        ],
    )
    banner = make_banner(shop, products=[product])
    return {"product": product, "category": category, "brand": brand, "banner": banner}


def urls(c) -> dict[str, tuple[str, str]]:
    """name -> (method, path without the /api or /api/user prefix)."""
    return {
        "category": ("get", f"/category/{c['category'].id}"),
        "brand": ("get", f"/brand/{c['brand'].id}"),
        "banner": ("get", f"/banner-products/{c['banner'].id}"),
        "new": ("get", "/product/new/"),
        "best": ("get", "/product/best/?sort=&page=1"),
        "detail": ("get", f"/product/{c['product'].id}"),
        "search": ("post", "/product/search/?searchTerm=manuka"),
    }


def first_product(name: str, body: dict) -> dict:
    if name == "detail":
        return body["product"]
    products = body["products"]
    return products[0] if isinstance(products, list) else products["data"][0]


def call(client, method, path, headers):
    return getattr(client, method)(path, headers=headers)


def test_every_user_call_requires_login(client, catalogue):
    for method, path in urls(catalogue).values():
        res = call(client, method, "/api/user" + path, SHOP_A)
        assert_error(res, 401, "unauthenticated")
        assert res.json["message"] == "Unauthenticated."


def test_guests_see_the_guest_price_on_public_calls(client, catalogue):
    for name, (method, path) in urls(catalogue).items():
        product = first_product(name, call(client, method, "/api" + path, SHOP_A).json)
        assert product["final_price"] == 100.00, name
        assert product["show_special_badge"] == 0
        assert [v["final_price"] for v in product["product_variants"]] == [50.00, 70.00]
        assert [v["show_special_badge"] for v in product["product_variants"]] == [0, 1]


def test_a_level_member_sees_price_times_percent_everywhere(
    client, shop, catalogue, make_user, make_member_level, auth_headers
):
    level = make_member_level(shop, "90")
    headers = auth_headers(make_user(shop, member_level_id=level.id))
    for name, (method, path) in urls(catalogue).items():
        res = call(client, method, "/api/user" + path, headers)
        assert res.status_code == 200, (name, res.json)
        product = first_product(name, res.json)
        assert product["final_price"] == 90.00, name
        assert product["price"] == 100.00 and product["member_price"] == 80.00  # fields unchanged
        # 250g: member price set, 90% of 50; 500g: no member price, so its discount.
        assert [v["final_price"] for v in product["product_variants"]] == [45.00, 70.00]


def test_a_special_member_sees_the_member_price(client, shop, catalogue, make_user, auth_headers):
    headers = auth_headers(make_user(shop, is_special_member=True))
    product = client.get(f"/api/user/product/{catalogue['product'].id}", headers=headers).json["product"]
    assert product["final_price"] == 80.00
    assert [v["final_price"] for v in product["product_variants"]] == [45.00, 70.00]


def test_a_member_without_level_or_flag_pays_like_a_guest(client, shop, catalogue, make_user, auth_headers):
    headers = auth_headers(make_user(shop))
    product = client.get(f"/api/user/product/{catalogue['product'].id}", headers=headers).json["product"]
    assert product["final_price"] == 100.00


def test_user_calls_answer_the_same_shape_as_public_ones(client, shop, catalogue, make_user, auth_headers):
    headers = auth_headers(make_user(shop, is_special_member=True))
    for name, (method, path) in urls(catalogue).items():
        public = call(client, method, "/api" + path, SHOP_A).json
        member = call(client, method, "/api/user" + path, headers).json
        assert set(public) == set(member), name
        assert set(first_product(name, public)) == set(first_product(name, member)), name


def test_public_calls_show_guest_prices_even_with_a_token(client, shop, catalogue, make_user, auth_headers):
    headers = auth_headers(make_user(shop, is_special_member=True))
    product = client.get(f"/api/product/{catalogue['product'].id}", headers=headers).json["product"]
    assert product["final_price"] == 100.00


def test_member_prices_do_not_leak_into_the_next_guest_request(
    client, shop, catalogue, make_user, auth_headers
):
    headers = auth_headers(make_user(shop, is_special_member=True))
    pid = catalogue["product"].id
    assert client.get(f"/api/user/product/{pid}", headers=headers).json["product"]["final_price"] == 80.00
    assert client.get(f"/api/product/{pid}", headers=SHOP_A).json["product"]["final_price"] == 100.00


def test_a_token_of_another_shop_gets_401_on_user_calls(
    client, shop, catalogue, make_shop, make_user, auth_headers
):
    other = make_shop("shop-b.test")
    headers = auth_headers(make_user(other, is_special_member=True))
    res = client.get(f"/api/user/product/{catalogue['product'].id}", headers={**headers, **SHOP_A})
    assert_error(res, 401, "unauthenticated")


def test_user_calls_keep_the_public_errors(client, shop, catalogue, make_user, auth_headers):
    headers = auth_headers(make_user(shop))
    assert_error(client.get("/api/user/product/999999", headers=headers), 404)
    assert_error(client.get("/api/user/product/new/?sort=bogus", headers=headers), 422)


@pytest.mark.parametrize("kind", ["product", "category", "brand", "banner-products"])
def test_user_calls_answer_ids_beyond_the_integer_range_with_a_404(
    client, shop, catalogue, make_user, auth_headers, kind
):
    headers = auth_headers(make_user(shop))
    assert_error(client.get(f"/api/user/{kind}/99999999999999999999999999", headers=headers), 404)


def test_user_calls_are_documented_as_needing_a_bearer_token(client):
    spec = client.get("/api/openapi.json").json
    for path in ("/api/user/product/{product_id}", "/api/user/category/{category_id}"):
        assert spec["paths"][path]["get"]["security"] == [{"bearerAuth": []}]
    body = spec["paths"]["/api/auth/login"]["post"]["requestBody"]["content"]
    assert {"application/json", "application/x-www-form-urlencoded"} <= set(body)


def test_price_sorts_follow_what_the_member_pays(
    client, shop, make_product, make_user, make_member_level, auth_headers
):
    # Guest prices 50 < 60; a 50% level member pays 50 and 30, so the order flips.
    a = make_product(shop, "A", price=Decimal("50.00"))
    b = make_product(shop, "B", price=Decimal("60.00"), member_price=Decimal("55.00"))
    level = make_member_level(shop, "50")
    headers = auth_headers(make_user(shop, member_level_id=level.id))

    def order(prefix, headers):
        body = client.get(f"{prefix}/product/new/?sort=cheapest", headers=headers).json["products"]["data"]
        return [(p["id"], p["final_price"]) for p in body]

    assert order("/api", SHOP_A) == [(a.id, 50.00), (b.id, 60.00)]
    assert order("/api/user", headers) == [(b.id, 30.00), (a.id, 50.00)]
