"""Column helpers shared by every domain's models."""

from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation

from sqlalchemy import DateTime, ForeignKey, Integer, Numeric
from sqlalchemy.orm import Mapped, declared_attr, mapped_column

Money = Numeric(12, 2)
# The largest Integer key (PostgreSQL int4). Routes match ids up to it only, so a longer
# number is an unknown page (404), not a database overflow (500).
MAX_ID = 2**31 - 1
ID = f"int(max={MAX_ID})"


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(value: datetime | None) -> datetime | None:
    """A stored time with its zone: SQLite hands DateTime(timezone=True) back naive, in UTC."""
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


class ShopOwned:
    """Mixin for every table that belongs to a shop: queries filter on `shop_id`."""

    shop_id: Mapped[int] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"), index=True)


class Versioned:
    """Counts the console's saves of the row: every ORM UPDATE checks and raises it, so an edit
    made on a stale copy fails (StaleDataError) instead of overwriting another's."""

    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    @declared_attr.directive
    def __mapper_args__(cls):
        return {"version_id_col": cls.__table__.c.version}


class Timestamps:
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


def money(value) -> Decimal | None:
    return None if value is None else Decimal(value).quantize(Decimal("0.01"))


# The largest amount a Money column holds.
MAX_AMOUNT = Decimal("9999999999.99")


def amount_in_cents(value) -> Decimal | None:
    """`value` rounded to cents when it is an amount: a finite number from 0 to MAX_AMOUNT
    without a minus sign (not -0); None for NaN, Infinity, huge exponents and the like."""
    try:
        amount = value if isinstance(value, Decimal) else Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        return None
    if not amount.is_finite() or amount.is_signed() or amount > MAX_AMOUNT:
        return None
    return amount.quantize(Decimal("0.01"))
