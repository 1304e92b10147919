"""orders.exchange_rate: each order keeps the yuan rate it was placed at; shops.is_overseas_id_required:
the recipient's ID number required for direct post to China

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-26 15:30:00

Every yuan figure of an order (its pages, its mails, a mainland account's charge) is computed at
this rate, so a later change of the shop's rate no longer moves them. Existing orders get the rate
in force when they were placed, from the shop's rate history (`exchange_rates`): the last change
at or before the order; an order older than every change gets the rate the first change replaced
(`previous`), else that first rate; a shop with no history, its current rate.

Customs clears a parcel posted directly to China only with the recipient's ID number; the owner
says per shop whether checkout requires it for that method (off until the owner turns it on).
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None

RATE_AT_PLACEMENT = """
UPDATE orders SET exchange_rate = COALESCE(
    (SELECT r.rate FROM exchange_rates r
      WHERE r.shop_id = orders.shop_id AND r.at <= orders.created_at
      ORDER BY r.at DESC, r.id DESC LIMIT 1),
    (SELECT COALESCE(r.previous, r.rate) FROM exchange_rates r
      WHERE r.shop_id = orders.shop_id
      ORDER BY r.at ASC, r.id ASC LIMIT 1),
    (SELECT s.shop_exchange_rate FROM shops s WHERE s.id = orders.shop_id)
)
"""


def upgrade():
    with op.batch_alter_table('shops', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('is_overseas_id_required', sa.Boolean(), server_default='0', nullable=False)
        )
    with op.batch_alter_table('orders', schema=None) as batch_op:
        batch_op.add_column(sa.Column('exchange_rate', sa.Numeric(precision=12, scale=4), nullable=True))
    op.execute(RATE_AT_PLACEMENT)
    with op.batch_alter_table('orders', schema=None) as batch_op:
        batch_op.alter_column('exchange_rate', existing_type=sa.Numeric(precision=12, scale=4), nullable=False)


def downgrade():
    with op.batch_alter_table('shops', schema=None) as batch_op:
        batch_op.drop_column('is_overseas_id_required')
    with op.batch_alter_table('orders', schema=None) as batch_op:
        batch_op.drop_column('exchange_rate')
