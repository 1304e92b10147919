import enum


class ShopErrorCode(enum.StrEnum):
    STORE_NOT_FOUND = "store_not_found"
