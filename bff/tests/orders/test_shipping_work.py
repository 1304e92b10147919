"""The console's shipping work: the customs file (CSV and XLSX, full ID numbers, each export
audited), packing slips with the order number's QR code, and shipping many orders from an
uploaded tracking file (checked first, then all in one transaction or none, each shopper mailed)."""

import csv
import io
from decimal import Decimal

import pytest
from openpyxl import load_workbook
from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.extensions import db
from bff.orders.models import Order, OrderEvent
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error

ID_NUMBER = "11010519491231002X"  # GB 11643's own example


@pytest.fixture
def paid_orders(place_order, put_in_state, client, as_admin, as_member):
    """Three paid orders with the recipient's ID number."""

    def make(n: int = 3) -> list[dict]:
        orders = []
        for quantity in range(1, n + 1):
            order = place_order(quantity)
            db.session.execute(
                Order.__table__.update().where(Order.id == order["id"]).values(shipping_id=ID_NUMBER)
            )
            db.session.commit()
            put_in_state(order, "paid")
            orders.append(order)
        return orders

    return make


def _csv_rows(res) -> list[dict]:
    text = res.get_data(as_text=True)
    assert text.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(text[1:])))


def test_the_customs_csv_gives_each_line_with_the_full_id_number_and_is_audited(
    client, as_admin, paid_orders, store
):
    orders = paid_orders(2)
    res = client.get("/api/admin/orders/customs.csv", headers=as_admin)
    assert res.status_code == 200 and res.mimetype == "text/csv"
    assert res.headers["Cache-Control"] == "no-store"
    rows = _csv_rows(res)
    assert [r["订单号"] for r in rows] == [o["order_number"] for o in orders]
    first = rows[0]
    assert first["身份证号"] == ID_NUMBER
    assert (first["省"], first["市"], first["区/县"]) == ("上海市", "上海市", "浦东新区")
    assert first["收件人"] == "王小明" and first["详细地址"] == "浦东新区世纪大道100号"
    assert first["商品名称"] == "Manuka honey" and first["数量"] == "1"
    rate = store.shop_exchange_rate
    assert Decimal(first["申报价值 (NZD)"]) == Decimal("45.00")
    assert Decimal(first["申报价值 (CNY)"]) == (Decimal("45.00") * rate).quantize(Decimal("0.01"))
    assert Decimal(rows[1]["重量 (kg)"]) == Decimal("1.000")
    [entry] = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "export_customs")).all()
    assert entry.actor_email == "admin@example.com"
    assert entry.changes["orders"][1] == [o["order_number"] for o in orders]
    assert entry.changes["format"][1] == "csv"


def test_the_customs_file_leaves_out_orders_not_paid(client, as_admin, paid_orders, place_order):
    [paid] = paid_orders(1)
    place_order(1)  # unpaid
    rows = _csv_rows(client.get("/api/admin/orders/customs.csv", headers=as_admin))
    assert {r["订单号"] for r in rows} == {paid["order_number"]}


def test_the_customs_xlsx_holds_the_same_values_as_text_and_numbers(client, as_admin, paid_orders):
    [order] = paid_orders(1)
    res = client.get("/api/admin/orders/customs.xlsx", headers=as_admin)
    assert res.status_code == 200
    sheet = load_workbook(io.BytesIO(res.get_data())).active
    header, row = [c.value for c in sheet[1]], [c.value for c in sheet[2]]
    values = dict(zip(header, row, strict=True))
    assert values["订单号"] == order["order_number"] and values["身份证号"] == ID_NUMBER
    assert values["数量"] == 1 and Decimal(str(values["申报价值 (NZD)"])) == Decimal("45.00")
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "export_customs")).one()
    assert entry.changes["format"][1] == "xlsx"


def test_only_the_shops_admin_exports_customs(client, outsiders):
    for headers, status in outsiders.values():
        assert client.get("/api/admin/orders/customs.csv", headers=headers).status_code == status
        assert client.get("/api/admin/orders/customs.xlsx", headers=headers).status_code == status
    assert db.session.scalars(select(AuditEntry)).all() == []


def test_packing_slips_come_one_per_order_with_a_qr_code(client, as_admin, paid_orders):
    orders = paid_orders(2)
    numbers = ",".join(o["order_number"] for o in reversed(orders))
    res = client.get("/api/admin/orders/packing-slips", headers=as_admin, query_string={"numbers": numbers})
    assert res.status_code == 200, res.get_json()
    slips = res.get_json()["slips"]
    assert [s["order"]["order_number"] for s in slips] == [o["order_number"] for o in reversed(orders)]
    assert slips[0]["place"] == "上海市 浦东新区"
    assert slips[0]["qr_code"].startswith("data:image/svg+xml")
    assert slips[0]["order"]["order_details"][0]["quantity"] == 2
    assert "shipping_id" not in slips[0]["order"]  # a slip goes in the parcel: no ID number


def test_packing_slips_of_an_unknown_order_are_refused(client, as_admin, paid_orders):
    [order] = paid_orders(1)
    res = client.get(
        "/api/admin/orders/packing-slips",
        headers=as_admin,
        query_string={"numbers": f"{order['order_number']},261101-AAAA-BBBB"},
    )
    assert "261101-AAAA-BBBB" in assert_error(res, 404)["message"]


def _tracking_file(rows, encoding="utf-8-sig", header=("订单号", "快递公司", "快递单号")) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode(encoding)


def _upload(client, headers, path, data: bytes):
    return client.post(
        f"/api/admin/orders/{path}",
        headers=headers,
        data={"file": (io.BytesIO(data), "tracking.csv")},
        content_type="multipart/form-data",
    )


def test_a_gbk_tracking_file_ships_every_order_in_one_go_and_mails_each(
    client, as_admin, paid_orders, smtp_server, store
):
    orders = paid_orders(3)
    rows = [(o["order_number"], "顺丰速运", f"SF10000{i}") for i, o in enumerate(orders)]
    data = _tracking_file(rows, encoding="gbk")
    preview = _upload(client, as_admin, "bulk-ship/preview", data)
    assert preview.status_code == 200, preview.get_json()
    assert preview.get_json()["ready"] == 3 and preview.get_json()["failed"] == 0
    db.session.expire_all()
    assert {o.status for o in db.session.scalars(select(Order))} == {"paid"}  # the preview wrote nothing

    res = _upload(client, as_admin, "bulk-ship", data)
    assert res.status_code == 200, res.get_json()
    db.session.expire_all()
    shipped = {o.order_number: o for o in db.session.scalars(select(Order))}
    for number, company, tracking in rows:
        assert shipped[number].status == "completed"
        assert (shipped[number].shipping_company, shipped[number].tracking_number) == (company, tracking)
    assert len(db.session.scalars(select(OrderEvent).where(OrderEvent.action == "ship")).all()) == 3
    assert db.session.scalars(select(AuditEntry).where(AuditEntry.action == "bulk_ship")).one()
    subjects = sorted(str(m["Subject"]) for m in smtp_server.wait_for(6) if "已发货" in str(m["Subject"]))
    assert subjects == sorted(f"订单 {n} 已发货 - {store.shop_name}" for n, _, _ in rows)


def test_one_bad_row_ships_nothing_and_says_which_row(client, as_admin, paid_orders, place_order):
    orders = paid_orders(2)
    unpaid = place_order(1)
    data = _tracking_file(
        [
            (orders[0]["order_number"], "顺丰", "SF1"),
            (unpaid["order_number"], "顺丰", "SF2"),
            (orders[1]["order_number"], "", "SF3"),
            (orders[0]["order_number"], "顺丰", "SF4"),
            ("261101-AAAA-BBBB", "顺丰", "SF5"),
        ]
    )
    preview = _upload(client, as_admin, "bulk-ship/preview", data).get_json()
    errors = {row["line"]: row["errors"] for row in preview["rows"]}
    assert errors[2] == {}
    assert "待付款" in errors[3]["order_number"][0]
    assert errors[4] == {"shipping_company": ["请输入快递公司"]}
    assert errors[5]["order_number"] == ["该订单号在文件中重复出现。"]
    assert errors[6]["order_number"] == ["订单不存在"]
    body = assert_error(_upload(client, as_admin, "bulk-ship", data), 422, "validation")
    assert "rows.3.order_number" in body["errors"] and "没有任何订单被修改" in body["message"]
    db.session.expire_all()
    assert "completed" not in {o.status for o in db.session.scalars(select(Order))}


def test_a_tracking_file_with_english_keys_is_read_too(client, as_admin, paid_orders):
    [order] = paid_orders(1)
    data = _tracking_file(
        [(order["order_number"].lower(), "NZ Post", "NZ123")],
        encoding="utf-8",
        header=("order_number", "shipping_company", "tracking_number"),
    )
    assert _upload(client, as_admin, "bulk-ship", data).status_code == 200
    db.session.expire_all()
    assert db.session.get(Order, order["id"]).tracking_number == "NZ123"


@pytest.mark.parametrize(
    "data, key",
    [
        (b"order_number,courier\n1,2\n", "文件缺少以下列"),
        (b"\xff\xfe\x00\x00junk", "无法读取该文件"),
        ("订单号,快递公司,快递单号\n".encode(), "文件中没有任何订单"),
    ],
)
def test_a_tracking_file_that_cannot_be_read_is_a_clear_422(client, as_admin, data, key):
    body = assert_error(_upload(client, as_admin, "bulk-ship/preview", data), 422, "validation")
    assert key in body["errors"]["file"][0]


def test_the_order_detail_keeps_the_id_number_masked(client, as_admin, paid_orders):
    [order] = paid_orders(1)
    shown = client.get(admin_url(order), headers=as_admin).get_json()["order"]["shipping_id"]
    assert shown != ID_NUMBER and shown.startswith("1101") and shown.endswith("002X")
    revealed = client.get(admin_url(order, "id-number"), headers=as_admin).get_json()
    assert revealed["shipping_id"] == ID_NUMBER
    assert db.session.scalars(select(AuditEntry).where(AuditEntry.action == "view_id_number")).one()
