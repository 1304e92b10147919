import enum


class ContentErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
    VALIDATION = "validation_error"
    IF_MATCH_REQUIRED = "if_match_required"
    STALE_VERSION = "stale_version"
