"""Orders and their lines. Lines copy the name, price and weight charged, so later catalogue
edits never change an order; the product and variant links are kept while they exist."""

import enum
from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    Numeric,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from bff.catalog.models import Product
from bff.common.encryption import EncryptedText
from bff.common.models import Money, ShopOwned, Timestamps, utcnow
from bff.extensions import db
from bff.pricing.rules import yuan


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
    # Yuan per NZ dollar when the order was placed: every yuan figure of the order uses it.
    exchange_rate: Mapped[Decimal] = mapped_column(Numeric(12, 4))
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
    # Money taken and given back (sums of the payment and refund records), and how it was paid.
    paid_amount: Mapped[Decimal] = mapped_column(Money, default=Decimal("0.00"), server_default="0")
    refunded_amount: Mapped[Decimal] = mapped_column(Money, default=Decimal("0.00"), server_default="0")
    payment_method: Mapped[str | None] = mapped_column(String(20))
    # The shopper said "I have paid" by the shop's QR code (bff/orders/payment_claims.py): the
    # order waits for the owner's check and the unpaid time-out leaves it alone.
    payment_claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Raised by every change the console makes, so an edit on a stale copy is refused (If-Match).
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    lines: Mapped[list["OrderLine"]] = relationship(
        order_by="OrderLine.id", cascade="all, delete-orphan", back_populates="order"
    )

    @property
    def yuan_total(self) -> Decimal:
        """The order's yuan, once from its NZ$ total at its own rate: what every screen and mail
        shows and a mainland account charges (bff/pricing/rules.py, rules/yuan_cases.json)."""
        return yuan(self.total_price, self.exchange_rate)


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


class OrderPayment(ShopOwned, db.Model):
    """Money received for an order: by the provider's notification, or recorded by the owner
    (a transfer or QR payment checked by hand). Refunds are recorded against it."""

    __tablename__ = "order_payments"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    method: Mapped[str] = mapped_column(String(20))  # manual | sandbox | wechat | alipay
    amount: Mapped[Decimal] = mapped_column(Money)
    reference: Mapped[str] = mapped_column(String(128), default="")
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class OrderEvent(ShopOwned, db.Model):
    """The order's history: every state change and console action, who did it, when and why."""

    __tablename__ = "order_events"
    __table_args__ = (Index("ix_order_events_order", "order_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    action: Mapped[str] = mapped_column(String(32))
    from_status: Mapped[str | None] = mapped_column(String(20))
    to_status: Mapped[str | None] = mapped_column(String(20))
    actor_kind: Mapped[str] = mapped_column(String(16))  # admin | shopper | provider | system
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    actor_email: Mapped[str] = mapped_column(String(254), default="")
    note: Mapped[str] = mapped_column(Text, default="")
    details: Mapped[dict] = mapped_column(JSON, default=dict)


class PaymentProof(ShopOwned, db.Model):
    """The screenshot a shopper attached to "I have paid": re-encoded without metadata and kept
    in the database, never under the public media path; only that shopper and the shop's admin
    can read it (bff/orders/payment_claims.py)."""

    __tablename__ = "payment_proofs"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(
        ForeignKey("orders.id", ondelete="CASCADE"), index=True, unique=True
    )
    content_type: Mapped[str] = mapped_column(String(32))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
