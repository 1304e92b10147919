def test_shop_is_found_by_site_host_header(client, make_shop):
    make_shop("zh.test", shop_name="中文店")
    res = client.get("/api/shop", headers={"X-Site-Host": "zh.test"})
    assert res.status_code == 200
    assert res.json["data"]["shop_info"]["shop_name"] == "中文店"


def test_unknown_host_is_store_not_found(client):
    res = client.get("/api/shop", headers={"X-Site-Host": "nowhere.test"})
    assert res.status_code == 404
    assert res.json == {"message": "Store not found", "code": "store_not_found"}


def test_product_list_money_is_a_two_decimal_number(client, shop, make_product):
    make_product(shop, price="12.5")
    res = client.get("/api/product/new/", headers={"X-Site-Host": "shop-a.test"})
    assert res.status_code == 200
    assert b'"price": 12.50' in res.data or b'"price":12.50' in res.data
