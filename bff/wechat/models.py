"""A shop's WeChat apps (its official account, 公众号, and its website application, 网站应用),
and the access tokens and JS-SDK tickets WeChat gave them, kept in the database when there is no
Redis (bff/wechat/tokens.py).

The AppSecrets are never stored in the clear: `secrets` is one Fernet token (`seal` in
bff/common/encryption.py, under PAYMENT_SECRETS_KEY like the merchant keys); so is a cached
credential's `value`."""

from datetime import datetime

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from bff.common.models import ShopOwned, Timestamps, Versioned, utcnow
from bff.extensions import db


class WechatSettings(ShopOwned, Versioned, Timestamps, db.Model):
    __tablename__ = "wechat_settings"
    __table_args__ = (UniqueConstraint("shop_id", name="uq_wechat_settings_shop"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    official_appid: Mapped[str] = mapped_column(String(64), default="")
    website_appid: Mapped[str] = mapped_column(String(64), default="")
    # The file WeChat has the owner serve at the site's root before it takes the domain as the
    # official account's JS接口安全域名 or 网页授权域名 (MP_verify_<code>.txt), and its text.
    verify_file_name: Mapped[str] = mapped_column(String(64), default="")
    verify_file_text: Mapped[str] = mapped_column(String(64), default="")
    # Template message ids by event (order_received, order_paid, order_shipped, order_refunded).
    templates: Mapped[dict] = mapped_column(JSON, default=dict)
    # Per event, the template keyword each of our fields fills (bff/wechat/template_messages.py);
    # an event not here takes the defaults.
    template_fields: Mapped[dict] = mapped_column(JSON, default=dict, server_default="{}")
    secrets: Mapped[str] = mapped_column(Text, default="")


class WechatCredential(ShopOwned, db.Model):
    """One app's access token or jsapi_ticket, and the lock of the one process refreshing it."""

    __tablename__ = "wechat_credentials"
    __table_args__ = (UniqueConstraint("shop_id", "appid", "kind", name="uq_wechat_credentials_app_kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    appid: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(20))  # access_token | jsapi_ticket
    value: Mapped[str] = mapped_column(Text, default="")
    # Seconds since the epoch (time.time()): compared in SQL alike on SQLite and PostgreSQL.
    expires_at: Mapped[float] = mapped_column(Float, default=0)
    locked_until: Mapped[float] = mapped_column(Float, default=0)


class WechatOpenid(ShopOwned, db.Model):
    """The link of a member to a WeChat user: one row per app of the shop (the official account,
    the website application) holding the member's openid there, and the unionid when WeChat gave
    one (the same for every app bound to the shop's open-platform account). Sign-in with WeChat
    finds the member by the unionid, else by this app's openid (bff/wechat/signin.py); WeChat Pay
    JSAPI pays with the official account's openid, and template messages go to it."""

    __tablename__ = "wechat_openids"
    __table_args__ = (
        UniqueConstraint("user_id", "appid", name="uq_wechat_openids_user_appid"),
        Index("ix_wechat_openids_shop_appid_openid", "shop_id", "appid", "openid"),
        Index("ix_wechat_openids_shop_unionid", "shop_id", "unionid"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    appid: Mapped[str] = mapped_column(String(64))
    openid: Mapped[str] = mapped_column(String(128))
    unionid: Mapped[str | None] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
