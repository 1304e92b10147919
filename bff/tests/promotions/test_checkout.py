"""Promotions at checkout: the preview, the order's applied rules and line shares, free shipping,
every bad code refused in the shop's language with nothing lost, and a cancelled order's code use."""

from datetime import timedelta
from decimal import Decimal
from decimal import Decimal as D

import pytest

from bff.common.models import utcnow
from bff.extensions import db
from bff.orders.models import Order
from bff.pricing.rules import yuan
from bff.promotions.models import DiscountCode
from bff.tests.fixtures.shopping import checkout_body

PREVIEW = "/api/checkout/promotions"


def _items(kiwi):
    return [(kiwi["honey"], 1, None), (kiwi["socks"], 1, None)]


def _preview(api, headers, kiwi, code="", method="oversea-direct"):
    body = {
        "cartItems": [{"product_id": p.id, "quantity": q} for p, q, _ in _items(kiwi)],
        "shipping_type": method,
        "code": code,
    }
    res = api.post(PREVIEW, headers, json=body)
    assert res.status_code == 200, res.get_json()
    return res.get_json()


def _add_cart(api, headers, kiwi):
    for product, quantity, _ in _items(kiwi):
        assert api.add(headers, product, quantity).status_code == 200


def _cart_count(api, headers):
    return len(api.get("/api/cart", headers).get_json()["data"]["carts"])


def test_the_preview_applies_the_best_tier_and_the_code_on_what_the_code_covers(
    api, as_member, kiwi, make_tier, make_code, store
):
    make_tier(store, "50.00", "5.00")
    make_tier(store, "100.00", "10.00")
    make_code(store, scope="categories", scope_ids=[kiwi["category"].id])
    quote = _preview(api, as_member, kiwi, code=" save10 ")
    assert quote["subtotal"] == D("100.00")
    assert [(d["kind"], d["label"], d["amount"]) for d in quote["discounts"]] == [
        ("tier", "满 NZ$100.00 减 NZ$10.00", D("10.00")),
        ("code", "优惠码 SAVE10", D("5.40")),  # 10 % of the honey's 60.00 less its 6.00 of the tier
    ]
    assert quote["discount_total"] == D("15.40") and quote["items_total"] == D("84.60")
    assert quote["code"] == "SAVE10" and quote["code_error"] is None
    assert quote["free_shipping"] is False


def test_the_order_stores_every_rule_each_lines_share_and_charges_the_total(
    api, as_member, kiwi, make_tier, make_code, make_free_shipping, store
):
    make_tier(store, "100.00", "10.00")
    code = make_code(store, scope="categories", scope_ids=[kiwi["category"].id])
    make_free_shipping(store, "80.00")
    _add_cart(api, as_member, kiwi)
    quote = _preview(api, as_member, kiwi, code="SAVE10")
    assert quote["free_shipping"] is True and quote["free_shipping_threshold"] == D("80.00")

    body = checkout_body(_items(kiwi), "100.00", "0.00", weight=1000)
    body |= {"discountCode": "save10", "discountAmount": "15.40"}
    res = api.post("/api/order/create", as_member, json=body)
    assert res.status_code == 200, res.get_json()
    order = res.get_json()["order"]
    assert order["total_amount"] == D("100.00") and order["discount_amount"] == D("15.40")
    assert order["shipping_cost"] == D("0.00") and order["total_price"] == D("84.60")
    assert [(d["kind"], d["amount"]) for d in order["discounts"]] == [
        ("tier", D("10.00")),
        ("code", D("5.40")),
        ("free_shipping", D("10.00")),  # 1 kg overseas at NZ$10/kg, waived
    ]
    shares = {
        line["product_name"]: (line["discount_amount"], line["paid_amount"])
        for line in order["order_details"]
    }
    assert shares == {"Manuka honey": (D("11.40"), D("48.60")), "Wool socks": (D("4.00"), D("36.00"))}
    # The yuan once from the final NZ$ total at the order's rate.
    assert Decimal(str(order["yuan_total"])) == yuan(Decimal("84.60"), Decimal("4.5"))
    assert _cart_count(api, as_member) == 0
    db.session.expire_all()
    assert db.session.get(DiscountCode, code.id).used_count == 1


def test_an_order_whose_discount_differs_from_the_servers_is_refused_and_nothing_is_lost(
    api, as_member, kiwi, make_tier, store
):
    make_tier(store, "100.00", "10.00")
    _add_cart(api, as_member, kiwi)
    body = checkout_body(_items(kiwi), "100.00", "10.00", weight=1000)  # saw no 满减
    res = api.post("/api/order/create", as_member, json=body)
    assert res.status_code == 409 and res.get_json()["errors"]["discountAmount"] == ["10.00"]
    assert db.session.query(Order).count() == 0 and _cart_count(api, as_member) == 2


BAD_CODES = [
    ("NOPE", {}, "code_unknown", "优惠码“NOPE”不存在"),
    ("SAVE10", {"paused": True}, "code_paused", "暂停使用"),
    ("SAVE10", {"starts_at": utcnow() + timedelta(days=1)}, "code_not_started", "尚未开始使用"),
    ("SAVE10", {"ends_at": utcnow() - timedelta(minutes=1)}, "code_expired", "已过期"),
    ("SAVE10", {"usage_limit": 3, "used_count": 3}, "code_used_up", "已被领完"),
    ("SAVE10", {"min_spend": Decimal("150.00")}, "code_min_spend", "需满 NZ$150.00"),
    ("SAVE10", {"scope": "products", "scope_ids": [999]}, "code_not_applicable", "不适用"),
]


@pytest.mark.parametrize("entered, fields, error, words", BAD_CODES, ids=[c[2] for c in BAD_CODES])
def test_every_bad_code_is_refused_with_its_reason_and_the_cart_is_kept(
    api, as_member, kiwi, make_code, entered, fields, error, words, store
):
    make_code(store, **fields)
    _add_cart(api, as_member, kiwi)
    quote = _preview(api, as_member, kiwi, code=entered)
    assert quote["code"] is None and quote["code_error"]["code"] == error
    assert words in quote["code_error"]["message"] and quote["discount_total"] == 0

    body = checkout_body(_items(kiwi), "100.00", "10.00", weight=1000) | {"discountCode": entered}
    res = api.post("/api/order/create", as_member, json=body)
    assert res.status_code in (409, 422) and res.get_json()["code"] == error
    assert words in res.get_json()["errors"]["discountCode"][0]
    assert db.session.query(Order).count() == 0 and _cart_count(api, as_member) == 2


def test_an_english_shop_says_why_in_english(client, make_shop, make_user, auth_headers, make_product):
    shop = make_shop("en.test", language="en", shipping_cost=Decimal("10.00"))
    product = make_product(shop, price=Decimal("20.00"))
    headers = auth_headers(make_user(shop))
    body = {"cartItems": [{"product_id": product.id, "quantity": 1}], "code": "gone"}
    res = client.post(PREVIEW, headers=headers, json=body)
    assert (
        res.get_json()["code_error"]["message"] == "There is no discount code “GONE”. Check it and try again."
    )


def test_a_member_limit_counts_orders_and_a_cancelled_order_gives_its_use_back(
    api, as_member, kiwi, make_code, store
):
    code = make_code(store, kind="amount", value="5.00", per_member_limit=1, usage_limit=5)
    body = checkout_body(_items(kiwi), "100.00", "10.00", weight=1000) | {
        "discountCode": "SAVE10",
        "discountAmount": "5.00",
    }
    _add_cart(api, as_member, kiwi)
    first = api.post("/api/order/create", as_member, json=body)
    assert first.status_code == 200 and first.get_json()["order"]["total_price"] == D("105.00")
    _add_cart(api, as_member, kiwi)
    again = api.post("/api/order/create", {**as_member, "Idempotency-Key": "2nd"}, json=body)
    assert again.status_code == 422 or again.status_code == 409
    assert again.get_json()["code"] == "code_member_limit"
    assert "每位会员限用 1 次" in again.get_json()["message"]

    order_id = first.get_json()["order"]["id"]
    assert api.post(f"/api/orders/delete/{order_id}", as_member).status_code == 200
    db.session.expire_all()
    assert db.session.get(DiscountCode, code.id).used_count == 0
    third = api.post("/api/order/create", {**as_member, "Idempotency-Key": "3rd"}, json=body)
    assert third.status_code == 200, third.get_json()
