"""The catalogue as CSV: export, and import (create or update by SKU) previewed with each row's
errors, applied in one transaction or not at all; the SKU on the product calls."""

import csv
import io
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from bff.audit.models import AuditEntry
from bff.catalog.csv_transfer import CHINESE_HEADERS
from bff.catalog.models import Product, ProductVariant, StockMovement
from bff.extensions import db
from bff.tests.helpers import assert_error, assert_ledger_balanced

BASE = "/api/admin/products"
HEADER = "sku,id,name,price,discount,stock,weight,category,brand,is_active,description\n"


@pytest.fixture
def catalog(store, make_product, make_category, make_brand):
    food = make_category(store, "Food")
    honey_cat = make_category(store, "Honey", parent=food)
    make_category(store, "Other", parent=food)
    drinks = make_category(store, "Drinks")
    make_category(store, "Other", parent=drinks)
    comvita = make_brand(store, "Comvita")
    honey = make_product(
        store,
        "Manuka honey",
        sku="MH-250",
        price=Decimal("50.00"),
        discount=Decimal("45.00"),
        virtual_inventory=10,
        weight=250,
        category_id=honey_cat.id,
        brand_id=comvita.id,
        description="=HYPERLINK(1)",
    )
    socks = make_product(
        store,
        "Wool socks",
        price=Decimal("20.00"),
        variants=[
            {"name": "S", "price": Decimal("20.00"), "virtual_inventory": 3},
            {"name": "L", "price": Decimal("22.00"), "virtual_inventory": 4},
        ],
    )
    hidden = make_product(store, "Old tea", sku="TEA-1", is_active=False, category_id=drinks.id)
    return {"honey": honey, "socks": socks, "hidden": hidden, "food": food, "honey_cat": honey_cat}


def _upload(client, headers, path, content: str | bytes):
    data = content.encode() if isinstance(content, str) else content
    return client.post(
        f"{BASE}/{path}",
        headers=headers,
        data={"file": (io.BytesIO(data), "catalogue.csv")},
        content_type="multipart/form-data",
    )


def _state() -> tuple:
    """What an import may change: products, stock movements, audit entries."""
    db.session.expire_all()
    products = db.session.execute(
        select(
            Product.id, Product.sku, Product.name, Product.price, Product.virtual_inventory, Product.version
        ).order_by(Product.id)
    ).all()
    return (
        products,
        db.session.scalar(select(func.count()).select_from(StockMovement)),
        db.session.scalar(select(func.count()).select_from(AuditEntry)),
    )


def _rows(raw: str) -> list[dict[str, str]]:
    """An export's rows by column key, whichever language its headers are in."""
    by_header = {header: key for key, header in CHINESE_HEADERS.items()}
    reader = csv.reader(io.StringIO(raw.lstrip("\ufeff")))
    keys = [by_header.get(h, h) for h in next(reader)]
    return [dict(zip(keys, cells, strict=True)) for cells in reader]


def _product(sku: str) -> Product:
    db.session.expire_all()
    return db.session.scalar(select(Product).where(Product.sku == sku))


# --- who ------------------------------------------------------------------------------------


def test_guests_members_and_another_shops_admin_get_nothing_and_import_nothing(client, catalog, outsiders):
    before = _state()
    good = HEADER + "NEW-1,,New,10.00,,1,100,,,1,\n"
    for who, (headers, status) in outsiders.items():
        res = client.get(f"{BASE}/export", headers=headers)
        if status in (401, 403):
            assert_error(res, status)
        else:  # shop B's admin on its own host: shop B's catalogue, without shop A's products
            assert "Manuka" not in res.get_data(as_text=True), who
        for path in ("import/preview", "import"):
            res = _upload(client, headers, path, good)
            if status in (401, 403):
                assert_error(res, status)
        if status not in (401, 403):
            db.session.expire_all()
            assert _product("NEW-1").shop_id != catalog["honey"].shop_id
            db.session.delete(_product("NEW-1"))
            db.session.commit()
    assert _state()[0] == before[0]


# --- export ---------------------------------------------------------------------------------


def test_the_export_has_every_product_with_paths_brands_and_no_formulas(client, as_admin, catalog):
    res = client.get(f"{BASE}/export", headers=as_admin)
    assert res.status_code == 200
    assert res.mimetype == "text/csv"
    assert "attachment" in res.headers["Content-Disposition"]
    assert res.headers["Cache-Control"] == "no-store"
    raw = res.get_data(as_text=True)
    assert raw.startswith('\ufeff"SKU","编号","商品名称","规格编号","规格","规格价格"')  # the shop's language
    rows = _rows(raw)
    by_name = {r["name"]: r for r in rows if r["name"] != "Wool socks"}
    assert set(by_name) == {"Manuka honey", "Old tea"}
    honey = by_name["Manuka honey"]
    assert honey["sku"] == "MH-250"
    assert honey["id"] == str(catalog["honey"].id)
    assert (honey["price"], honey["discount"], honey["stock"]) == ("50.00", "45.00", "10")
    assert honey["category"] == "Food > Honey"
    assert honey["brand"] == "Comvita"
    assert honey["description"] == "'=HYPERLINK(1)"  # a spreadsheet shows it, never runs it
    assert honey["variant_id"] == honey["variant_price"] == honey["variant_stock"] == ""
    # One row per variant, the product's columns repeated, each with its own price and stock.
    socks = [r for r in rows if r["name"] == "Wool socks"]
    variants = {v.name: v for v in catalog["socks"].variants}
    assert [(r["variant_id"], r["variant_name"], r["variant_price"], r["variant_stock"]) for r in socks] == [
        (str(variants["S"].id), "S", "20.00", "3"),
        (str(variants["L"].id), "L", "22.00", "4"),
    ]
    assert {(r["id"], r["stock"], r["sku"], r["price"]) for r in socks} == {
        (str(catalog["socks"].id), "7", "", "20.00")
    }
    assert by_name["Old tea"]["is_active"] == "否"


def test_an_exported_catalogue_imports_back_unchanged(client, as_admin, catalog):
    exported = client.get(f"{BASE}/export", headers=as_admin).get_data()
    before = _state()
    res = _upload(client, as_admin, "import", exported)
    assert res.status_code == 200, res.json
    assert res.json["summary"] == {"create": 0, "update": 0, "unchanged": 4, "error": 0}  # socks: 2 rows
    assert _state() == before


def test_an_english_shops_export_has_english_headers_and_imports_back_unchanged(
    client, make_shop, make_user, auth_headers, make_product
):
    en = make_shop("en-shop.test", language="en")
    headers = auth_headers(make_user(en, "owner@en.test", is_admin=True))
    make_product(en, "Tea", sku="T-1", price=Decimal("9.50"), virtual_inventory=2)
    make_product(
        en,
        "Scarf",
        price=Decimal("40.00"),
        variants=[
            {"name": "Red", "price": Decimal("40.00"), "discount": Decimal("35.00"), "virtual_inventory": 1}
        ],
    )
    raw = client.get(f"{BASE}/export", headers=headers).get_data(as_text=True)
    assert raw.startswith('\ufeff"sku","id","name","variant_id","variant_name","variant_price"')
    scarf = next(r for r in _rows(raw) if r["name"] == "Scarf")
    assert (scarf["variant_name"], scarf["variant_discount"], scarf["is_active"]) == ("Red", "35.00", "1")
    res = _upload(client, headers, "import", raw.encode())
    assert res.status_code == 200, res.json
    assert res.json["summary"] == {"create": 0, "update": 0, "unchanged": 2, "error": 0}
    assert res.json["headers"]["variant_price"] == "variant_price"


def test_variant_prices_and_stock_are_edited_in_their_rows(client, as_admin, catalog, admin):
    exported = client.get(f"{BASE}/export", headers=as_admin).get_data(as_text=True)
    socks = catalog["socks"]
    small, large = sorted(socks.variants, key=lambda v: v.position)
    lines = exported.split("\r\n")
    header = lines[0]
    rows = [line for line in lines[1:] if line]
    edited = []
    for line in rows:
        if f'"{small.id}","S","20.00"' in line:
            line = line.replace(f'"{small.id}","S","20.00","",""', f'"{small.id}","S","18.50","16.00",""')
            line = line.replace('","3","', '","9","', 1)
        edited.append(line)
    content = "\r\n".join([header, *edited]) + "\r\n"
    preview = _upload(client, as_admin, "import/preview", content)
    assert preview.status_code == 200, preview.json
    assert preview.json["summary"] == {"create": 0, "update": 1, "unchanged": 3, "error": 0}
    (row,) = [r for r in preview.json["rows"] if r["action"] == "update"]
    assert row["changes"] == {
        "variant_price": ["20.00", "18.50"],
        "variant_discount": [None, "16.00"],
        "variant_stock": [3, 9],
    }
    assert preview.json["headers"]["variant_stock"] == "规格库存"
    res = _upload(client, as_admin, "import", content)
    assert res.status_code == 200, res.json
    db.session.expire_all()
    small_now = db.session.get(ProductVariant, small.id)
    assert (small_now.price, small_now.discount, small_now.virtual_inventory) == (
        Decimal("18.50"),
        Decimal("16.00"),
        9,
    )
    assert db.session.get(ProductVariant, large.id).virtual_inventory == 4
    assert db.session.get(Product, socks.id).virtual_inventory == 13
    assert_ledger_balanced(socks.id)
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.object_id == socks.id)).one()
    assert entry.changes[f"variants[{small.id}].virtual_inventory"] == [3, 9]
    assert entry.actor_id == admin.id
    # The storefront charges the variant's new price.
    product = client.get(f"/api/product/{socks.id}", headers={"X-Site-Host": "shop-a.test"}).get_json()[
        "product"
    ]
    shown = {v["name"]: v for v in product["product_variants"]}
    assert (shown["S"]["price"], shown["S"]["discount"]) == (18.5, 16.0)


def test_variant_rows_that_disagree_or_name_no_variant_are_errors(client, as_admin, catalog):
    socks = catalog["socks"]
    small, large = sorted(socks.variants, key=lambda v: v.position)
    head = "id,name,variant_id,variant_name,variant_price,variant_stock\n"
    content = head + (
        f"{socks.id},Wool socks,{small.id},S,20.00,3\n"
        f"{socks.id},Woollen socks,{large.id},L,22.00,4\n"  # 3: the product's name differs
        f"{socks.id},Wool socks,{small.id},S,20.00,3\n"  # 4: the variant again
        f"{socks.id},Wool socks,,XL,25.00,1\n"  # 5: a new variant
        f"{socks.id},Wool socks,,,25.00,1\n"  # 6: no variant named
        f"{catalog['honey'].id},Manuka honey,,S,25.00,1\n"  # 7: a product without variants
        f"{socks.id},Wool socks,{large.id},L,22.00,-1\n"  # 8: (the variant again) and negative stock
    )
    rows = {r["line"]: r for r in _upload(client, as_admin, "import/preview", content).json["rows"]}
    assert rows[2]["errors"] == {}
    assert list(rows[3]["errors"]) == ["name"] and "第 2 行" in rows[3]["errors"]["name"][0]
    assert list(rows[4]["errors"]) == ["variant_id"] and "第 2 行" in rows[4]["errors"]["variant_id"][0]
    assert "新规格请在商品页添加" in rows[5]["errors"]["variant_name"][0]
    assert list(rows[6]["errors"]) == ["variant_id"]
    assert rows[7]["errors"] == {"variant_id": ["该商品没有规格"]}
    assert "variant_stock" in rows[8]["errors"]
    before = _state()
    assert_error(_upload(client, as_admin, "import", content), 422)
    assert _state() == before


# --- good rows ------------------------------------------------------------------------------


GOOD = HEADER + (
    "MH-250,,Manuka honey UMF10,55.00,,12,250,Food > Honey,Comvita,1,\n"
    "NEW-1,,Kiwi jam,8.50,,20,300,Drinks,,1,Sweet\n"
    "NEW-2,{socks},Wool socks,20.00,,7,0,,,0,\n"
    ",{tea},Old tea,12.00,,,,Drinks,,,\n"
)


def _good(catalog) -> str:
    return GOOD.format(socks=catalog["socks"].id, tea=catalog["hidden"].id)


def test_the_preview_shows_each_rows_changes_and_writes_nothing(client, as_admin, catalog):
    before = _state()
    res = _upload(client, as_admin, "import/preview", _good(catalog))
    assert res.status_code == 200, res.json
    assert res.json["summary"] == {"create": 1, "update": 3, "unchanged": 0, "error": 0}
    rows = {row["line"]: row for row in res.json["rows"]}
    assert rows[2]["action"] == "update"
    assert rows[2]["product_id"] == catalog["honey"].id
    assert rows[2]["changes"] == {
        "name": ["Manuka honey", "Manuka honey UMF10"],
        "price": ["50.00", "55.00"],
        "discount": ["45.00", None],
        "stock": [10, 12],
        "description": ["=HYPERLINK(1)", ""],  # an empty text cell clears the text
    }
    assert rows[3]["action"] == "create" and rows[3]["product_id"] is None
    assert rows[4]["changes"] == {"sku": [None, "NEW-2"], "is_active": [True, False]}
    assert rows[5]["changes"] == {"price": ["10.00", "12.00"]}
    assert all(row["errors"] == {} for row in rows.values())
    assert _state() == before


def test_importing_creates_and_updates_with_stock_movements_and_audit_entries(
    client, as_admin, catalog, admin
):
    version = _product("MH-250").version
    res = _upload(client, as_admin, "import", _good(catalog))
    assert res.status_code == 200, res.json
    assert res.json["summary"]["create"] == 1
    honey = _product("MH-250")
    assert (honey.name, honey.price, honey.discount, honey.virtual_inventory) == (
        "Manuka honey UMF10",
        Decimal("55.00"),
        None,
        12,
    )
    assert honey.version == version + 1  # an open editor of it is now stale
    jam = _product("NEW-1")
    assert (jam.price, jam.virtual_inventory, jam.weight, jam.description) == (
        Decimal("8.50"),
        20,
        300,
        "Sweet",
    )
    assert jam.category_id is not None and jam.brand_id is None
    socks = _product("NEW-2")
    assert socks.id == catalog["socks"].id and socks.is_active is False and socks.virtual_inventory == 7
    assert _product("TEA-1").price == Decimal("12.00")  # found by id, its SKU kept
    for product in (honey, jam, socks):
        assert_ledger_balanced(product.id)
    moves = db.session.scalars(select(StockMovement).where(StockMovement.product_id == honey.id)).all()
    assert (
        [m.delta for m in moves][-1] == 2 and moves[-1].note == "CSV 导入" and moves[-1].actor_id == admin.id
    )
    entries = db.session.scalars(select(AuditEntry).order_by(AuditEntry.id)).all()
    assert {(e.action, e.object_id) for e in entries} == {
        ("update", honey.id),
        ("create", jam.id),
        ("update", socks.id),
        ("update", catalog["hidden"].id),
    }
    by_id = {e.object_id: e for e in entries}
    assert by_id[honey.id].changes["virtual_inventory"] == [10, 12]
    assert by_id[honey.id].changes["price"] == ["50.00", "55.00"]
    # The storefront: the hidden row stays hidden, the new product is shown.
    assert client.get(f"/api/product/{socks.id}", headers={"X-Site-Host": "shop-a.test"}).status_code == 404
    assert client.get(f"/api/product/{jam.id}", headers={"X-Site-Host": "shop-a.test"}).status_code == 200


# --- bad rows -------------------------------------------------------------------------------


BAD = HEADER + (
    "MH-250,,Manuka honey,50.00,60.00,10,250,,,1,\n"  # 2: special price above the price
    "NEW-1,,,9.00,,1,0,,,1,\n"  # 3: a new product without a name
    "NEW-2,,Jam,abc,,1,0,,,1,\n"  # 4: not an amount
    "NEW-3,,Jam,1.005,,1,0,Nowhere,,1,\n"  # 5: three decimals, unknown category
    "NEW-4,,Jam,1.00,,1,0,Other,Nobody,yes,\n"  # 6: ambiguous category, unknown brand
    "NEW-4,,Jam again,1.00,,1,0,,,1,\n"  # 7: the SKU again
    ",{socks},Wool socks,20.00,,99,0,,,1,\n"  # 8: stock of a product with variants
    ",999999,Ghost,1.00,,,,,,,\n"  # 9: no such product
    "TEA-1,{honey},Old tea,1.00,,,,,,,\n"  # 10: the SKU of another product than the id
    "bad sku!,,Jam,1.00,,-1,0,,,maybe,\n"  # 11: SKU, stock and flag
    "GOOD-1,,Fine,1.00,,1,0,,,1,\n"  # 12: good, but nothing is written
)


def _bad(catalog) -> str:
    return BAD.format(socks=catalog["socks"].id, honey=catalog["honey"].id)


def test_the_preview_names_every_bad_row_and_its_fields_in_the_shops_language(client, as_admin, catalog):
    before = _state()
    res = _upload(client, as_admin, "import/preview", _bad(catalog))
    assert res.status_code == 200, res.json
    rows = {row["line"]: row for row in res.json["rows"]}
    errors = {line: sorted(row["errors"]) for line, row in rows.items()}
    assert errors == {
        2: ["discount"],
        3: ["name"],
        4: ["price"],
        5: ["category", "price"],
        6: ["brand", "category"],
        7: ["sku"],
        8: ["stock"],
        9: ["id"],
        10: ["sku"],
        11: ["is_active", "sku", "stock"],
        12: [],
    }
    assert rows[2]["errors"]["discount"] == ["特价必须低于原价"]
    assert "上级 > 子分类" in rows[6]["errors"]["category"][0]
    assert "第 6 行" in rows[7]["errors"]["sku"][0]
    assert str(catalog["socks"].id) not in rows[10]["errors"]["sku"][0]
    assert str(catalog["hidden"].id) in rows[10]["errors"]["sku"][0]
    assert res.json["summary"] == {"create": 1, "update": 0, "unchanged": 0, "error": 10}
    assert rows[12]["action"] == "create"
    assert _state() == before


def test_an_import_with_a_bad_row_writes_nothing_at_all(client, as_admin, catalog):
    before = _state()
    res = _upload(client, as_admin, "import", _bad(catalog))
    body = assert_error(res, 422, "validation_error")
    assert "没有导入任何内容" in body["message"]
    assert body["errors"]["rows.2.discount"] == ["特价必须低于原价"]
    assert "rows.12.name" not in body["errors"]
    assert _state() == before
    assert _product("GOOD-1") is None


def test_the_messages_are_english_for_an_english_shop(client, make_shop, make_user, auth_headers):
    en = make_shop("en-shop.test", language="en")
    headers = auth_headers(make_user(en, "owner@en.test", is_admin=True))
    res = _upload(client, headers, "import/preview", HEADER + "A-1,,Jam,1.00,2.00,1,0,Nowhere,,1,\n")
    (row,) = res.json["rows"]
    assert row["errors"] == {
        "discount": ["The special price must be below the price."],
        "category": ["No such category (write a subcategory as “Parent > Child”)."],
    }
    body = assert_error(_upload(client, headers, "import", b"\xff\xfe\x00bad"), 422)
    assert body["errors"]["file"] == ["Upload a UTF-8 CSV file whose first line names the columns."]


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"\xff\xfe\x00n\x00a", "UTF-8"),
        ("", "UTF-8"),
        ("sku,name,price,colour\nA,B,1,red\n", "colour"),
        ("name,price\nB,1\n", "sku"),
        ('sku,name,price\nA,"B,1\n', "UTF-8"),
        ("sku,name\nA,B,C,D\n", "UTF-8"),
    ],
)
def test_a_file_that_is_not_a_catalogue_csv_is_refused_as_a_whole(
    client, as_admin, catalog, content, fragment
):
    before = _state()
    for path in ("import/preview", "import"):
        body = assert_error(_upload(client, as_admin, path, content), 422, "validation_error")
        assert fragment in body["errors"]["file"][0], body
    assert _state() == before


def test_an_import_without_a_file_is_a_field_error(client, as_admin):
    res = client.post(f"{BASE}/import", headers=as_admin, data={}, content_type="multipart/form-data")
    body = assert_error(res, 422, "validation_error")
    assert "file" in body["errors"]


# --- the SKU on the product calls -----------------------------------------------------------


def test_a_sku_is_unique_in_the_shop_and_checked(client, as_admin, catalog, store_b, make_product):
    make_product(store_b, "Shop B's honey", sku="B-1")
    res = client.post(BASE, headers=as_admin, json={"name": "Jam", "price": "3.00", "sku": "MH-250"})
    assert assert_error(res, 422, "validation_error")["errors"]["sku"] == ["本店已有商品使用这个货号"]
    res = client.post(BASE, headers=as_admin, json={"name": "Jam", "price": "3.00", "sku": "has space"})
    assert "sku" in assert_error(res, 422)["errors"]
    res = client.post(BASE, headers=as_admin, json={"name": "Jam", "price": "3.00", "sku": "B-1"})
    assert res.status_code == 201 and res.json["product"]["sku"] == "B-1"  # another shop's SKU is free
    honey = catalog["honey"]
    etag = client.get(f"{BASE}/{honey.id}", headers=as_admin).headers["ETag"]
    res = client.patch(f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": etag}, json={"sku": "B-1"})
    assert_error(res, 422)
    res = client.patch(f"{BASE}/{honey.id}", headers={**as_admin, "If-Match": etag}, json={"sku": ""})
    assert res.status_code == 200 and res.json["product"]["sku"] is None
    listed = client.get(f"{BASE}?q=B-1", headers=as_admin).json["products"]["data"]
    assert [p["name"] for p in listed] == ["Jam"]


def test_the_csv_calls_are_in_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    export = paths[f"{BASE}/export"]["get"]
    assert {"401", "403"} <= set(export["responses"])
    assert "text/csv" in export["responses"]["200"]["content"]
    for path in ("import/preview", "import"):
        operation = paths[f"{BASE}/{path}"]["post"]
        assert operation["security"] == [{"bearerAuth": []}]
        assert {"401", "403", "413", "422"} <= set(operation["responses"])
        assert "multipart/form-data" in operation["requestBody"]["content"]


# --- a variant's own code and barcode (issue 25.4) -----------------------------------------------


def test_variant_skus_and_barcodes_import_and_export(client, as_admin, catalog):
    socks = catalog["socks"]
    small, large = sorted(socks.variants, key=lambda v: v.position)
    content = (
        "id,variant_id,variant_sku,variant_barcode\r\n"
        f"{socks.id},{small.id},SOCK-S,9421-0236-2000-5\r\n"
        f"{socks.id},{large.id},SOCK-L,036000291452\r\n"
    )
    preview = _upload(client, as_admin, "import/preview", content)
    assert preview.status_code == 200, preview.json
    changes = [r["changes"] for r in preview.json["rows"]]
    assert changes[0] == {"variant_sku": [None, "SOCK-S"], "variant_barcode": [None, "9421023620005"]}
    assert _upload(client, as_admin, "import", content).status_code == 200
    db.session.expire_all()
    assert (
        db.session.get(ProductVariant, small.id).sku,
        db.session.get(ProductVariant, small.id).barcode,
    ) == (
        "SOCK-S",
        "9421023620005",
    )
    rows = _rows(client.get(f"{BASE}/export", headers=as_admin).get_data(as_text=True))
    by_variant = {r["variant_id"]: r for r in rows if r["variant_id"]}
    assert (by_variant[str(large.id)]["variant_sku"], by_variant[str(large.id)]["variant_barcode"]) == (
        "SOCK-L",
        "036000291452",
    )
    assert CHINESE_HEADERS["variant_barcode"] == "规格条码"


def test_a_bad_barcode_or_a_taken_variant_sku_is_a_row_error(client, as_admin, catalog, store, make_product):
    make_product(store, "Cap", variants=[{"name": "One", "price": Decimal("5.00"), "sku": "CAP-1"}])
    socks = catalog["socks"]
    small, large = sorted(socks.variants, key=lambda v: v.position)
    content = (
        "id,variant_id,variant_sku,variant_barcode\r\n"
        f"{socks.id},{small.id},SOCK-S,9421023620006\r\n"  # a wrong check digit
        f"{socks.id},{large.id},CAP-1,\r\n"  # another product's variant has it
    )
    before = _state()
    body = assert_error(_upload(client, as_admin, "import", content), 422, "validation_error")
    assert {"rows.2.variant_barcode", "rows.3.variant_sku"} <= set(body["errors"]), body
    assert _state() == before
