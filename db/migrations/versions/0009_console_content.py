"""categories, brands, banners and articles edited from the console: a version counter each
(stale edits refused), a brand's tagline, and a banner's active dates

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 04:50:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

TABLES = ('categories', 'brands', 'banners', 'articles')


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('version', sa.Integer(), server_default='1', nullable=False))
    with op.batch_alter_table('brands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tagline', sa.String(length=255), server_default='', nullable=False))
    with op.batch_alter_table('banners', schema=None) as batch_op:
        batch_op.add_column(sa.Column('starts_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('ends_at', sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table('banners', schema=None) as batch_op:
        batch_op.drop_column('ends_at')
        batch_op.drop_column('starts_at')
    with op.batch_alter_table('brands', schema=None) as batch_op:
        batch_op.drop_column('tagline')
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('version')
