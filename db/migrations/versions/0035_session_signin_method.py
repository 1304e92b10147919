"""sessions.signed_in_with: how a session began ("password", "wechat")

Revision ID: 0035
Revises: 0033
Create Date: 2026-11-27 01:45:00

A member who signed up with WeChat has no password: adding an email to their account or deleting
it is confirmed by a WeChat sign-in of the last ten minutes, which the session started by it
tells (bff/accounts/services.py `fresh_wechat_signin_until`). Sessions opened before are "".
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0035"
down_revision = "0033"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("signed_in_with", sa.String(length=16), server_default="", nullable=False))


def downgrade():
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_column("signed_in_with")
