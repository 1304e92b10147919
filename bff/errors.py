"""One error shape for every failure: {"message", "code"} plus "errors" for validation.

Domain services raise `DomainError` with an enum code; this module maps codes to HTTP
statuses. Nothing below ever sends a stack trace or SQL to a client.
"""

import enum
import logging

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class ErrorCode(enum.StrEnum):
    STORE_NOT_FOUND = "store_not_found"
    NOT_FOUND = "not_found"
    VALIDATION = "validation_error"
    BAD_REQUEST = "bad_request"
    UNAUTHENTICATED = "unauthenticated"
    FORBIDDEN = "forbidden"
    TOO_MANY_REQUESTS = "too_many_requests"


class DomainError(Exception):
    """A failure the shopper can be told about. `status` maps the code to HTTP."""

    status = 400

    def __init__(self, code: str, message: str, status: int | None = None, errors: dict | None = None):
        super().__init__(message)
        self.code = str(code)
        self.message = message
        self.errors = errors
        if status is not None:
            self.status = status


class NotFound(DomainError):
    status = 404

    def __init__(self, message: str = "Not found", code: str = ErrorCode.NOT_FOUND):
        super().__init__(code, message)


class StoreNotFound(NotFound):
    def __init__(self):
        super().__init__("Store not found", ErrorCode.STORE_NOT_FOUND)


def error_body(message: str, code: str, errors: dict | None = None) -> dict:
    body = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return body


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthenticated",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    429: "too_many_requests",
}


def validation_errors(exc: HTTPException) -> dict[str, list[str]]:
    """The per-field messages of a webargs 422, whatever location (json, form, query) they came from."""
    # webargs puts {"location": {"field": [messages]}} under exc.data["messages"].
    messages = (getattr(exc, "data", None) or {}).get("messages", {})
    errors: dict[str, list[str]] = {}
    for fields in messages.values():
        errors.update(fields if isinstance(fields, dict) else {"_schema": fields})
    return errors


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(DomainError)
    def domain_error(exc: DomainError):
        return jsonify(error_body(exc.message, exc.code, exc.errors)), exc.status

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        errors = None
        message = exc.description if isinstance(exc.description, str) else exc.name
        if status == 422:
            errors = validation_errors(exc)
            message = "The request is not valid."
        elif status == 404:
            message = "Not found"
        elif status == 401:
            message = "Unauthenticated."
        return jsonify(error_body(message, _HTTP_CODES.get(status, "http_error"), errors)), status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("Unhandled error")
        return jsonify(error_body("Internal server error", "internal_error")), 500
