"""The stock ledger: every change of stock is a row of `stock_movements`, written in the same
transaction as the change, so that at every commit

    variant.virtual_inventory == sum(delta of the movements of the variant)
    product.virtual_inventory == sum(delta of the movements of the product)

A product with variants holds no stock of its own: its column is the sum of its variants' (kept
in step by every function below), which is what the storefront shows and the sold-out badge reads.

Concurrency: each function first writes the product row (in id order when there are several),
then the variant rows. The first write takes the row's lock on PostgreSQL (SQLite lets one
writer in at a time), so all stock changes of one product queue behind each other, in one lock
order everywhere, which rules out deadlocks. Decreases are conditional UPDATEs
(`WHERE virtual_inventory >= n`): stock never goes below 0, whatever runs at the same time.
"""

from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from bff.catalog.models import Product, ProductVariant, StockMovement, StockReason


@dataclass(frozen=True)
class StockLine:
    """Units of a product, or of one of its variants."""

    product_id: int
    variant_id: int | None
    quantity: int


def _change(session: Session, table, shop_id: int, row_id: int, delta: int) -> bool:
    """Add `delta` to a row's stock unless that takes it below 0; whether it was applied.
    The shop in the criteria also tells the catalogue cache whose answers changed (versions.py)."""
    stmt = (
        update(table)
        .where(table.shop_id == shop_id, table.id == row_id)
        .values(virtual_inventory=table.virtual_inventory + delta)
    )
    # mutation: equivalent because with `<= 0` or `< 1` a delta of 0 adds `virtual_inventory >= 0`,
    # which every row holds (stock is never below 0).
    if delta < 0:
        stmt = stmt.where(table.virtual_inventory >= -delta)
    # mutation: equivalent because SQLAlchemy reads synchronize_session=None as False (no syncing).
    return session.execute(stmt.execution_options(synchronize_session=False)).rowcount == 1


def lock_product(session: Session, shop_id: int, product_id: int) -> None:
    """Take the product row's lock (until commit) before reading what a change depends on."""
    # A write, not SELECT ... FOR UPDATE: it also takes SQLite's write lock before the reads.
    session.execute(
        update(Product)
        .where(Product.shop_id == shop_id, Product.id == product_id)
        .values(virtual_inventory=Product.virtual_inventory)
        .execution_options(synchronize_session=False)
    )


def _movement(session, shop_id, line: StockLine, delta, reason, order_id=None, actor_id=None, note=""):
    session.add(
        StockMovement(
            shop_id=shop_id,
            product_id=line.product_id,
            variant_id=line.variant_id,
            delta=delta,
            reason=StockReason(reason).value,
            order_id=order_id,
            actor_id=actor_id,
            note=note,
        )
    )


def take_for_order(session: Session, shop_id: int, order_id: int, lines: list[StockLine]) -> StockLine | None:
    """Take the units of an order's lines. Returns None, or the first line short of stock, in
    which case the caller must roll back (some rows may already be changed)."""
    per_product: dict[int, int] = defaultdict(int)
    for line in lines:
        per_product[line.product_id] += line.quantity
    by_product = {line.product_id: line for line in lines}
    for product_id in sorted(per_product):
        if not _change(session, Product, shop_id, product_id, -per_product[product_id]):
            return by_product[product_id]
    for line in sorted((ln for ln in lines if ln.variant_id), key=lambda ln: ln.variant_id):
        if not _change(session, ProductVariant, shop_id, line.variant_id, -line.quantity):
            return line
    for line in lines:
        _movement(session, shop_id, line, -line.quantity, StockReason.ORDER, order_id)
    return None


def return_for_order(
    session: Session, shop_id: int, order_id: int, lines: list[StockLine], reason: StockReason
) -> list[StockLine]:
    """Put back the units of a cancelled or released order; returns the lines put back.

    The units go to the row that holds the stock now: the line's variant, or the product when it
    has no variants. A line whose variant was deleted since (its id is NULL now) while the
    product still has variants has nowhere to go and is skipped, as is a deleted product.
    """
    product_ids = {line.product_id for line in lines if line.product_id}
    with_variants = set(
        session.scalars(select(ProductVariant.product_id).where(ProductVariant.product_id.in_(product_ids)))
    )
    existing = set(session.scalars(select(Product.id).where(Product.id.in_(product_ids))))
    kept = [
        line
        for line in lines
        if line.product_id in existing and (line.variant_id or line.product_id not in with_variants)
    ]
    per_product: dict[int, int] = defaultdict(int)
    for line in kept:
        per_product[line.product_id] += line.quantity
    for product_id in sorted(per_product):
        _change(session, Product, shop_id, product_id, per_product[product_id])
    for line in sorted((ln for ln in kept if ln.variant_id), key=lambda ln: ln.variant_id):
        _change(session, ProductVariant, shop_id, line.variant_id, line.quantity)
    for line in kept:
        _movement(session, shop_id, line, line.quantity, reason, order_id)
    return kept


class NegativeStock(Exception):
    def __init__(self, current: int):
        super().__init__(current)
        self.current = current


class StaleStock(Exception):
    """The level was set over one the caller did not read: `current` is the one there now."""

    def __init__(self, current: int):
        super().__init__(current)
        self.current = current


def adjust(
    session: Session,
    shop_id: int,
    line: StockLine,
    *,
    delta: int | None = None,
    level: int | None = None,
    expected: int | None = None,
    reason: StockReason = StockReason.ADMIN_ADJUST,
    actor_id: int | None = None,
    note: str = "",
) -> tuple[int, int]:
    """Change one stock row by `delta`, or to `level`; returns (before, after).

    The row is the variant's when `line.variant_id` is set (the product's sum follows), else the
    product's own (a product without variants). Raises NegativeStock, changing nothing, when the
    result would be below 0, and StaleStock when `expected` is given and the row holds another
    level (read under the lock). A change of 0 writes nothing.
    """
    lock_product(session, shop_id, line.product_id)
    table, row_id = (ProductVariant, line.variant_id) if line.variant_id else (Product, line.product_id)
    before = session.scalar(select(table.virtual_inventory).where(table.id == row_id))
    if expected is not None and before != expected:
        raise StaleStock(before)
    change = (level - before) if level is not None else delta
    if before + change < 0:
        raise NegativeStock(before)
    if change:
        if line.variant_id:
            _change(session, ProductVariant, shop_id, line.variant_id, change)
        _change(session, Product, shop_id, line.product_id, change)
        _movement(session, shop_id, line, change, reason, actor_id=actor_id, note=note)
    return before, before + change


def record_opening(
    session: Session, product: Product, reason=StockReason.INITIAL, actor_id=None, note=""
) -> None:
    """The opening movements of a product just written with its stock (and its variants'): one
    per stock row. Makes the product's own column the sum of its variants' when it has any."""
    if product.variants:
        total = 0
        for variant in product.variants:
            line = StockLine(product.id, variant.id, variant.virtual_inventory)
            _movement(session, product.shop_id, line, variant.virtual_inventory, reason, None, actor_id, note)
            total += variant.virtual_inventory
        session.execute(
            update(Product)
            .where(Product.shop_id == product.shop_id, Product.id == product.id)
            .values(virtual_inventory=total)
            .execution_options(synchronize_session=False)
        )
        session.expire(product, ["virtual_inventory"])
    else:
        line = StockLine(product.id, None, product.virtual_inventory)
        _movement(session, product.shop_id, line, product.virtual_inventory, reason, None, actor_id, note)


def add_variant_stock(
    session: Session, shop_id: int, variant: ProductVariant, actor_id=None, note=""
) -> None:
    """A variant just added to an existing product: its opening movement and the product's sum."""
    line = StockLine(variant.product_id, variant.id, variant.virtual_inventory)
    _movement(session, shop_id, line, variant.virtual_inventory, StockReason.INITIAL, None, actor_id, note)
    if variant.virtual_inventory:
        _change(session, Product, shop_id, variant.product_id, variant.virtual_inventory)


def close_variant(session: Session, shop_id: int, variant: ProductVariant, actor_id=None, note="") -> int:
    """A variant about to be deleted: its stock leaves the product in one closing movement.
    The movement names no variant (the deletion would set it to NULL anyway); `note` should."""
    units = session.scalar(select(ProductVariant.virtual_inventory).where(ProductVariant.id == variant.id))
    if units:
        line = StockLine(variant.product_id, None, units)
        _movement(session, shop_id, line, -units, StockReason.ADMIN_ADJUST, None, actor_id, note)
        _change(session, Product, shop_id, variant.product_id, -units)
    return units or 0


def clear_own_stock(session: Session, shop_id: int, product_id: int, actor_id=None, note="") -> int:
    """A product without variants about to get its first ones: its own stock goes (they hold it now)."""
    stock = session.scalar(select(Product.virtual_inventory).where(Product.id == product_id))
    if stock:
        line = StockLine(product_id, None, stock)
        _movement(session, shop_id, line, -stock, StockReason.ADMIN_ADJUST, None, actor_id, note)
        _change(session, Product, shop_id, product_id, -stock)
    return stock or 0


def ledger_totals(session: Session, product_id: int) -> dict:
    """The sums of a product's movements: {"product": n, "variants": {variant id: n}}."""
    rows = session.execute(
        select(StockMovement.variant_id, StockMovement.delta).where(StockMovement.product_id == product_id)
    ).all()
    variants: dict[int, int] = defaultdict(int)
    for variant_id, delta in rows:
        if variant_id is not None:
            variants[variant_id] += delta
    return {"product": sum(delta for _, delta in rows), "variants": dict(variants)}
