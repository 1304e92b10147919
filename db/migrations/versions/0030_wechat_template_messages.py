"""wechat template messages: the outbox's channel (mail or a WeChat template message) and the
owner's mapping of the order's fields to each template's keywords

Revision ID: 0030
Revises: 0029
Create Date: 2026-11-26 22:00:00

`mail_outbox.channel` says how a row goes: "mail" (every row before) or "wechat_template"
(bff/wechat/template_messages.py). `wechat_settings.template_fields` holds, per order event, the
template keyword each of our fields fills ({"order_paid": {"order_number": "character_string1"}});
an event not in it uses the defaults.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("channel", sa.String(length=20), server_default="mail", nullable=False))
    with op.batch_alter_table("wechat_settings", schema=None) as batch_op:
        batch_op.add_column(sa.Column("template_fields", sa.JSON(), server_default="{}", nullable=False))


def downgrade():
    with op.batch_alter_table("wechat_settings", schema=None) as batch_op:
        batch_op.drop_column("template_fields")
    op.execute("DELETE FROM mail_outbox WHERE channel <> 'mail'")
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.drop_column("channel")
