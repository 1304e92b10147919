import enum


class WechatErrorCode(enum.StrEnum):
    """What the WeChat calls (share cards, sign-in, the owner's WeChat settings) can be told."""

    URL_NOT_OURS = "wechat_url_not_ours"
    UNAVAILABLE = "wechat_unavailable"
    VALIDATION = "validation_error"
    IF_MATCH_REQUIRED = "if_match_required"
    STALE_VERSION = "stale_version"
    SIGNIN_UNAVAILABLE = "wechat_signin_unavailable"
    SIGNIN_STATE_INVALID = "wechat_signin_state_invalid"
    CODE_INVALID = "wechat_code_invalid"
    TICKET_INVALID = "wechat_ticket_invalid"
    BOUND_ELSEWHERE = "wechat_bound_elsewhere"
    ALREADY_BOUND = "wechat_already_bound"
    UNBIND_NEEDS_PASSWORD = "wechat_unbind_needs_password"
