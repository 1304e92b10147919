"""refund states: a refund through a provider is processing until the provider says it succeeded or
failed (its refund notification or refund query)

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-26 16:00:00

WeChat Pay's overseas refund answer only accepts a refund, and Alipay's `fund_change: N` means no
money moved yet: bff/payments/refunds.py keeps `processing` until the refund notification or the
settle sweep's refund query tells `refunded` or `failed`. Refunds made before were told at once:
they stay `refunded`.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("refunds", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("status", sa.String(length=20), nullable=False, server_default="refunded")
        )


def downgrade():
    with op.batch_alter_table("refunds", schema=None) as batch_op:
        batch_op.drop_column("status")
