"""the owner's day: an unpaid clock that a rejected QR payment claim restarts, the dashboard's
low-stock threshold and daily mail, and staff notes and tags on orders

Revision ID: 0028
Revises: 0023
Create Date: 2026-11-26 18:45:00

`orders.unpaid_since`: when the unpaid time-out started counting, when not at placement (a
rejected payment claim gives the shopper the whole time-out again); NULL means `created_at`.
`shops.low_stock_threshold` and `shops.daily_report_enabled`: the owner's settings of the
dashboard and its daily mail; `daily_reports` is the claim (unique shop and day) that lets one
scheduler of several replicas queue a day's mail once. `order_notes` and `order_tags`: staff-only.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0028"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.add_column(sa.Column("unpaid_since", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("shops", schema=None) as batch_op:
        batch_op.add_column(sa.Column("low_stock_threshold", sa.Integer(), server_default="5", nullable=False))
        batch_op.add_column(
            sa.Column("daily_report_enabled", sa.Boolean(), server_default=sa.true(), nullable=False)
        )
    op.create_table(
        "daily_reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("recipients", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("shop_id", "day", name="uq_daily_reports_shop_day"),
    )
    with op.batch_alter_table("daily_reports", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_daily_reports_shop_id"), ["shop_id"], unique=False)
    op.create_table(
        "order_notes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=True),
        sa.Column("author_email", sa.String(length=254), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["author_id"], ["users.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("order_notes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_order_notes_order_id"), ["order_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_order_notes_shop_id"), ["shop_id"], unique=False)
    op.create_table(
        "order_tags",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("tag", sa.String(length=40), nullable=False),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("order_id", "tag", name="uq_order_tags_order_tag"),
    )
    with op.batch_alter_table("order_tags", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_order_tags_order_id"), ["order_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_order_tags_shop_id"), ["shop_id"], unique=False)
        batch_op.create_index("ix_order_tags_shop_tag", ["shop_id", "tag"], unique=False)


def downgrade():
    op.drop_table("order_tags")
    op.drop_table("order_notes")
    op.drop_table("daily_reports")
    with op.batch_alter_table("shops", schema=None) as batch_op:
        batch_op.drop_column("daily_report_enabled")
        batch_op.drop_column("low_stock_threshold")
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_column("unpaid_since")
