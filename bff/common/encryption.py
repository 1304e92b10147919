"""Personal data encrypted at rest: recipients' ID numbers (身份证号) are stored as Fernet tokens
(AES-128-CBC and HMAC-SHA256, from the `cryptography` package), never as plain text.

The keys come from DATA_ENCRYPTION_KEYS (bff/config.py): a comma-separated list of Fernet keys,
the first one encrypting, every one decrypting (MultiFernet), so a key can be rotated without
downtime: put the new key first, restart, run `flask reencrypt-personal-data`, then drop the old
key (SECURITY.md, "Key rotation")."""

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from flask import Flask, current_app
from sqlalchemy import String
from sqlalchemy.types import TypeDecorator

EXTENSION = "data_cipher"
# Every Fernet token starts with its version byte 0x80, "gAAAAA" in base64.
TOKEN_PREFIX = "gAAAAA"


def new_key() -> str:
    return Fernet.generate_key().decode()


def build_cipher(keys: str) -> MultiFernet:
    parts = [k.strip() for k in keys.split(",") if k.strip()]
    if not parts:
        raise ValueError("DATA_ENCRYPTION_KEYS holds no key")
    return MultiFernet([Fernet(k) for k in parts])


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = build_cipher(app.config["DATA_ENCRYPTION_KEYS"])


def cipher() -> MultiFernet:
    return current_app.extensions[EXTENSION]


def encrypt(value: str) -> str:
    return cipher().encrypt(value.encode()).decode()


def decrypt(token: str) -> str:
    try:
        return cipher().decrypt(token.encode()).decode()
    except InvalidToken as exc:
        # Said without the value: a wrong or missing key must not become a shopper's 500 silently.
        raise RuntimeError("personal data could not be decrypted: is DATA_ENCRYPTION_KEYS complete?") from exc


def is_token(value: str | None) -> bool:
    return bool(value) and value.startswith(TOKEN_PREFIX)


class EncryptedText(TypeDecorator):
    """A text column whose values are written encrypted and read back plain; "" stays "" (no
    number given), so an empty field costs no key and reads as empty."""

    impl = String
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return encrypt(value) if value else value

    def process_result_value(self, value, dialect):
        return decrypt(value) if value else value
