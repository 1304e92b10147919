"""catalogue versions: a counter per shop that every catalogue write raises, the key of the
cached catalogue answers (bff/catalog/versions.py) when there is no Redis

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-24 14:40:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'catalogue_versions',
        sa.Column('shop_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('shop_id', name=op.f('pk_catalogue_versions')),
    )


def downgrade():
    op.drop_table('catalogue_versions')
