"""The payments package's tables, in one place: a shop's provider accounts and which of them
serves each payment method, the attempts to pay an order (what to ask a provider about when a
notification never comes), every verified payment notification (once per provider transaction:
replays are no-ops), and the refunds.

Merchant keys are never stored in the clear: `PaymentProviderConfig.secrets` is one Fernet token
(`seal` in bff/common/encryption.py) holding every secret field of the row; `settings` holds the
fields that are not secret (merchant and app ids, serial numbers). The member <-> WeChat link
(`WechatOpenid`) lives with WeChat, in bff/wechat/models.py."""

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


class PaymentMethodChoice(ShopOwned, Versioned, Timestamps, db.Model):
    """Which of the shop's providers serves each payment method (bff/payments/methods.py): the
    owner's choice, `choices` = {"alipay": "antom", "card": "stripe"}; a method left out (or a
    shop without this row) is served as before any choice existed."""

    __tablename__ = "payment_method_choices"
    __table_args__ = (UniqueConstraint("shop_id", name="uq_payment_method_choices_shop"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    choices: Mapped[dict] = mapped_column(JSON, default=dict)


class PaymentNotification(ShopOwned, db.Model):
    __tablename__ = "payment_notifications"
    __table_args__ = (
        UniqueConstraint("provider", "transaction_id", name="uq_payment_notifications_provider_txn"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    provider: Mapped[str] = mapped_column(String(32))
    transaction_id: Mapped[str] = mapped_column(String(128))
    order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id", ondelete="SET NULL"), index=True)
    outcome: Mapped[str] = mapped_column(String(20))  # paid | failed, as the provider says
    amount: Mapped[Decimal] = mapped_column(Money)  # in the shop's prices' currency (NZD)
    # What the provider reports it charged, in the currency charged (CNY for a mainland account).
    charged_amount: Mapped[Decimal | None] = mapped_column(Money)
    charged_currency: Mapped[str | None] = mapped_column(String(3))
    result: Mapped[str] = mapped_column(String(40))  # what we did: applied | ignored_<reason>
    raw_body: Mapped[str] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Refund(ShopOwned, db.Model):
    __tablename__ = "refunds"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    payment_id: Mapped[int] = mapped_column(ForeignKey("order_payments.id", ondelete="CASCADE"), index=True)
    amount: Mapped[Decimal] = mapped_column(Money)
    reason: Mapped[str] = mapped_column(Text)
    method: Mapped[str] = mapped_column(String(20))  # manual (by hand) | provider
    # processing | refunded | failed (migration 0020) | abnormal (bff/payments/refunds.py)
    status: Mapped[str] = mapped_column(String(20), default="refunded", server_default="refunded")
    provider_refund_id: Mapped[str | None] = mapped_column(String(128))
    # What the provider was asked to give back, in the charge's currency (migration 0024).
    charged_amount: Mapped[Decimal | None] = mapped_column(Money)
    charged_currency: Mapped[str | None] = mapped_column(String(3))
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
