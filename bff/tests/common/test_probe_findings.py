"""The second outside probe's findings (issue 28) on input, links and pictures in rich text, each
as the request the probe sent: every one failed on the code before the fix. Numbers: finding 4
(huge and special amounts, lone surrogates, upload names), 12 (quantities), 1 (line separators in
the shop's settings), 11 (http pictures, off-site banner links). The If-Match findings (7) are in
bff/tests/catalog/test_version_rule.py, uploads (8) in bff/tests/media/test_upload_payloads.py,
deletion (9) in bff/tests/privacy/test_personal_data.py, lock-out (10) in
bff/tests/accounts/test_login_throttle.py, the SSR's (5, 12) in ssr/bodyLimit.test.js and
ssr/app.test.js."""

import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from flask import current_app
from PIL import Image
from sqlalchemy import func, select

from bff.accounts.models import User
from bff.addresses.models import ShippingAddress
from bff.catalog.models import Product, ProductImage
from bff.common.html import sanitize_html
from bff.extensions import db
from bff.orders.models import Order
from bff.shops.models import Shop
from bff.tests.fixtures.shopping import CHINA_RECIPIENT, checkout_body
from bff.tests.helpers import SHOP_A, assert_error, with_version

HUGE = ["1e26", "1E+26", "123456789012345678901234567890", "9" * 40, "1e400", "-1e26"]
ADDRESS = {k: v for k, v in CHINA_RECIPIENT.items() if k.startswith("shipping_") and k != "shipping_type"}


def raw_json(client, method, url, headers, text: str):
    """Send `text` as the body exactly (the JSON number is the probe's literal, not a float)."""
    return getattr(client, method)(url, headers=headers, data=text, content_type="application/json")


@pytest.fixture
def order(api, as_member, honey):
    res = api.post("/api/order/create", as_member, json=checkout_body([(honey, 1, None)], "45.00", "10.00"))
    assert res.status_code == 200, res.data
    return res.get_json()["order"]


# 4. Huge numbers in every money field ---------------------------------------------------------


@pytest.mark.parametrize("literal", HUGE)
def test_a_huge_json_number_at_checkout_is_a_422_and_no_order(client, as_member, honey, literal):
    body = json.dumps(checkout_body([(honey, 1, None)], "X", "Y"))
    body = body.replace('"X"', literal).replace('"Y"', literal)
    errors = assert_error(raw_json(client, "post", "/api/order/create", as_member, body), 422)["errors"]
    assert {"totalAmount", "shippingCost"} <= set(errors)
    assert db.session.scalar(select(func.count()).select_from(Order)) == 0


@pytest.mark.parametrize("literal", HUGE)
def test_a_huge_json_number_on_create_payment_is_a_422(client, as_member, order, literal):
    body = f'{{"order_number": "{order["order_number"]}", "total_price": {literal}}}'
    res = raw_json(client, "post", "/api/payment/create-payment", as_member, body)
    assert "total_price" in assert_error(res, 422)["errors"]


@pytest.mark.parametrize("literal", HUGE)
def test_a_huge_json_number_as_a_console_price_is_a_422(client, as_admin, honey, literal):
    body = f'{{"name": "Jar", "price": {literal}}}'
    assert (
        "price"
        in assert_error(raw_json(client, "post", "/api/admin/products", as_admin, body), 422)["errors"]
    )
    headers = with_version(client, as_admin, f"/api/admin/products/{honey.id}")
    res = raw_json(client, "patch", f"/api/admin/products/{honey.id}", headers, f'{{"discount": {literal}}}')
    assert "discount" in assert_error(res, 422)["errors"]
    assert db.session.scalar(select(func.count()).select_from(Product)) == 1


@pytest.mark.parametrize("field", ["shipping_cost", "local_shipping_cost", "shop_exchange_rate"])
@pytest.mark.parametrize("literal", ["1e26", "1e400", "123456789012345678901234567890"])
def test_a_huge_json_number_in_the_settings_is_a_422(client, as_admin, store, field, literal):
    headers = with_version(client, as_admin, "/api/admin/settings")
    res = raw_json(client, "patch", "/api/admin/settings", headers, f'{{"{field}": {literal}}}')
    assert field in assert_error(res, 422)["errors"]


@pytest.mark.parametrize("literal", ["1e26", "1e400"])
def test_a_huge_json_number_on_mark_paid_and_refund_is_a_422(client, as_admin, order, literal):
    url = f"/api/admin/orders/{order['order_number']}"
    body = f'{{"amount": {literal}, "reference": "bank 1"}}'
    assert (
        "amount" in assert_error(raw_json(client, "post", f"{url}/mark-paid", as_admin, body), 422)["errors"]
    )
    body = f'{{"amount": {literal}, "reason": "broken"}}'
    assert "amount" in assert_error(raw_json(client, "post", f"{url}/refunds", as_admin, body), 422)["errors"]


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_literals_in_a_money_field_are_a_400(client, as_admin, literal):
    res = raw_json(client, "post", "/api/admin/products", as_admin, f'{{"name": "Jar", "price": {literal}}}')
    assert_error(res, 400, "invalid_json")


@pytest.mark.parametrize("text", ["NaN", "Infinity", "sNaN", "1e26", "-0"])
def test_special_amounts_as_text_in_the_console_are_a_422(client, as_admin, text):
    res = client.post("/api/admin/products", headers=as_admin, json={"name": "Jar", "price": text})
    assert "price" in assert_error(res, 422)["errors"]


# 4. Lone surrogates in any text -----------------------------------------------------------------


def test_a_lone_surrogate_in_the_register_name_is_a_400_in_the_shops_language(client, store):
    body = '{"name": "A\\ud800na", "email": "a@example.com", "password": "abcd1234", '
    body += '"password_confirmation": "abcd1234", "acceptTerms": true}'
    res = raw_json(client, "post", "/api/auth/register", SHOP_A, body)
    assert assert_error(res, 400, "invalid_text")["message"].startswith("请求内容含有无效的字符")
    assert db.session.scalar(select(func.count()).select_from(User)) == 0


def test_an_english_shop_says_so_in_english(client, make_shop):
    make_shop("en.test", language="en")
    res = raw_json(client, "post", "/api/auth/login", {"X-Site-Host": "en.test"}, '{"email": "\\udfff"}')
    assert assert_error(res, 400, "invalid_text")["message"].startswith("The request holds characters")


@pytest.mark.parametrize("field", list(ADDRESS))
def test_a_lone_surrogate_in_any_address_field_is_refused_and_nothing_saved(client, as_member, field):
    body = json.dumps({**ADDRESS, field: "PLACEHOLDER"}).replace("PLACEHOLDER", "x\\udc80y")
    assert_error(
        raw_json(client, "post", "/api/shipping-addresses/create", as_member, body), 400, "invalid_text"
    )
    assert db.session.scalar(select(func.count()).select_from(ShippingAddress)) == 0


@pytest.mark.parametrize("where", ["value", "key", "nested"])
def test_a_lone_surrogate_anywhere_in_a_console_body_is_refused(client, as_admin, where):
    body = {
        "value": '{"name": "\\ud83d", "price": "1.00"}',
        "key": '{"name": "Jar", "price": "1.00", "\\ud800": 1}',
        "nested": '{"name": "Jar", "price": "1.00", "variants": [{"name": "\\udbff", "price": "1.00"}]}',
    }[where]
    assert_error(raw_json(client, "post", "/api/admin/products", as_admin, body), 400, "invalid_text")
    assert db.session.scalar(select(func.count()).select_from(Product)) == 0


def test_a_well_formed_pair_is_ordinary_text(client, as_admin):
    res = raw_json(
        client, "post", "/api/admin/products", as_admin, '{"name": "Jar \\ud83d\\ude00", "price": "1"}'
    )
    assert res.status_code == 201, res.json
    assert res.json["product"]["name"] == "Jar 😀"


# 1. Line separators and C1 controls in the shop's settings (and every other text field) ----------


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u0085", "\u009b"])
@pytest.mark.parametrize("field", ["shop_name", "shop_slogan"])
def test_the_shop_settings_refuse_line_separators_and_c1_controls(client, as_admin, store, char, field):
    headers = with_version(client, as_admin, "/api/admin/settings")
    res = client.patch("/api/admin/settings", headers=headers, json={field: f"Kiwi{char}Shop"})
    assert assert_error(res, 422)["errors"][field] == ["不能包含控制字符"]
    db.session.expire_all()
    assert char not in db.session.get(Shop, store.id).shop_name


def test_a_line_separator_in_a_recipients_name_is_a_422_too(api, as_member, honey):
    body = checkout_body([(honey, 1, None)], "45.00", "10.00", shipping_name="王\u2028小明")
    errors = assert_error(api.post("/api/order/create", as_member, json=body), 422)["errors"]
    assert errors == {"shippingInfo": {"shipping_name": ["不能包含控制字符"]}}


# 4. Upload file names, checked before anything is written ----------------------------------------


def _jpeg() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (64, 64), (200, 120, 40)).save(buf, "JPEG")
    return buf.getvalue()


def _stored_files() -> list[Path]:
    root = Path(current_app.config["MEDIA_ROOT"])
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


@pytest.mark.parametrize("name", ["a\x00b.jpg", "x" * 1000 + ".jpg", "ok\u2028.jpg", "tab\there.jpg"])
def test_an_upload_named_with_a_nul_or_a_thousand_characters_is_a_422_and_writes_nothing(
    client, as_admin, honey, name
):
    before = _stored_files()
    res = client.post(
        f"/api/admin/products/{honey.id}/images",
        data={"images": [(io.BytesIO(_jpeg()), "fine.jpg"), (io.BytesIO(_jpeg()), name)]},
        headers=with_version(client, as_admin, f"/api/admin/products/{honey.id}"),
        content_type="multipart/form-data",
    )
    body = assert_error(res, 422, "validation_error")
    assert "文件名无效" in body["message"]
    assert _stored_files() == before  # no orphans
    assert db.session.scalar(select(func.count()).select_from(ProductImage)) == 1  # the builder's own


def test_a_long_but_valid_name_is_kept_and_its_file_name_shortened(client, as_admin, honey):
    name = "蜂" * 200 + ".jpg"
    res = client.post(
        f"/api/admin/products/{honey.id}/images",
        data={"images": [(io.BytesIO(_jpeg()), name)]},
        headers=with_version(client, as_admin, f"/api/admin/products/{honey.id}"),
        content_type="multipart/form-data",
    )
    assert res.status_code == 201, res.json
    assert res.json["product"]["images"][-1]["name"] == name


# 12. Quantities parsed strictly ------------------------------------------------------------------


@pytest.mark.parametrize("quantity", ["1.9", "1_000", "1e3", " 2 3", "٣", "0x10", True])
def test_a_cart_quantity_that_is_not_a_whole_number_is_a_422(client, as_member, honey, quantity):
    res = client.post("/api/cart/add", headers=as_member, json={"product_id": honey.id, "quantity": quantity})
    assert "quantity" in assert_error(res, 422)["errors"]
    assert client.get("/api/cart", headers=as_member).json["data"]["carts"] == []


def test_a_json_1_point_9_is_not_taken_as_1(client, as_member, honey):
    res = raw_json(
        client, "post", "/api/cart/add", as_member, f'{{"product_id": {honey.id}, "quantity": 1.9}}'
    )
    assert "quantity" in assert_error(res, 422)["errors"]
    res = raw_json(
        client, "post", "/api/cart/add", as_member, f'{{"product_id": {honey.id}, "quantity": 2.0}}'
    )
    assert res.status_code == 200, res.json


@pytest.mark.parametrize("quantity", [1.9, "1_000", "1.5"])
def test_an_order_quantity_that_is_not_a_whole_number_is_a_422_and_no_order(api, as_member, honey, quantity):
    body = checkout_body([(honey, 1, None)], "45.00", "10.00")
    body["cartItems"][0]["quantity"] = quantity
    assert_error(api.post("/api/order/create", as_member, json=body), 422)
    assert db.session.scalar(select(func.count()).select_from(Order)) == 0


def test_a_form_encoded_quantity_of_digits_is_still_taken(client, as_member, honey):
    res = client.post(
        "/api/cart/add", headers=as_member, data={"product_id": str(honey.id), "quantity": " 2 "}
    )
    assert res.status_code == 200, res.json


@pytest.mark.parametrize("delta", ["1.9", "1_000", 2.5])
def test_a_stock_change_that_is_not_a_whole_number_is_a_422(client, as_admin, honey, delta):
    headers = with_version(client, as_admin, f"/api/admin/products/{honey.id}")
    res = client.post(
        f"/api/admin/products/{honey.id}/stock", headers=headers, json={"delta": delta, "reason": "x"}
    )
    assert "delta" in assert_error(res, 422)["errors"]


# 11. Pictures in rich text and on-site links -----------------------------------------------------


@pytest.mark.parametrize(
    "src, kept",
    [
        ("http://cdn.example/a.jpg", False),
        ("HTTP://cdn.example/a.jpg", False),
        ("//cdn.example/a.jpg", False),
        ("/\\cdn.example/a.jpg", False),
        ("data:image/png;base64,AAAA", False),
        ("javascript:alert(1)", False),
        ("https://cdn.example/a.jpg", True),
        ("HTTPS://cdn.example/a.jpg", True),
        ("/media/products/a.jpg", True),
    ],
)
def test_rich_text_keeps_only_https_and_site_pictures(src, kept):
    cleaned = sanitize_html(f'<p>x<img src="{src}" alt="a"></p>')
    assert ("src=" in cleaned) is kept, cleaned


def test_an_http_picture_written_by_sql_never_reaches_an_answer(client, store, make_product):
    product = make_product(store, "Jar", price=Decimal("1.00"))
    db.session.execute(
        Product.__table__.update()
        .where(Product.id == product.id)
        .values(product_details='<img src="http://cdn.example/x.jpg"><img src="https://cdn.example/y.jpg">')
    )
    db.session.commit()
    answer = client.get(f"/api/product/{product.id}", headers=SHOP_A).get_data(as_text=True)
    assert "http://cdn.example" not in answer and "https://cdn.example/y.jpg" in answer


@pytest.mark.parametrize(
    "link",
    [
        "//evil.example/x",
        "/\\evil.example",
        "/\\/evil.example",
        "\\\\evil.example",
        "/\t/evil.example",
        "javascript:alert(1)",
        "data:text/html,x",
        "ftp://evil.example/x",
        "https:evil.example",
        "https://",
        "/brand/3 onmouseover=x",
    ],
)
def test_a_banner_link_off_the_site_in_disguise_is_refused(client, as_admin, link):
    res = client.post("/api/admin/banners", headers=as_admin, json={"name": "Sale", "link_url": link})
    assert list(assert_error(res, 422)["errors"]) == ["link_url"]


@pytest.mark.parametrize(
    "link", ["/brand/3", "/category/2?sort=new#top", "https://shop.example/x", "http://a.b"]
)
def test_a_site_path_or_an_http_address_is_a_link(client, as_admin, link):
    res = client.post("/api/admin/banners", headers=as_admin, json={"name": "Sale", "link_url": link})
    assert res.status_code == 201, res.json
    assert res.json["banner"]["link_url"] == link


def test_a_disguised_link_written_by_sql_is_answered_as_no_link(client, store, make_banner):
    make_banner(store, "Sale", link_url="//evil.example/x")
    [banner] = client.get("/api/banner", headers=SHOP_A).json["banners"]
    assert banner["link_url"] is None
