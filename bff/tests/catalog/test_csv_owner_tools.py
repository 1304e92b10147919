"""The catalogue CSV as the owner's tools write it (issue 24, item 6): GBK/GB18030 and UTF-8 with
a BOM read, Chinese column names taken as their keys, and a warning when a change alters nothing a
shopper pays (the price of a product whose variants each have their own)."""

import io

from sqlalchemy import select

from bff.catalog.models import Product
from bff.extensions import db
from bff.tests.catalog.test_admin_csv import catalog  # noqa: F401  (the fixture)

BASE = "/api/admin/products"


def _upload(client, headers, path, content: bytes):
    return client.post(
        f"{BASE}/{path}",
        headers=headers,
        data={"file": (io.BytesIO(content), "products.csv")},
        content_type="multipart/form-data",
    )


def test_a_gbk_file_with_chinese_headers_updates_the_product(client, as_admin, catalog):  # noqa: F811
    content = "SKU,商品名称,价格,库存\nMH-250,麦卢卡蜂蜜,52.00,12\n".encode("gbk")
    preview = _upload(client, as_admin, "import/preview", content)
    assert preview.status_code == 200, preview.get_json()
    (row,) = preview.get_json()["rows"]
    assert row["action"] == "update" and row["changes"]["name"] == ["Manuka honey", "麦卢卡蜂蜜"]
    assert _upload(client, as_admin, "import", content).status_code == 200
    db.session.expire_all()
    honey = db.session.scalar(select(Product).where(Product.sku == "MH-250"))
    assert (honey.name, str(honey.price), honey.virtual_inventory) == ("麦卢卡蜂蜜", "52.00", 12)


def test_a_utf8_file_with_a_bom_and_mixed_headers_is_read(client, as_admin, catalog):  # noqa: F811
    content = "\ufeffsku,商品名称,price\nMH-250,Manuka honey,50.00\n".encode()
    (row,) = _upload(client, as_admin, "import/preview", content).get_json()["rows"]
    assert row["action"] == "unchanged" and row["errors"] == {}


def test_a_price_change_on_a_product_with_variants_is_warned_of(client, as_admin, catalog):  # noqa: F811
    socks = catalog["socks"].id
    content = f"id,价格\n{socks},25.00\n".encode()
    (row,) = _upload(client, as_admin, "import/preview", content).get_json()["rows"]
    assert row["action"] == "update"
    assert "不会改变任何规格的售价" in row["warnings"]["price"][0]
    honey = catalog["honey"].id
    (plain,) = _upload(client, as_admin, "import/preview", f"id,价格\n{honey},55.00\n".encode()).get_json()[
        "rows"
    ]
    assert plain["warnings"] == {}
