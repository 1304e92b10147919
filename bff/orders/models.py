"""Orders and their lines. Lines copy the name, price and weight charged, so later catalogue
edits never change an order; the product and variant links are kept while they exist."""

import enum
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    JSON,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    column,
    exists,
    table,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from bff.catalog.models import Product
from bff.common.encryption import EncryptedText
from bff.common.models import Money, ShopOwned, Timestamps, as_utc, utcnow
from bff.extensions import db
from bff.pricing.rules import yuan
from bff.promotions.models import OrderDiscount


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
    # Taken off the items by promotions (满减 and a code; bff/promotions), the lines' shares' sum.
    discount_amount: Mapped[Decimal] = mapped_column(Money, default=Decimal("0.00"), server_default="0")
    shipping_cost: Mapped[Decimal] = mapped_column(Money)  # charged: 0 when free shipping applied
    total_price: Mapped[Decimal] = mapped_column(Money)  # what is charged: items - discount + shipping
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
    # When the unpaid clock (re)started, if not at placement: a rejected claim gives the shopper the
    # whole time-out again (bff/orders/payment_claims.py `reject_claim`).
    unpaid_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Raised by every change the console makes, so an edit on a stale copy is refused (If-Match).
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    lines: Mapped[list["OrderLine"]] = relationship(
        order_by="OrderLine.id", cascade="all, delete-orphan", back_populates="order"
    )
    # Every promotion the order applied and what it saved.
    discounts: Mapped[list[OrderDiscount]] = relationship(
        OrderDiscount, order_by=OrderDiscount.id, cascade="all, delete-orphan"
    )

    @property
    def unpaid_clock_start(self) -> datetime:
        """When the unpaid time-out started counting (UTC)."""
        return as_utc(self.unpaid_since or self.created_at)

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
    # The line's share of the order's promotions (bff/promotions/rules.py): a refund of the line
    # returns final_price x quantity less this, what was paid for it.
    discount_amount: Mapped[Decimal] = mapped_column(Money, default=Decimal("0.00"), server_default="0")
    weight: Mapped[int] = mapped_column(Integer)  # grams per unit as charged

    order: Mapped[Order] = relationship(back_populates="lines")
    product: Mapped[Product | None] = relationship()

    @property
    def paid_amount(self) -> Decimal:
        """What the line paid: its units at their price, less its share of the discounts."""
        return self.final_price * self.quantity - (self.discount_amount or Decimal("0.00"))


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


class OrderNote(ShopOwned, db.Model):
    """A staff note on an order (bff/orders/notes.py): read by the shop's staff only, never by the
    shopper, and never in an answer to one."""

    __tablename__ = "order_notes"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    author_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    author_email: Mapped[str] = mapped_column(String(254), default="")
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class OrderTag(ShopOwned, db.Model):
    """A staff tag on an order (e.g. 加急, 礼品): for finding orders, never shown to the shopper."""

    __tablename__ = "order_tags"
    __table_args__ = (
        UniqueConstraint("order_id", "tag", name="uq_order_tags_order_tag"),
        Index("ix_order_tags_shop_tag", "shop_id", "tag"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    tag: Mapped[str] = mapped_column(String(40))


class DailyReport(ShopOwned, db.Model):
    """The claim of one shop's daily mail to its owner for one day of its calendar: the unique
    (shop, day) lets one scheduler (of however many replicas) queue it, once (bff/orders/today.py)."""

    __tablename__ = "daily_reports"
    __table_args__ = (UniqueConstraint("shop_id", "day", name="uq_daily_reports_shop_day"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    day: Mapped[date] = mapped_column(Date)
    recipients: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# Payments import orders, so orders name the refunds table (bff/payments/models.py `Refund`)
# rather than its model.
REFUNDS = table(
    "refunds",
    column("id"),
    column("shop_id"),
    column("order_id"),
    column("payment_id"),
    column("amount", Money),
    column("reason"),
    column("method"),
    column("status"),  # processing | refunded | failed | abnormal (bff/payments/refunds.py)
    column("actor_id"),
    column("created_at", DateTime(timezone=True)),
)


def has_abnormal_refund(shop_id: int):
    """The criterion of an order (of shop `shop_id`) with a refund stuck at the provider (WeChat
    Pay's ABNORMAL, bff/payments/refunds.py), that the owner finishes by hand in WeChat Pay's
    merchant platform: the console's "refunds to handle" (bff/orders/today.py `counts`) and its
    orders list filter `refund_abnormal`."""
    return exists().where(
        REFUNDS.c.shop_id == shop_id, REFUNDS.c.order_id == Order.id, REFUNDS.c.status == "abnormal"
    )
