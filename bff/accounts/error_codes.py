import enum


class AccountErrorCode(enum.StrEnum):
    VALIDATION = "validation_error"
    EMAIL_TAKEN = "email_taken"
    INVALID_CREDENTIALS = "invalid_credentials"
    INVALID_RESET_TOKEN = "invalid_reset_token"
    UNAUTHENTICATED = "unauthenticated"
    FORBIDDEN = "forbidden"
    ACCOUNT_BLOCKED = "account_blocked"
    LOGIN_THROTTLED = "login_throttled"
