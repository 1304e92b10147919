"""China addresses by province, city and district codes (GB/T 2260) on addresses and orders

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 05:10:00

Addresses typed before the lists keep their text, and migration 0011 fills in what the text tells
of the place (it once did so here, by a rule that took 北京路 for 北京). Orders keep the text they
were placed with.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

COLUMNS = ('province_code', 'city_code', 'district_code')


def upgrade():
    for table in ('shipping_addresses', 'orders'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in COLUMNS:
                batch_op.add_column(sa.Column(column, sa.String(length=6), nullable=True))


def downgrade():
    for table in ('orders', 'shipping_addresses'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in reversed(COLUMNS):
                batch_op.drop_column(column)
