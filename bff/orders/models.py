"""Orders and their lines. Lines copy the name, price and weight charged, so later catalogue
edits never change an order; the product and variant links are kept while they exist."""

import enum
from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from bff.catalog.models import Product
from bff.common.encryption import EncryptedText
from bff.common.models import Money, ShopOwned, Timestamps
from bff.extensions import db


class OrderStatus(enum.StrEnum):
    UNPAID = "unpaid"
    PAID = "paid"
    COMPLETED = "completed"  # shipped
    CANCELLED = "cancelled"
    PAYMENT_FAILED = "payment_failed"


# Orders that still hold their stock and may still be paid or cancelled.
OPEN_STATUSES = (OrderStatus.UNPAID, OrderStatus.PAYMENT_FAILED)


class Order(ShopOwned, Timestamps, db.Model):
    __tablename__ = "orders"
    __table_args__ = (
        UniqueConstraint("user_id", "idempotency_key", name="uq_orders_user_idempotency_key"),
        Index("ix_orders_user_status", "user_id", "status", "created_at"),
        Index("ix_orders_status_created", "status", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    order_number: Mapped[str] = mapped_column(String(20), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    idempotency_key: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(20), default=OrderStatus.UNPAID)

    total_amount: Mapped[Decimal] = mapped_column(Money)  # subtotal of the lines
    shipping_cost: Mapped[Decimal] = mapped_column(Money)
    total_price: Mapped[Decimal] = mapped_column(Money)  # what is charged
    total_quantity: Mapped[int] = mapped_column(Integer)
    total_weight: Mapped[int] = mapped_column(Integer)  # grams, free-shipping items count 0
    shipping_type: Mapped[str] = mapped_column(String(20))

    shipping_name: Mapped[str] = mapped_column(String(120))
    shipping_contact: Mapped[str] = mapped_column(String(40))
    shipping_country: Mapped[str] = mapped_column(String(40))
    shipping_city: Mapped[str] = mapped_column(String(120))
    shipping_address: Mapped[str] = mapped_column(String(255))
    # China: the place chosen from the lists (bff/addresses/regions.py), GB/T 2260 codes; null for
    # New Zealand, and for an address typed before the lists (it asks to be completed).
    province_code: Mapped[str | None] = mapped_column(String(6))
    city_code: Mapped[str | None] = mapped_column(String(6))
    district_code: Mapped[str | None] = mapped_column(String(6))
    # The recipient's ID number (身份证号), encrypted at rest (bff/common/encryption.py); answers
    # to a shopper show it masked (bff/common/id_numbers.py).
    shipping_id: Mapped[str] = mapped_column(EncryptedText(255), default="")
    user_remark: Mapped[str] = mapped_column(Text, default="")
    sender_name: Mapped[str] = mapped_column(String(120), default="")
    sender_address: Mapped[str] = mapped_column(String(255), default="")
    sender_contact: Mapped[str] = mapped_column(String(40), default="")

    shipping_company: Mapped[str | None] = mapped_column(String(120))
    tracking_number: Mapped[str | None] = mapped_column(String(120))
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    cancelled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    shipped_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    lines: Mapped[list["OrderLine"]] = relationship(
        order_by="OrderLine.id", cascade="all, delete-orphan", back_populates="order"
    )


class OrderLine(ShopOwned, db.Model):
    __tablename__ = "order_lines"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    product_id: Mapped[int | None] = mapped_column(ForeignKey("products.id", ondelete="SET NULL"), index=True)
    variant_id: Mapped[int | None] = mapped_column(
        ForeignKey("product_variants.id", ondelete="SET NULL"), index=True
    )
    product_name: Mapped[str] = mapped_column(String(255))
    variant_name: Mapped[str] = mapped_column(String(120), default="")
    final_price: Mapped[Decimal] = mapped_column(Money)  # unit price charged
    quantity: Mapped[int] = mapped_column(Integer)
    weight: Mapped[int] = mapped_column(Integer)  # grams per unit as charged

    order: Mapped[Order] = relationship(back_populates="lines")
    product: Mapped[Product | None] = relationship()
