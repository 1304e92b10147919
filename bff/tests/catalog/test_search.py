"""POST /api/product/search/?searchTerm=: case-insensitive, Chinese and English, literal
wildcards and SQL metacharacters, and a blank term finds nothing."""

from urllib.parse import quote

import pytest

from bff.tests.helpers import SHOP_A, assert_error, ids


def _search(client, term: str, extra: str = ""):
    return client.post(f"/api/product/search/?searchTerm={quote(term)}{extra}", headers=SHOP_A)


def _found(client, term: str) -> list[int]:
    res = _search(client, term)
    assert res.status_code == 200, res.data
    return sorted(ids(res.json["products"]["data"]))


@pytest.fixture
def goods(shop, make_product, make_brand):
    comvita = make_brand(shop, "Comvita")
    return {
        "honey": make_product(shop, "Manuka Honey UMF 10+", brand_id=comvita.id),
        "zh_honey": make_product(shop, "麦卢卡蜂蜜 UMF15+", description="新西兰原装进口"),
        "milk": make_product(shop, "a2 婴儿奶粉", description="Infant formula, stage 1"),
        "percent": make_product(shop, "100% Pure Wool"),
        "underscore": make_product(shop, "snake_case_bar"),
        "quote": make_product(shop, "Kiwi's Best"),
        "backslash": make_product(shop, "back\\slash"),
        "plain": make_product(shop, "Wool socks"),
    }


def test_english_search_ignores_case(client, goods):
    expected = [goods["honey"].id]
    assert _found(client, "manuka") == expected
    assert _found(client, "MANUKA") == expected
    assert _found(client, "hOnEy") == expected


def test_chinese_search_matches_part_of_a_name(client, goods):
    assert _found(client, "蜂蜜") == [goods["zh_honey"].id]
    assert _found(client, "奶粉") == [goods["milk"].id]
    assert _found(client, "麦卢卡") == [goods["zh_honey"].id]


def test_search_also_matches_descriptions_and_brand_names(client, goods):
    assert _found(client, "原装") == [goods["zh_honey"].id]
    assert _found(client, "formula") == [goods["milk"].id]
    assert _found(client, "comvita") == [goods["honey"].id]


def test_every_word_of_the_term_must_match(client, goods):
    assert _found(client, "wool socks") == [goods["plain"].id]
    assert _found(client, "wool") == sorted([goods["percent"].id, goods["plain"].id])
    assert _found(client, "wool honey") == []


def test_umf_finds_english_and_chinese_names(client, goods):
    assert _found(client, "umf") == sorted([goods["honey"].id, goods["zh_honey"].id])


@pytest.mark.parametrize(
    "term, key",
    [("%", "percent"), ("0%", "percent"), ("_", "underscore"), ("e_c", "underscore"), ("'", "quote")],
)
def test_wildcards_and_quotes_match_literally(client, goods, term, key):
    assert _found(client, term) == [goods[key].id]


def test_a_backslash_matches_literally(client, goods):
    assert _found(client, "\\") == [goods["backslash"].id]
    assert _found(client, "k\\s") == [goods["backslash"].id]


@pytest.mark.parametrize(
    "term",
    [
        "' OR '1'='1",
        "'; DROP TABLE products; --",
        '" OR ""="',
        "1) OR (1=1",
        "%' --",
        "\\' OR 1=1 --",
        "UNION SELECT * FROM shops",
        "[a-z]",
        "*",
        "?",
    ],
)
def test_sql_metacharacters_find_nothing_and_never_fail(client, goods, term):
    res = _search(client, term)
    assert res.status_code == 200, res.data
    assert res.json["products"]["data"] == []
    assert res.json["products"]["total"] == 0
    # The table is still there.
    assert _found(client, "wool socks") == [goods["plain"].id]


@pytest.mark.parametrize("term", ["\x00", "socks\x00", "\x1b[31m", "\x7f"])
def test_control_characters_in_the_term_are_a_422_naming_the_field(client, goods, term):
    body = assert_error(_search(client, term), 422, "validation_error")
    assert body["errors"]["searchTerm"] == ["不能包含控制字符"]
    assert _found(client, "wool socks") == [goods["plain"].id]


@pytest.mark.parametrize("term", ["", " ", "   ", "\t", "\n", "\u3000"])
def test_a_blank_term_finds_no_products(client, goods, term):
    res = _search(client, term)
    assert res.status_code == 200
    assert res.json["products"]["data"] == []
    assert res.json["products"]["total"] == 0
    assert res.json["products"]["last_page"] == 1


def test_a_missing_term_finds_no_products(client, goods):
    res = client.post("/api/product/search/", headers=SHOP_A)
    assert res.status_code == 200
    assert res.json["products"]["data"] == []


def test_a_ten_kilobyte_term_is_a_json_414_as_the_url_is_too_long(client, goods):
    # URLs above 4000 bytes are refused before the search runs (bff/common/request_checks.py).
    assert_error(_search(client, "wool " * 2048), 414, "uri_too_long")
    assert_error(_search(client, "x" * 10_240), 414, "uri_too_long")


def test_a_long_but_reasonable_term_still_searches(client, goods):
    # Many words (more than are matched) still give an answer.
    assert _found(client, "wool " * 30) == sorted([goods["percent"].id, goods["plain"].id])


def test_search_pages_and_sorts(client, shop, make_product):
    from decimal import Decimal

    made = [make_product(shop, f"Honey {i}", price=Decimal(10 + i)) for i in range(6)]
    first = _search(client, "honey", "&sort=expensive&page=1").json["products"]
    second = _search(client, "honey", "&sort=expensive&page=2").json["products"]
    assert first["total"] == 6 and first["last_page"] == 2
    assert ids(first["data"]) + ids(second["data"]) == [p.id for p in reversed(made)]


def test_the_term_comes_from_the_query_string_even_with_a_form_body(client, goods):
    # The storefront posts with no body; a body (as a form library might add) changes nothing.
    res = client.post("/api/product/search/?searchTerm=socks", data={"searchTerm": "honey"}, headers=SHOP_A)
    assert res.status_code == 200
    assert ids(res.json["products"]["data"]) == [goods["plain"].id]


def test_a_search_page_past_the_end_is_empty_with_the_total(client, shop, make_product):
    for i in range(6):
        make_product(shop, f"Honey {i}")
    past = _search(client, "honey", "&page=3").json["products"]
    assert past["data"] == [] and past["total"] == 6 and past["last_page"] == 2


def test_a_search_counts_at_most_fifty_pages(client, app, monkeypatch, shop, make_product):
    monkeypatch.setattr("bff.catalog.services.MAX_LIST_PAGES", 2)  # 8 at the tests' 4 a page
    for i in range(10):
        make_product(shop, f"Honey {i}")
    for page in (1, 4):
        products = _search(client, "honey", f"&page={page}").json["products"]
        assert products["total"] == 8 and products["last_page"] == 2


def _prices(client, term: str, sort: str) -> list:
    res = _search(client, term, f"&sort={sort}")
    assert res.status_code == 200, res.data
    return [p["final_price"] for p in res.json["products"]["data"]]


def test_a_chosen_sort_orders_matches_of_every_kind_by_its_key(client, shop, make_product, make_brand):
    """Issue 30.4: `?q=蜂蜜&sort=cheapest` ended …99.0, 139.0, 29.9: name matches came first."""
    from decimal import Decimal

    brand = make_brand(shop, "蜂蜜工坊")
    make_product(shop, "麦卢卡蜂蜜 A", price=Decimal("99.00"))
    make_product(shop, "麦卢卡蜂蜜 B", price=Decimal("139.00"))
    make_product(shop, "Manuka 罐装", price=Decimal("29.90"), brand_id=brand.id)  # a brand match
    make_product(shop, "Lozenges", price=Decimal("59.90"), description="含蜂蜜")  # a description match
    cheapest = _prices(client, "蜂蜜", "cheapest")
    assert cheapest == sorted(cheapest) and len(cheapest) == 4
    expensive = _prices(client, "蜂蜜", "expensive")
    assert expensive == sorted(expensive, reverse=True)
    # With no sort chosen, relevance: name matches first.
    assert _prices(client, "蜂蜜", "")[:2] in ([99.0, 139.0], [139.0, 99.0])
