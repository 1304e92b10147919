"""A member's cart: one line per product and variant, kept server-side so it survives logout."""

from sqlalchemy import CheckConstraint, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from bff.catalog.models import Product, ProductVariant
from bff.common.models import ShopOwned, Timestamps
from bff.extensions import db


class CartLine(ShopOwned, Timestamps, db.Model):
    __tablename__ = "cart_lines"
    __table_args__ = (
        # `line_key` is "product:variant" (variant 0 for none): NULLs never clash in a unique key.
        UniqueConstraint("user_id", "line_key", name="uq_cart_lines_user_line"),
        CheckConstraint("quantity > 0", name="quantity_positive"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"), index=True)
    variant_id: Mapped[int | None] = mapped_column(
        ForeignKey("product_variants.id", ondelete="CASCADE"), index=True
    )
    line_key: Mapped[str] = mapped_column(String(32))
    quantity: Mapped[int] = mapped_column(Integer)

    product: Mapped[Product] = relationship()
    variant: Mapped[ProductVariant | None] = relationship()


def line_key(product_id: int, variant_id: int | None) -> str:
    return f"{product_id}:{variant_id or 0}"
