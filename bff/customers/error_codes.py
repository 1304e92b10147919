import enum


class CustomerErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
    VALIDATION = "validation"
