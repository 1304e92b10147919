"""Each public catalogue call answers with the fields of the contract (docs/api.md, SPEC section 7)."""

import re
from decimal import Decimal

import pytest

from bff.tests.helpers import SHOP_A, ids

CARD_FIELDS = {
    "id",
    "name",
    "description",
    "price",
    "discount",
    "member_price",
    "virtual_inventory",
    "weight",
    "is_free_shipping",
    "avatar",
    "images",
    "imageAlt",
    "product_variants",
    "color",
    "size",
    # What this shopper pays and the special-price badge (bff/pricing, issue 4).
    "final_price",
    "show_special_badge",
    # The least this shopper pays for a variant: the card's "from" price (issue 25.4), null without.
    "from_price",
}
DETAIL_FIELDS = CARD_FIELDS | {"composition", "usage_instructions", "product_details", "category", "brand"}
VARIANT_FIELDS = {"id", "name", "price", "discount", "member_price", "weight", "virtual_inventory"} | {
    "final_price",
    "show_special_badge",
    "sku",  # the variant's own code, GTIN and picture (issue 25.4)
    "barcode",
    "image",
}
PAGINATOR_FIELDS = {"data", "current_page", "last_page", "per_page", "total"}


@pytest.fixture
def catalogue(shop, make_category, make_brand, make_product, make_banner):
    honey = make_category(shop, "蜂蜜", position=1)
    umf = make_category(shop, "UMF", parent=honey)
    umf20 = make_category(shop, "UMF 20+", parent=umf)
    milk = make_category(shop, "奶粉", position=2, avatar="categories/milk.png")
    brand = make_brand(shop, "Comvita", avatar="brands/comvita.png", is_featured=True)
    top = make_product(
        shop,
        "麦卢卡蜂蜜 UMF10",
        category_id=honey.id,
        brand_id=brand.id,
        price=Decimal("59.9"),
        discount=Decimal("49"),
        member_price=Decimal("45.5"),
        images=3,
        image_alt="honey jar",
        weight=500,
        is_free_shipping=True,
        is_featured=True,
        color="gold",
        size="250g",
        composition="100% manuka honey",
        usage_instructions="One spoon a day",
        product_details="<p><strong>UMF</strong> certified</p>",
        variants=[
            {"name": "250g", "price": Decimal("59.9"), "weight": 300, "virtual_inventory": 5},
            {
                "name": "500g",
                "price": Decimal("99"),
                "discount": Decimal("89.5"),
                "member_price": Decimal("80"),
            },
        ],
    )
    nested = make_product(shop, "UMF 20+ 蜂蜜", category_id=umf20.id)
    other = make_product(shop, "婴儿奶粉", category_id=milk.id)
    banner = make_banner(shop, "Spring", products=[top, other])
    return {
        "honey": honey,
        "umf": umf,
        "umf20": umf20,
        "milk": milk,
        "brand": brand,
        "top": top,
        "nested": nested,
        "other": other,
        "banner": banner,
    }


def test_category_tree_is_one_root_holding_the_nested_top_level_categories(client, catalogue):
    res = client.get("/api/category", headers=SHOP_A)
    assert res.status_code == 200
    root = res.json["data"]["categories"][0]["category"]
    assert {"id", "name", "avatar", "subcategories"} <= set(root)
    top_level = root["subcategories"]
    assert [c["name"] for c in top_level] == ["蜂蜜", "奶粉"]
    honey = top_level[0]
    assert set(honey) >= {"id", "name", "avatar", "subcategories"}
    assert honey["id"] == catalogue["honey"].id
    assert [c["name"] for c in honey["subcategories"]] == ["UMF"]
    assert [c["name"] for c in honey["subcategories"][0]["subcategories"]] == ["UMF 20+"]
    assert honey["subcategories"][0]["subcategories"][0]["subcategories"] == []
    assert top_level[1]["avatar"] == "/media/categories/milk.png"


def test_category_products_include_those_of_every_subcategory(client, catalogue):
    res = client.get(f"/api/category/{catalogue['honey'].id}", headers=SHOP_A)
    assert res.status_code == 200
    body = res.json
    assert body["category_name"] == "蜂蜜"
    assert sorted(ids(body["products"])) == sorted([catalogue["top"].id, catalogue["nested"].id])
    assert body["total_pages"] == 1
    assert body["total"] == 2
    assert body["current_page"] == 1
    assert body["per_page"] == 4
    assert body["category"]["id"] == catalogue["honey"].id
    assert body["category"]["subcategories"][0]["name"] == "UMF"
    for card in body["products"]:
        assert set(card) == CARD_FIELDS


def test_subcategory_products_do_not_include_the_parents_own(client, catalogue):
    body = client.get(f"/api/category/{catalogue['umf'].id}", headers=SHOP_A).json
    assert ids(body["products"]) == [catalogue["nested"].id]
    assert body["category_name"] == "UMF"


def test_an_empty_category_is_one_empty_page(client, shop, make_category):
    empty = make_category(shop, "空")
    body = client.get(f"/api/category/{empty.id}", headers=SHOP_A).json
    assert body["products"] == []
    assert body["total_pages"] == 1
    assert body["total"] == 0


@pytest.mark.parametrize("path", ["/api/product/new/", "/api/product/best/"])
def test_product_lists_are_laravel_style_paginators_of_cards(client, catalogue, path):
    res = client.get(path, headers=SHOP_A)
    assert res.status_code == 200
    products = res.json["products"]
    assert set(products) == PAGINATOR_FIELDS
    assert products["current_page"] == 1
    assert products["per_page"] == 4
    for card in products["data"]:
        assert set(card) == CARD_FIELDS


def test_best_lists_only_featured_products(client, catalogue):
    products = client.get("/api/product/best/", headers=SHOP_A).json["products"]
    assert ids(products["data"]) == [catalogue["top"].id]
    assert products["total"] == 1
    assert products["last_page"] == 1


def test_new_lists_newest_first_by_default(client, catalogue):
    products = client.get("/api/product/new/", headers=SHOP_A).json["products"]
    assert ids(products["data"]) == [catalogue["other"].id, catalogue["nested"].id, catalogue["top"].id]


def test_inactive_products_are_not_listed_nor_shown(client, shop, make_product):
    visible = make_product(shop, "visible")
    hidden = make_product(shop, "hidden", is_active=False, is_featured=True)
    assert ids(client.get("/api/product/new/", headers=SHOP_A).json["products"]["data"]) == [visible.id]
    assert client.get("/api/product/best/", headers=SHOP_A).json["products"]["data"] == []
    assert client.get(f"/api/product/{hidden.id}", headers=SHOP_A).status_code == 404
    search = client.post("/api/product/search/?searchTerm=hidden", headers=SHOP_A).json
    assert search["products"]["data"] == []


def test_card_money_is_two_decimal_numbers_and_unset_prices_are_null(client, catalogue):
    res = client.get("/api/product/new/", headers=SHOP_A)
    raw = res.get_data(as_text=True)
    assert re.search(r'"price":\s*59\.90[,}]', raw)
    assert re.search(r'"discount":\s*49\.00[,}]', raw)
    assert re.search(r'"member_price":\s*45\.50[,}]', raw)
    assert re.search(r'"price":\s*10\.00[,}]', raw)
    plain = next(p for p in res.json["products"]["data"] if p["id"] == catalogue["other"].id)
    assert plain["discount"] is None
    assert plain["member_price"] is None


def test_product_detail_has_every_field_with_images_variants_and_avatar(client, catalogue):
    top = catalogue["top"]
    res = client.get(f"/api/product/{top.id}", headers=SHOP_A)
    assert res.status_code == 200
    product = res.json["product"]
    assert set(product) == DETAIL_FIELDS
    assert product["name"] == "麦卢卡蜂蜜 UMF10"
    assert product["price"] == Decimal("59.90")
    assert product["discount"] == Decimal("49.00")
    assert product["member_price"] == Decimal("45.50")
    assert product["weight"] == 500
    # A product with variants holds the sum of its variants' stock (5 + 0), issue 9.
    assert product["virtual_inventory"] == 5
    assert product["is_free_shipping"] == 1
    assert product["imageAlt"] == "honey jar"
    assert product["color"] == "gold" and product["size"] == "250g"
    assert product["composition"] == "100% manuka honey"
    assert product["usage_instructions"] == "One spoon a day"
    assert product["product_details"] == "<p><strong>UMF</strong> certified</p>"
    assert product["category"] == {"id": catalogue["honey"].id, "name": "蜂蜜"}
    assert product["brand"] == {"id": catalogue["brand"].id, "name": "Comvita"}

    images = product["images"]
    assert len(images) == 3
    # SPEC's four fields, and the size and WebP copies of console uploads (null for these).
    assert [set(i) for i in images] == [{"id", "path", "alt", "name", "width", "height", "srcset"}] * 3
    assert all(i["path"].startswith("/media/products/") for i in images)
    assert all(i["width"] is i["height"] is i["srcset"] is None for i in images)
    assert product["avatar"] == images[0]["id"] == top.images[0].id

    variants = product["product_variants"]
    assert [set(v) for v in variants] == [VARIANT_FIELDS] * 2
    assert [v["name"] for v in variants] == ["250g", "500g"]
    assert variants[0]["weight"] == 300 and variants[0]["virtual_inventory"] == 5
    assert variants[0]["discount"] is None
    assert variants[1]["discount"] == Decimal("89.50")
    assert variants[1]["member_price"] == Decimal("80.00")


def test_product_without_brand_category_or_images_has_nulls_and_empty_lists(client, shop, make_product):
    bare = make_product(shop, "bare", images=0)
    product = client.get(f"/api/product/{bare.id}", headers=SHOP_A).json["product"]
    assert product["brand"] is None
    assert product["category"] is None
    assert product["images"] == []
    assert product["avatar"] is None
    assert product["product_variants"] == []
    assert product["is_free_shipping"] == 0


def test_unknown_product_is_a_json_404(client, shop, make_shop):
    res = client.get("/api/product/999999", headers=SHOP_A)
    assert res.status_code == 404
    assert res.json == {"message": "商品不存在", "code": "not_found"}  # in the shop's language
    make_shop("en.test", language="en")
    res = client.get("/api/product/999999", headers={"X-Site-Host": "en.test"})
    assert res.json == {"message": "Product not found", "code": "not_found"}


def test_search_answers_a_paginator_of_matching_cards(client, catalogue):
    res = client.post("/api/product/search/?searchTerm=蜂蜜", headers=SHOP_A)
    assert res.status_code == 200
    products = res.json["products"]
    assert set(products) == PAGINATOR_FIELDS
    assert sorted(ids(products["data"])) == sorted([catalogue["top"].id, catalogue["nested"].id])
    assert products["total"] == 2
    assert products["last_page"] == 1
    for card in products["data"]:
        assert set(card) == CARD_FIELDS


def test_brands_list_each_brand_with_its_avatar(client, catalogue, make_brand, shop):
    make_brand(shop, "a2", position=-1)
    res = client.get("/api/brand", headers=SHOP_A)
    assert res.status_code == 200
    brands = res.json["brands"]
    assert [b["name"] for b in brands] == ["a2", "Comvita"]
    comvita = brands[1]
    assert comvita == {
        "id": catalogue["brand"].id,
        "name": "Comvita",
        "avatar": "/media/brands/comvita.png",
        # Not uploaded through the console: no size or WebP copies known.
        "avatar_width": None,
        "avatar_height": None,
        "avatar_srcset": None,
        "tagline": "",
        "is_featured": 1,
    }


def test_brand_products_answer_the_brand_and_a_paginator(client, catalogue):
    res = client.get(f"/api/brand/{catalogue['brand'].id}", headers=SHOP_A)
    assert res.status_code == 200
    body = res.json
    assert body["brand"]["name"] == "Comvita"
    assert body["brand"]["id"] == catalogue["brand"].id
    assert set(body["products"]) == PAGINATOR_FIELDS
    assert ids(body["products"]["data"]) == [catalogue["top"].id]
    assert body["products"]["last_page"] == 1


def test_banners_list_active_banners_with_link_url(client, shop, make_banner):
    own = make_banner(shop, "own products", position=1)
    linked = make_banner(shop, "linked", position=2, link_url="/category/3")
    make_banner(shop, "off", is_active=False)
    res = client.get("/api/banner", headers=SHOP_A)
    assert res.status_code == 200
    assert res.json["banners"] == [
        {
            "id": own.id,
            "name": "own products",
            "avatar": "/media/banners/b.jpg",
            "avatar_width": None,
            "avatar_height": None,
            "avatar_srcset": None,
            "link_url": None,
        },
        {
            "id": linked.id,
            "name": "linked",
            "avatar": "/media/banners/b.jpg",
            "avatar_width": None,
            "avatar_height": None,
            "avatar_srcset": None,
            "link_url": "/category/3",
        },
    ]


def test_banner_products_answer_banner_paginator_and_total_pages(client, catalogue):
    res = client.get(f"/api/banner-products/{catalogue['banner'].id}", headers=SHOP_A)
    assert res.status_code == 200
    body = res.json
    assert body["banner"]["name"] == "Spring"
    assert body["banner"]["avatar"] == "/media/banners/b.jpg"
    assert body["total_pages"] == 1
    assert set(body["products"]) == PAGINATOR_FIELDS
    assert sorted(ids(body["products"]["data"])) == sorted([catalogue["top"].id, catalogue["other"].id])


def test_an_inactive_banner_has_no_product_page(client, shop, make_banner, make_product):
    off = make_banner(shop, "off", is_active=False, products=[make_product(shop)])
    assert client.get(f"/api/banner-products/{off.id}", headers=SHOP_A).status_code == 404


def test_sitemap_lists_ids_of_every_public_page(client, catalogue, make_article, shop, make_product):
    article = make_article(shop, "About")
    hidden = make_product(shop, "hidden", is_active=False)
    res = client.get("/api/sitemap", headers=SHOP_A)
    assert res.status_code == 200
    body = res.json
    product_ids = ids(body["products"])
    assert sorted(product_ids) == sorted([catalogue[k].id for k in ("top", "nested", "other")])
    assert hidden.id not in product_ids
    assert all(p["updated_at"] for p in body["products"])
    assert len(body["categories"]) == 4
    assert ids(body["brands"]) == [catalogue["brand"].id]
    assert ids(body["articles"]) == [article.id]


@pytest.mark.parametrize(
    "path",
    [
        "/api/category",
        "/api/category/{honey}",
        "/api/product/new",
        "/api/product/best",
        "/api/product/{top}",
        "/api/brand",
        "/api/brand/{brand}",
        "/api/banner",
        "/api/banner-products/{banner}",
        "/api/article",
        "/api/sitemap",
    ],
)
def test_every_get_answers_with_or_without_a_trailing_slash(client, catalogue, path):
    path = path.format(**{k: v.id for k, v in catalogue.items()})
    without = client.get(path, headers=SHOP_A)
    with_slash = client.get(path + "/", headers=SHOP_A)
    assert without.status_code == 200, path
    assert with_slash.status_code == 200, path + "/"
    assert without.json == with_slash.json


def test_search_answers_with_or_without_a_trailing_slash(client, catalogue):
    a = client.post("/api/product/search?searchTerm=UMF", headers=SHOP_A)
    b = client.post("/api/product/search/?searchTerm=UMF", headers=SHOP_A)
    assert a.status_code == b.status_code == 200
    assert a.json == b.json
    assert a.json["products"]["total"] == 2


def test_sitemap_change_times_carry_their_timezone(client, shop, make_product, session):
    from datetime import UTC, datetime

    product = make_product(shop)
    product.updated_at = datetime(2026, 5, 17, 23, 30, tzinfo=UTC)
    session.commit()
    stamp = client.get("/api/sitemap", headers=SHOP_A).json["products"][0]["updated_at"]
    # Without an offset a reader takes local time, and 23:30 UTC can become the next day.
    assert datetime.fromisoformat(stamp) == datetime(2026, 5, 17, 23, 30, tzinfo=UTC)
