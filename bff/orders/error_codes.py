import enum


class OrderErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
    NO_SHIPPING_METHOD = "no_shipping_method"
    SHIPPING_METHOD_UNAVAILABLE = "shipping_method_unavailable"
    PRICES_CHANGED = "prices_changed"
    OUT_OF_STOCK = "out_of_stock"
    ORDER_NOT_CANCELLABLE = "order_not_cancellable"
    ORDER_NOT_SHIPPABLE = "order_not_shippable"
    # The owner's console
    VALIDATION = "validation"
    TRANSITION_NOT_ALLOWED = "transition_not_allowed"
    AMOUNT_MISMATCH = "amount_mismatch"
    REFUND_TOO_LARGE = "refund_too_large"
    IF_MATCH_REQUIRED = "if_match_required"
    STALE_VERSION = "stale_version"
