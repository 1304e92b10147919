"""The customs and courier file of the orders to ship (CSV or XLSX): one row per order line, with
the recipient's full ID number, the place in three columns, and each line's declared value in NZD
and yuan. Every export is written to the audit log (who, when, which orders), in the same
transaction that reads the ID numbers: there is no export without its entry.

The yuan value uses the rate the order was placed at where the order keeps one (`exchange_rate`),
else the shop's rate today.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy.orm import Session, selectinload

from bff.accounts.models import User
from bff.addresses.regions import place_names
from bff.audit.services import Action, record
from bff.catalog.models import Product
from bff.common.spreadsheet import csv_lines, xlsx_bytes
from bff.orders.admin_services import OrderFilters, _filtered
from bff.orders.models import Order, OrderLine, OrderStatus
from bff.shops.models import Shop

# Paid orders wait to be shipped; shipped ones may need their file again (a courier's re-booking).
SHIPPABLE = (OrderStatus.PAID, OrderStatus.COMPLETED)
CENT = Decimal("0.01")
# (key, Chinese header, English header)
COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("order_number", "订单号", "Order"),
    ("recipient", "收件人", "Recipient"),
    ("phone", "收件人电话", "Phone"),
    ("id_number", "身份证号", "ID number"),
    ("province", "省", "Province"),
    ("city", "市", "City"),
    ("district", "区/县", "District"),
    ("address", "详细地址", "Address"),
    ("sku", "SKU", "SKU"),
    ("product", "商品名称", "Product"),
    ("quantity", "数量", "Quantity"),
    ("declared_nzd", "申报价值 (NZD)", "Declared value (NZD)"),
    ("declared_cny", "申报价值 (CNY)", "Declared value (CNY)"),
    ("weight_kg", "重量 (kg)", "Weight (kg)"),
    ("courier", "快递公司", "Courier"),
    ("tracking_number", "快递单号", "Tracking number"),
)


@dataclass
class CustomsFile:
    header: list[str]
    rows: list[list]
    order_numbers: list[str]


def order_rate(shop: Shop, order: Order) -> Decimal:
    """The yuan per NZD of the order: its own where it keeps one, else the shop's."""
    return getattr(order, "exchange_rate", None) or shop.shop_exchange_rate


def _row(shop: Shop, order: Order, line: OrderLine) -> list:
    province, city, district = place_names(order.province_code, order.city_code, order.district_code)
    value = (line.final_price * line.quantity).quantize(CENT)
    product = line.product
    return [
        order.order_number,
        order.shipping_name,
        order.shipping_contact,
        order.shipping_id or "",
        province,
        city or order.shipping_city,
        district,
        order.shipping_address,
        (product.sku if product is not None else None) or "",
        f"{line.product_name} ({line.variant_name})" if line.variant_name else line.product_name,
        line.quantity,
        value,
        (value * order_rate(shop, order)).quantize(CENT, ROUND_HALF_UP),
        (Decimal(line.weight * line.quantity) / 1000).quantize(Decimal("0.001")),
        order.shipping_company or "",
        order.tracking_number or "",
    ]


def customs_file(session: Session, shop: Shop, actor: User, filters: OrderFilters, fmt: str) -> CustomsFile:
    """The rows of the paid and shipped orders the filters find, oldest first; the export is
    recorded in the audit log and committed before anything is sent."""
    stmt = (
        _filtered(shop, filters)
        .where(Order.status.in_(SHIPPABLE))
        .options(selectinload(Order.lines).selectinload(OrderLine.product).load_only(Product.sku))
        .order_by(Order.created_at, Order.id)
    )
    orders: Sequence[Order] = session.scalars(stmt).unique().all()
    rows = [_row(shop, order, line) for order in orders for line in order.lines]
    numbers = [order.order_number for order in orders]
    record(
        session,
        shop,
        actor,
        Action.EXPORT_CUSTOMS,
        "order",
        0,
        {"orders": [None, numbers], "format": [None, fmt]},
        note=f"{len(numbers)}",
    )
    session.commit()
    english = shop.language == "en"
    header = [en if english else zh for _, zh, en in COLUMNS]
    return CustomsFile(header, rows, numbers)


def as_csv(file: CustomsFile):
    return csv_lines(file.header, file.rows)


def as_xlsx(file: CustomsFile) -> bytes:
    return xlsx_bytes(file.header, file.rows, title="customs")
