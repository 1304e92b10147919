"""customers' version (If-Match on the console's customer calls) and login throttles (growing
delays per account instead of a lock-out)

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-26 15:20:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('users') as batch:
        batch.add_column(sa.Column('version', sa.Integer(), server_default='1', nullable=False))
    op.create_table(
        'login_throttles',
        sa.Column('shop_id', sa.Integer(), nullable=False),
        # SHA-256 of the normalised email: the table never holds an address, known or not.
        sa.Column('account_hash', sa.String(length=64), nullable=False),
        sa.Column('failures', sa.Integer(), nullable=False),
        sa.Column('last_failure_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('next_attempt_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ['shop_id'], ['shops.id'], name=op.f('fk_login_throttles_shop_id_shops'), ondelete='CASCADE'
        ),
        sa.PrimaryKeyConstraint('shop_id', 'account_hash', name=op.f('pk_login_throttles')),
    )


def downgrade():
    op.drop_table('login_throttles')
    with op.batch_alter_table('users') as batch:
        batch.drop_column('version')
