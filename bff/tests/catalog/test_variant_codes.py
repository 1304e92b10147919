"""A variant's own SKU, barcode (a GTIN with its check digit) and picture: what the console sets
and refuses, what the storefront answers, and the picker's `ids` filter of the product list."""

import json
from decimal import Decimal

import pytest
from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.catalog.barcodes import normal_gtin
from bff.catalog.models import ProductVariant
from bff.config import ROOT
from bff.extensions import db
from bff.tests.helpers import SHOP_A, assert_error, ids, with_version

BASE = "/api/admin/products"
CASES = json.loads((ROOT / "rules" / "barcode_cases.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["case"] for c in CASES])
def test_barcode_case(case):
    assert normal_gtin(case["code"]) == (case["normal"] if case["valid"] else None)


@pytest.fixture
def tee(store, make_product):
    """A shirt with three pictures and two variants."""
    return make_product(
        store,
        "Merino tee",
        images=3,
        variants=[
            {"name": "Black", "price": Decimal("60.00"), "virtual_inventory": 3},
            {"name": "Grey", "price": Decimal("55.00"), "virtual_inventory": 2},
        ],
    )


def _body(product, **changes) -> dict:
    """The PUT body of `product` with its variants, `changes` by variant name."""
    return {
        "name": product.name,
        "price": str(product.price),
        "variants": [
            {"id": v.id, "name": v.name, "price": str(v.price), **changes.get(v.name, {})}
            for v in product.variants
        ],
    }


def _put(client, headers, product, body):
    return client.put(
        f"{BASE}/{product.id}", headers=with_version(client, headers, f"{BASE}/{product.id}"), json=body
    )


def test_the_owner_sets_each_variants_sku_barcode_and_picture(client, as_admin, tee):
    black, grey = tee.variants
    second, third = tee.images[1].id, tee.images[2].id
    body = _body(
        tee,
        Black={"sku": "TEE-BLK", "barcode": "9421023620005", "image_id": second},
        Grey={"sku": "TEE-GRY", "barcode": "0360-0029 1452", "image_id": third},
    )
    res = _put(client, as_admin, tee, body)
    assert res.status_code == 200, res.json
    answered = {v["name"]: v for v in res.json["product"]["variants"]}
    assert (answered["Black"]["sku"], answered["Black"]["barcode"], answered["Black"]["image_id"]) == (
        "TEE-BLK",
        "9421023620005",
        second,
    )
    assert answered["Grey"]["barcode"] == "036000291452"  # kept as digits only

    shown = client.get(f"/api/product/{tee.id}", headers=SHOP_A).json["product"]
    by_name = {v["name"]: v for v in shown["product_variants"]}
    assert by_name["Black"]["image"] == second and by_name["Grey"]["image"] == third
    assert by_name["Grey"]["sku"] == "TEE-GRY" and by_name["Grey"]["barcode"] == "036000291452"
    assert {i["id"] for i in shown["images"]} >= {second, third}

    entry = db.session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
    assert entry.changes[f"variants[{black.id}]"][1]["barcode"] == "9421023620005"
    assert entry.changes[f"variants[{grey.id}]"][1]["image_id"] == third


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"barcode": "9421023620006"}, "barcode"),  # wrong check digit
        ({"barcode": "12345"}, "barcode"),
        ({"barcode": "94210236200O5"}, "barcode"),  # a letter O
        ({"sku": "no spaces"}, "sku"),
        ({"image_id": "x"}, "image_id"),
    ],
)
def test_a_bad_code_is_refused_on_its_variants_field(client, as_admin, tee, changes, field):
    body = assert_error(_put(client, as_admin, tee, _body(tee, Black=changes)), 422, "validation_error")
    assert any(key.startswith("variants") and field in key for key in body["errors"]), body
    db.session.expire_all()
    assert db.session.get(ProductVariant, tee.variants[0].id).barcode is None


def test_a_picture_of_another_product_is_refused(client, as_admin, tee, store, make_product):
    other = make_product(store, "Other", images=1)
    body = _put(client, as_admin, tee, _body(tee, Black={"image_id": other.images[0].id}))
    errors = assert_error(body, 422, "validation_error")["errors"]
    assert "variants.0.image_id" in errors
    new = {"name": "New", "price": "5.00", "variants": [{"name": "A", "price": "5.00", "image_id": 1}]}
    assert "variants.0.image_id" in assert_error(client.post(BASE, headers=as_admin, json=new), 422)["errors"]


def test_a_variant_sku_names_one_variant_of_the_shop(client, as_admin, tee, store, make_product):
    make_product(store, "Cap", variants=[{"name": "One", "price": Decimal("5.00"), "sku": "CAP-1"}])
    body = assert_error(_put(client, as_admin, tee, _body(tee, Black={"sku": "CAP-1"})), 422)
    assert "variants.0.sku" in body["errors"]
    body = assert_error(_put(client, as_admin, tee, _body(tee, Black={"sku": "X"}, Grey={"sku": "X"})), 422)
    assert "variants.1.sku" in body["errors"]


def test_two_variants_may_swap_their_skus_in_one_save(client, as_admin, tee):
    assert _put(client, as_admin, tee, _body(tee, Black={"sku": "A"}, Grey={"sku": "B"})).status_code == 200
    res = _put(client, as_admin, tee, _body(tee, Black={"sku": "B"}, Grey={"sku": "A"}))
    assert res.status_code == 200, res.json
    assert [v["sku"] for v in res.json["product"]["variants"]] == ["B", "A"]


def test_a_blank_code_means_none(client, as_admin, tee):
    _put(client, as_admin, tee, _body(tee, Black={"sku": "A", "barcode": "96385074"}))
    res = _put(client, as_admin, tee, _body(tee, Black={"sku": "", "barcode": ""}))
    assert res.status_code == 200, res.json
    black = res.json["product"]["variants"][0]
    assert (black["sku"], black["barcode"]) == (None, None)


def test_deleting_a_variants_picture_clears_it(client, as_admin, tee):
    picture = tee.images[2].id
    _put(client, as_admin, tee, _body(tee, Black={"image_id": picture}))
    url = f"{BASE}/{tee.id}/images/{picture}"
    res = client.delete(url, headers=with_version(client, as_admin, f"{BASE}/{tee.id}"))
    assert res.status_code == 200, res.json
    assert res.json["product"]["variants"][0]["image_id"] is None
    shown = client.get(f"/api/product/{tee.id}", headers=SHOP_A).json["product"]
    assert shown["product_variants"][0]["image"] is None


def test_a_picture_id_left_by_any_other_road_is_not_answered(client, tee):
    tee.variants[0].image_id = 999_999  # e.g. written by SQL: the answer names no such picture
    db.session.commit()
    shown = client.get(f"/api/product/{tee.id}", headers=SHOP_A).json["product"]
    assert shown["product_variants"][0]["image"] is None


def test_the_product_list_finds_the_products_a_picker_holds(client, as_admin, store, make_product):
    wanted = [make_product(store, f"P{n}").id for n in range(3)]
    make_product(store, "Not asked")
    res = client.get(BASE, headers=as_admin, query_string={"ids": f"{wanted[0]},{wanted[2]}"})
    assert res.status_code == 200, res.json
    assert sorted(ids(res.json["products"]["data"])) == sorted([wanted[0], wanted[2]])
    assert_error(client.get(BASE, headers=as_admin, query_string={"ids": "1,x"}), 422)
    assert_error(client.get(BASE, headers=as_admin, query_string={"ids": "0"}), 422)
    assert_error(client.get(BASE, headers=as_admin, query_string={"ids": ",".join(["1"] * 501)}), 422)


def test_the_picker_finds_nothing_of_another_shop(client, as_admin, store_b, make_product):
    theirs = make_product(store_b, "Theirs")
    res = client.get(BASE, headers=as_admin, query_string={"ids": str(theirs.id)})
    assert res.status_code == 200 and res.json["products"]["data"] == []
