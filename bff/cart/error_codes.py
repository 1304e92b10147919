import enum


class CartErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
    VALIDATION = "validation_error"
    VARIANT_REQUIRED = "variant_required"
    SOLD_OUT = "sold_out"
    EXCEEDS_STOCK = "exceeds_stock"
    CART_FULL = "cart_full"
