"""Shop isolation: what belongs to shop B is never seen through shop A's host."""

import pytest

from bff.tests.helpers import SHOP_A, SHOP_B, ids


@pytest.fixture
def two_shops(make_shop, make_category, make_brand, make_product, make_banner, make_article):
    data = {}
    for key, host, brand_name in (("a", "shop-a.test", "Airborne"), ("b", "shop-b.test", "Comvita")):
        shop = make_shop(host, shop_name=f"Shop {key}")
        cat = make_category(shop, f"蜂蜜 {key}")
        sub = make_category(shop, f"sub {key}", parent=cat)
        brand = make_brand(shop, brand_name)
        product = make_product(shop, f"Manuka {key}", category_id=sub.id, brand_id=brand.id, is_featured=True)
        data[key] = {
            "shop": shop,
            "category": cat,
            "sub": sub,
            "brand": brand,
            "product": product,
            "banner": make_banner(shop, f"Banner {key}", products=[product]),
            "article": make_article(shop, f"Article {key}"),
        }
    return data


def test_a_product_of_shop_b_is_a_404_through_shop_a(client, two_shops):
    b = two_shops["b"]
    assert client.get(f"/api/product/{b['product'].id}", headers=SHOP_B).status_code == 200
    res = client.get(f"/api/product/{b['product'].id}", headers=SHOP_A)
    assert res.status_code == 404
    assert res.json["code"] == "not_found"


@pytest.mark.parametrize(
    "path",
    [
        "/api/category/{category}",
        "/api/category/{sub}",
        "/api/brand/{brand}",
        "/api/banner-products/{banner}",
    ],
)
def test_lists_of_shop_b_are_a_404_through_shop_a(client, two_shops, path):
    b = {k: v.id for k, v in two_shops["b"].items()}
    assert client.get(path.format(**b), headers=SHOP_B).status_code == 200
    res = client.get(path.format(**b), headers=SHOP_A)
    assert res.status_code == 404
    assert res.json["code"] == "not_found"


def test_an_article_of_shop_b_is_a_404_through_shop_a(client, two_shops):
    article = two_shops["b"]["article"]
    assert client.get(f"/api/article/{article.id}", headers=SHOP_B).status_code == 200
    assert client.get(f"/api/article/{article.id}", headers=SHOP_A).status_code == 404


def test_product_lists_never_mix_shops(client, two_shops):
    a = two_shops["a"]
    mine = [a["product"].id]
    assert ids(client.get("/api/product/new/", headers=SHOP_A).json["products"]["data"]) == mine
    assert ids(client.get("/api/product/best/", headers=SHOP_A).json["products"]["data"]) == mine
    search = client.post("/api/product/search/?searchTerm=manuka", headers=SHOP_A).json
    assert ids(search["products"]["data"]) == mine
    assert search["products"]["total"] == 1
    assert ids(client.get(f"/api/category/{a['category'].id}", headers=SHOP_A).json["products"]) == mine
    assert ids(client.get(f"/api/brand/{a['brand'].id}", headers=SHOP_A).json["products"]["data"]) == mine
    banner = client.get(f"/api/banner-products/{a['banner'].id}", headers=SHOP_A).json
    assert ids(banner["products"]["data"]) == mine


def test_search_by_another_shops_brand_name_finds_nothing(client, two_shops):
    res = client.post("/api/product/search/?searchTerm=comvita", headers=SHOP_A).json
    assert res["products"]["data"] == []


def test_banner_of_shop_a_never_lists_a_product_of_shop_b_linked_to_it(client, two_shops, session):
    from bff.catalog.models import BannerProduct

    a, b = two_shops["a"], two_shops["b"]
    # A bad row pointing a banner of A at a product of B (as a careless import could make).
    session.add(BannerProduct(shop_id=a["shop"].id, banner_id=a["banner"].id, product_id=b["product"].id))
    session.commit()
    body = client.get(f"/api/banner-products/{a['banner'].id}", headers=SHOP_A).json
    assert ids(body["products"]["data"]) == [a["product"].id]


def test_category_of_shop_a_never_lists_a_product_of_shop_b_filed_under_it(client, two_shops, session):
    a, b = two_shops["a"], two_shops["b"]
    b["product"].category_id = a["category"].id
    b["product"].brand_id = a["brand"].id
    session.commit()
    assert ids(client.get(f"/api/category/{a['category'].id}", headers=SHOP_A).json["products"]) == [
        a["product"].id
    ]
    assert ids(client.get(f"/api/brand/{a['brand'].id}", headers=SHOP_A).json["products"]["data"]) == [
        a["product"].id
    ]


def test_catalogue_lists_never_mix_shops(client, two_shops):
    a = two_shops["a"]
    tree = client.get("/api/category", headers=SHOP_A).json["data"]["categories"][0]["category"]
    assert [c["id"] for c in tree["subcategories"]] == [a["category"].id]
    assert tree["subcategories"][0]["subcategories"][0]["id"] == a["sub"].id
    assert ids(client.get("/api/brand", headers=SHOP_A).json["brands"]) == [a["brand"].id]
    assert ids(client.get("/api/banner", headers=SHOP_A).json["banners"]) == [a["banner"].id]
    assert ids(client.get("/api/article", headers=SHOP_A).json["data"]["articles"]) == [a["article"].id]
    sitemap = client.get("/api/sitemap", headers=SHOP_A).json
    assert ids(sitemap["products"]) == [a["product"].id]
    assert ids(sitemap["categories"]) == sorted([a["category"].id, a["sub"].id])
    assert ids(sitemap["brands"]) == [a["brand"].id]
    assert ids(sitemap["articles"]) == [a["article"].id]
    assert ids(sitemap["banners"]) == [a["banner"].id]  # its product page (it has no link of its own)


def test_a_banner_with_a_link_of_its_own_has_no_page_in_the_sitemap(client, two_shops, session):
    banner = two_shops["a"]["banner"]
    banner.link_url = "https://example.com/sale"
    session.commit()
    assert client.get("/api/sitemap", headers=SHOP_A).json["banners"] == []


def test_each_host_gets_its_own_shop_settings(client, two_shops):
    assert client.get("/api/shop", headers=SHOP_A).json["data"]["shop_info"]["shop_name"] == "Shop a"
    assert client.get("/api/shop", headers=SHOP_B).json["data"]["shop_info"]["shop_name"] == "Shop b"
