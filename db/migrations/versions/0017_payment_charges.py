"""payment charges: what each payment attempt charges (amount, currency, rate), and what a
notification reports it charged

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-24 15:00:00

A mainland WeChat Pay or Alipay account charges yuan: the order's NZD total is converted at the
shop's rate when the payment starts, and the attempt keeps the amount, the currency and the rate
(bff/payments/charges.py), so a notification is compared with it exactly and a refund converts
with the same rate. Empty on the attempts made before.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("payment_attempts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("charged_amount", sa.Numeric(precision=12, scale=2), nullable=True))
        batch_op.add_column(sa.Column("charged_currency", sa.String(length=3), nullable=True))
        batch_op.add_column(sa.Column("exchange_rate", sa.Numeric(precision=12, scale=4), nullable=True))
    with op.batch_alter_table("payment_notifications", schema=None) as batch_op:
        batch_op.add_column(sa.Column("charged_amount", sa.Numeric(precision=12, scale=2), nullable=True))
        batch_op.add_column(sa.Column("charged_currency", sa.String(length=3), nullable=True))


def downgrade():
    with op.batch_alter_table("payment_notifications", schema=None) as batch_op:
        batch_op.drop_column("charged_currency")
        batch_op.drop_column("charged_amount")
    with op.batch_alter_table("payment_attempts", schema=None) as batch_op:
        batch_op.drop_column("exchange_rate")
        batch_op.drop_column("charged_currency")
        batch_op.drop_column("charged_amount")
