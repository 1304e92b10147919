"""Column helpers shared by every domain's models."""

from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, Numeric
from sqlalchemy.orm import Mapped, mapped_column

Money = Numeric(12, 2)


def utcnow() -> datetime:
    return datetime.now(UTC)


class ShopOwned:
    """Mixin for every table that belongs to a shop: queries filter on `shop_id`."""

    shop_id: Mapped[int] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"), index=True)


class Timestamps:
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


def money(value) -> Decimal | None:
    return None if value is None else Decimal(value).quantize(Decimal("0.01"))
