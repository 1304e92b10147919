"""products.sku: the shop's own code of a product, unique in the shop, by which a CSV import
finds the product it updates

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24 12:00:00

Products made before it have none (NULL, which a unique index lets repeat).
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sku', sa.String(length=64), nullable=True))
        batch_op.create_index('ux_products_shop_sku', ['shop_id', 'sku'], unique=True)


def downgrade():
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.drop_index('ux_products_shop_sku')
        batch_op.drop_column('sku')
