import enum


class PromotionErrorCode(enum.StrEnum):
    # A shopper's code that cannot be used (checkout and its preview)
    CODE_UNKNOWN = "code_unknown"
    CODE_NOT_STARTED = "code_not_started"
    CODE_EXPIRED = "code_expired"
    CODE_PAUSED = "code_paused"
    CODE_USED_UP = "code_used_up"
    CODE_MEMBER_LIMIT = "code_member_limit"
    CODE_MIN_SPEND = "code_min_spend"
    CODE_NOT_APPLICABLE = "code_not_applicable"
    # The owner's console
    NOT_FOUND = "not_found"
    VALIDATION = "validation_error"
    IF_MATCH_REQUIRED = "if_match_required"
    STALE_VERSION = "stale_version"
    IN_USE = "in_use"
