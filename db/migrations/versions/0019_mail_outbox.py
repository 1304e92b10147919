"""mail outbox: each mail a row written in the transaction of what it tells, sent afterwards by
the mail sender (bff/accounts/outbox.py)

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-26 15:40:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'mail_outbox',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('order_id', sa.Integer(), nullable=True),
        sa.Column('kind', sa.String(length=40), nullable=False),
        sa.Column('payload', sa.JSON(), nullable=False),
        sa.Column('state', sa.String(length=10), nullable=False),
        sa.Column('tries', sa.Integer(), nullable=False),
        sa.Column('due_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('error', sa.Text(), nullable=False),
        sa.Column('shop_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ['order_id'], ['orders.id'], name=op.f('fk_mail_outbox_order_id_orders'), ondelete='CASCADE'
        ),
        sa.ForeignKeyConstraint(
            ['shop_id'], ['shops.id'], name=op.f('fk_mail_outbox_shop_id_shops'), ondelete='CASCADE'
        ),
        sa.ForeignKeyConstraint(
            ['user_id'], ['users.id'], name=op.f('fk_mail_outbox_user_id_users'), ondelete='CASCADE'
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_outbox')),
    )
    with op.batch_alter_table('mail_outbox', schema=None) as batch_op:
        batch_op.create_index('ix_mail_outbox_state_due', ['state', 'due_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_mail_outbox_order_id'), ['order_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_mail_outbox_shop_id'), ['shop_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_mail_outbox_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('mail_outbox', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_mail_outbox_user_id'))
        batch_op.drop_index(batch_op.f('ix_mail_outbox_shop_id'))
        batch_op.drop_index(batch_op.f('ix_mail_outbox_order_id'))
        batch_op.drop_index('ix_mail_outbox_state_due')
    op.drop_table('mail_outbox')
