"""wechat: a shop's WeChat apps (official account, website application) and the access tokens
and JS-SDK tickets cached in the database when there is no Redis

Revision ID: 0027
Revises: 0028
Create Date: 2026-11-26 18:50:00
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0027"
down_revision = "0028"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "wechat_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("official_appid", sa.String(length=64), nullable=False),
        sa.Column("website_appid", sa.String(length=64), nullable=False),
        sa.Column("verify_file_name", sa.String(length=64), nullable=False),
        sa.Column("verify_file_text", sa.String(length=64), nullable=False),
        sa.Column("templates", sa.JSON(), nullable=False),
        sa.Column("secrets", sa.Text(), nullable=False),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), server_default="1", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("shop_id", name="uq_wechat_settings_shop"),
    )
    with op.batch_alter_table("wechat_settings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wechat_settings_shop_id"), ["shop_id"], unique=False)
    op.create_table(
        "wechat_credentials",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("appid", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("locked_until", sa.Float(), nullable=False),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("shop_id", "appid", "kind", name="uq_wechat_credentials_app_kind"),
    )
    with op.batch_alter_table("wechat_credentials", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wechat_credentials_shop_id"), ["shop_id"], unique=False)


def downgrade():
    op.drop_table("wechat_credentials")
    op.drop_table("wechat_settings")
