"""Personal data: recipients' ID numbers encrypted at rest, and accounts closed by their owner

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-24 12:00:00

`shipping_id` of addresses and orders widens to hold a Fernet token (bff/common/encryption.py),
and every plain value already stored is encrypted with the first key of DATA_ENCRYPTION_KEYS
(values that already are tokens are left alone, so a rerun changes nothing). `users.deleted_at`
marks an account its owner deleted (bff/privacy/services.py): the row stays, anonymised, for the
orders the shop must keep. Downgrade decrypts the values back.
"""
from alembic import op
import sqlalchemy as sa

from bff.common.encryption import decrypt, encrypt, is_token


# revision identifiers, used by Alembic.
revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None

TABLES = ('shipping_addresses', 'orders')


def _rewrite(table, change, wanted):
    connection = op.get_bind()
    rows = connection.execute(
        sa.text(f"SELECT id, shipping_id FROM {table} WHERE shipping_id IS NOT NULL AND shipping_id != ''")
    ).all()
    for row_id, value in rows:
        if wanted(value):
            connection.execute(
                sa.text(f"UPDATE {table} SET shipping_id = :value WHERE id = :id"),
                {"value": change(value), "id": row_id},
            )


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                'shipping_id', existing_type=sa.String(length=40), type_=sa.String(length=255),
                existing_nullable=False,
            )
        _rewrite(table, encrypt, lambda value: not is_token(value))
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('deleted_at')
    for table in TABLES:
        # Plain numbers fit the old width (18); anything longer is cut rather than lost silently.
        _rewrite(table, lambda value: decrypt(value)[:40], is_token)
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                'shipping_id', existing_type=sa.String(length=255), type_=sa.String(length=40),
                existing_nullable=False,
            )
