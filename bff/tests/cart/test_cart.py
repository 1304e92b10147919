"""Cart calls: list, add (delta, set, variants), stock checks, delete, clear, isolation."""

from decimal import Decimal

import pytest

from bff.tests.fixtures.presets import honey_with
from bff.tests.helpers import assert_error

SOLD_OUT = "已售罄，没有添加购物车"


honey = honey_with(price=Decimal("50.00"), discount=Decimal("45.00"), virtual_inventory=5)


@pytest.fixture
def wool(store, make_product):
    return make_product(
        store,
        "Wool socks",
        price=Decimal("20.00"),
        virtual_inventory=0,
        variants=[
            {"name": "S", "price": Decimal("20.00"), "virtual_inventory": 3, "weight": 200},
            {"name": "L", "price": Decimal("22.00"), "virtual_inventory": 0, "weight": 250},
        ],
    )


def _carts(res):
    assert res.status_code == 200, res.get_json()
    return res.get_json()["carts"]


def test_a_guest_is_told_to_sign_in(client, store, honey):
    res = client.post("/api/cart/add", headers={"X-Site-Host": "shop-a.test"}, json={"product_id": honey.id})
    assert res.status_code == 401
    assert res.get_json()["message"] == "Unauthenticated."
    assert client.get("/api/cart", headers={"X-Site-Host": "shop-a.test"}).status_code == 401


def test_adding_one_then_plus_one_then_minus_one(api, as_member, honey):
    carts = _carts(api.add(as_member, honey))
    assert len(carts) == 1
    line = carts[0]
    assert line["quantity"] == 1 and line["product_id"] == honey.id and line["variant"] is None
    assert line["price"] == 45.0 and line["line_total"] == 45.0 and line["weight"] == 500
    assert line["product"]["name"] == "Manuka honey"
    assert line["product"]["avatar"] == line["product"]["images"][0]["id"]
    assert line["product"]["final_price"] == 45.0
    assert _carts(api.add(as_member, honey, 1))[0]["quantity"] == 2
    assert _carts(api.add(as_member, honey, -1))[0]["quantity"] == 1
    assert _carts(api.add(as_member, honey, -1)) == []


def test_a_chosen_amount_sets_the_line(api, as_member, honey):
    api.add(as_member, honey, 2)
    assert _carts(api.add(as_member, honey, 4, set=1))[0]["quantity"] == 4
    assert _carts(api.add(as_member, honey, 0, set=1)) == []


def test_form_encoded_bodies_are_accepted(client, as_member, honey):
    res = client.post("/api/cart/add", headers=as_member, data={"product_id": str(honey.id), "quantity": "3"})
    assert _carts(res)[0]["quantity"] == 3


def test_get_lists_the_cart_under_data(api, as_member, honey):
    api.add(as_member, honey, 2)
    body = api.get("/api/cart", as_member).get_json()
    assert [line["quantity"] for line in body["data"]["carts"]] == [2]


def test_adding_past_the_stock_changes_nothing(api, as_member, honey):
    api.add(as_member, honey, 4)
    body = assert_error(api.add(as_member, honey, 2), 409, "exceeds_stock")
    assert "5" in body["message"]
    assert api.get("/api/cart", as_member).get_json()["data"]["carts"][0]["quantity"] == 4
    assert_error(api.add(as_member, honey, 6, set=1), 409, "exceeds_stock")


def test_a_sold_out_product_is_not_added(api, as_member, store, make_product):
    gone = make_product(store, virtual_inventory=0)
    body = assert_error(api.add(as_member, gone), 409, "sold_out")
    assert body["message"] == SOLD_OUT
    assert api.get("/api/cart", as_member).get_json()["data"]["carts"] == []


def test_lowering_a_line_is_allowed_when_stock_fell(api, as_member, honey, session, refresh):
    api.add(as_member, honey, 3)
    honey = refresh(honey)
    honey.virtual_inventory = 0
    session.commit()
    assert _carts(api.add(as_member, honey, -1))[0]["quantity"] == 2
    assert_error(api.add(as_member, honey, 1), 409, "sold_out")


def test_a_product_with_variants_needs_one_of_its_variants(api, as_member, wool, honey):
    assert_error(api.add(as_member, wool), 422, "variant_required")
    other_variant = type("V", (), {"id": 999999})()
    assert_error(api.add(as_member, wool, variant=other_variant), 422, "variant_required")
    assert_error(api.add(as_member, honey, variant=wool.variants[0]), 422, "variant_required")
    small, large = wool.variants
    carts = _carts(api.add(as_member, wool, 2, variant=small))
    assert carts[0]["variant"]["name"] == "S" and carts[0]["variant_id"] == small.id
    assert carts[0]["price"] == 20.0 and carts[0]["weight"] == 200
    assert_error(api.add(as_member, wool, 2, variant=small), 409, "exceeds_stock")
    assert assert_error(api.add(as_member, wool, variant=large), 409, "sold_out")["message"] == SOLD_OUT


def test_variants_are_separate_lines(api, as_member, wool, store, session, refresh):
    small, large = wool.variants
    large = refresh(large)
    large.virtual_inventory = 5
    session.commit()
    api.add(as_member, wool, variant=small)
    carts = _carts(api.add(as_member, wool, variant=large))
    assert sorted(line["variant"]["name"] for line in carts) == ["L", "S"]


def test_member_prices_apply_to_the_line(
    api, store, make_product, make_user, make_member_level, auth_headers
):
    level = make_member_level(store, "80")
    vip = make_user(store, member_level_id=level.id)
    product = make_product(store, price=Decimal("10.00"), member_price=Decimal("9.00"))
    line = _carts(api.add(auth_headers(vip), product))[0]
    assert line["price"] == 8.0 and line["product"]["final_price"] == 8.0


def test_delete_and_clear(api, as_member, honey, wool):
    api.add(as_member, honey)
    carts = _carts(api.add(as_member, wool, variant=wool.variants[0]))
    remaining = _carts(api.post(f"/api/cart/delete/{carts[0]['id']}", as_member))
    assert [line["product_id"] for line in remaining] == [wool.id]
    assert_error(api.post(f"/api/cart/delete/{carts[0]['id']}", as_member), 404)
    assert _carts(api.post("/api/cart/clear", as_member)) == []


def test_the_cart_survives_logout_and_login(api, as_member, honey, member, auth_headers):
    api.add(as_member, honey, 2)
    assert api.post("/api/logout", as_member).status_code in (200, 204)
    assert api.get("/api/cart", as_member).status_code == 401
    again = auth_headers(member)
    assert api.get("/api/cart", again).get_json()["data"]["carts"][0]["quantity"] == 2


def test_another_member_sees_nothing_and_cannot_delete(api, as_member, as_other, honey):
    line = _carts(api.add(as_member, honey))[0]
    assert api.get("/api/cart", as_other).get_json()["data"]["carts"] == []
    assert_error(api.post(f"/api/cart/delete/{line['id']}", as_other), 404)
    api.post("/api/cart/clear", as_other)
    assert len(api.get("/api/cart", as_member).get_json()["data"]["carts"]) == 1


def test_another_shop_refuses_the_token_and_its_products(
    api, as_member, member, honey, store_b, make_user, make_product, auth_headers
):
    foreign = {**as_member, "X-Site-Host": "shop-b.test"}
    assert api.get("/api/cart", foreign).status_code == 401
    assert_error(api.add(foreign, honey), 401)
    b_product = make_product(store_b)
    assert_error(api.add(as_member, b_product), 404)
    b_member = auth_headers(make_user(store_b))
    assert_error(api.add(b_member, honey), 404)


def test_unknown_products_and_bad_quantities(api, as_member, honey, store, make_product):
    assert_error(api.post("/api/cart/add", as_member, json={"product_id": 999999}), 404)
    assert_error(api.post("/api/cart/add", as_member, json={}), 422)
    assert_error(api.add(as_member, honey, "many"), 422)
    assert_error(api.add(as_member, honey, 5000), 422)
    assert_error(api.add(as_member, honey, -2, set=1), 422)
    hidden = make_product(store, is_active=False)
    assert_error(api.add(as_member, hidden), 404)
