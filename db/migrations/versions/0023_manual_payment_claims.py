"""manual payment claims: the shopper's "I have paid" on an order paid by the shop's QR code,
and the screenshot they may attach

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-26 15:45:00

`orders.payment_claimed_at` marks an order waiting for the owner to confirm the money arrived
(the unpaid time-out leaves it alone); `payment_proofs` keeps the screenshot, re-encoded, in the
database so that it is never served from the public media path.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.add_column(sa.Column("payment_claimed_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "payment_proofs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("content_type", sa.String(length=32), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("payment_proofs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_payment_proofs_order_id"), ["order_id"], unique=True)
        batch_op.create_index(batch_op.f("ix_payment_proofs_shop_id"), ["shop_id"], unique=False)


def downgrade():
    op.drop_table("payment_proofs")
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_column("payment_claimed_at")
