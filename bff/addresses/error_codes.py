import enum


class AddressErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
    VALIDATION = "validation_error"
    ADDRESS_BOOK_FULL = "address_book_full"
