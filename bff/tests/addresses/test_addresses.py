"""Address book: list, create, update, delete, default rules, validation messages, isolation."""

import pytest

from bff.tests.helpers import assert_error

NZ_ERROR = "地址不正确，请使用英文填写地址信息。"
CHINA = {
    "shipping_name": "王小明",
    "shipping_contact": "13800000000",
    "shipping_country": "中国",
    "shipping_city": "上海",
    "province_code": "310000",
    "city_code": "310000",
    "district_code": "310115",
    "shipping_address": "浦东新区世纪大道100号",
    "shipping_id": "310000199001010002",
}
NZ = {
    "shipping_name": "Jane Doe",
    "shipping_contact": "0211234567",
    "shipping_country": "New Zealand",
    "shipping_city": "Auckland",
    "shipping_address": "1 Queen St, Apt. 2-B",
}


def _create(api, headers, body=CHINA, **extra):
    res = api.post("/api/shipping-addresses/create", headers, json={**body, **extra})
    assert res.status_code == 200, res.get_json()
    return res.get_json()["shipping_address"]


def _list(api, headers):
    return api.get("/api/shipping-addresses", headers).get_json()["shipping_addresses"]["data"]


def test_the_first_address_becomes_the_default(api, as_member):
    first = _create(api, as_member)
    assert first["is_default"] == 1 and first["shipping_id"] == "3100**********0002"
    second = _create(api, as_member, NZ)
    assert second["is_default"] == 0
    assert [a["id"] for a in _list(api, as_member)] == [first["id"], second["id"]]


def test_choosing_a_default_moves_it(api, as_member):
    first = _create(api, as_member)
    second = _create(api, as_member, NZ, is_default=1)
    listed = _list(api, as_member)
    assert [(a["id"], a["is_default"]) for a in listed] == [(second["id"], 1), (first["id"], 0)]
    res = api.post(f"/api/shipping-addresses/default/{first['id']}", as_member)
    assert res.status_code == 200
    assert [a["is_default"] for a in _list(api, as_member)] == [1, 0]
    assert _list(api, as_member)[0]["id"] == first["id"]


def test_deleting_the_default_promotes_another(api, as_member):
    first = _create(api, as_member)
    second = _create(api, as_member, NZ)
    res = api.post(f"/api/shipping-addresses/delete/{first['id']}", as_member)
    assert res.status_code == 200
    assert [(a["id"], a["is_default"]) for a in res.get_json()["shipping_addresses"]["data"]] == [
        (second["id"], 1)
    ]
    api.post(f"/api/shipping-addresses/delete/{second['id']}", as_member)
    assert _list(api, as_member) == []


def test_update_changes_the_fields(api, as_member):
    address = _create(api, as_member)
    res = api.post(
        f"/api/shipping-addresses/update/{address['id']}",
        as_member,
        data={**CHINA, "province_code": "110000", "city_code": "110000", "district_code": "110105"},
    )
    assert res.status_code == 200, res.get_json()
    updated = res.get_json()["shipping_address"]
    assert updated["shipping_city"] == "北京市 朝阳区"  # composed from the place chosen
    assert (updated["province_code"], updated["district_code"], updated["needs_completion"]) == (
        "110000",
        "110105",
        False,
    )
    assert updated["is_default"] == 1


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("shipping_name", "请输入收件人姓名"),
        ("shipping_contact", "请输入收件人电话"),
        ("shipping_address", "请输入收件人地址"),
        ("shipping_city", "请输入收件人城市/省份"),
        ("shipping_country", "请选择国家"),
    ],
)
def test_every_required_field_has_its_message(api, as_member, field, message):
    # A China city is written by the BFF from the place chosen: the text is required of New Zealand.
    address = NZ if field == "shipping_city" else CHINA
    body = assert_error(
        api.post("/api/shipping-addresses/create", as_member, json={**address, field: "  "}),
        422,
        "validation_error",
    )
    assert body["message"] == message and body["errors"] == {field: [message]}


def test_a_china_address_needs_no_city_text_the_place_names_it(api, as_member):
    address = _create(api, as_member, shipping_city="")
    assert address["shipping_city"] == "上海市 浦东新区"


def test_an_unknown_country_is_refused(api, as_member):
    body = assert_error(
        api.post("/api/shipping-addresses/create", as_member, json={**CHINA, "shipping_country": "Mars"}), 422
    )
    assert body["errors"] == {"shipping_country": ["请选择国家"]}


NZ_FIELD_ERRORS = {
    "shipping_address": NZ_ERROR,
    "shipping_city": "请用英文填写新西兰城市（如 Auckland），或常用中文名（如 奥克兰）",
    "shipping_name": "收件人姓名只能包含文字、空格和 . - ' ·",
    "shipping_contact": "电话号码只能包含数字、空格、开头的 +、连字符和括号",
}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("shipping_address", "皇后街1号"),
        ("shipping_city", "上海"),
        ("shipping_name", "Jane <b>"),
        ("shipping_contact", "+64 21 123 ext 4"),
        ("shipping_contact", "64+21 123 4567"),
    ],
)
def test_new_zealand_addresses_must_be_in_english(api, as_member, field, value):
    """Each refused field is named with its own message, under that field."""
    body = assert_error(api.post("/api/shipping-addresses/create", as_member, json={**NZ, field: value}), 422)
    assert body["message"] == NZ_FIELD_ERRORS[field] and body["errors"] == {field: [NZ_FIELD_ERRORS[field]]}
    assert _list(api, as_member) == []


def test_a_chinese_shopper_sends_to_a_relative_in_auckland(api, as_member):
    """Issue 30.5: a name in Chinese characters, the city typed 奥克兰 (stored as the courier reads
    it), an address with brackets."""
    created = _create(
        api,
        as_member,
        {
            **NZ,
            "shipping_name": "王小明",
            "shipping_city": "奥克兰",
            "shipping_address": "12 Queen St (rear)",
        },
    )
    assert (created["shipping_name"], created["shipping_city"], created["shipping_address"]) == (
        "王小明",
        "Auckland",
        "12 Queen St (rear)",
    )


def test_new_zealand_addresses_as_new_zealanders_write_them(api, as_member):
    kiwi = {
        **NZ,
        "shipping_name": "Siobhán O’Neill",
        "shipping_contact": "+64 21 123 4567",
        "shipping_city": "Whanga\u0304rei",  # the macron as a combining mark: stored as NFC ā
        "shipping_address": "2/15 O'Brien St",
    }
    created = _create(api, as_member, kiwi)
    assert (created["shipping_city"], created["shipping_address"]) == ("Whangārei", "2/15 O'Brien St")
    assert _create(api, as_member, {**kiwi, "shipping_contact": "(09) 123-4567"})["shipping_contact"] == (
        "(09) 123-4567"
    )


def test_china_has_no_extra_check(api, as_member):
    assert (
        _create(api, as_member, {**CHINA, "shipping_contact": "+86 138-0000"})["shipping_country"] == "中国"
    )


def test_an_english_shop_answers_in_english(api, make_shop, make_user, auth_headers):
    en = make_shop("en.test", language="en")
    headers = auth_headers(make_user(en))
    body = assert_error(
        api.post("/api/shipping-addresses/create", headers, json={**CHINA, "shipping_name": ""}), 422
    )
    assert body["message"] == "Please enter the recipient's name"


def test_another_member_or_shop_gets_404_and_sees_nothing(
    api, as_member, as_other, store_b, make_user, auth_headers
):
    address = _create(api, as_member)
    assert _list(api, as_other) == []
    for call in ("update", "delete", "default"):
        assert_error(api.post(f"/api/shipping-addresses/{call}/{address['id']}", as_other, json=NZ), 404)
    b_member = auth_headers(make_user(store_b))
    assert_error(api.post(f"/api/shipping-addresses/delete/{address['id']}", b_member), 404)
    assert api.get("/api/shipping-addresses", {**as_member, "X-Site-Host": "shop-b.test"}).status_code == 401
    assert _list(api, as_member)[0]["shipping_name"] == CHINA["shipping_name"]


def test_guests_are_refused(client, store):
    assert client.get("/api/shipping-addresses", headers={"X-Site-Host": "shop-a.test"}).status_code == 401
