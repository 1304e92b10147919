"""The shop owner's product calls: who gets in, listing, creating, editing (stale copies refused),
hiding, deleting, and the audit entry each change leaves."""

from decimal import Decimal

import pytest
from sqlalchemy import func, select

from bff.audit.models import AuditEntry
from bff.catalog.models import Product, ProductVariant, StockMovement
from bff.extensions import db
from bff.tests.fixtures.presets import HONEY, socks_with
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import SHOP_A, assert_error, assert_ledger_balanced, ids, with_version

BASE = "/api/admin/products"
# A variant's own code, barcode and picture, none set (issue 25.4), as the audit log records them.
NO_CODES = {"sku": None, "barcode": None, "image_id": None}


@pytest.fixture
def honey(store, make_product, make_category, make_brand):
    food = make_category(store, "Food")
    return make_product(
        store,
        **{**HONEY, "price": Decimal("50.00"), "discount": Decimal("45.00"), "weight": 1000},
        category_id=food.id,
        brand_id=make_brand(store, "Comvita").id,
    )


socks = socks_with(
    variants=[
        {"name": "S", "price": Decimal("20.00"), "virtual_inventory": 3, "weight": 1000},
        {"name": "L", "price": Decimal("22.00"), "virtual_inventory": 4, "weight": 1000},
    ]
)


def _entries(product_id=None) -> list[AuditEntry]:
    db.session.expire_all()
    stmt = select(AuditEntry).order_by(AuditEntry.id)
    if product_id is not None:
        stmt = stmt.where(AuditEntry.object_id == product_id)
    return list(db.session.scalars(stmt))


def _get(client, headers, product_id):
    res = client.get(f"{BASE}/{product_id}", headers=headers)
    assert res.status_code == 200, res.json
    return res


NEW_PRODUCT = {
    "name": "Kiwi chocolate",
    "description": "Milk chocolate with kiwifruit",
    "price": "12.50",
    "discount": "9.90",
    "member_price": "11.00",
    "weight": 250,
    "is_free_shipping": True,
    "is_featured": True,
    "recommend_weight": 7,
    "composition": "cocoa, milk, kiwifruit",
    "usage_instructions": "Keep cool",
    "product_details": '<p onclick="x()">Made in <b>Dunedin</b><script>alert(1)</script></p>',
    "color": "brown",
    "size": "100g",
    "image_alt": "a bar",
    "virtual_inventory": 30,
}


def _current(client, headers, product) -> dict:
    return with_version(client, headers, f"{BASE}/{product.id}")


# --- who gets in ---------------------------------------------------------------------------


def _calls(product_id):
    body = {"name": "X", "price": "1.00"}
    return [
        ("get", BASE, None),
        ("post", BASE, body),
        ("get", f"{BASE}/{product_id}", None),
        ("put", f"{BASE}/{product_id}", body),
        ("patch", f"{BASE}/{product_id}", body),
        ("delete", f"{BASE}/{product_id}", None),
        ("post", f"{BASE}/{product_id}/hide", None),
        ("post", f"{BASE}/{product_id}/show", None),
        ("get", f"{BASE}/{product_id}/stock", None),
        ("post", f"{BASE}/{product_id}/stock", {"delta": 5, "reason": "found"}),
        ("get", "/api/admin/audit", None),
    ]


def test_guests_members_and_another_shops_admin_get_nothing_and_change_nothing(client, honey, outsiders):
    before = _get_row(honey.id)
    for who, (headers, status) in outsiders.items():
        for method, url, body in _calls(honey.id):
            res = getattr(client, method)(url, headers={**headers, "If-Match": 'W/"1"'}, json=body)
            assert_error(res, status)
            assert res.status_code == status, (who, method, url)
    assert _get_row(honey.id) == before
    assert _entries() == []
    assert db.session.scalar(select(func.count()).select_from(Product)) == 1


def _get_row(product_id) -> tuple:
    db.session.expire_all()
    p = db.session.get(Product, product_id)
    return (p.name, p.price, p.version, p.is_active, p.virtual_inventory)


def test_another_shops_admin_on_its_own_host_does_not_find_this_shops_products(
    client, honey, other_admin, auth_headers
):
    as_b = auth_headers(other_admin)  # shop B's own host
    assert_error(client.get(f"{BASE}/{honey.id}", headers=as_b), 404, "not_found")
    res = client.patch(f"{BASE}/{honey.id}", headers={**as_b, "If-Match": 'W/"1"'}, json={"name": "Mine"})
    assert_error(res, 404)
    assert_error(client.post(f"{BASE}/{honey.id}/hide", headers=as_b), 404)
    assert_error(client.delete(f"{BASE}/{honey.id}", headers=as_b), 404)
    assert client.get(BASE, headers=as_b).json["products"]["data"] == []
    assert _get_row(honey.id)[0] == "Manuka honey"


# --- reading -------------------------------------------------------------------------------


def test_the_list_searches_filters_and_pages_on_the_server(
    client, as_admin, store, honey, socks, make_product, make_category, make_brand
):
    food = db.session.get(Product, honey.id).category
    sweets = make_category(store, "Sweets", parent=food)
    other_brand = make_brand(store, "Other")
    gone = make_product(
        store, "Honey drops", virtual_inventory=0, category_id=sweets.id, brand_id=other_brand.id
    )
    hidden = make_product(store, "Old honey", is_active=False)

    def listed(**query):
        res = client.get(BASE, headers=as_admin, query_string=query)
        assert res.status_code == 200, res.json
        return res.json["products"]

    everything = listed()
    assert everything["total"] == 4 and everything["per_page"] == 4 and everything["last_page"] == 1
    assert ids(everything["data"]) == [hidden.id, gone.id, socks.id, honey.id]  # newest first
    assert ids(listed(q="HONEY")["data"]) == [hidden.id, gone.id, honey.id]
    assert ids(listed(category_id=food.id)["data"]) == [gone.id, honey.id]  # with its subcategory
    assert ids(listed(brand_id=other_brand.id)["data"]) == [gone.id]
    assert ids(listed(sold_out="1")["data"]) == [gone.id]
    assert ids(listed(sold_out="0", hidden="0")["data"]) == [socks.id, honey.id]
    assert ids(listed(hidden="true")["data"]) == [hidden.id]
    assert ids(listed(q="%")["data"]) == []  # wildcards match literally
    for extra in range(3):
        make_product(store, f"Extra {extra}")
    second = listed(page=2)
    assert second["total"] == 7 and second["last_page"] == 2 and len(second["data"]) == 3
    row = next(p for p in everything["data"] if p["id"] == socks.id)
    assert row["virtual_inventory"] == 7 and [v["name"] for v in row["variants"]] == ["S", "L"]
    assert_error(client.get(BASE, headers=as_admin, query_string={"page": 0}), 422, "validation_error")


def test_the_detail_has_every_field_its_version_and_the_etag(client, as_admin, honey):
    res = _get(client, as_admin, honey.id)
    product = res.json["product"]
    assert res.headers["ETag"] == f'W/"{product["version"]}"'
    assert product["price"] == Decimal("50.00") and product["discount"] == Decimal("45.00")
    assert product["category"]["name"] == "Food" and product["brand"]["name"] == "Comvita"
    assert product["is_active"] == 1 and product["virtual_inventory"] == 10
    assert {"product_details", "composition", "usage_instructions", "variants", "image_alt"} <= set(product)


def test_a_hidden_product_is_still_there_for_the_admin(client, as_admin, store, make_product):
    hidden = make_product(store, is_active=False)
    assert _get(client, as_admin, hidden.id).json["product"]["is_active"] == 0


# --- creating ------------------------------------------------------------------------------


def test_creating_a_product_with_variants_shows_it_on_the_storefront(client, as_admin, admin, store):
    body = {
        **NEW_PRODUCT,
        "variants": [
            {"name": "Small", "price": "12.50", "weight": 100, "virtual_inventory": 5},
            {"name": "Large", "price": "20.00", "discount": "18.00", "virtual_inventory": 0},
        ],
    }
    res = client.post(BASE, headers=as_admin, json=body)
    assert res.status_code == 201, res.json
    product = res.json["product"]
    assert res.headers["ETag"] == f'W/"{product["version"]}"'
    assert product["name"] == "Kiwi chocolate" and product["price"] == Decimal("12.50")
    assert product["product_details"] == "<p>Made in <b>Dunedin</b></p>"
    assert product["virtual_inventory"] == 5  # the sum of its variants; its own number is ignored
    assert [(v["name"], v["virtual_inventory"]) for v in product["variants"]] == [("Small", 5), ("Large", 0)]

    shown = client.get(f"/api/product/{product['id']}", headers=SHOP_A).json["product"]
    assert shown["name"] == "Kiwi chocolate" and shown["virtual_inventory"] == 5
    assert shown["is_free_shipping"] == 1 and shown["final_price"] == Decimal("9.90")
    assert [v["name"] for v in shown["product_variants"]] == ["Small", "Large"]
    assert product["id"] in ids(client.get("/api/product/new", headers=SHOP_A).json["products"]["data"])

    assert_ledger_balanced(product["id"])
    reasons = db.session.scalars(
        select(StockMovement.reason).where(StockMovement.product_id == product["id"])
    )
    assert set(reasons) == {"initial"}
    (entry,) = _entries(product["id"])
    assert (entry.action, entry.object_type, entry.actor_id, entry.actor_email) == (
        "create",
        "product",
        admin.id,
        "admin@example.com",
    )
    assert entry.changes["price"] == [None, "12.50"] and entry.changes["name"] == [None, "Kiwi chocolate"]
    assert entry.at.tzinfo is not None or db.engine.dialect.name == "sqlite"


def test_a_product_without_variants_keeps_its_opening_stock(client, as_admin):
    res = client.post(BASE, headers=as_admin, json=NEW_PRODUCT)
    assert res.status_code == 201 and res.json["product"]["virtual_inventory"] == 30
    assert assert_ledger_balanced(res.json["product"]["id"])["product"] == 30


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("price", "10.555"),
        ("price", "-1"),
        ("price", "NaN"),
        ("price", "Infinity"),
        ("price", "abc"),
        ("price", None),
        ("price", True),
        ("member_price", "1e-3"),
        ("discount", "12.50"),  # not below the price
        ("weight", -1),
        ("weight", "heavy"),
        ("name", "   "),
        ("category_id", 999999),
        ("brand_id", 999999),
    ],
)
def test_bad_values_are_refused_with_the_field_named(client, as_admin, field, value):
    res = client.post(BASE, headers=as_admin, json={**NEW_PRODUCT, field: value})
    body = assert_error(res, 422, "validation_error")
    assert field in body["errors"], body
    assert db.session.scalar(select(func.count()).select_from(Product)) == 0


def test_money_is_refused_in_the_shops_language(client, make_shop, make_user, auth_headers):
    en = make_shop("en-shop.test", language="en")
    headers = auth_headers(make_user(en, "owner@example.com", is_admin=True))
    body = assert_error(client.post(BASE, headers=headers, json={**NEW_PRODUCT, "price": "1.234"}), 422)
    assert body["message"] == "Enter an amount of 0 or more, with at most two decimals."
    body = assert_error(client.post(BASE, headers=headers, json={"price": "1.00"}), 422)
    assert body["errors"]["name"] == ["Please enter a name."]


def test_money_is_refused_in_chinese_for_a_chinese_shop(client, as_admin):
    body = assert_error(client.post(BASE, headers=as_admin, json={**NEW_PRODUCT, "price": "1.234"}), 422)
    assert body["message"] == "请输入不小于0、最多两位小数的金额"
    body = assert_error(
        client.post(BASE, headers=as_admin, json={**NEW_PRODUCT, "variants": [{"name": "A", "price": "x"}]}),
        422,
    )
    assert body["errors"]["variants.0.price"] == ["请输入不小于0、最多两位小数的金额"]


# --- editing -------------------------------------------------------------------------------


def test_an_edit_with_the_etag_is_saved_audited_and_shown(client, as_admin, admin, honey):
    etag = _get(client, as_admin, honey.id).headers["ETag"]
    res = client.patch(
        f"{BASE}/{honey.id}",
        headers={**as_admin, "If-Match": etag},
        json={
            "price": "55.00",
            "name": "Manuka honey UMF 10+",
            "product_details": "<p>new<script>x</script></p>",
        },
    )
    assert res.status_code == 200, res.json
    product = res.json["product"]
    assert product["price"] == Decimal("55.00") and product["version"] == int(etag[3:-1]) + 1
    assert res.headers["ETag"] == f'W/"{product["version"]}"'
    assert product["product_details"] == "<p>new</p>"
    assert product["discount"] == Decimal("45.00")  # PATCH leaves what it is not given

    shown = client.get(f"/api/product/{honey.id}", headers=SHOP_A).json["product"]
    assert shown["name"] == "Manuka honey UMF 10+" and shown["price"] == Decimal("55.00")

    (entry,) = _entries(honey.id)
    assert entry.action == "update" and entry.actor_email == admin.email
    assert entry.changes == {
        "name": ["Manuka honey", "Manuka honey UMF 10+"],
        "price": ["50.00", "55.00"],
        "product_details": ["", "<p>new</p>"],
    }


def test_put_replaces_every_field_and_keeps_the_stock(client, as_admin, honey):
    etag = _get(client, as_admin, honey.id).headers["ETag"]
    res = client.put(
        f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": etag}, json={"name": "Plain", "price": "5.00"}
    )
    assert res.status_code == 200, res.json
    product = res.json["product"]
    assert product["discount"] is None and product["category"] is None and product["weight"] == 0
    assert product["virtual_inventory"] == 10  # stock is not a field of PUT
    assert_error(
        client.put(f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": res.headers["ETag"]}, json={}), 422
    )


def test_an_edit_without_if_match_is_refused_with_428(client, as_admin, honey):
    for headers in (as_admin, {**as_admin, "If-Match": "*"}, {**as_admin, "If-Match": "garbage"}):
        body = assert_error(client.patch(f"{BASE}/{honey.id}", headers=headers, json={"name": "X"}), 428)
        assert body["code"] == "if_match_required" and "If-Match" in body["message"]
    assert_error(client.put(f"{BASE}/{honey.id}", headers=as_admin, json={"name": "X", "price": "1"}), 428)
    assert _get_row(honey.id)[0] == "Manuka honey" and _entries() == []


def test_the_second_tab_saving_a_stale_copy_is_refused_and_nothing_is_overwritten(client, as_admin, honey):
    tab_1 = _get(client, as_admin, honey.id).headers["ETag"]
    tab_2 = _get(client, as_admin, honey.id).headers["ETag"]
    first = client.patch(
        f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": tab_1}, json={"price": "60.00"}
    )
    assert first.status_code == 200
    second = client.patch(
        f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": tab_2}, json={"price": "48.00"}
    )
    body = assert_error(second, 412, "stale_version")
    assert "改" in body["message"]  # the shop's language (Chinese)
    assert _get_row(honey.id)[1] == Decimal("60.00")
    assert len(_entries(honey.id)) == 1
    # Reloading gives the new version, with which the second tab can save.
    fresh = _get(client, as_admin, honey.id).headers["ETag"]
    again = client.patch(
        f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": fresh}, json={"price": "48.00"}
    )
    assert again.status_code == 200


def test_the_stale_message_is_english_for_an_english_shop(
    client, make_shop, make_user, make_product, auth_headers
):
    en = make_shop("en-shop.test", language="en")
    headers = auth_headers(make_user(en, "owner@example.com", is_admin=True))
    product = make_product(en)
    body = assert_error(
        client.patch(f"{BASE}/{product.id}", headers={**headers, "If-Match": 'W/"999"'}, json={}), 412
    )
    assert body["message"].startswith("This product was changed and saved after you opened it")


def test_a_stock_change_by_an_order_does_not_make_the_open_form_stale(
    client, as_admin, as_member, api, honey, store
):
    etag = _get(client, as_admin, honey.id).headers["ETag"]
    ordered = api.post(
        "/api/order/create", as_member, json=checkout_body([(honey, 1, None)], "45.00", "10.00")
    )
    assert ordered.status_code == 200, ordered.json
    res = client.patch(f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": etag}, json={"name": "Renamed"})
    assert res.status_code == 200 and res.json["product"]["virtual_inventory"] == 9


def test_variants_are_updated_created_and_deleted_through_the_product(client, as_admin, socks):
    small, large = socks.variants
    etag = _get(client, as_admin, socks.id).headers["ETag"]
    res = client.patch(
        f"{BASE}/{socks.id}",
        headers={**as_admin, "If-Match": etag},
        json={
            "variants": [
                {"id": large.id, "name": "Large", "price": "23.00", "virtual_inventory": 999},
                {
                    "name": "Medium",
                    "price": "21.00",
                    "member_price": "19.00",
                    "weight": 300,
                    "virtual_inventory": 6,
                },
            ]
        },
    )
    assert res.status_code == 200, res.json
    variants = res.json["product"]["variants"]
    assert [(v["name"], v["price"], v["virtual_inventory"]) for v in variants] == [
        ("Large", Decimal("23.00"), 4),  # an existing variant's stock is not set by an edit
        ("Medium", Decimal("21.00"), 6),
    ]
    assert res.json["product"]["virtual_inventory"] == 10
    assert db.session.get(ProductVariant, small.id) is None
    assert_ledger_balanced(socks.id)
    changes = _entries(socks.id)[0].changes
    medium_id = variants[1]["id"]
    assert changes[f"variants[{small.id}]"][1] is None
    assert changes[f"variants[{large.id}]"] == [
        {"name": "L", "price": "22.00", "discount": None, "member_price": None, "weight": 1000, **NO_CODES},
        {
            "name": "Large",
            "price": "23.00",
            "discount": None,
            "member_price": None,
            "weight": 1000,
            **NO_CODES,
        },
    ]
    assert changes[f"variants[{medium_id}]"][0] is None
    shown = client.get(f"/api/product/{socks.id}", headers=SHOP_A).json["product"]
    assert [v["name"] for v in shown["product_variants"]] == ["Large", "Medium"]


def test_a_variant_of_another_product_cannot_be_edited_through_this_one(client, as_admin, socks, honey):
    etag = _get(client, as_admin, honey.id).headers["ETag"]
    res = client.patch(
        f"{BASE}/{honey.id}",
        headers={**as_admin, "If-Match": etag},
        json={"variants": [{"id": socks.variants[0].id, "name": "Stolen", "price": "1.00"}]},
    )
    assert "variants.0.id" in assert_error(res, 422)["errors"]
    assert db.session.get(ProductVariant, socks.variants[0].id).name == "S"


def test_the_first_variants_take_over_the_products_own_stock(client, as_admin, honey):
    etag = _get(client, as_admin, honey.id).headers["ETag"]
    res = client.patch(
        f"{BASE}/{honey.id}",
        headers={**as_admin, "If-Match": etag},
        json={"variants": [{"name": "250g", "price": "30.00", "virtual_inventory": 4}]},
    )
    assert res.status_code == 200, res.json
    assert res.json["product"]["virtual_inventory"] == 4
    assert_ledger_balanced(honey.id)
    # And deleting the last one leaves a product without variants and without stock.
    res = client.patch(
        f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": res.headers["ETag"]}, json={"variants": []}
    )
    assert res.json["product"]["virtual_inventory"] == 0 and res.json["product"]["variants"] == []
    assert_ledger_balanced(honey.id)


# --- hiding and deleting -------------------------------------------------------------------


def test_a_hidden_product_vanishes_from_the_storefront_until_shown(client, as_admin, as_member, honey):
    res = client.post(f"{BASE}/{honey.id}/hide", headers=_current(client, as_admin, honey))
    assert res.status_code == 200 and res.json["product"]["is_active"] == 0
    assert_error(client.get(f"/api/product/{honey.id}", headers=SHOP_A), 404)
    assert_error(client.get(f"/api/user/product/{honey.id}", headers=as_member), 404)
    assert honey.id not in ids(client.get("/api/product/new", headers=SHOP_A).json["products"]["data"])
    searched = client.post("/api/product/search", headers=SHOP_A, query_string={"searchTerm": "honey"})
    assert searched.json["products"]["data"] == []
    category = client.get(f"/api/category/{honey.category_id}", headers=SHOP_A).json
    assert category["products"] == []
    assert honey.id not in [p["id"] for p in client.get("/api/sitemap", headers=SHOP_A).json["products"]]
    assert client.post("/api/cart/add", headers=as_member, json={"product_id": honey.id}).status_code == 404

    assert (
        client.post(f"{BASE}/{honey.id}/hide", headers=_current(client, as_admin, honey)).status_code == 200
    )  # again: no-op
    res = client.post(f"{BASE}/{honey.id}/show", headers=_current(client, as_admin, honey))
    assert res.json["product"]["is_active"] == 1
    assert client.get(f"/api/product/{honey.id}", headers=SHOP_A).status_code == 200
    assert [(e.action, e.changes) for e in _entries(honey.id)] == [
        ("hide", {"is_active": [True, False]}),
        ("show", {"is_active": [False, True]}),
    ]


def test_hiding_makes_an_open_edit_stale(client, as_admin, honey):
    etag = _get(client, as_admin, honey.id).headers["ETag"]
    client.post(f"{BASE}/{honey.id}/hide", headers=_current(client, as_admin, honey))
    assert_error(client.patch(f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": etag}, json={}), 412)


def test_a_product_in_an_order_cannot_be_deleted_only_hidden(client, as_admin, as_member, api, honey):
    api.post("/api/order/create", as_member, json=checkout_body([(honey, 1, None)], "45.00", "10.00"))
    body = assert_error(
        client.delete(f"{BASE}/{honey.id}", headers=_current(client, as_admin, honey)), 409, "product_in_use"
    )
    assert body["message"] == "该商品已有订单，不能删除。您可以将其下架（隐藏）。"
    assert db.session.get(Product, honey.id) is not None and _entries() == []


def test_deleting_a_product_removes_it_everywhere_with_an_audit_entry(
    client, as_admin, as_member, api, socks, honey
):
    api.add(as_member, socks, 1, variant=socks.variants[0])
    client.post("/api/favorites/add", headers=as_member, json={"product_id": socks.id})
    res = client.delete(f"{BASE}/{socks.id}", headers=_current(client, as_admin, socks))
    assert res.status_code == 204, res.json
    assert_error(client.get(f"/api/product/{socks.id}", headers=SHOP_A), 404)
    assert_error(client.get(f"{BASE}/{socks.id}", headers=as_admin), 404)
    assert client.get("/api/cart", headers=as_member).json["data"]["carts"] == []
    assert db.session.scalar(select(func.count()).select_from(ProductVariant)) == 0
    # Only honey's opening movement is left.
    assert list(db.session.scalars(select(StockMovement.product_id))) == [honey.id]
    (entry,) = _entries(socks.id)
    assert entry.action == "delete" and entry.changes["name"] == ["Wool socks", None]
    assert entry.changes["virtual_inventory"] == [7, None]


def test_a_stale_delete_is_refused_when_if_match_is_sent(client, as_admin, honey):
    body = assert_error(client.delete(f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": 'W/"99"'}), 412)
    assert body["code"] == "stale_version"
    assert db.session.get(Product, honey.id) is not None


# --- the contract ------------------------------------------------------------------------


def test_every_admin_call_is_in_the_openapi_document_with_its_errors(client):
    spec = client.get("/api/openapi.json").json
    calls = {
        (BASE, "get"): {"401", "403"},
        (BASE, "post"): {"401", "403", "422"},
        (BASE + "/{product_id}", "get"): {"401", "403", "404"},
        (BASE + "/{product_id}", "put"): {"401", "403", "404", "412", "422", "428"},
        (BASE + "/{product_id}", "patch"): {"401", "403", "404", "412", "422", "428"},
        (BASE + "/{product_id}", "delete"): {"401", "403", "404", "409", "412", "428"},
        (BASE + "/{product_id}/hide", "post"): {"401", "403", "404", "412", "428"},
        (BASE + "/{product_id}/show", "post"): {"401", "403", "404", "412", "428"},
        (BASE + "/{product_id}/stock", "get"): {"401", "403", "404"},
        (BASE + "/{product_id}/stock", "post"): {"401", "403", "404", "409", "412", "422", "428"},
        ("/api/admin/audit", "get"): {"401", "403"},
    }
    for (path, method), errors in calls.items():
        operation = spec["paths"][path][method]
        assert operation["security"] == [{"bearerAuth": []}], (path, method)
        assert errors <= set(operation["responses"]), (path, method, operation["responses"].keys())
        assert operation.get("summary"), (path, method)
    put = spec["paths"][BASE + "/{product_id}"]["put"]
    (if_match,) = [p for p in put["parameters"] if p["name"] == "If-Match"]
    assert if_match["in"] == "header" and if_match["required"] is True
    assert "requestBody" in put and "ETag" in put["responses"]["200"]["headers"]


def test_a_patch_may_change_one_field_of_a_variant_but_a_new_one_needs_name_and_price(
    client, as_admin, socks
):
    small, large = socks.variants
    etag = _get(client, as_admin, socks.id).headers["ETag"]
    res = client.patch(
        f"{BASE}/{socks.id}",
        headers={**as_admin, "If-Match": etag},
        json={"variants": [{"id": small.id, "price": "25.00"}, {"id": large.id}]},
    )
    assert res.status_code == 200, res.json
    assert [(v["name"], v["price"]) for v in res.json["product"]["variants"]] == [
        ("S", Decimal("25.00")),
        ("L", Decimal("22.00")),
    ]
    res = client.patch(
        f"{BASE}/{socks.id}",
        headers={**as_admin, "If-Match": res.headers["ETag"]},
        json={"variants": [{"id": small.id}, {"id": large.id}, {"name": "XL"}]},
    )
    assert "variants.2.price" in assert_error(res, 422, "validation_error")["errors"]
    res = client.patch(
        f"{BASE}/{socks.id}",
        headers={**as_admin, "If-Match": _get(client, as_admin, socks.id).headers["ETag"]},
        json={"variants": [{"id": small.id, "discount": "30.00"}, {"id": large.id}]},
    )
    assert "variants.0.discount" in assert_error(res, 422)["errors"]
    assert_ledger_balanced(socks.id)


def _found(client, term: str) -> list[int]:
    res = client.post("/api/product/search", headers=SHOP_A, query_string={"searchTerm": term})
    return ids(res.json["products"]["data"])


def test_a_product_created_and_renamed_by_the_admin_is_found_by_search(client, as_admin):
    product = client.post(BASE, headers=as_admin, json={**NEW_PRODUCT, "name": "新西兰蜂蜜"}).json["product"]
    assert product["id"] in _found(client, "蜂蜜") and product["id"] in _found(client, "fengmi")

    etag = _get(client, as_admin, product["id"]).headers["ETag"]
    res = client.patch(
        f"{BASE}/{product['id']}", headers={**as_admin, "If-Match": etag}, json={"name": "羊毛袜"}
    )
    assert res.status_code == 200, res.json
    assert product["id"] in _found(client, "yangmao") and product["id"] not in _found(client, "fengmi")
