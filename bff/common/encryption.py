"""Secrets at rest, as Fernet tokens (AES-128-CBC and HMAC-SHA256, from the `cryptography`
package), never as plain text: the recipients' ID numbers (身份证号, `EncryptedText` columns) under
DATA_ENCRYPTION_KEYS, and the shops' merchant secrets (`seal`/`unseal`) under PAYMENT_SECRETS_KEY.

Both settings (bff/config.py) are key rings: a comma-separated list, the first key encrypting, every
one decrypting (MultiFernet), so a key rotates without downtime: put the new key first, restart,
re-encrypt (`flask reencrypt-personal-data` for ID numbers; a merchant secret is sealed anew when it
is next saved), then drop the old key (SECURITY.md, "Key rotation")."""

import base64
import hashlib
import json

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from flask import Flask, current_app
from sqlalchemy import String
from sqlalchemy.types import TypeDecorator

EXTENSION = "data_cipher"
# Every Fernet token starts with its version byte 0x80, "gAAAAA" in base64.
TOKEN_PREFIX = "gAAAAA"


def new_key() -> str:
    return Fernet.generate_key().decode()


def key_ring(keys: str, setting: str, *, passphrases: bool = False) -> MultiFernet:
    """The ring of the comma-separated `keys` of `setting`. With `passphrases`, a key that is not a
    Fernet key is stretched with SHA-256 (PAYMENT_SECRETS_KEY has always taken any text); without,
    it is refused, so a mistyped DATA_ENCRYPTION_KEYS stops the start rather than the first order."""
    parts = [k.strip() for k in keys.split(",") if k.strip()]
    if not parts:
        raise ValueError(f"{setting} holds no key")
    return MultiFernet([Fernet(_stretched(k) if passphrases else k) for k in parts])


def _stretched(key: str) -> bytes:
    try:
        Fernet(key)
        return key.encode()
    except ValueError:
        return base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest())


def build_cipher(keys: str) -> MultiFernet:
    return key_ring(keys, "DATA_ENCRYPTION_KEYS")


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


class SecretsUnreadable(Exception):
    """Merchant secrets that cannot be opened: another key, or a token of another row."""


def _payment_ring(keys: str) -> MultiFernet:
    try:
        return key_ring(keys, "PAYMENT_SECRETS_KEY", passphrases=True)
    except ValueError as exc:
        raise SecretsUnreadable(str(exc)) from exc


def seal(keys: str, owner: str, values: dict[str, str]) -> str:
    """The token of a payment provider's secret `values` for the row `owner` ("<shop id>:<kind>"),
    under PAYMENT_SECRETS_KEY `keys`. The sealed text names its row, so a token copied into another
    shop's row does not open there."""
    if not values:
        return ""
    plain = json.dumps({"owner": owner, "values": values}, separators=(",", ":")).encode()
    return _payment_ring(keys).encrypt(plain).decode()


def unseal(keys: str, owner: str, token: str) -> dict[str, str]:
    if not token:
        return {}
    try:
        data = json.loads(_payment_ring(keys).decrypt(token.encode()))
    except (InvalidToken, ValueError) as exc:
        raise SecretsUnreadable("the payment secrets cannot be decrypted with PAYMENT_SECRETS_KEY") from exc
    if data.get("owner") != owner:
        raise SecretsUnreadable("the payment secrets belong to another shop or provider")
    return data["values"]
