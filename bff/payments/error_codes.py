import enum


class PaymentErrorCode(enum.StrEnum):
    """What a shopper's payment calls (and the sandbox's page) can be told."""

    NOT_FOUND = "not_found"
    DIRECT_PAYMENT_DISABLED = "direct_payment_disabled"
    ORDER_NOT_PAYABLE = "order_not_payable"
    AMOUNT_MISMATCH = "amount_mismatch"
    PAYMENT_UNAVAILABLE = "payment_unavailable"
    PROVIDER_UNAVAILABLE = "provider_unavailable"
    PROVIDER_FAILED = "provider_failed"
    WECHAT_LOGIN_REQUIRED = "wechat_login_required"
    WECHAT_LOGIN_UNAVAILABLE = "wechat_login_unavailable"
    WECHAT_STATE_INVALID = "wechat_state_invalid"


class NotificationErrorCode(enum.StrEnum):
    """What a provider's notification can be told: a refused notification is a bad request,
    even where its code reads like one of a shopper's (`amount_mismatch`)."""

    BAD_SIGNATURE = "bad_signature"
    INVALID_AMOUNT = "invalid_amount"
    NOT_FOUND = "not_found"
    AMOUNT_MISMATCH = "amount_mismatch"


class ProviderConfigErrorCode(enum.StrEnum):
    """What the owner's provider settings calls can be told."""

    NOT_FOUND = "not_found"
    VALIDATION = "validation_error"
    IF_MATCH_REQUIRED = "if_match_required"
    STALE_VERSION = "stale_version"
