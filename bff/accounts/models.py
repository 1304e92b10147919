"""Shoppers and admins of a shop, their member levels, sessions and password-reset tokens."""

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Integer,
    Numeric,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from bff.common.encryption import EncryptedText
from bff.common.models import ShopOwned, Timestamps, utcnow
from bff.extensions import db


class MemberLevel(ShopOwned, Timestamps, db.Model):
    """A shop's member level: its members pay `discount_percent` of the price (90 = 10% off)."""

    __tablename__ = "member_levels"
    __table_args__ = (
        UniqueConstraint("shop_id", "name", name="uq_member_levels_shop_name"),
        CheckConstraint("discount_percent > 0 AND discount_percent <= 100", name="discount_percent_range"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    discount_percent: Mapped[Decimal] = mapped_column(Numeric(5, 2))


class User(ShopOwned, Timestamps, db.Model):
    """A shopper (or, with `is_admin`, the shop's owner). Email is unique per shop and stored
    normalised (trimmed, lower case), so the unique constraint is case-insensitive. A shopper who
    signed up with WeChat has no email (None: no mail is sent them) and no password ("")."""

    __tablename__ = "users"
    __table_args__ = (UniqueConstraint("shop_id", "email", name="uq_users_shop_email"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254))
    name: Mapped[str] = mapped_column(String(120))
    password_hash: Mapped[str] = mapped_column(String(255))
    member_level_id: Mapped[int | None] = mapped_column(
        ForeignKey("member_levels.id", ondelete="SET NULL"), index=True
    )
    is_special_member: Mapped[bool] = mapped_column(Boolean, default=False)
    group_name: Mapped[str | None] = mapped_column(String(64))
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    # A blocked account cannot sign in, and its sessions are revoked when it is blocked.
    blocked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Set when the owner deleted the account (bff/privacy/services.py): the row is kept,
    # anonymised, because orders the shop must keep still name it.
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Raised by every change the console makes (membership, block): its calls name it in If-Match
    # (bff/customers/admin_services.py). The member's own changes (a sign-in) leave it alone.
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # The console's people (with `is_admin`): owner, manager, packer or support, what each may do
    # is the table of bff/accounts/roles.py. None for shoppers; an admin without one is the owner.
    role: Mapped[str | None] = mapped_column(String(16))
    # Two-factor sign-in (bff/accounts/two_factor.py): the TOTP secret, encrypted at rest; the one
    # being set up until its first code is right; the last time step a code was taken for (a code
    # is good once).
    totp_secret: Mapped[str] = mapped_column(EncryptedText(255), default="", server_default="")
    totp_pending_secret: Mapped[str] = mapped_column(EncryptedText(255), default="", server_default="")
    totp_enabled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    totp_last_step: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")

    member_level: Mapped[MemberLevel | None] = relationship(lazy="joined")


class UserSession(ShopOwned, db.Model):
    """A signed-in browser. Access tokens name it (`sid`); revoking it ends them all at once.

    `expires_at` slides forward on each renewal; `refresh_hash` is the SHA-256 of the secret in
    the HttpOnly renewal cookie, needed to renew an access token that has already expired.
    `signed_in_with` is how the session began ("password", "wechat"; "" before it was kept): a
    member with no password confirms a change of their account by a WeChat sign-in of the last
    minutes (bff/accounts/services.py `fresh_wechat_signin_until`).
    """

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    refresh_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    renewed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    signed_in_with: Mapped[str] = mapped_column(String(16), default="", server_default="")

    user: Mapped[User] = relationship()


class RecoveryCode(ShopOwned, db.Model):
    """A two-factor recovery code, shown once; only its HMAC-SHA256 (under SECRET_KEY) is kept."""

    __tablename__ = "two_factor_recovery_codes"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class StaffInvitation(ShopOwned, db.Model):
    """The owner's invitation of a person to the console with a role: a link mailed through the
    outbox, good once until `expires_at`; only the token's SHA-256 is kept."""

    __tablename__ = "staff_invitations"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254))
    role: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    invited_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    accepted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PasswordResetToken(ShopOwned, db.Model):
    """A single-use reset token; only its SHA-256 is stored."""

    __tablename__ = "password_reset_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class LoginThrottle(db.Model):
    """Failed sign-ins of one account (or of an address with no account: the answers must not
    differ) and when the next attempt may be checked (bff/accounts/throttle.py). Keyed by the
    SHA-256 of the normalised email, so no address is kept here."""

    __tablename__ = "login_throttles"

    shop_id: Mapped[int] = mapped_column(ForeignKey("shops.id", ondelete="CASCADE"), primary_key=True)
    account_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    last_failure_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
