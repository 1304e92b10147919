"""China addresses typed before the lists: the province, and the city where the text tells it

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24 06:00:00

Each China address without a chosen city (typed before the lists) gets the province and city its
text names at its start (bff/addresses/regions.py, place_named_in: 新疆乌鲁木齐 -> 650000 650100,
广州 -> 440000 440100), and nothing where the text does not tell (Xinjiang, 浦东新区, 北京路1号,
西藏中路). The text is kept as the shopper wrote it; the address answers `needs_completion` until a
place of the lists is chosen, and checkout refuses it until then. A province that 0010 took from a
road's name (北京路, 西藏中路) is set right here. New Zealand addresses and orders are untouched.
"""
from alembic import op
import sqlalchemy as sa

from bff.addresses.regions import place_named_in


# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    connection = op.get_bind()
    rows = connection.execute(
        sa.text(
            "SELECT id, shipping_city, shipping_address FROM shipping_addresses"
            " WHERE shipping_country = '中国' AND city_code IS NULL"
        )
    ).all()
    for row_id, city, address in rows:
        province_code, city_code = place_named_in(city, address) or (None, None)
        connection.execute(
            sa.text(
                "UPDATE shipping_addresses SET province_code = :province, city_code = :city,"
                " district_code = NULL WHERE id = :id"
            ),
            {"province": province_code, "city": city_code, "id": row_id},
        )


def downgrade():
    # Data only: the codes filled in stay (0010's downgrade drops the columns).
    pass
