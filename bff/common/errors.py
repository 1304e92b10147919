"""The error every domain raises, and the JSON shape of every error answer.

A service raises `DomainError` with a member of its package's `error_codes.py` enum and a
message for people; it knows nothing of HTTP. bff/errors.py maps each code to its status.
"""

import enum

from werkzeug.exceptions import HTTPException


class DomainError(Exception):
    """A failure the caller can be told about; `errors` holds per-field messages (validation)."""

    def __init__(
        self,
        code: enum.StrEnum,
        message: str,
        errors: dict[str, list[str]] | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.code = code
        self.message = message
        self.errors = errors
        self.headers = headers or {}  # Retry-After on a 429 and the like


def error_body(message: str, code: str, errors: dict | None = None) -> dict:
    body = {"message": message, "code": str(code)}
    if errors:
        body["errors"] = errors
    return body


def validation_errors(exc: HTTPException) -> dict[str, list[str]]:
    """The per-field messages of a webargs 422, whatever location (json, form, query) they came from."""
    # webargs puts {"location": {"field": [messages]}} under exc.data["messages"].
    messages = (getattr(exc, "data", None) or {}).get("messages", {})
    errors: dict[str, list[str]] = {}
    for fields in messages.values():
        errors.update(fields if isinstance(fields, dict) else {"_schema": fields})
    return errors
