"""payment method choices: which provider serves each payment method of a shop

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-26 22:00:00

One row per shop (bff/payments/models.py PaymentMethodChoice): `choices` maps a payment
method (wechat_pay, alipay, card) to the provider kind the owner chose for it. No row, or a method
missing from it, keeps the behaviour from before (bff/payments/methods.py).
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "payment_method_choices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("choices", sa.JSON(), nullable=False),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), server_default="1", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("shop_id", name="uq_payment_method_choices_shop"),
    )
    with op.batch_alter_table("payment_method_choices", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_payment_method_choices_shop_id"), ["shop_id"], unique=False)


def downgrade():
    with op.batch_alter_table("payment_method_choices", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_payment_method_choices_shop_id"))
    op.drop_table("payment_method_choices")
