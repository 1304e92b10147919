"""staff and two-factor sign-in: roles of the console's people, invitations, TOTP and recovery codes

Revision ID: 0025
Revises: 0026
Create Date: 2026-11-26 19:00:00

`users.role` names what a console user may do (bff/accounts/roles.py); the admins there
already are the shops' owners. `users.totp_*` hold the two-factor secret (encrypted like the ID
numbers), the one being set up and the last time step used; `two_factor_recovery_codes` their
keyed hashes; `staff_invitations` the owner's invitations (the token's SHA-256); and
`shops.two_factor_required` the owner's rule that owners and managers use a second factor.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0025"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("role", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("totp_secret", sa.String(length=255), server_default="", nullable=False))
        batch_op.add_column(
            sa.Column("totp_pending_secret", sa.String(length=255), server_default="", nullable=False)
        )
        batch_op.add_column(sa.Column("totp_enabled_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("totp_last_step", sa.BigInteger(), server_default="0", nullable=False))
    op.execute("UPDATE users SET role = 'owner' WHERE is_admin")
    with op.batch_alter_table("shops", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("two_factor_required", sa.Boolean(), server_default="0", nullable=False)
        )
    op.create_table(
        "two_factor_recovery_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("two_factor_recovery_codes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_two_factor_recovery_codes_user_id"), ["user_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_two_factor_recovery_codes_shop_id"), ["shop_id"], unique=False)
    op.create_table(
        "staff_invitations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("invited_by_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("accepted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("shop_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["invited_by_id"], ["users.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["shop_id"], ["shops.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    with op.batch_alter_table("staff_invitations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_invitations_shop_id"), ["shop_id"], unique=False)


def downgrade():
    op.drop_table("staff_invitations")
    op.drop_table("two_factor_recovery_codes")
    with op.batch_alter_table("shops", schema=None) as batch_op:
        batch_op.drop_column("two_factor_required")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("totp_last_step")
        batch_op.drop_column("totp_enabled_at")
        batch_op.drop_column("totp_pending_secret")
        batch_op.drop_column("totp_secret")
        batch_op.drop_column("role")
