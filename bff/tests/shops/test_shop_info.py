"""GET /api/shop: every setting of SPEC section 3, and finding the shop by host."""

import re
from decimal import Decimal

import pytest

from bff.tests.helpers import SHOP_A, assert_error

SETTINGS = [
    "shop_name",
    "shop_image",
    "shop_slogan",
    "shop_ico",
    "shop_logo",
    "wechart_image",
    "qq_number",
    "language",
    "shop_exchange_rate",
    "shop_incentive_title",
    "shop_incentive_name1",
    "shop_incentive_name2",
    "shop_incentive_name3",
    "shop_incentive_image1",
    "shop_incentive_image2",
    "shop_incentive_image3",
    "shop_incentive_description1",
    "shop_incentive_description2",
    "shop_incentive_description3",
    "alipay_image",
    "wechart_pay_image",
    "shipping_cost",
    "overseas_direct_special_area_shipping_fee",
    "local_shipping_cost",
    "out_auckland_local_shipping_fee",
    "overseas_shipping_note",
    "local_shipping_note",
    "pick_up_note",
    "is_overseas_shipping",
    "is_local_shipping",
    "is_pick_up",
    "is_direct_payment_enabled",
    "site_url",
    "shop_description",
]


def _full_shop(make_shop, *hosts):
    return make_shop(
        *(hosts or ("shop-a.test",)),
        shop_name="纽西兰好物",
        shop_description="新西兰直邮",
        shop_slogan="纯净新西兰",
        shop_image="shop/cover.png",
        shop_ico="shop/favicon.ico",
        shop_logo="shop/logo.png",
        wechart_image="shop/wechat.png",
        qq_number="123456",
        language="zh",
        shop_exchange_rate=Decimal("4.6500"),
        shop_incentive_title="为什么选择我们",
        shop_incentive_name1="正品",
        shop_incentive_name2="直邮",
        shop_incentive_name3="售后",
        shop_incentive_image1="shop/i1.png",
        shop_incentive_image2="shop/i2.png",
        shop_incentive_image3="https://cdn.example.com/i3.png",
        shop_incentive_description1="d1",
        shop_incentive_description2="d2",
        shop_incentive_description3="d3",
        alipay_image="shop/alipay.png",
        wechart_pay_image="shop/wxpay.png",
        shipping_cost=Decimal("12.5"),
        overseas_direct_special_area_shipping_fee=Decimal("30"),
        local_shipping_cost=Decimal("6.99"),
        out_auckland_local_shipping_fee=Decimal("9.1"),
        overseas_shipping_note="overseas",
        local_shipping_note="local",
        pick_up_note="pickup",
        is_overseas_shipping=True,
        is_local_shipping=False,
        is_pick_up=True,
        is_direct_payment_enabled=False,
    )


def test_shop_info_carries_every_setting_of_the_spec(client, make_shop):
    _full_shop(make_shop)
    res = client.get("/api/shop", headers=SHOP_A)
    assert res.status_code == 200
    info = res.json["data"]["shop_info"]
    assert set(SETTINGS) <= set(info)
    assert info["shop_name"] == "纽西兰好物"
    assert info["language"] == "zh"
    assert info["qq_number"] == "123456"
    assert info["site_url"] == "http://shop-a.test"
    assert info["shop_incentive_name2"] == "直邮"
    assert info["pick_up_note"] == "pickup"


def test_shop_flags_are_one_or_zero_integers(client, make_shop):
    _full_shop(make_shop)
    info = client.get("/api/shop", headers=SHOP_A).json["data"]["shop_info"]
    assert info["is_overseas_shipping"] == 1
    assert info["is_local_shipping"] == 0
    assert info["is_pick_up"] == 1
    assert info["is_direct_payment_enabled"] == 0
    for flag in ("is_overseas_shipping", "is_local_shipping", "is_pick_up", "is_direct_payment_enabled"):
        assert type(info[flag]) is int


def test_shop_money_settings_are_two_decimal_json_numbers(client, make_shop):
    _full_shop(make_shop)
    raw = client.get("/api/shop", headers=SHOP_A).get_data(as_text=True)
    for name, text in [
        ("shipping_cost", "12.50"),
        ("overseas_direct_special_area_shipping_fee", "30.00"),
        ("local_shipping_cost", "6.99"),
        ("out_auckland_local_shipping_fee", "9.10"),
    ]:
        # A bare number (no quotes) with exactly two decimals.
        assert re.search(rf'"{name}":\s*{re.escape(text)}[,}}]', raw), name
    assert re.search(r'"shop_exchange_rate":\s*4\.65', raw)


def test_shop_images_are_browser_usable_media_paths(client, make_shop):
    _full_shop(make_shop)
    info = client.get("/api/shop", headers=SHOP_A).json["data"]["shop_info"]
    assert info["shop_logo"] == "/media/shop/logo.png"
    assert info["wechart_pay_image"] == "/media/shop/wxpay.png"
    # Absolute URLs are left alone.
    assert info["shop_incentive_image3"] == "https://cdn.example.com/i3.png"


def test_shop_images_not_set_are_null(client, make_shop):
    make_shop("shop-a.test")
    info = client.get("/api/shop", headers=SHOP_A).json["data"]["shop_info"]
    assert info["shop_logo"] is None
    assert info["alipay_image"] is None


def test_unknown_host_is_a_store_not_found_404(client, make_shop):
    make_shop("shop-a.test")
    res = client.get("/api/shop", headers={"X-Site-Host": "other.test"})
    assert res.status_code == 404
    assert res.json == {"message": "Store not found", "code": "store_not_found"}


def test_unknown_host_is_store_not_found_on_every_shop_call(client, make_shop):
    make_shop("shop-a.test")
    for path in ["/api/category", "/api/product/new/", "/api/product/1", "/api/brand", "/api/article/1"]:
        res = client.get(path, headers={"X-Site-Host": "other.test"})
        assert res.json == {"message": "Store not found", "code": "store_not_found"}, path
        assert res.status_code == 404
    res = client.post("/api/product/search/?searchTerm=x", headers={"X-Site-Host": "other.test"})
    assert res.json["code"] == "store_not_found"


def test_site_host_header_wins_over_host(client, make_shop):
    make_shop("a.test", shop_name="A")
    make_shop("b.test", shop_name="B")
    res = client.get("/api/shop", headers={"Host": "a.test", "X-Site-Host": "b.test"})
    assert res.json["data"]["shop_info"]["shop_name"] == "B"


def test_host_is_used_without_the_site_host_header(client, make_shop):
    make_shop("a.test", shop_name="A")
    res = client.get("/api/shop", headers={"Host": "a.test"})
    assert res.status_code == 200
    assert res.json["data"]["shop_info"]["shop_name"] == "A"


def test_an_empty_site_host_header_falls_back_to_host(client, make_shop):
    make_shop("a.test", shop_name="A")
    res = client.get("/api/shop", headers={"Host": "a.test", "X-Site-Host": ""})
    assert res.json["data"]["shop_info"]["shop_name"] == "A"


def test_host_port_and_case_are_ignored(client, make_shop):
    make_shop("a.test", shop_name="A")
    for headers in (
        {"Host": "A.Test:8080"},
        {"X-Site-Host": "A.TEST"},
        {"X-Site-Host": "a.test:3000"},
        {"X-Site-Host": " a.test "},
    ):
        res = client.get("/api/shop", headers=headers)
        assert res.status_code == 200, headers
        assert res.json["data"]["shop_info"]["shop_name"] == "A"


def test_ipv6_loopback_host_with_port_finds_its_shop(client, make_shop):
    make_shop("::1", shop_name="V6")
    res = client.get("/api/shop", headers={"X-Site-Host": "[::1]:3000"})
    assert res.json["data"]["shop_info"]["shop_name"] == "V6"


def test_one_shop_answers_on_each_of_its_hostnames(client, make_shop):
    make_shop("localhost", "127.0.0.1", shop_name="Z")
    for host in ("localhost", "127.0.0.1:5000"):
        info = client.get("/api/shop", headers={"X-Site-Host": host}).json["data"]["shop_info"]
        assert info["shop_name"] == "Z"


def test_a_host_of_another_shop_never_falls_back_to_a_default(client, make_shop):
    make_shop("a.test")
    res = client.get("/api/shop", headers={"X-Site-Host": "a.test.evil.example"})
    assert_error(res, 404, "store_not_found")


def test_shop_call_answers_with_or_without_trailing_slash(client, make_shop):
    make_shop("shop-a.test")
    assert client.get("/api/shop/", headers=SHOP_A).status_code == 200
    assert client.get("/api/shop", headers=SHOP_A).status_code == 200


def test_a_host_with_a_nul_byte_is_store_not_found(client, make_shop):
    make_shop("a.test")
    res = client.get("/api/shop", headers={"X-Site-Host": "a.test\x00"})
    assert_error(res, 404, "store_not_found")


def test_shop_info_names_the_shops_time_zone(client, make_shop):
    make_shop("shop-a.test")
    make_shop("en.test", language="en", time_zone="Pacific/Auckland")
    assert client.get("/api/shop", headers=SHOP_A).json["data"]["shop_info"]["time_zone"] == "Asia/Shanghai"
    en = client.get("/api/shop", headers={"X-Site-Host": "en.test"}).json["data"]["shop_info"]
    assert en["time_zone"] == "Pacific/Auckland"


def test_a_shop_time_zone_must_be_an_iana_name():
    from bff.shops.models import Shop

    for bad in ("Beijing", "UTC+8", "../../etc/passwd", ""):
        with pytest.raises(ValueError):
            Shop(time_zone=bad)
