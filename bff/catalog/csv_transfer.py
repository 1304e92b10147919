"""The catalogue as CSV: export every product of a shop, and import a CSV that creates products
or updates them, found by SKU (or by `id`, which gives a product its SKU).

One row per variant: a product with variants has a row for each, its product columns repeated and
the variant's own columns (`variant_id`, `variant_name`, `variant_price`, `variant_discount`,
`variant_member_price`, `variant_stock`, `variant_weight`, `variant_sku`, `variant_barcode`)
filled in; a product without variants
has one row with those left empty. The rows of one product must agree on its product columns.
An import edits existing variants (found by `variant_id`, or by name within the product); new
variants are added in the product's editor, where their order and stock are set.

Headers are written in the shop's language (Chinese names, or the English keys for an English
shop); an import reads either.

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
from bff.catalog.admin_schemas import MAX_GRAMS, MAX_STOCK, MAX_WEIGHT_ORDER, Barcode, sku_field
from bff.catalog.admin_services import OBJECT, flush_versioned, snapshot
from bff.catalog.error_codes import CatalogErrorCode as Code
from bff.catalog.messages import text
from bff.catalog.models import Brand, Category, Product, ProductVariant
from bff.catalog.search import reindex_product
from bff.common.errors import DomainError
from bff.common.form_fields import Body, flag, integer, money, name_field, optional_money, ref, text_field
from bff.common.spreadsheet import decode_text, neutralise, restore
from bff.shops.models import Shop

MAX_ROWS = 5000
MAX_BYTES = 4 * 1024 * 1024
VARIANT_COLUMNS = (
    "variant_id",
    "variant_name",
    "variant_price",
    "variant_discount",
    "variant_member_price",
    "variant_stock",
    "variant_weight",
    "variant_sku",
    "variant_barcode",
)
COLUMNS = (
    "sku",
    "id",
    "name",
    *VARIANT_COLUMNS,
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
PRODUCT_COLUMNS = tuple(name for name in COLUMNS if name not in VARIANT_COLUMNS)
# Product columns the CSV sets as they are: all but the id (the row's key) and those resolved
# (stock through the ledger, category and brand by name).
PLAIN = tuple(name for name in PRODUCT_COLUMNS if name not in ("id", "stock", "category", "brand"))
# A variant's columns and the variant's own fields they set (stock goes through the ledger).
VARIANT_PLAIN = {
    "variant_name": "name",
    "variant_price": "price",
    "variant_discount": "discount",
    "variant_member_price": "member_price",
    "variant_weight": "weight",
    "variant_sku": "sku",
    "variant_barcode": "barcode",
}
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
    "variant_id",
    "variant_name",
    "variant_price",
    "variant_stock",
    "variant_weight",
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
    "variant_id": "规格编号",
    "variant_name": "规格",
    "variant_price": "规格价格",
    "variant_discount": "规格折扣价",
    "variant_member_price": "规格会员价",
    "variant_stock": "规格库存",
    "variant_weight": "规格重量",
    "variant_sku": "规格货号",
    "variant_barcode": "规格条码",
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
    variant_id = ref(load_default=None)
    variant_name = name_field(120)
    variant_price = money()
    variant_discount = optional_money()
    variant_member_price = optional_money()
    variant_stock = integer(0, MAX_STOCK)
    variant_weight = integer(0, MAX_GRAMS)
    variant_sku = sku_field()
    variant_barcode = Barcode()


def headers(shop: Shop) -> dict[str, str]:
    """Each column's header as the shop's export writes it: Chinese, or the key for English."""
    return {name: name if shop.language == "en" else CHINESE_HEADERS[name] for name in COLUMNS}


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
    variant_id: int | None = None  # the existing variant the row edits
    variant_values: dict[str, Any] = field(default_factory=dict)  # its fields to write
    variant_stock: int | None = None
    first_of_product: bool = True  # a later row of the same product writes its variant only


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


def _cell(value: Any, chinese: bool) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return ("是" if value else "否") if chinese else (1 if value else 0)
    return neutralise(value)  # no part of a cell can run as a formula (bff/common/spreadsheet.py)


def export_csv(session: Session, shop: Shop) -> str:
    """Every product of the shop (hidden ones too), oldest first, one row per variant, as CSV text
    with a BOM (so a spreadsheet reads it as UTF-8) and headers in the shop's language."""
    names = _Names(session, shop)
    chinese = shop.language != "en"
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    header = headers(shop)
    writer.writerow([header[name] for name in COLUMNS])
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
        for variant in sorted(p.variants, key=lambda v: (v.position, v.id)) or [None]:
            if variant is not None:
                row.update({column: getattr(variant, name) for column, name in VARIANT_PLAIN.items()})
                row["variant_id"], row["variant_stock"] = variant.id, variant.virtual_inventory
            writer.writerow([_cell(row.get(name), chinese) for name in COLUMNS])
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
    variant_skus = {r.get("variant_sku", "").strip() for _, r in rows} - {""}
    seen = _Seen(
        variant_sku_holder=dict(
            session.execute(
                select(ProductVariant.sku, ProductVariant.id).where(
                    ProductVariant.shop_id == shop.id, ProductVariant.sku.in_(variant_skus)
                )
            ).all()
        )
    )
    plans = []
    for line, cells in rows:
        plan = RowPlan(
            line=line, sku=(cells.get("sku") or "").strip() or None, name=(cells.get("name") or "").strip()
        )
        plans.append(plan)
        cleaned = _clean(cells)
        try:
            loaded = CsvRow().load(cleaned, partial=True)
        except ValidationError as error:
            # The cells that did load are checked further, so the row's every error shows at once.
            plan.errors = _messages(shop, error)
            loaded = error.valid_data if isinstance(error.valid_data, dict) else {}
        has_variant = any((cells.get(name) or "").strip() for name in VARIANT_COLUMNS)
        _plan_row(shop, names, by_sku, by_id, seen, plan, loaded, cleaned, has_variant)
    return ImportPlan(plans)


@dataclass
class _Seen:
    """What earlier rows of the file named: SKUs and ids (their first line), each product's first
    row's product cells, and the variants already edited."""

    sku: dict[str, int] = field(default_factory=dict)
    id: dict[int, int] = field(default_factory=dict)
    product_cells: dict[int, tuple[int, dict[str, str]]] = field(default_factory=dict)
    variants: dict[int, int] = field(default_factory=dict)
    variant_sku_holder: dict[str, int] = field(default_factory=dict)  # a variant SKU's variant now
    variant_sku: dict[str, int] = field(default_factory=dict)  # a variant SKU's first line in the file


def _error(shop: Shop, plan: RowPlan, name: str, key: str, **values) -> None:
    if name not in plan.errors:  # one message a cell: the first problem found
        plan.errors[name] = [text(shop.language, key, **values)]


def _plan_row(
    shop, names, by_sku, by_id, seen: _Seen, plan: RowPlan, loaded: dict, cleaned: dict, has_variant: bool
) -> None:
    sku, pid = loaded.get("sku"), loaded.get("id")
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

    # A product's later rows (one per variant) repeat its product columns: they must agree.
    earlier = seen.product_cells.get(product.id) if product is not None and has_variant else None
    if earlier is not None:
        plan.first_of_product = False
        first_line, first_cells = earlier
        for name in PRODUCT_COLUMNS:
            if name in ("sku", "id"):
                continue
            if cleaned.get(name, "") != first_cells.get(name, ""):
                _error(shop, plan, name, "csv_product_cells_differ", line=first_line)
    else:
        if sku and sku in seen.sku:
            _error(shop, plan, "sku", "csv_sku_repeated", line=seen.sku[sku])
        if pid and pid in seen.id:
            _error(shop, plan, "id", "csv_id_repeated", line=seen.id[pid])
        if product is not None:
            seen.product_cells[product.id] = (plan.line, cleaned)
    if sku:
        seen.sku.setdefault(sku, plan.line)
    if pid:
        seen.id.setdefault(pid, plan.line)

    _plan_variant(shop, seen, plan, product, loaded, has_variant)
    values = {name: loaded[name] for name in PLAIN if name in loaded} if plan.first_of_product else {}
    if "sku" in values and product is not None and not sku:
        values.pop("sku")  # an empty SKU cell of a row found by id leaves its SKU
    for column, resolve, target in (
        ("category", names.category, "category_id"),
        ("brand", names.brand, "brand_id"),
    ):
        if column in loaded and plan.first_of_product:
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
        if loaded["stock"] != product.virtual_inventory:  # the variants' sum, kept by the ledger
            _error(shop, plan, "stock", "csv_stock_per_variant")
    plan.stock = loaded.get("stock") if plan.first_of_product else None
    plan.values = values
    if plan.errors:
        plan.action = "error"
        return
    if product is None:
        plan.action = "create"
        plan.changes = _shown(names, diff({}, {**values, "virtual_inventory": plan.stock or 0}))
        return
    plan.name = product.name if "name" not in values else values["name"]
    before = {name: getattr(product, name) for name in values}
    after = dict(values)
    if plan.stock is not None and not product.variants:
        before["virtual_inventory"], after["virtual_inventory"] = product.virtual_inventory, plan.stock
    plan.changes = _shown(names, diff(before, after))
    if plan.variant_id is not None:
        variant = next(v for v in product.variants if v.id == plan.variant_id)
        wanted = dict(plan.variant_values)
        if plan.variant_stock is not None:
            wanted["virtual_inventory"] = plan.variant_stock
        for name, change in diff({name: getattr(variant, name) for name in wanted}, wanted).items():
            plan.changes[_VARIANT_CHANGE[name]] = change
    plan.action = "update" if plan.changes else "unchanged"
    if product.variants:
        for name in VARIANT_PRICED:
            if name in plan.changes:
                plan.warnings[name] = [text(shop.language, "csv_price_with_variants")]


def _shown(names: _Names, changes: dict[str, list]) -> dict[str, list]:
    """A product's changes named by their CSV columns, categories and brands by their names."""
    shown = {}
    for name, (before, after) in changes.items():
        if name == "category_id":
            shown["category"] = [names.category_path.get(before), names.category_path.get(after)]
        elif name == "brand_id":
            shown["brand"] = [names.brand_name.get(before), names.brand_name.get(after)]
        else:
            shown["stock" if name == "virtual_inventory" else name] = [before, after]
    return shown


# A variant's field, as the preview names its change (the column that sets it).
_VARIANT_CHANGE = {
    **{name: column for column, name in VARIANT_PLAIN.items()},
    "virtual_inventory": "variant_stock",
}


def _plan_variant(shop, seen: _Seen, plan: RowPlan, product, loaded: dict, has_variant: bool) -> None:
    """The variant a row edits (by `variant_id`, or by its name within the product) and its values."""
    if not has_variant:
        return
    if product is None or not product.variants:
        # A new product, or one without variants: variants are added in the product's editor.
        _error(shop, plan, "variant_id", "csv_variant_new" if product is None else "no_variants")
        return
    vid, vname = loaded.get("variant_id"), (loaded.get("variant_name") or "").strip()
    if vid:
        variant = next((v for v in product.variants if v.id == vid), None)
        if variant is None:
            _error(shop, plan, "variant_id", "variant_not_found")
            return
    elif vname:
        variant = next((v for v in product.variants if v.name.strip().casefold() == vname.casefold()), None)
        if variant is None:
            _error(shop, plan, "variant_name", "csv_variant_new")
            return
    else:
        _error(shop, plan, "variant_id", "csv_variant_missing")
        return
    if variant.id in seen.variants:
        _error(shop, plan, "variant_id", "csv_variant_repeated", line=seen.variants[variant.id])
    seen.variants.setdefault(variant.id, plan.line)
    plan.variant_id = variant.id
    values = {name: loaded[column] for column, name in VARIANT_PLAIN.items() if column in loaded}
    if "sku" in values and not values["sku"]:
        values["sku"] = None
    if values.get("sku"):
        holder = seen.variant_sku_holder.get(values["sku"])
        if holder is not None and holder != variant.id:
            _error(shop, plan, "variant_sku", "variant_sku_taken")
        elif values["sku"] in seen.variant_sku:
            _error(shop, plan, "variant_sku", "csv_sku_repeated", line=seen.variant_sku[values["sku"]])
        seen.variant_sku.setdefault(values["sku"], plan.line)
    price = values.get("price", variant.price)
    discount = values.get("discount", variant.discount)
    if discount is not None and discount > 0 and discount >= price:
        _error(shop, plan, "variant_discount", "discount_not_below_price")
    plan.variant_values = values
    plan.variant_stock = loaded.get("variant_stock")


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
    variant = next((v for v in product.variants if v.id == row.variant_id), None)
    for name, value in row.variant_values.items():
        setattr(variant, name, value)
    flush_versioned(session, shop, product)
    changes = diff(before, snapshot(product))
    if row.stock is not None and not product.variants and row.stock != product.virtual_inventory:
        line = stock.StockLine(product.id, None, 0)
        was, now = stock.adjust(session, shop.id, line, level=row.stock, actor_id=actor.id, note=note)
        changes["virtual_inventory"] = [was, now]
    if (
        variant is not None
        and row.variant_stock is not None
        and row.variant_stock != variant.virtual_inventory
    ):
        line = stock.StockLine(product.id, variant.id, 0)
        was, now = stock.adjust(session, shop.id, line, level=row.variant_stock, actor_id=actor.id, note=note)
        changes[f"variants[{variant.id}].virtual_inventory"] = [was, now]
        session.expire(product, ["virtual_inventory"])
        session.expire(variant, ["virtual_inventory"])
    record(session, shop, actor, Action.UPDATE, OBJECT, product.id, changes, note)
    reindex_product(session, product)
