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


class NotificationErrorCode(enum.StrEnum):
    """What a provider's notification can be told: a refused notification is a bad request,
    even where its code reads like one of a shopper's (`amount_mismatch`)."""

    BAD_SIGNATURE = "bad_signature"
    INVALID_AMOUNT = "invalid_amount"
    NOT_FOUND = "not_found"
    AMOUNT_MISMATCH = "amount_mismatch"
