"""China addresses by province, city and district codes: the BFF accepts only the codes of
rules/china_regions.json, in their tree, names the place itself, and the special-area fee goes
by the province code however the text is written."""

import json
import subprocess
from decimal import Decimal

import pytest

from bff.addresses.regions import REGIONS_FILE, place_named_in, resolve
from bff.config import ROOT
from bff.tests.fixtures.presets import honey_with
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import assert_error

CHINA = {
    "shipping_name": "王小明",
    "shipping_contact": "13800000000",
    "shipping_country": "中国",
    "shipping_city": "乌鲁木齐",
    "shipping_address": "人民路1号",
}
URUMQI = {"province_code": "650000", "city_code": "650100", "district_code": "650102"}


# NZ$45.00 to a guest and a member alike; 1 kg: the fee is one kilogram's rate.
honey = honey_with(weight=1000)


def test_the_region_file_is_what_the_pinned_package_gives():
    # The frontend offers the same file; the script rebuilds it from node_modules.
    result = subprocess.run(
        ["node", "scripts/build_china_regions.mjs", "--check"], cwd=ROOT, capture_output=True
    )
    assert result.returncode == 0, result.stderr.decode()
    provinces = json.loads(REGIONS_FILE.read_text())
    assert len(provinces) == 34 and {p["name"] for p in provinces} >= {
        "新疆维吾尔自治区",
        "西藏自治区",
        "北京市",
    }


@pytest.mark.parametrize(
    ("codes", "result"),
    [
        (("650000", "650100", "650102"), "新疆维吾尔自治区 乌鲁木齐市 天山区"),
        (("310000", "310000", "310115"), "上海市 浦东新区"),  # a municipality is its own city
        (("440000", "441900", None), "广东省 东莞市"),  # a city without districts
        # County-level cities the province governs directly are cities of their own, never the
        # grouping (429000 省直辖县级行政区划) that the package lists them under.
        (("420000", "429004", None), "湖北省 仙桃市"),
        (("650000", "659001", None), "新疆维吾尔自治区 石河子市"),
        (("420000", "429000", "429004"), "city_code"),
        (("710000", "710000", None), "台湾省"),
        (("650000", "310000", None), "city_code"),  # 上海 is not a city of 新疆
        (("650000", "650100", None), "district_code"),  # 乌鲁木齐 has districts: choose one
        (("650000", "650100", "310115"), "district_code"),
        (("440000", "441900", "441901"), "district_code"),
        (("990000", "990100", None), "province_code"),
        ((None, None, None), "province_code"),
    ],
)
def test_codes_name_a_place_in_the_tree_or_the_field_that_is_wrong(codes, result):
    place = resolve(*codes)
    assert (place if isinstance(place, str) else place.label) == result


@pytest.mark.parametrize(
    ("city", "address", "place"),
    [
        ("新疆乌鲁木齐天山区", "", ("650000", "650100")),
        ("新 疆", "乌鲁木齐市人民路1号", ("650000", "650100")),
        ("新\u200b疆", "", ("650000", None)),
        ("乌鲁木齐", "人民路1号", ("650000", "650100")),
        ("拉萨", "", ("540000", "540100")),
        ("广东省深圳市", "", ("440000", "440300")),
        ("广州", "北京路1号", ("440000", "440100")),  # the city, not the road
        ("上海", "西藏中路100号", ("310000", "310000")),  # a municipality is its own city
        ("北京朝阳区", "", ("110000", "110000")),
        ("内蒙古呼和浩特", "", ("150000", "150100")),
        ("海南藏族自治州共和县", "", ("630000", "632500")),  # in 青海, not 海南
        ("吉林", "", ("220000", None)),  # the province or its city 吉林市: the province only
        ("吉林市船营区", "", ("220000", "220200")),
        ("湖北仙桃", "", ("420000", "429004")),
        ("新彊", "乌鲁木齐市人民路1号", ("650000", "650100")),  # the address tells it
    ],
)
def test_the_migration_reads_the_place_a_typed_address_starts_with(city, address, place):
    assert place_named_in(city, address) == place


@pytest.mark.parametrize(
    ("city", "address"),
    [
        ("Xinjiang Urumqi", ""),
        ("新彊", "人民路1号"),  # a variant character: not a name of the lists
        ("", "北京路1号"),
        ("", "西藏中路100号"),
        ("", "新疆路"),
        ("朝阳区", "建国路"),
        ("浦东新区", ""),
        ("", ""),
    ],
)
def test_the_migration_leaves_what_it_cannot_tell_to_the_shopper(city, address):
    assert place_named_in(city, address) is None


def test_an_address_names_its_place_by_code_and_the_bff_names_it(api, as_member):
    res = api.post("/api/shipping-addresses/create", as_member, json={**CHINA, **URUMQI})
    assert res.status_code == 200, res.get_json()
    address = res.get_json()["shipping_address"]
    assert address["shipping_city"] == "新疆维吾尔自治区 乌鲁木齐市 天山区"
    assert {k: address[k] for k in URUMQI} == URUMQI and address["needs_completion"] is False


@pytest.mark.parametrize(
    ("codes", "field", "message"),
    [
        ({}, "province_code", "请选择省份"),
        ({"province_code": "650000"}, "city_code", "请选择城市"),
        ({"province_code": "650000", "city_code": "650100"}, "district_code", "请选择区县"),
        ({**URUMQI, "city_code": "310000"}, "city_code", "该省份没有这个城市，请重新选择"),
        ({**URUMQI, "province_code": "999999"}, "province_code", "没有这个省份，请重新选择"),
    ],
)
def test_a_china_address_without_a_valid_place_is_refused(api, as_member, codes, field, message):
    body = assert_error(api.post("/api/shipping-addresses/create", as_member, json={**CHINA, **codes}), 422)
    assert body["errors"][field] == [message]


def test_a_new_zealand_address_keeps_no_codes(api, as_member):
    nz = {
        **CHINA,
        "shipping_country": "New Zealand",
        "shipping_city": "Auckland",
        "shipping_address": "1 Queen St",
        "shipping_name": "Amy",
        "shipping_contact": "0211234567",
        **URUMQI,
    }
    address = api.post("/api/shipping-addresses/create", as_member, json=nz).get_json()["shipping_address"]
    assert (address["province_code"], address["shipping_city"], address["needs_completion"]) == (
        None,
        "Auckland",
        False,
    )


def test_an_address_typed_before_the_lists_asks_to_be_completed(api, as_member, member, store, session):
    from bff.addresses.models import ShippingAddress

    session.add(
        ShippingAddress(
            shop_id=store.id,
            user_id=member.id,
            **{**CHINA, "shipping_city": "新疆乌鲁木齐"},
            province_code="650000",
        )
    )
    session.commit()
    [address] = api.get("/api/shipping-addresses", as_member).get_json()["shipping_addresses"]["data"]
    assert address["needs_completion"] is True and address["province_code"] == "650000"


@pytest.mark.parametrize(
    ("text", "codes", "fee"),
    [
        (
            {"shipping_city": "新 疆", "shipping_address": "新\u200b疆 Xinjiang 新彊 乌鲁木齐市"},
            "shanghai",
            "10.00",
        ),
        ({"shipping_city": "Urumqi", "shipping_address": "Tibet Lhasa"}, "urumqi", "20.00"),
        ({"shipping_city": "拉萨", "shipping_address": "北京路"}, "lhasa", "20.00"),
    ],
)
def test_the_special_area_fee_goes_by_the_province_chosen_never_by_the_text(
    api, as_member, honey, text, codes, fee
):
    places = {
        "shanghai": {"province_code": "310000", "city_code": "310000", "district_code": "310115"},
        "urumqi": URUMQI,
        "lhasa": {"province_code": "540000", "city_code": "540100", "district_code": "540102"},
    }
    body = checkout_body([(honey, 1, None)], "45.00", fee, **text, **places[codes])
    res = api.post("/api/order/create", as_member, json=body)
    assert res.status_code == 200, res.get_json()
    order = res.get_json()["order"]
    assert Decimal(str(order["shipping_cost"])) == Decimal(fee)
    assert order["province_code"] == places[codes]["province_code"]


@pytest.mark.parametrize(
    ("codes", "field"),
    [
        ({"province_code": None, "city_code": None, "district_code": None}, "province_code"),
        # what the migration kept of an address typed before the lists: its province only
        ({"province_code": "650000", "city_code": None, "district_code": None}, "city_code"),
        ({**URUMQI, "district_code": "310115"}, "district_code"),
    ],
)
def test_checkout_refuses_a_china_address_without_its_place_and_keeps_the_cart(
    api, as_member, honey, session, codes, field
):
    from bff.orders.models import Order

    stock = honey.virtual_inventory
    assert api.add(as_member, honey).status_code == 200
    body = checkout_body([(honey, 1, None)], "45.00", "20.00", **codes)
    answer = assert_error(api.post("/api/order/create", as_member, json=body), 422, "address_incomplete")
    assert answer["message"] == "收件地址不完整：请从列表中选择省份、城市和区县。"
    assert set(answer["errors"]) == {field}
    session.expire_all()
    assert session.query(Order).count() == 0
    assert session.get(type(honey), honey.id).virtual_inventory == stock
    carts = api.get("/api/cart", as_member).get_json()["data"]["carts"]
    assert [(line["product_id"], line["quantity"]) for line in carts] == [(honey.id, 1)]


def test_the_refusal_speaks_the_shops_language(api, make_shop, make_product, make_user, auth_headers):
    shop = make_shop("en-shop.test", language="en")
    headers = auth_headers(make_user(shop, "amy@example.com", name="Amy"))
    tea = make_product(shop, "Kawakawa tea", price=Decimal("45.00"), virtual_inventory=10, weight=1000)
    body = checkout_body([(tea, 1, None)], "45.00", "10.00", province_code="650000", city_code=None)
    answer = assert_error(api.post("/api/order/create", headers, json=body), 422, "address_incomplete")
    assert answer["message"].startswith("The address is incomplete")
    assert answer["errors"] == {"city_code": ["Please choose the city"]}


@pytest.mark.parametrize(
    ("codes", "incomplete"),
    [
        (URUMQI, False),
        ({"province_code": "650000", "city_code": None, "district_code": None}, True),
        # a place the region data no longer has (renamed or merged since it was chosen)
        ({"province_code": "650000", "city_code": "650100", "district_code": "650199"}, True),
        ({"province_code": "420000", "city_code": "429000", "district_code": "429004"}, True),
    ],
)
def test_an_address_whose_codes_name_no_place_asks_to_be_completed(
    api, as_member, member, store, session, codes, incomplete
):
    from bff.addresses.models import ShippingAddress

    session.add(ShippingAddress(shop_id=store.id, user_id=member.id, **CHINA, **codes))
    session.commit()
    [address] = api.get("/api/shipping-addresses", as_member).get_json()["shipping_addresses"]["data"]
    assert address["needs_completion"] is incomplete
    assert address["shipping_city"] == CHINA["shipping_city"]  # kept as typed until completed
