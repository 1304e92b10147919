"""China addresses by province, city and district codes (GB/T 2260) on addresses and orders

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 05:10:00

Addresses typed before the lists keep their text; when it begins with exactly one province's
name the province code is filled in, and the shopper is asked to complete the rest (the address
answers `needs_completion`). Orders keep the text they were placed with.
"""
from alembic import op
import sqlalchemy as sa

from bff.addresses.regions import province_named_in


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
    connection = op.get_bind()
    rows = connection.execute(
        sa.text("SELECT id, shipping_city, shipping_address FROM shipping_addresses WHERE shipping_country = '中国'")
    ).all()
    for row_id, city, address in rows:
        code = province_named_in(city) or province_named_in(address)
        if code:
            connection.execute(
                sa.text("UPDATE shipping_addresses SET province_code = :code WHERE id = :id"),
                {"code": code, "id": row_id},
            )


def downgrade():
    for table in ('orders', 'shipping_addresses'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in reversed(COLUMNS):
                batch_op.drop_column(column)
