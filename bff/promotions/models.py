"""Promotions: discount codes, 满减 spend tiers and free-shipping thresholds, and what each
order took from them (bff/promotions/services.py applies them; bff/orders places the order)."""

import enum
from datetime import datetime
from decimal import Decimal

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bff.common.models import Money, ShopOwned, Timestamps, Versioned, utcnow
from bff.extensions import db


class CodeKind(enum.StrEnum):
    PERCENT = "percent"
    AMOUNT = "amount"


class Scope(enum.StrEnum):
    ALL = "all"
    CATEGORIES = "categories"
    BRANDS = "brands"
    PRODUCTS = "products"


class DiscountKind(enum.StrEnum):
    """What an order's discount came from."""

    TIER = "tier"
    CODE = "code"
    FREE_SHIPPING = "free_shipping"


class Scheduled:
    """A promotion the owner can pause, and which runs from `starts_at` until `ends_at` (either
    open)."""

    starts_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    paused: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class DiscountCode(ShopOwned, Scheduled, Versioned, Timestamps, db.Model):
    __tablename__ = "discount_codes"
    __table_args__ = (UniqueConstraint("shop_id", "code", name="uq_discount_codes_shop_code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(40))  # upper case: a shopper's code matches in any case
    kind: Mapped[str] = mapped_column(String(10))  # CodeKind
    value: Mapped[Decimal] = mapped_column(Money)  # a percentage (1-100) or NZ dollars
    min_spend: Mapped[Decimal] = mapped_column(Money, default=Decimal("0.00"))
    usage_limit: Mapped[int | None] = mapped_column(Integer)  # uses in total; None: no limit
    per_member_limit: Mapped[int | None] = mapped_column(Integer)
    scope: Mapped[str] = mapped_column(String(12), default=Scope.ALL)
    scope_ids: Mapped[list] = mapped_column(JSON, default=list)
    # Orders holding a use (placed, not cancelled): raised only by a conditional UPDATE, so it
    # never passes usage_limit however many checkouts run at once.
    used_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SpendTier(ShopOwned, Scheduled, Versioned, Timestamps, db.Model):
    """满减: spend `threshold` NZ dollars, save `saving`. The best tier reached applies by itself."""

    __tablename__ = "spend_tiers"

    id: Mapped[int] = mapped_column(primary_key=True)
    threshold: Mapped[Decimal] = mapped_column(Money)
    saving: Mapped[Decimal] = mapped_column(Money)


class FreeShippingThreshold(ShopOwned, Versioned, Timestamps, db.Model):
    """Shipping by `shipping_type` is free once the items (after discounts) reach `threshold`."""

    __tablename__ = "free_shipping_thresholds"
    __table_args__ = (UniqueConstraint("shop_id", "shipping_type", name="uq_free_shipping_shop_method"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shipping_type: Mapped[str] = mapped_column(String(20))
    threshold: Mapped[Decimal] = mapped_column(Money)
    paused: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class OrderDiscount(ShopOwned, db.Model):
    """One rule an order applied and what it saved; the label keeps its words as they were."""

    __tablename__ = "order_discounts"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # DiscountKind
    rule_id: Mapped[int | None] = mapped_column(Integer)  # the code, tier or threshold (may be deleted)
    label: Mapped[str] = mapped_column(String(120))
    amount: Mapped[Decimal] = mapped_column(Money)


class DiscountCodeUse(ShopOwned, db.Model):
    """A member's use of a code by an order. `slot` counts the member's uses (1..per_member_limit);
    the unique key makes two checkouts of one member claiming the same slot meet in the database."""

    __tablename__ = "discount_code_uses"
    __table_args__ = (UniqueConstraint("code_id", "user_id", "slot", name="uq_discount_code_uses_slot"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code_id: Mapped[int] = mapped_column(ForeignKey("discount_codes.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    slot: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
