"""The audit log: one row per change made in the shop owner's console."""

from datetime import datetime

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from bff.common.models import ShopOwned, utcnow
from bff.extensions import db


class AuditEntry(ShopOwned, db.Model):
    """Who changed which object, when, and each field's [before, after] (money as strings).

    The actor's email is copied, so an entry still names its author after the account is gone.
    """

    __tablename__ = "audit_entries"
    __table_args__ = (Index("ix_audit_entries_object", "shop_id", "object_type", "object_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    actor_email: Mapped[str] = mapped_column(String(254))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    action: Mapped[str] = mapped_column(String(32))
    object_type: Mapped[str] = mapped_column(String(32))
    object_id: Mapped[int] = mapped_column(Integer)
    changes: Mapped[dict] = mapped_column(JSON, default=dict)
    note: Mapped[str] = mapped_column(Text, default="")
