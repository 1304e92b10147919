"""each shop's payment providers (merchant keys encrypted at rest), its members' WeChat openids,
and the attempts to pay an order (queried when a notification never comes)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24 12:00:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'payment_provider_configs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('enabled', sa.Boolean(), nullable=False),
        sa.Column('settings', sa.JSON(), nullable=False),
        sa.Column('secrets', sa.Text(), nullable=False),
        sa.Column('shop_id', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), server_default='1', nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('shop_id', 'kind', name='uq_payment_provider_configs_shop_kind'),
    )
    with op.batch_alter_table('payment_provider_configs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_payment_provider_configs_shop_id'), ['shop_id'], unique=False)

    op.create_table(
        'wechat_openids',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('appid', sa.String(length=64), nullable=False),
        sa.Column('openid', sa.String(length=128), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('shop_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('user_id', 'appid', name='uq_wechat_openids_user_appid'),
    )
    with op.batch_alter_table('wechat_openids', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_wechat_openids_shop_id'), ['shop_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_wechat_openids_user_id'), ['user_id'], unique=False)

    op.create_table(
        'payment_attempts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('order_id', sa.Integer(), nullable=False),
        sa.Column('provider', sa.String(length=32), nullable=False),
        sa.Column('reference', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('shop_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['order_id'], ['orders.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['shop_id'], ['shops.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('provider', 'reference', name='uq_payment_attempts_provider_reference'),
    )
    with op.batch_alter_table('payment_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_payment_attempts_order_id'), ['order_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_payment_attempts_shop_id'), ['shop_id'], unique=False)


def downgrade():
    with op.batch_alter_table('payment_attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_payment_attempts_shop_id'))
        batch_op.drop_index(batch_op.f('ix_payment_attempts_order_id'))
    op.drop_table('payment_attempts')
    with op.batch_alter_table('wechat_openids', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_wechat_openids_user_id'))
        batch_op.drop_index(batch_op.f('ix_wechat_openids_shop_id'))
    op.drop_table('wechat_openids')
    with op.batch_alter_table('payment_provider_configs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_payment_provider_configs_shop_id'))
    op.drop_table('payment_provider_configs')
