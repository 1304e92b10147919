"""`flask reencrypt-personal-data`: the second step of a key rotation (SECURITY.md)."""

import click
from flask.cli import with_appcontext
from sqlalchemy import text

from bff.common.encryption import cipher, is_token
from bff.extensions import db

# Every column written through EncryptedText (bff/common/encryption.py).
ENCRYPTED_COLUMNS = (("shipping_addresses", "shipping_id"), ("orders", "shipping_id"))


@click.command("reencrypt-personal-data")
@with_appcontext
def reencrypt_personal_data():
    """Re-encrypt every stored value with the first key of DATA_ENCRYPTION_KEYS."""
    fernet = cipher()
    for table, column in ENCRYPTED_COLUMNS:
        rows = db.session.execute(text(f"SELECT id, {column} FROM {table} WHERE {column} != ''")).all()
        changed = 0
        for row_id, token in rows:
            if is_token(token):
                fresh = fernet.rotate(token.encode()).decode()
                db.session.execute(
                    text(f"UPDATE {table} SET {column} = :v WHERE id = :id"), {"v": fresh, "id": row_id}
                )
                changed += 1
        db.session.commit()
        click.echo(f"{table}.{column}: {changed} values re-encrypted")
