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
    ROLE_FORBIDDEN = "role_forbidden"
    TWO_FACTOR_SETUP_REQUIRED = "two_factor_setup_required"
    TWO_FACTOR_INVALID = "two_factor_invalid"
    TWO_FACTOR_CHALLENGE_INVALID = "two_factor_challenge_invalid"
    TWO_FACTOR_CONFLICT = "two_factor_conflict"
    INVITATION_INVALID = "invitation_invalid"
    STAFF_NOT_FOUND = "staff_not_found"
    STAFF_CONFLICT = "staff_conflict"
    # A member with no password confirms a change of their account by signing in with WeChat again.
    WECHAT_SIGNIN_REQUIRED = "wechat_signin_required"
    EMAIL_ALREADY_SET = "email_already_set"
