"""Merchant secrets at rest: Fernet (AES-128-CBC + HMAC-SHA256, authenticated) with a key from the
environment (`PAYMENT_SECRETS_KEY`). A comma-separated list of keys rotates: the first encrypts,
every one decrypts. A key that is not already a Fernet key is stretched with SHA-256.

The sealed text names the row it belongs to (shop and provider kind), so a token copied into
another shop's row does not open there."""

import base64
import hashlib
import json

from cryptography.fernet import Fernet, InvalidToken, MultiFernet


class SecretsUnreadable(Exception):
    """The secrets cannot be opened: another key, or a token of another row."""


def _fernet_key(key: str) -> bytes:
    try:
        Fernet(key)
        return key.encode()
    except ValueError:
        return base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest())


def _box(keys: str) -> MultiFernet:
    parts = [part.strip() for part in keys.split(",") if part.strip()]
    if not parts:
        raise SecretsUnreadable("PAYMENT_SECRETS_KEY is empty")
    return MultiFernet([Fernet(_fernet_key(part)) for part in parts])


def seal(keys: str, owner: str, values: dict[str, str]) -> str:
    """The token of `values` for the row `owner` ("<shop id>:<kind>")."""
    if not values:
        return ""
    plain = json.dumps({"owner": owner, "values": values}, separators=(",", ":")).encode()
    return _box(keys).encrypt(plain).decode()


def unseal(keys: str, owner: str, token: str) -> dict[str, str]:
    if not token:
        return {}
    try:
        data = json.loads(_box(keys).decrypt(token.encode()))
    except (InvalidToken, ValueError) as exc:
        raise SecretsUnreadable("the payment secrets cannot be decrypted with PAYMENT_SECRETS_KEY") from exc
    if data.get("owner") != owner:
        raise SecretsUnreadable("the payment secrets belong to another shop or provider")
    return data["values"]
