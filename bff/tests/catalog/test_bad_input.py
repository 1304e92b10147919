"""Bad input is a JSON 404 or 422 naming what is allowed, never a 500 or a stack trace."""

import pytest

from bff.tests.helpers import SHOP_A, assert_error

SORTS = ["recommend", "newest", "popular", "cheapest", "expensive"]


@pytest.fixture
def lists(shop, make_category, make_brand, make_banner, make_product):
    cat = make_category(shop)
    brand = make_brand(shop)
    product = make_product(shop, "Manuka", category_id=cat.id, brand_id=brand.id, is_featured=True)
    banner = make_banner(shop, products=[product])
    return [
        ("get", "/api/product/new/"),
        ("get", "/api/product/best/"),
        ("post", "/api/product/search/?searchTerm=manuka"),
        ("get", f"/api/category/{cat.id}"),
        ("get", f"/api/brand/{brand.id}"),
        ("get", f"/api/banner-products/{banner.id}"),
    ]


def _call(client, method, path, query):
    sep = "&" if "?" in path else "?"
    return getattr(client, method)(f"{path}{sep}{query}", headers=SHOP_A)


@pytest.mark.parametrize(
    "path",
    [
        "/api/product/abc",
        "/api/product/1.5",
        "/api/product/-1",
        "/api/product/1;DROP TABLE products",
        "/api/category/abc",
        "/api/brand/x1",
        "/api/banner-products/%27%20OR%201=1",
        "/api/article/abc",
        "/api/product/99999999999999999999999999",
    ],
)
def test_non_numeric_or_unknown_ids_are_a_json_404(client, lists, path):
    assert_error(client.get(path, headers=SHOP_A), 404, "not_found")


def test_unknown_ids_of_each_kind_are_a_json_404(client, lists):
    for path in ("/api/product/424242", "/api/category/424242", "/api/brand/424242"):
        assert_error(client.get(path, headers=SHOP_A), 404, "not_found")
    assert_error(client.get("/api/banner-products/424242", headers=SHOP_A), 404, "not_found")
    assert_error(client.get("/api/article/424242", headers=SHOP_A), 404, "not_found")


def test_an_unknown_path_is_a_json_404(client, lists):
    assert_error(client.get("/api/nothing-here", headers=SHOP_A), 404, "not_found")


def test_a_wrong_method_is_a_json_405(client, lists):
    assert_error(client.get("/api/product/search/?searchTerm=x", headers=SHOP_A), 405, "method_not_allowed")
    assert_error(client.delete("/api/product/new/", headers=SHOP_A), 405)


@pytest.mark.parametrize("page", ["0", "-1", "abc", "1.5", str(10**30), "1e3", "0x10", "%00"])
def test_a_bad_page_is_a_422_naming_the_page_field(client, lists, page):
    for method, path in lists:
        body = assert_error(_call(client, method, path, f"page={page}"), 422, "validation_error")
        assert "page" in body["errors"], (path, body)


@pytest.mark.parametrize("sort", ["cheap", "RECOMMEND", "price", "id desc", "newest;--", "1"])
def test_an_unknown_sort_is_a_422_that_names_the_allowed_values(client, lists, sort):
    for method, path in lists:
        body = assert_error(_call(client, method, path, f"sort={sort}"), 422, "validation_error")
        text = " ".join(body["errors"]["sort"])
        for allowed in SORTS:
            assert allowed in text, (path, text)


def test_every_sort_is_accepted_on_every_list(client, lists):
    for method, path in lists:
        for sort in SORTS:
            assert _call(client, method, path, f"sort={sort}").status_code == 200, (path, sort)


def test_a_page_with_surrounding_spaces_is_still_a_number(client, lists):
    plain = client.get("/api/product/new/?page=2", headers=SHOP_A)
    spaced = client.get("/api/product/new/?page=%202%20", headers=SHOP_A)
    assert spaced.status_code == plain.status_code == 200, spaced.json
    assert spaced.json["products"]["current_page"] == 2
    assert spaced.json == plain.json


def test_repeated_parameters_never_cause_a_500(client, lists):
    for method, path in lists:
        res = _call(client, method, path, "page=1&page=2&sort=newest&sort=bogus")
        assert res.status_code in (200, 422), path
        assert res.is_json
