"""Order creation: server-side amounts, shipping methods and fees, stock, idempotency, the cart."""

from decimal import Decimal

import pytest
from sqlalchemy import select

from bff.catalog.models import Product
from bff.extensions import db
from bff.orders.models import Order, OrderLine
from bff.tests.fixtures.presets import honey_with, socks_with
from bff.tests.fixtures.shopping import NZ_RECIPIENT as NZ
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import assert_error

honey = honey_with(price=Decimal("50.00"), discount=Decimal("45.00"))


socks = socks_with(
    weight=100, variants=[{"name": "S", "price": Decimal("20.00"), "virtual_inventory": 3, "weight": 200}]
)


@pytest.fixture
def free(store, make_product):
    return make_product(store, "Free ship", price=Decimal("5.00"), weight=900, is_free_shipping=True)


def _create(api, headers, body, **kwargs):
    return api.post("/api/order/create", headers, json=body, **kwargs)


def _ok(res):
    assert res.status_code == 200, res.get_json()
    return res.get_json()["order"]


def _stock(obj):
    db.session.expire_all()
    return db.session.get(type(obj), obj.id).virtual_inventory


def _orders():
    return db.session.query(Order).count()


def test_an_order_to_china_is_priced_by_the_server(api, as_member, honey, socks):
    small = socks.variants[0]
    api.add(as_member, honey, 2)
    api.add(as_member, socks, 1, variant=small)
    body = checkout_body([(honey, 2, None), (socks, 1, small)], "110.00", "12.00", weight=1200)
    res = _create(api, as_member, body)
    order = _ok(res)
    assert res.get_json()["created"] is True
    assert order["status"] == "unpaid" and order["shipping_type"] == "oversea-direct"
    assert (order["total_amount"], order["shipping_cost"], order["total_price"]) == (110.0, 12.0, 122.0)
    assert (order["total_quantity"], order["total_weight"]) == (3, 1200)
    assert order["shipping_name"] == "王小明" and order["user_remark"] == "请尽快发货"
    assert order["sender_name"] == "Kiwi Shop"
    lines = {line["product_name"]: line for line in order["order_details"]}
    assert lines["Manuka honey"]["final_price"] == 45.0 and lines["Manuka honey"]["quantity"] == 2
    assert lines["Wool socks"]["variant_id"] == small.id and lines["Wool socks"]["weight"] == 200
    assert lines["Manuka honey"]["product"]["avatar"] == honey.avatar
    assert lines["Manuka honey"]["product"]["images"][0]["path"].startswith("/media/")
    assert _stock(honey) == 8 and _stock(small) == 2
    assert api.get("/api/cart", as_member).get_json()["data"]["carts"] == []


@pytest.mark.parametrize(
    ("info", "fee"),
    [
        ({**NZ, "shipping_type": "local-direct"}, "8.00"),
        ({**NZ, "shipping_city": "Wellington", "shipping_type": "local-direct"}, "12.00"),
        (
            {
                **NZ,
                "shipping_city": "Hamilton",
                "shipping_address": "2 Auckland Rd",
                "shipping_type": "local-direct",
            },
            "8.00",
        ),
        ({**NZ, "shipping_type": "local-pick"}, "0.00"),
        ({**NZ, "shipping_type": ""}, "8.00"),  # the first offered method
        # Special areas by the province chosen, whatever the text says.
        ({"province_code": "650000", "city_code": "650100", "district_code": "650102"}, "20.00"),
        ({"province_code": "540000", "city_code": "540100", "district_code": "540102"}, "20.00"),
        ({"shipping_city": "新疆乌鲁木齐", "shipping_address": "新\u200b疆 Xinjiang 西藏拉萨1号"}, "10.00"),
    ],
)
def test_the_fee_follows_the_shipping_rules(api, as_member, honey, info, fee):
    order = _ok(_create(api, as_member, checkout_body([(honey, 1, None)], "45.00", fee, **info)))
    assert order["shipping_cost"] == float(fee)


def test_free_shipping_items_weigh_nothing_and_pay_no_fee(api, as_member, free):
    order = _ok(_create(api, as_member, checkout_body([(free, 2, None)], "10.00", "0.00", weight=0)))
    assert order["total_weight"] == 0 and order["total_price"] == 10.0


def test_form_encoded_bracket_notation_is_accepted(client, as_member, honey):
    body = {
        "cartItems[0][product_id]": str(honey.id),
        "cartItems[0][quantity]": "2",
        "cartItems[0][variant_id]": "",
        "cartItems[0][product][name]": "ignored",
        "totalAmount": "90",
        "shippingCost": "10",
        "totalWeight": "1000",
        "totalQuantity": "2",
        **{f"shippingInfo[{k}]": v for k, v in checkout_body([], 0, 0)["shippingInfo"].items()},
    }
    res = client.post("/api/order/create", headers=as_member, data=body)
    assert _ok(res)["total_price"] == 100.0


def test_amounts_are_compared_to_the_cent_as_screens_show_them(api, as_member, honey):
    """Screens show NZ dollars to the cent (issue 24.5): a total 4 cents off was not what was seen."""
    for amounts in (("45.04", "10.00"), ("45.00", "9.96")):
        error = assert_error(_create(api, as_member, checkout_body([(honey, 1, None)], *amounts)), 409)
        assert error["code"] == "prices_changed"
    assert _orders() == 0
    order = _ok(_create(api, as_member, checkout_body([(honey, 1, None)], "45.00", "10.00")))
    assert order["total_amount"] == 45.0 and order["shipping_cost"] == 10.0


def test_json_numbers_with_float_noise_are_their_cents(api, as_member, honey):
    # What a client's float arithmetic sends (0.1 * 3 / 0.03 is 10.000000000000002).
    body = {
        **checkout_body([(honey, 1, None)], 0, 0),
        "totalAmount": 45.00000000000001,
        "shippingCost": 0.1 * 3 / 0.03,
    }
    assert body["totalAmount"] != 45 and body["shippingCost"] != 10
    assert _ok(_create(api, as_member, body))["total_price"] == 55.0


@pytest.mark.parametrize("amounts", [("45.005", "10.00"), ("45.00", 10.001), ("-0", "10.00")])
def test_an_amount_past_the_cent_or_signed_is_a_field_error_not_rounded(api, as_member, honey, amounts):
    body = checkout_body([(honey, 1, None)], *amounts)
    error = assert_error(_create(api, as_member, body), 422, "validation_error")
    assert list(error["errors"].values()) == [["请输入不小于0、最多两位小数的金额"]]
    assert _orders() == 0


@pytest.mark.parametrize(
    ("change", "now"),
    [
        ({"totalAmount": "1.00"}, {"totalAmount": ["45.00"]}),
        ({"totalAmount": "44.90"}, {"totalAmount": ["45.00"]}),
        ({"shippingCost": "0"}, {"shippingCost": ["10.00"]}),
        ({"totalWeight": 1}, {"totalWeight": ["500"]}),
        ({"totalQuantity": 5}, {"totalQuantity": ["1"]}),
        ({"totalAmount": "1.00", "totalQuantity": 5}, {"totalAmount": ["45.00"], "totalQuantity": ["1"]}),
    ],
)
def test_a_tampered_amount_creates_nothing_and_keeps_the_cart(api, as_member, honey, change, now):
    api.add(as_member, honey, 1)
    body = {**checkout_body([(honey, 1, None)], "45.00", "10.00", weight=500), **change}
    error = assert_error(_create(api, as_member, body), 409, "prices_changed")
    assert "价格" in error["message"]
    # Each figure that differs is named with what the server makes it now (and only those).
    assert error["errors"] == now
    assert _orders() == 0 and db.session.query(OrderLine).count() == 0
    assert _stock(honey) == 10
    assert len(api.get("/api/cart", as_member).get_json()["data"]["carts"]) == 1


def test_an_english_shop_says_the_prices_changed_in_english(api, as_member, store, honey):
    store.language = "en"
    db.session.commit()
    body = checkout_body([(honey, 1, None)], "44.00", "10.00", weight=500)
    error = assert_error(_create(api, as_member, body), 409, "prices_changed")
    assert (
        error["message"]
        == "Prices or the shipping fee have changed. Please check the new amounts and order again."
    )


def test_member_prices_are_charged(api, store, make_product, make_user, make_member_level, auth_headers):
    level = make_member_level(store, "80")
    headers = auth_headers(make_user(store, member_level_id=level.id))
    product = make_product(store, price=Decimal("10.00"), member_price=Decimal("9.00"), weight=100)
    assert_error(
        _create(api, headers, checkout_body([(product, 1, None)], "10.00", "10.00")), 409, "prices_changed"
    )
    assert (
        _ok(_create(api, headers, checkout_body([(product, 1, None)], "8.00", "10.00")))["total_price"]
        == 18.0
    )


def test_no_shipping_method_blocks_the_order(api, make_shop, make_user, make_product, auth_headers):
    closed = make_shop("closed.test", is_overseas_shipping=False)
    headers = auth_headers(make_user(closed))
    product = make_product(closed)
    error = assert_error(
        _create(api, headers, checkout_body([(product, 1, None)], "10.00", "0")), 422, "no_shipping_method"
    )
    assert error["message"] == "不能生成订单，没有可用的发货方式。"


def test_a_method_not_offered_for_the_country_is_refused(api, as_member, honey):
    body = checkout_body([(honey, 1, None)], "45.00", "0", shipping_type="local-pick")
    assert_error(_create(api, as_member, body), 422, "shipping_method_unavailable")
    assert _orders() == 0


def test_the_recipient_is_validated(api, as_member, honey):
    nz = {**NZ, "shipping_type": "local-direct"}
    error = assert_error(
        _create(
            api,
            as_member,
            checkout_body([(honey, 1, None)], "45.00", "8.00", **{**nz, "shipping_address": "皇后街1号"}),
        ),
        422,
    )
    assert error["message"] == "地址不正确，请使用英文填写地址信息。"
    assert list(error["errors"]) == ["shipping_address"]
    assert_error(
        _create(api, as_member, checkout_body([(honey, 1, None)], "45.00", "10", shipping_name="")), 422
    )


def test_a_city_typed_in_chinese_is_charged_and_stored_as_auckland(api, as_member, honey):
    """Issue 30.5: 奥克兰 showed Auckland's fee, then the order was refused; now both agree."""
    recipient = {**NZ, "shipping_type": "local-direct", "shipping_city": "奥克兰", "shipping_name": "王小明"}
    order = _ok(_create(api, as_member, checkout_body([(honey, 1, None)], "45.00", "8.00", **recipient)))
    assert (order["shipping_city"], order["shipping_cost"], order["shipping_name"]) == (
        "Auckland",
        8.0,
        "王小明",
    )


def test_bad_payloads(api, as_member, honey, socks, store_b, make_product):
    assert_error(_create(api, as_member, {}), 422)
    assert_error(_create(api, as_member, checkout_body([], "0", "0")), 422)
    assert_error(_create(api, as_member, checkout_body([(honey, 0, None)], "0", "0")), 422)
    assert_error(
        _create(api, as_member, checkout_body([(socks, 1, None)], "20", "10")), 422, "variant_required"
    )
    foreign = make_product(store_b)
    assert_error(_create(api, as_member, checkout_body([(foreign, 1, None)], "10", "10")), 404)


def test_more_than_the_stock_is_refused(api, as_member, honey):
    error = assert_error(
        _create(api, as_member, checkout_body([(honey, 11, None)], "495", "55")), 409, "out_of_stock"
    )
    assert "Manuka honey" in error["message"]
    assert _orders() == 0 and _stock(honey) == 10


def test_a_repeated_submission_returns_the_first_order(api, as_member, honey):
    body = checkout_body([(honey, 1, None)], "45.00", "10.00")
    first = _ok(_create(api, as_member, body))
    again = _create(api, as_member, body)
    assert _ok(again)["order_number"] == first["order_number"] and again.get_json()["created"] is False
    assert _orders() == 1 and _stock(honey) == 9


def test_an_idempotency_key_identifies_the_checkout(api, as_member, honey):
    key = {**as_member, "Idempotency-Key": "checkout-1"}
    first = _ok(_create(api, key, checkout_body([(honey, 1, None)], "45.00", "10.00")))
    repeat = _ok(_create(api, key, checkout_body([(honey, 2, None)], "90.00", "10.00")))
    assert repeat["order_number"] == first["order_number"]
    other = _ok(
        _create(
            api,
            {**as_member, "Idempotency-Key": "checkout-2"},
            checkout_body([(honey, 1, None)], "45.00", "10.00"),
        )
    )
    assert other["order_number"] != first["order_number"] and _orders() == 2


def test_only_the_ordered_cart_lines_are_cleared(api, as_member, honey, free):
    api.add(as_member, honey, 1)
    api.add(as_member, free, 1)
    _ok(_create(api, as_member, checkout_body([(honey, 1, None)], "45.00", "10.00")))
    carts = api.get("/api/cart", as_member).get_json()["data"]["carts"]
    assert [line["product_id"] for line in carts] == [free.id]
    assert api.post("/api/cart/clear", as_member).get_json()["carts"] == []


def test_order_numbers_are_readable_and_unique(api, as_member, honey):
    import re

    numbers = {
        _ok(
            _create(
                api, {**as_member, "Idempotency-Key": f"k{i}"}, checkout_body([(honey, 1, None)], "45", "10")
            )
        )["order_number"]
        for i in range(5)
    }
    assert len(numbers) == 5
    assert all(re.fullmatch(r"\d{6}-[0-9A-Z]{4}-[0-9A-Z]{4}", n) for n in numbers)


def test_guests_and_foreign_tokens_are_refused(client, api, as_member, honey, store_b):
    assert (
        client.post("/api/order/create", headers={"X-Site-Host": "shop-a.test"}, json={}).status_code == 401
    )
    foreign = {**as_member, "X-Site-Host": "shop-b.test"}
    stock = honey.virtual_inventory
    assert_error(_create(api, foreign, checkout_body([(honey, 1, None)], "45", "10")), 401)
    db.session.expire_all()
    assert db.session.scalars(select(Order)).all() == []
    assert db.session.get(Product, honey.id).virtual_inventory == stock


def test_the_id_number_is_required_where_the_owner_says_customs_needs_it(
    api, as_member, honey, store, session
):
    """Issue 30.6: direct post to China needs the recipient's ID number when the owner says so."""
    body = checkout_body([(honey, 1, None)], "45.00", "10.00")
    store.is_overseas_id_required = True
    session.commit()
    error = assert_error(_create(api, as_member, body), 422)
    assert error["errors"] == {"shipping_id": ["直邮中国的包裹清关需要收件人身份证号，请填写。"]}
    assert _orders() == 0
    # Within New Zealand no customs: no number needed.
    nz = {**NZ, "shipping_type": "local-direct"}
    _ok(_create(api, as_member, checkout_body([(honey, 1, None)], "45.00", "8.00", **nz)))
    with_id = checkout_body([(honey, 1, None)], "45.00", "10.00", shipping_id="11010519491231002X")
    assert _ok(_create(api, as_member, with_id))["shipping_id"].endswith("002X")
    store.is_overseas_id_required = False
    session.commit()
    _ok(_create(api, as_member, checkout_body([(honey, 2, None)], "90.00", "10.00")))
