"""Signatures of server-to-server payment notifications.

The signature is HMAC-SHA256 over `"{timestamp}.{raw body}"`, sent as the header
`t=<unix seconds>,v1=<hex>`. Signing the raw bytes (not re-serialised JSON) means any change
in transit fails; the timestamp bounds how long a captured notification can be replayed.
"""

import hashlib
import hmac
import time

TOLERANCE_SECONDS = 300


class BadSignature(Exception):
    pass


def sign(secret: str, body: bytes, timestamp: int | None = None) -> str:
    timestamp = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def verify(secret: str, body: bytes, header: str | None, now: float | None = None) -> None:
    """Raise BadSignature unless `header` signs `body` with `secret` within the tolerance."""
    try:
        # mutation: equivalent because a header with no "=" (or none) fails here either way, and a
        # value holding "=" (split without the 1, rsplit) is refused either way: hex has no "=".
        parts = dict(item.split("=", 1) for item in (header or "").split(","))
        timestamp = int(parts["t"])
        given = parts["v1"]
    except (KeyError, ValueError) as exc:
        raise BadSignature("malformed signature header") from exc
    now = time.time() if now is None else now
    if abs(now - timestamp) > TOLERANCE_SECONDS:
        raise BadSignature("stale notification")
    # mutation: equivalent because sign() writes "v1=" once: split or rsplit, any maxsplit.
    expected = sign(secret, body, timestamp).split("v1=", 1)[1]
    if not hmac.compare_digest(expected, given):
        raise BadSignature("signature mismatch")
