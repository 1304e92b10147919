"""Bad input is a 4xx JSON answer in the shop's language, never a 500: control characters,
malformed or deep JSON, bodies that are not objects, oversize bodies and URLs, tokens without
`exp`, and amounts that are not amounts. Runs on SQLite and PostgreSQL alike."""

import json
from decimal import Decimal

import jwt
import pytest
from flask_jwt_extended import create_access_token

from bff.extensions import db
from bff.orders.models import Order
from bff.payments import signing
from bff.payments.models import PaymentNotification
from bff.tests.fixtures.shopping import CHINA_RECIPIENT, checkout_body
from bff.tests.helpers import assert_error

HOST = {"X-Site-Host": "shop-a.test"}
CONTROLS = ["\x00", "\x01", "\x08", "\x0b", "\x1b", "\x1f", "\x7f"]
REGISTER = {
    "name": "Ana",
    "email": "ana@example.com",
    "password": "abcd1234",
    "password_confirmation": "abcd1234",
    "acceptTerms": True,
}
ADDRESS = {k: v for k, v in CHINA_RECIPIENT.items() if k.startswith("shipping_") and k != "shipping_type"}


@pytest.fixture
def product(store, make_product):
    return make_product(store, price=Decimal("45.00"), weight=500, virtual_inventory=10)


@pytest.fixture
def order(api, as_member, product):
    res = api.post("/api/order/create", as_member, json=checkout_body([(product, 1, None)], "45.00", "10.00"))
    assert res.status_code == 200, res.data
    return res.get_json()["order"]


# Control characters ---------------------------------------------------------------------------


@pytest.mark.parametrize("char", CONTROLS)
def test_control_characters_in_the_register_name_are_a_422_on_that_field(client, store, char):
    res = client.post("/api/auth/register", headers=HOST, json={**REGISTER, "name": f"A{char}na"})
    body = assert_error(res, 422, "validation_error")
    assert body["errors"] == {"name": ["不能包含控制字符"]}
    assert body["message"] == "不能包含控制字符"


def test_tab_newline_and_carriage_return_are_ordinary_text(client, store):
    res = client.post("/api/auth/register", headers=HOST, json={**REGISTER, "name": "A\tn\r\na"})
    assert res.status_code == 201, res.data


def test_an_english_shop_says_it_in_english(client, make_shop):
    make_shop("en.test", language="en")
    res = client.post(
        "/api/auth/register", headers={"X-Site-Host": "en.test"}, data={**REGISTER, "name": "\x00"}
    )
    body = assert_error(res, 422, "validation_error")
    assert body["errors"]["name"] == ["Must not contain control characters."]


@pytest.mark.parametrize("field", list(ADDRESS))
def test_control_characters_in_each_address_field_are_a_422_and_nothing_is_saved(api, as_member, field):
    res = api.post(
        "/api/shipping-addresses/create", as_member, json={**ADDRESS, field: f"x\x00{ADDRESS[field]}"}
    )
    body = assert_error(res, 422, "validation_error")
    assert list(body["errors"]) == [field]
    assert api.get("/api/shipping-addresses", as_member).get_json()["shipping_addresses"]["data"] == []


@pytest.mark.parametrize("field", ["user_remark", "sender_name", "sender_address", "shipping_name"])
def test_control_characters_in_the_order_form_are_a_422(api, as_member, product, field):
    body = checkout_body([(product, 1, None)], "45.00", "10.00", **{field: "请\x00尽快"})
    res = api.post("/api/order/create", as_member, json=body)
    errors = assert_error(res, 422, "validation_error")["errors"]
    assert errors == {"shippingInfo": {field: ["不能包含控制字符"]}}


def test_control_characters_in_a_form_encoded_order_are_a_422(api, as_member, product):
    form = {
        "cartItems[0][product_id]": product.id,
        "cartItems[0][quantity]": 1,
        **{f"shippingInfo[{k}]": v for k, v in CHINA_RECIPIENT.items()},
        "shippingInfo[user_remark]": "\x07",
        "totalAmount": "45.00",
        "shippingCost": "10.00",
    }
    assert_error(api.post("/api/order/create", as_member, data=form), 422, "validation_error")


@pytest.mark.parametrize("path", ["/api/order/%00", "/api/order/2401%0101-AAAA", "/api/order/%7F"])
def test_control_characters_in_a_path_are_an_unknown_page(client, as_member, path):
    assert_error(client.get(path, headers=as_member), 404, "not_found")


def test_control_characters_in_login_and_payment_fields_are_a_422(api, client, store, as_member, order):
    res = client.post("/api/auth/login", headers=HOST, json={"email": "a@b.co", "password": "abc\x00defgh"})
    assert_error(res, 422, "validation_error")
    body = {"order_number": f"{order['order_number'][:-1]}\x00", "total_price": "55.00"}
    assert_error(api.post("/api/payment/create-payment", as_member, json=body), 422, "validation_error")


# JSON bodies ----------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [33, 1000, 200_000])
def test_deeply_nested_json_is_a_400(client, as_member, depth):
    body = '{"product_id": ' + "[" * depth + "]" * depth + "}"
    res = client.post("/api/cart/add", headers=as_member, data=body, content_type="application/json")
    assert_error(res, 400, "json_too_deep")


def test_nesting_inside_strings_does_not_count(client, store):
    body = json.dumps({**REGISTER, "name": "[" * 100})
    res = client.post("/api/auth/register", headers=HOST, data=body, content_type="application/json")
    assert res.status_code == 201, res.data


@pytest.mark.parametrize("body", ['"a string"', "12", "[1, 2]", "null", "true"])
@pytest.mark.parametrize("path", ["/api/auth/login", "/api/cart/add", "/api/order/create", "/api/cart/clear"])
def test_a_json_body_that_is_not_an_object_is_a_400(client, as_member, path, body):
    res = client.post(path, headers=as_member, data=body, content_type="application/json")
    assert_error(res, 400, "body_not_object")


@pytest.mark.parametrize("body", ["{", '{"email": NaN}', '{"a": Infinity}', "{'a': 1}", b"\xff\xfe"])
def test_malformed_json_is_a_400_in_the_shops_language(client, store, body):
    res = client.post("/api/auth/login", headers=HOST, data=body, content_type="application/json")
    assert assert_error(res, 400, "invalid_json")["message"] == "请求内容不是有效的 JSON"


def test_an_empty_json_body_is_an_empty_body(client, as_member):
    res = client.post("/api/cart/clear", headers=as_member, data="", content_type="application/json")
    assert res.status_code == 200


# Sizes ----------------------------------------------------------------------------------------


def test_a_body_over_one_mebibyte_is_a_json_413(client, store):
    big = json.dumps({"email": "a" * (1024 * 1024), "password": "x"})
    res = client.post("/api/auth/login", headers=HOST, data=big, content_type="application/json")
    assert assert_error(res, 413, "payload_too_large")["message"] == "提交的内容太大"
    form = {"email": "a" * (1024 * 1024), "password": "x"}
    assert_error(client.post("/api/auth/login", headers=HOST, data=form), 413, "payload_too_large")


def test_a_view_can_take_a_larger_body(app, store):
    """The mechanism a future image upload uses: @max_body_size on its view."""
    from flask import request

    from bff.app import create_app
    from bff.common.request_checks import max_body_size

    other = create_app(_config_of(app))  # routes cannot be added to the suite's app once it served

    @other.post("/api/test-upload")
    @max_body_size(4 * 1024 * 1024)
    def upload():
        return {"bytes": len(request.get_data())}

    @other.post("/api/test-small")
    def small():
        return {"bytes": len(request.get_data())}

    client = other.test_client()
    two_mib = b"x" * (2 * 1024 * 1024)
    assert client.post("/api/test-upload", headers=HOST, data=two_mib).get_json() == {"bytes": len(two_mib)}
    assert_error(client.post("/api/test-upload", headers=HOST, data=two_mib * 3), 413, "payload_too_large")
    assert_error(client.post("/api/test-small", headers=HOST, data=two_mib), 413, "payload_too_large")


def _config_of(app):
    from bff.tests.conftest import config_beside

    return config_beside(app)


def test_a_url_over_4000_bytes_is_a_json_414(client, store):
    assert client.get("/api/product/new?x=" + "a" * 3900, headers=HOST).status_code == 200
    res = client.get("/api/product/new?x=" + "a" * 4000, headers=HOST)
    assert assert_error(res, 414, "uri_too_long")["message"] == "网址太长"


def test_gunicorn_lets_over_long_urls_through_to_the_json_414():
    import runpy

    from bff.config import ROOT

    settings = runpy.run_path(str(ROOT / "bff" / "gunicorn.conf.py"))
    assert settings["limit_request_line"] > 4000 + len("GET  HTTP/1.1")


# Tokens ---------------------------------------------------------------------------------------


def _token(app, member, **overrides):
    from bff.accounts import services

    session = services.open_session(db.session, member, app.config["SESSION_LIFETIME"]).session
    claims = {"shop": member.shop_id, "sid": session.id, **overrides}
    payload = {"sub": str(member.id), "type": "access", "iat": 1, "exp": 4_000_000_000, **claims}
    for name, value in overrides.items():
        if value is None:
            payload.pop(name)
    return jwt.encode(payload, app.config["JWT_SECRET_KEY"], algorithm="HS256")


@pytest.mark.parametrize(
    "overrides",
    [{"exp": None}, {"iat": None}, {"exp": "tomorrow"}, {"exp": True}, {"sub": 5}, {"type": "refresh"}],
)
def test_a_token_signed_with_our_key_but_without_exp_is_a_401(app, client, member, overrides):
    headers = {**HOST, "Authorization": f"Bearer {_token(app, member, **overrides)}"}
    assert_error(client.get("/api/cart", headers=headers), 401, "unauthenticated")
    status = client.get("/api/check-login-status", headers=headers)
    assert status.status_code == 200 and status.get_json()["data"]["isLoggedIn"] is False


def test_a_well_formed_token_of_that_kind_is_accepted(app, client, member):
    headers = {**HOST, "Authorization": f"Bearer {_token(app, member)}"}
    assert client.get("/api/cart", headers=headers).status_code == 200
    with app.test_request_context():
        assert create_access_token(identity="1")  # the real issuer still works


# Amounts --------------------------------------------------------------------------------------

SPECIALS = [
    "Infinity",
    "-Infinity",
    "NaN",
    "sNaN",
    "1e999999",
    "-0",
    "-0.00",
    "1E+999999999999",
    "-1",
    "1e11",
]


@pytest.mark.parametrize("amount", SPECIALS)
def test_a_signed_notification_with_a_special_amount_is_a_400_and_never_applied(app, client, order, amount):
    body = json.dumps(
        {"transaction_id": "t1", "order_number": order["order_number"], "amount": amount, "outcome": "paid"}
    ).encode()
    headers = {**HOST, "X-Sandbox-Signature": signing.sign(app.config["PAYMENT_SANDBOX_SECRET"], body)}
    res = client.post(
        "/api/payment/notify/sandbox", headers=headers, data=body, content_type="application/json"
    )
    assert_error(res, 400)
    db.session.expire_all()
    assert db.session.get(Order, order["id"]).status == "unpaid"
    assert db.session.query(PaymentNotification).count() == 0


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999999", "-0"])
def test_a_signed_notification_with_a_special_number_literal_is_a_400(app, client, order, literal):
    number = order["order_number"]
    raw = f'{{"transaction_id": "t2", "order_number": "{number}", "amount": {literal}, "outcome": "paid"}}'
    raw = raw.encode()
    headers = {**HOST, "X-Sandbox-Signature": signing.sign(app.config["PAYMENT_SANDBOX_SECRET"], raw)}
    res = client.post(
        "/api/payment/notify/sandbox", headers=headers, data=raw, content_type="application/json"
    )
    assert_error(res, 400)
    db.session.expire_all()
    assert db.session.get(Order, order["id"]).status == "unpaid"


@pytest.mark.parametrize("amount", SPECIALS)
def test_special_amounts_are_a_422_on_create_payment(api, as_member, order, amount):
    body = {"order_number": order["order_number"], "total_price": amount}
    res = api.post("/api/payment/create-payment", as_member, json=body)
    assert "total_price" in assert_error(res, 422, "validation_error")["errors"]


@pytest.mark.parametrize("amount", ["55.005", 55.005, "55.001"])
def test_an_amount_past_the_cent_is_refused_on_create_payment_not_rounded(api, as_member, order, amount):
    # The one money rule (bff/common/schemas.py's MoneyInput): never rounded to the order's 55.00.
    assert order["total_price"] == 55.0
    body = {"order_number": order["order_number"], "total_price": amount}
    error = assert_error(
        api.post("/api/payment/create-payment", as_member, json=body), 422, "validation_error"
    )
    assert error["errors"]["total_price"] == ["请输入不小于0、最多两位小数的金额"]


@pytest.mark.parametrize("amount", SPECIALS)
def test_special_amounts_are_a_422_at_checkout(api, as_member, product, amount):
    res = api.post("/api/order/create", as_member, json=checkout_body([(product, 1, None)], amount, amount))
    errors = assert_error(res, 422, "validation_error")["errors"]
    assert {"totalAmount", "shippingCost"} <= set(errors)
    assert db.session.query(Order).count() == 0
