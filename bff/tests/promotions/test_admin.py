"""The console's promotions: create, pause, see the use of each; the rules of the forms; the
shop's admin only."""

from decimal import Decimal as D

import pytest

from bff.tests.fixtures.shopping import checkout_body

CODES = "/api/admin/discount-codes"
TIERS = "/api/admin/spend-tiers"
FREE = "/api/admin/free-shipping"


def _v(n):
    return {"If-Match": f'W/"{n}"'}


def test_the_owner_creates_a_code_and_a_tier_pauses_the_code_and_sees_their_use(
    client, as_admin, as_member, api, store, make_product
):
    honey = make_product(store, "Manuka honey", price=D("120.00"), weight=1000)
    res = client.post(
        CODES,
        headers=as_admin,
        json={"code": "welcome5", "kind": "amount", "value": "5", "usage_limit": 100, "per_member_limit": 1},
    )
    assert res.status_code == 201, res.get_json()
    code = res.get_json()["discount_code"]
    assert code["code"] == "WELCOME5" and code["used_count"] == 0 and code["paused"] is False
    tier = client.post(TIERS, headers=as_admin, json={"threshold": "100", "saving": "12"}).get_json()[
        "spend_tier"
    ]
    assert client.get(TIERS, headers=as_admin).get_json()["spend_tiers"][0]["saving"] == D("12.00")

    assert api.add(as_member, honey).status_code == 200
    body = checkout_body([(honey, 1, None)], "120.00", "10.00") | {
        "discountCode": "Welcome5",
        "discountAmount": "17.00",
    }
    placed = api.post("/api/order/create", as_member, json=body)
    assert placed.status_code == 200 and placed.get_json()["order"]["total_price"] == D("113.00")
    number = placed.get_json()["order"]["order_number"]

    res = client.get(f"{CODES}/{code['id']}/uses", headers=as_admin)
    assert res.status_code == 200, res.get_json()
    uses = res.get_json()
    assert uses["count"] == 1 and uses["saved"] == D("5.00")
    assert uses["orders"][0]["order_number"] == number and uses["orders"][0]["email"] == "member@example.com"
    tier_uses = client.get(f"{TIERS}/{tier['id']}/uses", headers=as_admin).get_json()
    assert tier_uses["count"] == 1 and tier_uses["saved"] == D("12.00")
    assert client.get(CODES, headers=as_admin).get_json()["discount_codes"][0]["used_count"] == 1

    paused = client.patch(f"{CODES}/{code['id']}", headers={**as_admin, **_v(1)}, json={"paused": True})
    assert paused.status_code == 200 and paused.get_json()["discount_code"]["paused"] is True
    preview = api.post(
        "/api/checkout/promotions",
        as_member,
        json={"cartItems": [{"product_id": honey.id, "quantity": 1}], "code": "WELCOME5"},
    )
    assert preview.get_json()["code_error"]["code"] == "code_paused"
    # Used by an order: kept (and paused), not deleted.
    assert client.delete(f"{CODES}/{code['id']}", headers={**as_admin, **_v(2)}).status_code == 409
    audit = client.get("/api/admin/audit", headers=as_admin).get_json()
    assert {"discount_code", "spend_tier"} <= {e["object_type"] for e in audit["entries"]["data"]}


@pytest.mark.parametrize(
    "url, body, field, words",
    [
        (CODES, {"code": "BAD CODE", "kind": "amount", "value": "5"}, "code", "只能包含字母"),
        (CODES, {"code": "PCT", "kind": "percent", "value": "120"}, "value", "1 到 100"),
        (CODES, {"code": "ZERO", "kind": "amount", "value": "0"}, "value", "大于 0"),
        (
            CODES,
            {"code": "CAT", "kind": "amount", "value": "5", "scope": "categories"},
            "scope_ids",
            "请选择",
        ),
        (
            CODES,
            {"code": "CAT", "kind": "amount", "value": "5", "scope": "products", "scope_ids": [424242]},
            "scope_ids",
            "不存在",
        ),
        (
            CODES,
            {
                "code": "LATE",
                "kind": "amount",
                "value": "5",
                "starts_at": "2026-12-02T00:00:00+13:00",
                "ends_at": "2026-12-01T00:00:00+13:00",
            },
            "ends_at",
            "结束时间",
        ),
        (TIERS, {"threshold": "50", "saving": "50"}, "saving", "小于门槛"),
        (FREE, {"shipping_type": "by-camel", "threshold": "50"}, "shipping_type", ""),
    ],
)
def test_a_form_that_breaks_a_rule_is_refused_on_its_field(client, as_admin, url, body, field, words):
    res = client.post(url, headers=as_admin, json=body)
    assert res.status_code == 422, res.get_json()
    assert words in res.get_json()["errors"][field][0]


def test_a_code_and_a_method_threshold_are_each_unique_in_the_shop(client, as_admin):
    body = {"code": "ONCE", "kind": "amount", "value": "5"}
    assert client.post(CODES, headers=as_admin, json=body).status_code == 201
    again = client.post(CODES, headers=as_admin, json=body | {"code": "once"})
    assert again.status_code == 422 and again.get_json()["errors"]["code"] == ["该优惠码已存在。"]
    free = {"shipping_type": "local-direct", "threshold": "60"}
    assert client.post(FREE, headers=as_admin, json=free).status_code == 201
    assert client.post(FREE, headers=as_admin, json=free).status_code == 422


def test_only_the_shops_admin_reaches_the_promotions(client, outsiders):
    for headers, status in outsiders.values():
        for url in (CODES, TIERS, FREE):
            assert client.get(url, headers=headers).status_code == status
