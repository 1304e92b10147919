"""The catalogue as CSV: export every product of a shop, and import a CSV that creates products
or updates them, found by SKU (or by `id`, which gives a product its SKU).

An import is planned first: every row is read, checked and compared with the product it names,
and nothing is written (the preview). Applying runs the same plan again and writes every row in
one transaction, with their audit entries and stock movements, only when no row has an error:
nothing is ever half-imported.
"""

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from marshmallow import ValidationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from bff.accounts.models import User
from bff.audit.services import Action, diff, record
from bff.catalog import stock
from bff.catalog.admin_schemas import MAX_GRAMS, MAX_STOCK, MAX_WEIGHT_ORDER, sku_field
from bff.catalog.admin_services import OBJECT, flush_versioned, snapshot
from bff.catalog.error_codes import CatalogErrorCode as Code
from bff.catalog.messages import text
from bff.catalog.models import Brand, Category, Product
from bff.catalog.search import reindex_product
from bff.common.errors import DomainError
from bff.common.form_fields import Body, flag, integer, money, name_field, optional_money, ref, text_field
from bff.common.spreadsheet import decode_text, neutralise, restore
from bff.shops.models import Shop

MAX_ROWS = 5000
MAX_BYTES = 4 * 1024 * 1024
COLUMNS = (
    "sku",
    "id",
    "name",
    "price",
    "discount",
    "member_price",
    "stock",
    "weight",
    "category",
    "brand",
    "is_active",
    "is_featured",
    "is_free_shipping",
    "recommend_weight",
    "color",
    "size",
    "description",
    "composition",
    "usage_instructions",
)
TEXT_COLUMNS = (
    "name",
    "category",
    "brand",
    "color",
    "size",
    "description",
    "composition",
    "usage_instructions",
)
# Product columns the CSV sets as they are: all but the id (the row's key) and those resolved
# (stock through the ledger, category and brand by name).
PLAIN = tuple(name for name in COLUMNS if name not in ("id", "stock", "category", "brand"))
# An empty cell of these leaves the value as it is (a new product gets the default).
KEEP_WHEN_EMPTY = {
    "name",
    "price",
    "stock",
    "weight",
    "is_active",
    "is_featured",
    "is_free_shipping",
    "recommend_weight",
}
YES_NO = {"是": "1", "否": "0"}
# The columns' Chinese names, read as their keys (what an owner in China may head a file with).
CHINESE_HEADERS = {
    "sku": "SKU",
    "id": "编号",
    "name": "商品名称",
    "price": "价格",
    "discount": "折扣价",
    "member_price": "会员价",
    "stock": "库存",
    "weight": "重量",
    "category": "分类",
    "brand": "品牌",
    "is_active": "上架",
    "is_featured": "推荐",
    "is_free_shipping": "包邮",
    "recommend_weight": "推荐权重",
    "color": "颜色",
    "size": "尺寸",
    "description": "描述",
    "composition": "成分",
    "usage_instructions": "使用说明",
}
_BY_HEADER = {name.casefold(): key for key, name in CHINESE_HEADERS.items()}
# Columns a product with variants does not charge by: each variant has its own price.
VARIANT_PRICED = ("price", "discount", "member_price")
SEPARATOR = ">"


class CsvRow(Body):
    sku = sku_field()
    id = ref(load_default=None)
    name = name_field(255)
    price = money(required=True)
    discount = optional_money()
    member_price = optional_money()
    stock = integer(0, MAX_STOCK)
    weight = integer(0, MAX_GRAMS)
    category = text_field(300)
    brand = text_field(120)
    is_active = flag()
    is_featured = flag()
    is_free_shipping = flag()
    recommend_weight = integer(-MAX_WEIGHT_ORDER, MAX_WEIGHT_ORDER)
    color = text_field(64)
    size = text_field(64)
    description = text_field(10_000)
    composition = text_field(20_000)
    usage_instructions = text_field(20_000)


@dataclass
class RowPlan:
    line: int
    sku: str | None = None
    product_id: int | None = None
    name: str = ""
    action: str = "error"  # create | update | unchanged | error
    changes: dict[str, list] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)
    warnings: dict[str, list[str]] = field(default_factory=dict)  # changes that change nothing charged
    values: dict[str, Any] = field(default_factory=dict)  # the product's columns to write
    stock: int | None = None


@dataclass
class ImportPlan:
    rows: list[RowPlan]

    @property
    def summary(self) -> dict[str, int]:
        counts = {"create": 0, "update": 0, "unchanged": 0, "error": 0}
        for row in self.rows:
            counts[row.action] += 1
        return counts

    @property
    def failed(self) -> list[RowPlan]:
        return [row for row in self.rows if row.errors]


def _file_error(shop: Shop, key: str, **values) -> DomainError:
    message = text(shop.language, key, **values)
    return DomainError(Code.VALIDATION, message, {"file": [message]})


# --- names of categories and brands ---------------------------------------------------------


class _Names:
    """The shop's categories ("Parent > Child" for a subcategory) and brands by name."""

    def __init__(self, session: Session, shop: Shop):
        categories = list(session.scalars(select(Category).where(Category.shop_id == shop.id)))
        by_id = {c.id: c for c in categories}
        self.category_path = {}
        self.category_by_name: dict[str, list[int]] = {}
        for c in categories:
            parent = by_id.get(c.parent_id)
            path = f"{parent.name} {SEPARATOR} {c.name}" if parent else c.name
            self.category_path[c.id] = path
            self.category_by_name.setdefault(self._key(c.name), []).append(c.id)
        self.category_by_path = {self._path_key(p): cid for cid, p in self.category_path.items()}
        brands = session.scalars(select(Brand).where(Brand.shop_id == shop.id).order_by(Brand.id))
        self.brand_name = {}
        self.brand_by_name: dict[str, int] = {}
        for b in brands:
            self.brand_name[b.id] = b.name
            self.brand_by_name.setdefault(self._key(b.name), b.id)

    @staticmethod
    def _key(name: str) -> str:
        return name.strip().casefold()

    def _path_key(self, path: str) -> str:
        return SEPARATOR.join(self._key(part) for part in path.split(SEPARATOR))

    def category(self, value: str) -> tuple[int | None, str | None]:
        """(category id, None) or (None, message key); an empty value is no category."""
        if not value.strip():
            return None, None
        if SEPARATOR in value:
            found = self.category_by_path.get(self._path_key(value))
            return (found, None) if found else (None, "csv_category_unknown")
        ids = self.category_by_name.get(self._key(value), [])
        if len(ids) > 1:
            return None, "csv_category_ambiguous"
        return (ids[0], None) if ids else (None, "csv_category_unknown")

    def brand(self, value: str) -> tuple[int | None, str | None]:
        if not value.strip():
            return None, None
        found = self.brand_by_name.get(self._key(value))
        return (found, None) if found else (None, "csv_brand_unknown")


# --- export ---------------------------------------------------------------------------------


def _cell(name: str, value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return 1 if value else 0
    return neutralise(value)  # no part of a cell can run as a formula (bff/common/spreadsheet.py)


def export_csv(session: Session, shop: Shop) -> str:
    """Every product of the shop (hidden ones too), oldest first, as CSV text with a BOM (so a
    spreadsheet reads it as UTF-8)."""
    names = _Names(session, shop)
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow(COLUMNS)
    products = session.scalars(
        select(Product)
        .where(Product.shop_id == shop.id)
        .options(selectinload(Product.variants))
        .order_by(Product.id)
    )
    for p in products:
        row = {
            **{name: getattr(p, name) for name in PLAIN},
            "id": p.id,
            "stock": p.virtual_inventory,
            "category": names.category_path.get(p.category_id, ""),
            "brand": names.brand_name.get(p.brand_id, ""),
        }
        writer.writerow([_cell(name, row[name]) for name in COLUMNS])
    return out.getvalue()


# --- planning an import ---------------------------------------------------------------------


def _read(shop: Shop, data: bytes) -> list[tuple[int, dict[str, str]]]:
    """The file's rows as (line number, {column: cell}); file-level problems raise (422 `file`)."""
    if len(data) > MAX_BYTES:
        raise _file_error(shop, "csv_too_large", rows=MAX_ROWS)
    content = decode_text(data)  # UTF-8 (with or without a BOM) or GB18030/GBK
    if content is None or "\x00" in content:
        raise _file_error(shop, "csv_file_invalid")
    reader = csv.reader(io.StringIO(content, newline=""), strict=True)
    try:
        header = next(reader, None)
        if not header or not any(h.strip() for h in header):
            raise _file_error(shop, "csv_file_invalid")
        columns = [_BY_HEADER.get(h.strip().casefold(), h.strip().lower()) for h in header]
        unknown = [c for c in columns if c not in COLUMNS]
        if unknown:
            raise _file_error(shop, "csv_columns_unknown", columns=", ".join(unknown))
        if len(set(columns)) != len(columns):
            raise _file_error(shop, "csv_file_invalid")
        if "sku" not in columns and "id" not in columns:
            raise _file_error(shop, "csv_columns_missing", columns="sku")
        rows = []
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue  # blank lines
            if len(rows) >= MAX_ROWS:
                raise _file_error(shop, "csv_too_large", rows=MAX_ROWS)
            if len(cells) > len(columns):
                raise _file_error(shop, "csv_file_invalid")
            rows.append((reader.line_num, dict(zip(columns, cells, strict=False))))
    except csv.Error:
        raise _file_error(shop, "csv_file_invalid") from None
    return rows


def _clean(cells: dict[str, str]) -> dict[str, str]:
    values = {}
    for name, cell in cells.items():
        value = cell.strip() if name not in ("description", "composition", "usage_instructions") else cell
        if name in KEEP_WHEN_EMPTY and not value.strip():
            continue
        value = restore(value)  # the quotes the export put before what a spreadsheet could run
        if name.startswith("is_"):
            value = YES_NO.get(value, value)
        values[name] = value
    return values


def _messages(shop: Shop, error: ValidationError) -> dict[str, list[str]]:
    found = error.messages if isinstance(error.messages, dict) else {"file": error.messages}
    return {
        name: [
            text(shop.language, m) if isinstance(m, str) else str(m)
            for m in (msgs if isinstance(msgs, list) else [msgs])
        ]
        for name, msgs in found.items()
    }


def plan_import(session: Session, shop: Shop, data: bytes) -> ImportPlan:
    """Read and check every row of the CSV against the shop's products; writes nothing."""
    rows = _read(shop, data)
    names = _Names(session, shop)
    skus = {r.get("sku", "").strip() for _, r in rows} - {""}
    ids = set()
    for _, r in rows:
        value = r.get("id", "").strip()
        if value.isdigit():
            ids.add(int(value))
    by_sku = {
        p.sku: p
        for p in session.scalars(
            select(Product)
            .where(Product.shop_id == shop.id, Product.sku.in_(skus))
            .options(selectinload(Product.variants))
        )
    }
    by_id = {
        p.id: p
        for p in session.scalars(
            select(Product)
            .where(Product.shop_id == shop.id, Product.id.in_(ids))
            .options(selectinload(Product.variants))
        )
    }
    seen_sku: dict[str, int] = {}
    seen_id: dict[int, int] = {}
    plans = []
    for line, cells in rows:
        plan = RowPlan(
            line=line, sku=(cells.get("sku") or "").strip() or None, name=(cells.get("name") or "").strip()
        )
        plans.append(plan)
        try:
            loaded = CsvRow().load(_clean(cells), partial=True)
        except ValidationError as error:
            # The cells that did load are checked further, so the row's every error shows at once.
            plan.errors = _messages(shop, error)
            loaded = error.valid_data if isinstance(error.valid_data, dict) else {}
        _plan_row(shop, names, by_sku, by_id, seen_sku, seen_id, plan, loaded)
    return ImportPlan(plans)


def _error(shop: Shop, plan: RowPlan, name: str, key: str, **values) -> None:
    if name not in plan.errors:  # one message a cell: the first problem found
        plan.errors[name] = [text(shop.language, key, **values)]


def _plan_row(shop, names, by_sku, by_id, seen_sku, seen_id, plan: RowPlan, loaded: dict) -> None:
    sku, pid = loaded.get("sku"), loaded.get("id")
    if sku and sku in seen_sku:
        _error(shop, plan, "sku", "csv_sku_repeated", line=seen_sku[sku])
    if pid and pid in seen_id:
        _error(shop, plan, "id", "csv_id_repeated", line=seen_id[pid])
    if sku:
        seen_sku.setdefault(sku, plan.line)
    if pid:
        seen_id.setdefault(pid, plan.line)

    product = by_sku.get(sku) if sku else None
    if product is not None and pid and pid != product.id:
        _error(shop, plan, "sku", "csv_id_other_sku", id=product.id)
    if product is None and pid:
        product = by_id.get(pid)
        if product is None:
            _error(shop, plan, "id", "product_not_found")
    if product is None and not pid and not sku:
        _error(shop, plan, "sku", "csv_sku_or_id")
    plan.product_id = product.id if product else None

    values = {name: loaded[name] for name in PLAIN if name in loaded}
    if "sku" in loaded and product is not None and not sku:
        values.pop("sku")  # an empty SKU cell of a row found by id leaves its SKU
    for column, resolve, target in (
        ("category", names.category, "category_id"),
        ("brand", names.brand, "brand_id"),
    ):
        if column in loaded:
            found, problem = resolve(loaded[column])
            if problem:
                _error(shop, plan, column, problem)
            values[target] = found
    if product is None:
        if "name" not in values:
            _error(shop, plan, "name", "name_required")
        if "price" not in values:
            _error(shop, plan, "price", "required")
    price = values.get("price", product.price if product else None)
    discount = values.get("discount", product.discount if product else None)
    if price is not None and discount is not None and discount > 0 and discount >= price:
        _error(shop, plan, "discount", "discount_not_below_price")
    if "stock" in loaded and product is not None and product.variants:
        if loaded["stock"] != product.virtual_inventory:
            _error(shop, plan, "stock", "csv_stock_per_variant")
    plan.stock = loaded.get("stock")
    plan.values = values
    if plan.errors:
        plan.action = "error"
        return
    if product is None:
        plan.action = "create"
        plan.changes = diff({}, {**values, "virtual_inventory": plan.stock or 0})
        return
    plan.name = product.name if "name" not in values else values["name"]
    before = {name: getattr(product, name) for name in values}
    after = dict(values)
    if plan.stock is not None and not product.variants:
        before["virtual_inventory"], after["virtual_inventory"] = product.virtual_inventory, plan.stock
    plan.changes = diff(before, after)
    plan.action = "update" if plan.changes else "unchanged"
    if product.variants:
        for name in VARIANT_PRICED:
            if name in plan.changes:
                plan.warnings[name] = [text(shop.language, "csv_price_with_variants")]


# --- applying it ----------------------------------------------------------------------------


def apply_import(session: Session, shop: Shop, actor: User, data: bytes) -> ImportPlan:
    """Plan the CSV again and, when no row has an error, write every row in one transaction."""
    plan = plan_import(session, shop, data)
    failed = plan.failed
    if failed:
        session.rollback()
        errors = {f"rows.{row.line}.{name}": msgs for row in failed for name, msgs in row.errors.items()}
        raise DomainError(Code.VALIDATION, text(shop.language, "csv_rows_invalid", n=len(failed)), errors)
    note = text(shop.language, "csv_stock_note")
    try:
        for row in plan.rows:
            if row.action == "create":
                row.product_id = _create(session, shop, actor, row, note)
            elif row.action == "update":
                _update(session, shop, actor, row, note)
        session.commit()
    except IntegrityError:
        # A SKU taken by another save between the plan and the write.
        session.rollback()
        message = text(shop.language, "sku_taken")
        raise DomainError(Code.VALIDATION, message, {"file": [message]}) from None
    except Exception:
        session.rollback()
        raise
    return plan


def _create(session: Session, shop: Shop, actor: User, row: RowPlan, note: str) -> int:
    product = Product(shop_id=shop.id, **row.values)
    product.virtual_inventory = row.stock or 0
    session.add(product)
    session.flush()
    stock.record_opening(session, product, actor_id=actor.id, note=note)
    after = snapshot(product)
    after["virtual_inventory"] = product.virtual_inventory
    record(session, shop, actor, Action.CREATE, OBJECT, product.id, diff({}, after), note)
    reindex_product(session, product)
    return product.id


def _update(session: Session, shop: Shop, actor: User, row: RowPlan, note: str) -> None:
    product = session.get(Product, row.product_id)
    before = snapshot(product)
    for name, value in row.values.items():
        setattr(product, name, value)
    flush_versioned(session, shop, product)
    changes = diff(before, snapshot(product))
    if row.stock is not None and not product.variants and row.stock != product.virtual_inventory:
        line = stock.StockLine(product.id, None, 0)
        was, now = stock.adjust(session, shop.id, line, level=row.stock, actor_id=actor.id, note=note)
        changes["virtual_inventory"] = [was, now]
    record(session, shop, actor, Action.UPDATE, OBJECT, product.id, changes, note)
    reindex_product(session, product)
