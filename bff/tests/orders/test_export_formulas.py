"""Exports a spreadsheet opens without running anything (issue 28, finding 6): the orders CSV,
the customs CSV and XLSX, and the products CSV. Each file is read back the ways a spreadsheet
may read it (split on `,`, `;` or tab, with and without honouring quotes; XLSX cells as openpyxl
loads them) and no cell may begin a formula."""

import csv
import io
import re
from decimal import Decimal

import pytest
from openpyxl import load_workbook
from sqlalchemy import update

from bff.catalog.models import Product
from bff.common.spreadsheet import FORMULA_STARTS, neutralise, restore, xlsx_bytes
from bff.extensions import db
from bff.orders.models import Order

ATTACK = "x;=cmd|' /C calc'!A0;"  # the recipient name of the finding
MORE = ["=1+1", "+SUM(A1)", "-2+3", "@SUM(1)", "\t=1", " =1", 'a,"=1', 'a\t=HYPERLINK("x")', "a\n=1", "＝1"]


def _cells(text: str) -> list[str]:
    """Every cell a spreadsheet could make of the text, whichever separator it splits on."""
    found = []
    for delimiter in (",", ";", "\t"):
        for row in csv.reader(io.StringIO(text), delimiter=delimiter):
            found.extend(row)
        for line in text.splitlines():  # a reader that ignores quotes altogether
            found.extend(line.split(delimiter))
    return found


def _live(cells: list[str]) -> list[str]:
    return [c for c in cells if c.lstrip(' "')[:1] in FORMULA_STARTS and c.lstrip(' "')[:1] != ""]


@pytest.mark.parametrize("value", [ATTACK, *MORE, "plain", "", "a;b,c", "'=already"])
def test_a_neutralised_value_starts_no_formula_wherever_it_is_split_and_restores(value):
    written = neutralise(value)
    assert _live(_cells(written)) == [], written
    assert restore(written) == value


def test_the_finding_s_name_is_written_with_a_quote_before_the_formula():
    assert neutralise(ATTACK) == "x;'=cmd|' /C calc'!A0;"


def test_an_xlsx_cell_that_looks_like_a_formula_is_text():
    sheet = load_workbook(
        io.BytesIO(xlsx_bytes(["name", "n"], [[ATTACK, 1], ["=1+1", Decimal("2.50")]]))
    ).active
    assert sheet["A2"].value == ATTACK and sheet["A2"].data_type == "s"
    assert sheet["A3"].value == "=1+1" and sheet["A3"].data_type == "s"
    assert sheet["B3"].value == 2.5 and sheet["B3"].data_type == "n"


@pytest.fixture
def hostile_order(place_order, put_in_state, honey_jar):
    order = place_order(1)
    db.session.execute(
        update(Order)
        .where(Order.id == order["id"])
        .values(
            shipping_name=ATTACK, shipping_address='=HYPERLINK("http://evil.example");1', user_remark="+1"
        )
    )
    db.session.execute(update(Product).where(Product.id == honey_jar.id).values(name="-2+3;@SUM(A1)"))
    db.session.commit()
    put_in_state(order, "paid")
    return order


@pytest.mark.parametrize(
    "path", ["/api/admin/orders/export.csv", "/api/admin/orders/customs.csv", "/api/admin/products/export"]
)
def test_no_csv_export_holds_a_live_formula(client, as_admin, hostile_order, path):
    res = client.get(path, headers=as_admin)
    assert res.status_code == 200
    text = res.get_data(as_text=True)
    assert _live(_cells(text)) == []
    assert "'=cmd|" in text or "products" in path  # the name is there, neutralised


def test_the_customs_xlsx_holds_no_formula(client, as_admin, hostile_order):
    res = client.get("/api/admin/orders/customs.xlsx", headers=as_admin)
    sheet = load_workbook(io.BytesIO(res.get_data())).active
    cells = [cell for row in sheet.iter_rows() for cell in row]
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    assert ATTACK in [c.value for c in cells]  # kept whole, as text


def test_a_products_export_with_formula_like_names_imports_back_unchanged(client, as_admin, hostile_order):
    exported = client.get("/api/admin/products/export", headers=as_admin).get_data()
    res = client.post(
        "/api/admin/products/import/preview",
        headers=as_admin,
        data={"file": (io.BytesIO(exported), "products.csv")},
        content_type="multipart/form-data",
    )
    assert res.status_code == 200, res.get_json()
    assert {row["action"] for row in res.get_json()["rows"]} == {"unchanged"}
    assert re.search(r"'-2\+3;'@SUM", exported.decode("utf-8-sig"))
