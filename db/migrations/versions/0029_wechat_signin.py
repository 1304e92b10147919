"""wechat sign-in: a member may have no email (signed up with WeChat), and the member's WeChat
link keeps the unionid, found by it or by an app's openid

Revision ID: 0029
Revises: 0025
Create Date: 2026-11-26 22:00:00
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0029"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.alter_column("email", existing_type=sa.String(length=254), nullable=True)
    with op.batch_alter_table("wechat_openids", schema=None) as batch_op:
        batch_op.add_column(sa.Column("unionid", sa.String(length=128), nullable=True))
        batch_op.create_index("ix_wechat_openids_shop_appid_openid", ["shop_id", "appid", "openid"], unique=False)
        batch_op.create_index("ix_wechat_openids_shop_unionid", ["shop_id", "unionid"], unique=False)


def downgrade():
    with op.batch_alter_table("wechat_openids", schema=None) as batch_op:
        batch_op.drop_index("ix_wechat_openids_shop_unionid")
        batch_op.drop_index("ix_wechat_openids_shop_appid_openid")
        batch_op.drop_column("unionid")
    # Members without an email cannot stay: they keep their row under an address that is no one's.
    op.execute("UPDATE users SET email = 'wechat-' || id || '@invalid' WHERE email IS NULL")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.alter_column("email", existing_type=sa.String(length=254), nullable=False)
