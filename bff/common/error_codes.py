import enum


class RequestErrorCode(enum.StrEnum):
    """What is wrong with a request before any domain looks at it (bff/common/requests.py)."""

    INVALID_JSON = "invalid_json"
    JSON_TOO_DEEP = "json_too_deep"
    INVALID_TEXT = "invalid_text"
    BODY_NOT_OBJECT = "body_not_object"
    URI_TOO_LONG = "uri_too_long"
