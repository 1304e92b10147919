"""shops.time_zone: the IANA zone every screen shows times in

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 23:30:00

Existing shops get Asia/Shanghai (the storefront's shoppers are in China), English-language
shops Pacific/Auckland (their shoppers are in New Zealand); the owner can change either.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('shops', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('time_zone', sa.String(length=64), server_default='Asia/Shanghai', nullable=False)
        )
    op.execute("UPDATE shops SET time_zone = 'Pacific/Auckland' WHERE language = 'en'")


def downgrade():
    with op.batch_alter_table('shops', schema=None) as batch_op:
        batch_op.drop_column('time_zone')
