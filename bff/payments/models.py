"""Every verified payment notification, once per provider transaction (replays are no-ops)."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bff.common.models import Money, ShopOwned, utcnow
from bff.extensions import db


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


# The shops' provider accounts, the members' openids and the attempts live in their own module.
from bff.payments.provider_models import PaymentAttempt, PaymentProviderConfig, WechatOpenid  # noqa: E402, F401
