"""Shipping many orders from one uploaded file: a CSV of order number, courier and tracking
number (what a courier's booking system gives back). It is checked first, row by row, writing
nothing (the preview); applying checks it again and ships every row in one transaction, or none
when any row has an error. Each ship step queues its shipped mail in that transaction (the outbox).

The file may be UTF-8 (with or without a BOM) or GB18030/GBK, what Excel and WPS save in China;
its header names the columns by key or by their Chinese names.
"""

import csv
import io
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from bff.accounts.models import User
from bff.audit.services import Action, record
from bff.common.errors import DomainError
from bff.common.models import utcnow
from bff.common.spreadsheet import decode_text, restore
from bff.orders import transitions
from bff.orders.error_codes import OrderErrorCode as Code
from bff.orders.messages import text
from bff.orders.models import Order
from bff.orders.numbers import normalise_order_number
from bff.orders.transitions import OrderAction, admin
from bff.shops.models import Shop

MAX_BYTES = 1024 * 1024
MAX_ROWS = 2000
# Each column's key and the other names a file may give it.
HEADERS = {
    "order_number": ("order_number", "order", "订单号", "订单编号"),
    "shipping_company": ("shipping_company", "courier", "快递公司", "物流公司"),
    "tracking_number": ("tracking_number", "tracking", "快递单号", "运单号", "物流单号"),
}
_BY_NAME = {name.lower(): key for key, names in HEADERS.items() for name in names}


@dataclass
class ShipRow:
    line: int
    order_number: str = ""
    shipping_company: str = ""
    tracking_number: str = ""
    order_id: int | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)


def _file_error(shop: Shop, key: str, **values) -> DomainError:
    message = text(shop.language, key, **values)
    return DomainError(Code.VALIDATION, message, {"file": [message]})


def _read(shop: Shop, data: bytes) -> list[tuple[int, dict[str, str]]]:
    if len(data) > MAX_BYTES:
        raise _file_error(shop, "ship_file_too_large", rows=MAX_ROWS)
    content = decode_text(data)
    if content is None or "\x00" in content:
        raise _file_error(shop, "ship_file_invalid")
    reader = csv.reader(io.StringIO(content, newline=""), strict=True)
    try:
        header = next(reader, None) or []
        keys = [_BY_NAME.get(h.strip().lower()) for h in header]
        missing = [k for k in HEADERS if k not in keys]
        if missing:
            raise _file_error(shop, "ship_file_columns", columns=", ".join(missing))
        rows = []
        for cells in reader:
            if not any(c.strip() for c in cells):
                continue
            if len(rows) >= MAX_ROWS:
                raise _file_error(shop, "ship_file_too_large", rows=MAX_ROWS)
            values = {k: restore(c.strip()) for k, c in zip(keys, cells, strict=False) if k}
            rows.append((reader.line_num, values))
    except csv.Error:
        raise _file_error(shop, "ship_file_invalid") from None
    if not rows:
        raise _file_error(shop, "ship_file_empty")
    return rows


def plan(session: Session, shop: Shop, data: bytes) -> list[ShipRow]:
    """Every row of the file, checked against the shop's orders, with its errors; writes nothing."""
    planned = []
    seen: set[str] = set()
    rows = _read(shop, data)
    numbers = {normalise_order_number(v.get("order_number", "")) for _, v in rows}
    found = {
        number: (order_id, status)
        for order_id, number, status in session.execute(
            select(Order.id, Order.order_number, Order.status).where(
                Order.shop_id == shop.id, Order.order_number.in_(numbers)
            )
        )
    }
    lang = shop.language
    for line, values in rows:
        row = ShipRow(
            line,
            normalise_order_number(values.get("order_number", "")),
            values.get("shipping_company", "")[:120],
            values.get("tracking_number", "")[:120],
        )
        if not row.order_number:
            row.errors["order_number"] = [text(lang, "order_number_required")]
        elif row.order_number in seen:
            row.errors["order_number"] = [text(lang, "ship_row_repeated")]
        elif row.order_number not in found:
            row.errors["order_number"] = [text(lang, "order_not_found")]
        else:
            row.order_id, status = found[row.order_number]
            if transitions.next_status(status, OrderAction.SHIP) is None:
                row.errors["order_number"] = [transitions.refused(shop, status, OrderAction.SHIP).message]
        seen.add(row.order_number)
        if not row.shipping_company:
            row.errors["shipping_company"] = [text(lang, "company_required")]
        if not row.tracking_number:
            row.errors["tracking_number"] = [text(lang, "tracking_required")]
        planned.append(row)
    return planned


def apply(session: Session, shop: Shop, actor: User, data: bytes) -> list[ShipRow]:
    """Ship every row of the file in one transaction, or (422 with each row's errors) none."""
    rows = plan(session, shop, data)
    failed = [row for row in rows if row.errors]
    if failed:
        session.rollback()
        errors = {f"rows.{row.line}.{name}": msgs for row in failed for name, msgs in row.errors.items()}
        raise DomainError(Code.VALIDATION, text(shop.language, "ship_rows_invalid", n=len(failed)), errors)
    now = utcnow()
    note = text(shop.language, "ship_bulk_note")
    for row in rows:
        # A step lost to another click rolls everything back and says so (409).
        transitions.apply(
            session,
            shop,
            row.order_id,
            OrderAction.SHIP,
            admin(actor),
            values={
                "shipping_company": row.shipping_company,
                "tracking_number": row.tracking_number,
                "shipped_at": now,
            },
            note=note,
            details={"shipping_company": row.shipping_company, "tracking_number": row.tracking_number},
        )
    record(
        session, shop, actor, Action.BULK_SHIP, "order", 0, {"orders": [None, [r.order_number for r in rows]]}
    )
    session.commit()
    return rows
