"""shops.version for the console's stale-edit check, and the exchange-rate history

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24 04:40:00

Each shop's current rate is the first entry of its history.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('shops', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), server_default='1', nullable=False))
    op.create_table(
        'exchange_rates',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('shop_id', sa.Integer(), nullable=False),
        sa.Column('rate', sa.Numeric(precision=12, scale=4), nullable=False),
        sa.Column('previous', sa.Numeric(precision=12, scale=4), nullable=True),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('actor_id', sa.Integer(), nullable=True),
        sa.Column('actor_email', sa.String(length=254), nullable=False),
        sa.ForeignKeyConstraint(['actor_id'], ['users.id'], ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('exchange_rates', schema=None) as batch_op:
        batch_op.create_index('ix_exchange_rates_shop_at', ['shop_id', 'at'], unique=False)
        batch_op.create_index(batch_op.f('ix_exchange_rates_actor_id'), ['actor_id'], unique=False)
    op.execute(
        "INSERT INTO exchange_rates (shop_id, rate, previous, at, actor_id, actor_email) "
        "SELECT id, shop_exchange_rate, NULL, CURRENT_TIMESTAMP, NULL, '' FROM shops"
    )


def downgrade():
    with op.batch_alter_table('exchange_rates', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_exchange_rates_actor_id'))
        batch_op.drop_index('ix_exchange_rates_shop_at')
    op.drop_table('exchange_rates')
    with op.batch_alter_table('shops', schema=None) as batch_op:
        batch_op.drop_column('version')
