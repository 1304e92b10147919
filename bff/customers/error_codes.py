import enum


class CustomerErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
    VALIDATION = "validation"
    IF_MATCH_REQUIRED = "if_match_required"
    STALE_VERSION = "stale_version"
