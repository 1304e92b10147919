import enum


class CatalogErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
    VALIDATION = "validation_error"
    IF_MATCH_REQUIRED = "if_match_required"
    STALE_VERSION = "stale_version"
    PRODUCT_IN_USE = "product_in_use"
    NEGATIVE_STOCK = "negative_stock"
    STALE_STOCK = "stale_stock"
    IN_USE = "in_use"
