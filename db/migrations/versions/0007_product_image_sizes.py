"""product_images: width, height and the WebP copies kept for srcset

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24 04:30:00

Pictures uploaded from the console are stored with WebP copies at several widths
(bff/media/images.py); `webp` maps each width to its media path. Pictures stored before (the
demo's) have none of the three and are shown as they are.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('product_images', schema=None) as batch_op:
        batch_op.add_column(sa.Column('width', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('height', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('webp', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('product_images', schema=None) as batch_op:
        batch_op.drop_column('webp')
        batch_op.drop_column('height')
        batch_op.drop_column('width')
