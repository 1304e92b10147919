"""promotions: discount codes, 满减 spend tiers, free-shipping thresholds per shipping method,
each order's applied rules and each line's share of the discounts

Revision ID: 0026
Revises: 0024
Create Date: 2026-11-26 19:00:00

`discount_codes.used_count` is raised by a conditional UPDATE only (never past usage_limit);
`discount_code_uses` numbers a member's uses (unique code, member, slot) so a per-member limit
holds under concurrent checkouts too. `order_lines.discount_amount` is the line's share, so a
refund of a line returns what was paid for it.

Also (issue 25.4) `products.publish_at`: scheduled publishing, an active product appearing on the
storefront at its start time (null: at once); a draft is a product not active.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0026"
down_revision = "0024"
branch_labels = None
depends_on = None


def _owned():
    return [
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
    ]


def _scheduled():
    return [
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("paused", sa.Boolean(), server_default="0", nullable=False),
    ]


def _versioned():
    return [
        sa.Column("version", sa.Integer(), server_default="1", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    ]


def _shop_index(name):
    with op.batch_alter_table(name, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{name}_shop_id"), ["shop_id"], unique=False)


def upgrade():
    op.create_table(
        "discount_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("value", sa.Numeric(12, 2), nullable=False),
        sa.Column("min_spend", sa.Numeric(12, 2), nullable=False),
        sa.Column("usage_limit", sa.Integer(), nullable=True),
        sa.Column("per_member_limit", sa.Integer(), nullable=True),
        sa.Column("scope", sa.String(length=12), nullable=False),
        sa.Column("scope_ids", sa.JSON(), nullable=False),
        sa.Column("used_count", sa.Integer(), server_default="0", nullable=False),
        *_scheduled(),
        *_versioned(),
        *_owned(),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("shop_id", "code", name="uq_discount_codes_shop_code"),
    )
    _shop_index("discount_codes")
    op.create_table(
        "spend_tiers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("threshold", sa.Numeric(12, 2), nullable=False),
        sa.Column("saving", sa.Numeric(12, 2), nullable=False),
        *_scheduled(),
        *_versioned(),
        *_owned(),
        sa.PrimaryKeyConstraint("id"),
    )
    _shop_index("spend_tiers")
    op.create_table(
        "free_shipping_thresholds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("shipping_type", sa.String(length=20), nullable=False),
        sa.Column("threshold", sa.Numeric(12, 2), nullable=False),
        sa.Column("paused", sa.Boolean(), server_default="0", nullable=False),
        *_versioned(),
        *_owned(),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("shop_id", "shipping_type", name="uq_free_shipping_shop_method"),
    )
    _shop_index("free_shipping_thresholds")
    op.create_table(
        "order_discounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("rule_id", sa.Integer(), nullable=True),
        sa.Column("label", sa.String(length=120), nullable=False),
        sa.Column("amount", sa.Numeric(12, 2), nullable=False),
        *_owned(),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    _shop_index("order_discounts")
    with op.batch_alter_table("order_discounts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_order_discounts_order_id"), ["order_id"], unique=False)
    op.create_table(
        "discount_code_uses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("slot", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        *_owned(),
        sa.ForeignKeyConstraint(["code_id"], ["discount_codes.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code_id", "user_id", "slot", name="uq_discount_code_uses_slot"),
    )
    _shop_index("discount_code_uses")
    with op.batch_alter_table("discount_code_uses", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_discount_code_uses_code_id"), ["code_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_discount_code_uses_order_id"), ["order_id"], unique=False)
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.add_column(sa.Column("discount_amount", sa.Numeric(12, 2), server_default="0", nullable=False))
    with op.batch_alter_table("order_lines", schema=None) as batch_op:
        batch_op.add_column(sa.Column("discount_amount", sa.Numeric(12, 2), server_default="0", nullable=False))
    with op.batch_alter_table("products", schema=None) as batch_op:
        batch_op.add_column(sa.Column("publish_at", sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table("products", schema=None) as batch_op:
        batch_op.drop_column("publish_at")
    with op.batch_alter_table("order_lines", schema=None) as batch_op:
        batch_op.drop_column("discount_amount")
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_column("discount_amount")
    op.drop_table("discount_code_uses")
    op.drop_table("order_discounts")
    op.drop_table("free_shipping_thresholds")
    op.drop_table("spend_tiers")
    op.drop_table("discount_codes")
