"""A shop's payment providers (its own merchant accounts), its members' WeChat openids, and the
attempts to pay an order (what to ask a provider about when a notification never comes).

Merchant keys are never stored in the clear: `secrets` is one Fernet token (`seal` in
bff/common/encryption.py) holding every secret field of the row; `settings` holds the fields that are not
secret (merchant and app ids, serial numbers)."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Numeric, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bff.common.models import Money, ShopOwned, Timestamps, Versioned, utcnow
from bff.extensions import db


class PaymentProviderConfig(ShopOwned, Versioned, Timestamps, db.Model):
    __tablename__ = "payment_provider_configs"
    __table_args__ = (UniqueConstraint("shop_id", "kind", name="uq_payment_provider_configs_shop_kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))  # wechat_pay | alipay
    enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    settings: Mapped[dict] = mapped_column(JSON, default=dict)
    secrets: Mapped[str] = mapped_column(Text, default="")


class WechatOpenid(ShopOwned, db.Model):
    """A member's openid for the shop's official account (WeChat Pay JSAPI pays with it)."""

    __tablename__ = "wechat_openids"
    __table_args__ = (UniqueConstraint("user_id", "appid", name="uq_wechat_openids_user_appid"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    appid: Mapped[str] = mapped_column(String(64))
    openid: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PaymentAttempt(ShopOwned, db.Model):
    """An order sent to a provider under `reference` (its trade number there), and what it
    charges: fixed when the order's first attempt with the provider starts (a yuan amount
    converted at the shop's rate then, with that rate), compared exactly with what the provider
    reports and used by refunds (bff/payments/charges.py). Empty on attempts made before."""

    __tablename__ = "payment_attempts"
    __table_args__ = (
        UniqueConstraint("provider", "reference", name="uq_payment_attempts_provider_reference"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    provider: Mapped[str] = mapped_column(String(32))
    reference: Mapped[str] = mapped_column(String(64))
    charged_amount: Mapped[Decimal | None] = mapped_column(Money)
    charged_currency: Mapped[str | None] = mapped_column(String(3))
    exchange_rate: Mapped[Decimal | None] = mapped_column(Numeric(12, 4))  # CNY per NZD, converted
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
