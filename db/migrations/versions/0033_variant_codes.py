"""product_variants.sku, .barcode and .image_id: a variant's own code, its GTIN and its picture

Revision ID: 0033
Revises: 0034
Create Date: 2026-11-26 22:00:00

`sku` is unique in the shop among variants (NULLs repeat, as products' SKUs do); `barcode` is a
GTIN-8/12/13/14 with its check digit (bff/catalog/barcodes.py); `image_id` names one of the
product's pictures, with no foreign key, as `products.avatar` (the console clears it when the
picture goes, and answers drop one that is not the product's).
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0033"
down_revision = "0034"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("product_variants", schema=None) as batch_op:
        batch_op.add_column(sa.Column("sku", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("barcode", sa.String(length=14), nullable=True))
        batch_op.add_column(sa.Column("image_id", sa.Integer(), nullable=True))
        batch_op.create_index("ux_product_variants_shop_sku", ["shop_id", "sku"], unique=True)


def downgrade():
    with op.batch_alter_table("product_variants", schema=None) as batch_op:
        batch_op.drop_index("ux_product_variants_shop_sku")
        batch_op.drop_column("image_id")
        batch_op.drop_column("barcode")
        batch_op.drop_column("sku")
