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
from bff.common import messages
from bff.common.error_codes import RequestErrorCode
from bff.common.errors import DomainError, error_body, validation_errors
from bff.content.error_codes import ContentErrorCode
from bff.customers.error_codes import CustomerErrorCode
from bff.orders.error_codes import OrderErrorCode
from bff.payments.error_codes import NotificationErrorCode, PaymentErrorCode, ProviderConfigErrorCode
from bff.privacy.error_codes import PrivacyErrorCode
from bff.promotions.error_codes import PromotionErrorCode
from bff.settings.error_codes import SettingsErrorCode
from bff.shops.context import current_shop
from bff.shops.error_codes import ShopErrorCode
from bff.wechat.error_codes import WechatErrorCode

log = logging.getLogger(__name__)

# Keyed by enum first: two domains may share a code's text (`not_found`, `amount_mismatch`).
HTTP_STATUS: dict[type[enum.StrEnum], dict[enum.StrEnum, int]] = {
    RequestErrorCode: {
        RequestErrorCode.INVALID_JSON: 400,
        RequestErrorCode.JSON_TOO_DEEP: 400,
        RequestErrorCode.INVALID_TEXT: 400,
        RequestErrorCode.BODY_NOT_OBJECT: 400,
        RequestErrorCode.URI_TOO_LONG: 414,
    },
    ShopErrorCode: {ShopErrorCode.STORE_NOT_FOUND: 404},
    PromotionErrorCode: {
        PromotionErrorCode.CODE_UNKNOWN: 422,
        PromotionErrorCode.CODE_NOT_STARTED: 422,
        PromotionErrorCode.CODE_EXPIRED: 422,
        PromotionErrorCode.CODE_PAUSED: 422,
        PromotionErrorCode.CODE_USED_UP: 409,
        PromotionErrorCode.CODE_MEMBER_LIMIT: 409,
        PromotionErrorCode.CODE_MIN_SPEND: 422,
        PromotionErrorCode.CODE_NOT_APPLICABLE: 422,
        PromotionErrorCode.NOT_FOUND: 404,
        PromotionErrorCode.VALIDATION: 422,
        PromotionErrorCode.IF_MATCH_REQUIRED: 428,
        PromotionErrorCode.STALE_VERSION: 412,
        PromotionErrorCode.IN_USE: 409,
    },
    SettingsErrorCode: {
        SettingsErrorCode.NOT_FOUND: 404,
        SettingsErrorCode.VALIDATION: 422,
        SettingsErrorCode.IF_MATCH_REQUIRED: 428,
        SettingsErrorCode.STALE_VERSION: 412,
    },
    CatalogErrorCode: {
        CatalogErrorCode.NOT_FOUND: 404,
        CatalogErrorCode.VALIDATION: 422,
        CatalogErrorCode.IF_MATCH_REQUIRED: 428,
        CatalogErrorCode.STALE_VERSION: 412,
        CatalogErrorCode.PRODUCT_IN_USE: 409,
        CatalogErrorCode.NEGATIVE_STOCK: 409,
        CatalogErrorCode.STALE_STOCK: 409,
        CatalogErrorCode.IN_USE: 409,
    },
    ContentErrorCode: {
        ContentErrorCode.NOT_FOUND: 404,
        ContentErrorCode.VALIDATION: 422,
        ContentErrorCode.IF_MATCH_REQUIRED: 428,
        ContentErrorCode.STALE_VERSION: 412,
    },
    CustomerErrorCode: {
        CustomerErrorCode.NOT_FOUND: 404,
        CustomerErrorCode.VALIDATION: 422,
        CustomerErrorCode.IF_MATCH_REQUIRED: 428,
        CustomerErrorCode.STALE_VERSION: 412,
    },
    AccountErrorCode: {
        AccountErrorCode.VALIDATION: 422,
        AccountErrorCode.EMAIL_TAKEN: 422,
        # 400, not 401, so the browser's session-expired flow does not fire on a failed login.
        AccountErrorCode.INVALID_CREDENTIALS: 400,
        AccountErrorCode.INVALID_RESET_TOKEN: 400,
        AccountErrorCode.ACCOUNT_BLOCKED: 400,
        AccountErrorCode.LOGIN_THROTTLED: 429,
        AccountErrorCode.UNAUTHENTICATED: 401,
        AccountErrorCode.FORBIDDEN: 403,
        AccountErrorCode.ROLE_FORBIDDEN: 403,
        AccountErrorCode.TWO_FACTOR_SETUP_REQUIRED: 403,
        AccountErrorCode.TWO_FACTOR_INVALID: 400,
        AccountErrorCode.TWO_FACTOR_CHALLENGE_INVALID: 400,
        AccountErrorCode.TWO_FACTOR_CONFLICT: 409,
        AccountErrorCode.INVITATION_INVALID: 400,
        AccountErrorCode.STAFF_NOT_FOUND: 404,
        AccountErrorCode.STAFF_CONFLICT: 409,
        AccountErrorCode.WECHAT_SIGNIN_REQUIRED: 403,
        AccountErrorCode.EMAIL_ALREADY_SET: 409,
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
        AddressErrorCode.INCOMPLETE: 422,
        AddressErrorCode.ADDRESS_BOOK_FULL: 409,
    },
    PrivacyErrorCode: {
        PrivacyErrorCode.VALIDATION: 422,
        PrivacyErrorCode.WRONG_PASSWORD: 422,
        PrivacyErrorCode.ORDERS_IN_PROGRESS: 409,
        PrivacyErrorCode.ADMIN_ACCOUNT: 403,
    },
    OrderErrorCode: {
        OrderErrorCode.NOT_FOUND: 404,
        OrderErrorCode.NO_SHIPPING_METHOD: 422,
        OrderErrorCode.SHIPPING_METHOD_UNAVAILABLE: 422,
        OrderErrorCode.PRICES_CHANGED: 409,
        OrderErrorCode.OUT_OF_STOCK: 409,
        OrderErrorCode.ORDER_NOT_CANCELLABLE: 409,
        OrderErrorCode.ORDER_NOT_SHIPPABLE: 409,
        OrderErrorCode.VALIDATION: 422,
        OrderErrorCode.TRANSITION_NOT_ALLOWED: 409,
        OrderErrorCode.AMOUNT_MISMATCH: 409,
        OrderErrorCode.REFUND_TOO_LARGE: 409,
        OrderErrorCode.IF_MATCH_REQUIRED: 428,
        OrderErrorCode.STALE_VERSION: 412,
    },
    PaymentErrorCode: {
        PaymentErrorCode.NOT_FOUND: 404,
        PaymentErrorCode.DIRECT_PAYMENT_DISABLED: 409,
        PaymentErrorCode.ORDER_NOT_PAYABLE: 409,
        PaymentErrorCode.AMOUNT_MISMATCH: 409,
        PaymentErrorCode.PAYMENT_UNAVAILABLE: 409,
        PaymentErrorCode.PROVIDER_UNAVAILABLE: 409,
        PaymentErrorCode.PROVIDER_FAILED: 502,
        PaymentErrorCode.WECHAT_LOGIN_REQUIRED: 409,
        PaymentErrorCode.WECHAT_LOGIN_UNAVAILABLE: 409,
        PaymentErrorCode.WECHAT_STATE_INVALID: 400,
    },
    WechatErrorCode: {
        WechatErrorCode.URL_NOT_OURS: 422,
        WechatErrorCode.UNAVAILABLE: 503,
        WechatErrorCode.VALIDATION: 422,
        WechatErrorCode.IF_MATCH_REQUIRED: 428,
        WechatErrorCode.STALE_VERSION: 412,
        WechatErrorCode.SIGNIN_UNAVAILABLE: 409,
        WechatErrorCode.SIGNIN_STATE_INVALID: 400,
        WechatErrorCode.CODE_INVALID: 400,
        WechatErrorCode.TICKET_INVALID: 400,
        WechatErrorCode.BOUND_ELSEWHERE: 409,
        WechatErrorCode.ALREADY_BOUND: 409,
        WechatErrorCode.UNBIND_NEEDS_PASSWORD: 409,
    },
    ProviderConfigErrorCode: {
        ProviderConfigErrorCode.NOT_FOUND: 404,
        ProviderConfigErrorCode.VALIDATION: 422,
        ProviderConfigErrorCode.IF_MATCH_REQUIRED: 428,
        ProviderConfigErrorCode.STALE_VERSION: 412,
    },
    NotificationErrorCode: {
        NotificationErrorCode.BAD_SIGNATURE: 400,
        NotificationErrorCode.INVALID_AMOUNT: 400,
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
    414: "uri_too_long",
    415: "unsupported_media_type",
    422: "validation_error",
    429: "too_many_requests",
}


def _language() -> str | None:
    """The shop's language for an error's message; None (Chinese) when there is no shop."""
    try:
        return current_shop().language
    except Exception:  # an unknown host, or a request that failed before the shop was found
        return None


def _translated(errors, language: str | None):
    """webargs' field messages (nested for nested schemas) with the common keys translated."""
    if isinstance(errors, dict):
        return {field: _translated(value, language) for field, value in errors.items()}
    if isinstance(errors, list):
        return [_translated(value, language) for value in errors]
    return messages.field_message(language, errors) if isinstance(errors, str) else errors


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(DomainError)
    def domain_error(exc: DomainError):
        status = http_status(exc.code)
        if status is None:
            log.error("No HTTP status for the code %r of %s", exc.code, type(exc.code).__name__)
            return jsonify(error_body(messages.text(_language(), "internal_error"), "internal_error")), 500
        message = exc.message
        if isinstance(exc.code, RequestErrorCode):  # common/ raises these with a message key
            message = messages.translate(_language(), message)
        return jsonify(error_body(message, exc.code, exc.errors)), status, exc.headers

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        code = _HTTP_CODES.get(status, "http_error")
        errors = None
        message = exc.description if isinstance(exc.description, str) else exc.name
        if status == 401:
            message = "Unauthenticated."
        elif status != 429 and 400 <= status < 500:  # 429's text comes from the limiter, localised
            language = _language()
            key = "invalid_request" if status == 422 else code
            message = messages.text(language, key) if messages.is_key(key) else message
            if status == 422:
                errors = _translated(validation_errors(exc), language)
        response = jsonify(error_body(message, code, errors))
        # Allow (405), Retry-After (429) and the like; the body is ours.
        for name, value in exc.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response, status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        log.exception("Unhandled error")
        return jsonify(error_body(messages.text(_language(), "internal_error"), "internal_error")), 500
