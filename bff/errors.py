"""One error shape for every failure: {"message", "code"} plus "errors" for validation.

Domain services raise `DomainError` (bff/common/errors.py) with a code of their package's
`error_codes.py`; `HTTP_STATUS` below is the one table that gives each code its status.
Nothing below ever sends a stack trace or SQL to a client.
"""

import enum
import logging

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

from bff.accounts.error_codes import AccountErrorCode
from bff.addresses.error_codes import AddressErrorCode
from bff.cart.error_codes import CartErrorCode
from bff.catalog.error_codes import CatalogErrorCode
from bff.common.errors import DomainError, error_body, validation_errors
from bff.common.messages import GENERIC, field_message
from bff.content.error_codes import ContentErrorCode
from bff.orders.error_codes import OrderErrorCode
from bff.payments.error_codes import NotificationErrorCode, PaymentErrorCode
from bff.shops.context import current_shop
from bff.shops.error_codes import ShopErrorCode

log = logging.getLogger(__name__)

# Keyed by enum first: two domains may share a code's text (`not_found`, `amount_mismatch`).
HTTP_STATUS: dict[type[enum.StrEnum], dict[enum.StrEnum, int]] = {
    ShopErrorCode: {ShopErrorCode.STORE_NOT_FOUND: 404},
    CatalogErrorCode: {CatalogErrorCode.NOT_FOUND: 404},
    ContentErrorCode: {ContentErrorCode.NOT_FOUND: 404},
    AccountErrorCode: {
        AccountErrorCode.VALIDATION: 422,
        AccountErrorCode.EMAIL_TAKEN: 422,
        # 400, not 401, so the browser's session-expired flow does not fire on a failed login.
        AccountErrorCode.INVALID_CREDENTIALS: 400,
        AccountErrorCode.INVALID_RESET_TOKEN: 400,
        AccountErrorCode.UNAUTHENTICATED: 401,
        AccountErrorCode.FORBIDDEN: 403,
    },
    CartErrorCode: {
        CartErrorCode.NOT_FOUND: 404,
        CartErrorCode.VALIDATION: 422,
        CartErrorCode.VARIANT_REQUIRED: 422,
        CartErrorCode.SOLD_OUT: 409,
        CartErrorCode.EXCEEDS_STOCK: 409,
        CartErrorCode.CART_FULL: 409,
    },
    AddressErrorCode: {
        AddressErrorCode.NOT_FOUND: 404,
        AddressErrorCode.VALIDATION: 422,
        AddressErrorCode.ADDRESS_BOOK_FULL: 409,
    },
    OrderErrorCode: {
        OrderErrorCode.NOT_FOUND: 404,
        OrderErrorCode.NO_SHIPPING_METHOD: 422,
        OrderErrorCode.SHIPPING_METHOD_UNAVAILABLE: 422,
        OrderErrorCode.PRICES_CHANGED: 409,
        OrderErrorCode.OUT_OF_STOCK: 409,
        OrderErrorCode.ORDER_NOT_CANCELLABLE: 409,
        OrderErrorCode.ORDER_NOT_SHIPPABLE: 409,
    },
    PaymentErrorCode: {
        PaymentErrorCode.NOT_FOUND: 404,
        PaymentErrorCode.DIRECT_PAYMENT_DISABLED: 409,
        PaymentErrorCode.ORDER_NOT_PAYABLE: 409,
        PaymentErrorCode.AMOUNT_MISMATCH: 409,
    },
    NotificationErrorCode: {
        NotificationErrorCode.BAD_SIGNATURE: 400,
        NotificationErrorCode.NOT_FOUND: 404,
        NotificationErrorCode.AMOUNT_MISMATCH: 400,
    },
}


def http_status(code: enum.StrEnum) -> int | None:
    """The status of a domain code, or None when the table lacks it (a test keeps it complete)."""
    return HTTP_STATUS.get(type(code), {}).get(code)


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


def _language() -> str | None:
    """The current shop's language, or None (Chinese) when there is no shop to ask."""
    try:
        return current_shop().language
    except Exception:  # an unknown host, or a failed database: answer in the default language
        return None


def _in_language(language: str | None, messages):
    """Field messages (nested as the parser nests them) in the shop's language."""
    if isinstance(messages, str):
        return field_message(language, messages)
    if isinstance(messages, dict):
        return {key: _in_language(language, value) for key, value in messages.items()}
    if isinstance(messages, list):
        return [_in_language(language, value) for value in messages]
    return messages


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(DomainError)
    def domain_error(exc: DomainError):
        status = http_status(exc.code)
        if status is None:
            log.error("No HTTP status for the code %r of %s", exc.code, type(exc.code).__name__)
            return jsonify(error_body(GENERIC.text(_language(), "internal_error"), "internal_error")), 500
        return jsonify(error_body(exc.message, exc.code, exc.errors)), status

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        code = _HTTP_CODES.get(status, "http_error")
        language = _language()
        errors = None
        if status == 422:
            errors = _in_language(language, validation_errors(exc))
        return jsonify(error_body(GENERIC.text(language, code), code, errors)), status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("Unhandled error")
        return jsonify(error_body(GENERIC.text(_language(), "internal_error"), "internal_error")), 500
