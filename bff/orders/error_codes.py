import enum


class ShoppingErrorCode(enum.StrEnum):
    SOLD_OUT = "sold_out"
    EXCEEDS_STOCK = "exceeds_stock"
    VARIANT_REQUIRED = "variant_required"
    CART_FULL = "cart_full"
    CART_EMPTY = "cart_empty"
    ADDRESS_BOOK_FULL = "address_book_full"
    NO_SHIPPING_METHOD = "no_shipping_method"
    SHIPPING_METHOD_UNAVAILABLE = "shipping_method_unavailable"
    PRICES_CHANGED = "prices_changed"
    OUT_OF_STOCK = "out_of_stock"
    ORDER_NOT_CANCELLABLE = "order_not_cancellable"
    ORDER_NOT_PAYABLE = "order_not_payable"
    AMOUNT_MISMATCH = "amount_mismatch"
    DIRECT_PAYMENT_DISABLED = "direct_payment_disabled"
    BAD_SIGNATURE = "bad_signature"
