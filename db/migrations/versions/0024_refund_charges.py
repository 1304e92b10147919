"""refund charges: what a provider's refund asked back, in the currency of the payment's charge

Revision ID: 0024
Revises: 0027
Create Date: 2026-11-26 19:00:00

Alipay's alipay.trade.refund has no notification: a refund whose answer says `fund_change: N`
and that the refund query does not report done is sent again with the same out_request_no and
the same amount (bff/payments/providers/alipay.py), so the amount asked, in the charge's
currency (yuan at the payment's rate, or NZD), is kept with the refund. Earlier refunds have none.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0024"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("refunds", schema=None) as batch_op:
        batch_op.add_column(sa.Column("charged_amount", sa.Numeric(12, 2), nullable=True))
        batch_op.add_column(sa.Column("charged_currency", sa.String(length=3), nullable=True))


def downgrade():
    with op.batch_alter_table("refunds", schema=None) as batch_op:
        batch_op.drop_column("charged_currency")
        batch_op.drop_column("charged_amount")
