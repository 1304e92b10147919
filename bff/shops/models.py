from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, Numeric, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates

from bff.common.models import Money, utcnow
from bff.extensions import db

# Settings that hold a media path (an image), as opposed to text, money or flags.
SHOP_IMAGE_FIELDS = (
    "shop_image",
    "shop_ico",
    "shop_logo",
    "wechart_image",
    "alipay_image",
    "wechart_pay_image",
    "shop_incentive_image1",
    "shop_incentive_image2",
    "shop_incentive_image3",
)


DEFAULT_TIME_ZONE = "Asia/Shanghai"


class Shop(db.Model):
    """A shop and its settings (SPEC section 3). Image settings hold media paths."""

    __tablename__ = "shops"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    # Public origin of the storefront, used for canonical links and emailed links;
    # never derived from a request's Host header.
    site_url: Mapped[str] = mapped_column(String(255))
    language: Mapped[str] = mapped_column(String(8), default="zh")
    # IANA name of the zone every screen shows times in (the API's times are UTC with an offset).
    time_zone: Mapped[str] = mapped_column(
        String(64), default=DEFAULT_TIME_ZONE, server_default=DEFAULT_TIME_ZONE
    )

    shop_name: Mapped[str] = mapped_column(String(120))
    shop_description: Mapped[str] = mapped_column(Text, default="")
    shop_slogan: Mapped[str] = mapped_column(String(255), default="")
    shop_image: Mapped[str | None] = mapped_column(String(255))
    shop_ico: Mapped[str | None] = mapped_column(String(255))
    shop_logo: Mapped[str | None] = mapped_column(String(255))
    wechart_image: Mapped[str | None] = mapped_column(String(255))
    qq_number: Mapped[str] = mapped_column(String(32), default="")
    shop_exchange_rate: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal("1"))

    shop_incentive_title: Mapped[str] = mapped_column(String(255), default="")
    shop_incentive_name1: Mapped[str] = mapped_column(String(120), default="")
    shop_incentive_name2: Mapped[str] = mapped_column(String(120), default="")
    shop_incentive_name3: Mapped[str] = mapped_column(String(120), default="")
    shop_incentive_image1: Mapped[str | None] = mapped_column(String(255))
    shop_incentive_image2: Mapped[str | None] = mapped_column(String(255))
    shop_incentive_image3: Mapped[str | None] = mapped_column(String(255))
    shop_incentive_description1: Mapped[str] = mapped_column(Text, default="")
    shop_incentive_description2: Mapped[str] = mapped_column(Text, default="")
    shop_incentive_description3: Mapped[str] = mapped_column(Text, default="")

    alipay_image: Mapped[str | None] = mapped_column(String(255))
    wechart_pay_image: Mapped[str | None] = mapped_column(String(255))

    shipping_cost: Mapped[Decimal] = mapped_column(Money, default=Decimal("0"))  # per kg, overseas
    overseas_direct_special_area_shipping_fee: Mapped[Decimal] = mapped_column(Money, default=Decimal("0"))
    local_shipping_cost: Mapped[Decimal] = mapped_column(Money, default=Decimal("0"))  # Auckland
    out_auckland_local_shipping_fee: Mapped[Decimal] = mapped_column(Money, default=Decimal("0"))
    overseas_shipping_note: Mapped[str] = mapped_column(Text, default="")
    local_shipping_note: Mapped[str] = mapped_column(Text, default="")
    pick_up_note: Mapped[str] = mapped_column(Text, default="")
    is_overseas_shipping: Mapped[bool] = mapped_column(Boolean, default=True)
    # Direct post to China: customs needs the recipient's ID number, so checkout requires it.
    is_overseas_id_required: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # The owner's rule: owners and managers sign in to the console with a second factor (TOTP).
    two_factor_required: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    is_local_shipping: Mapped[bool] = mapped_column(Boolean, default=True)
    is_pick_up: Mapped[bool] = mapped_column(Boolean, default=True)
    is_direct_payment_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    # How long an unpaid order holds its stock before it is released.
    unpaid_order_timeout_minutes: Mapped[int] = mapped_column(Integer, default=60 * 24)
    # The dashboard's and the daily mail's low stock: a stock row at or below this many units.
    low_stock_threshold: Mapped[int] = mapped_column(Integer, default=5, server_default="5")
    # The owner's mail each morning with the day's figures (bff/orders/today.py).
    daily_report_enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Counts the console's saves of the settings: an edit made on a stale copy fails (412).
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    __mapper_args__ = {"version_id_col": version}

    domains: Mapped[list["ShopDomain"]] = relationship(back_populates="shop", cascade="all, delete-orphan")

    @validates("time_zone")
    def _known_time_zone(self, _key: str, name: str) -> str:
        try:
            ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError, TypeError) as exc:
            raise ValueError(f"unknown time zone {name!r}") from exc
        return name


class ShopDomain(db.Model):
    """A hostname that serves a shop (lower case, without port)."""

    __tablename__ = "shop_domains"

    id: Mapped[int] = mapped_column(primary_key=True)
    shop_id: Mapped[int] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"), index=True)
    hostname: Mapped[str] = mapped_column(String(255), unique=True)

    shop: Mapped[Shop] = relationship(back_populates="domains")


class ExchangeRate(db.Model):
    """One change of a shop's NZD -> CNY rate: the history the console shows (the current rate
    is `Shop.shop_exchange_rate`; orders keep the rate they were placed at)."""

    __tablename__ = "exchange_rates"
    __table_args__ = (Index("ix_exchange_rates_shop_at", "shop_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    shop_id: Mapped[int] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"))
    rate: Mapped[Decimal] = mapped_column(Numeric(12, 4))
    previous: Mapped[Decimal | None] = mapped_column(Numeric(12, 4))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    actor_email: Mapped[str] = mapped_column(String(254), default="")
