"""Texts the BFF sends to shoppers, kept per domain as (Chinese, English) pairs.

The shop's language picks one: 'en' is English, anything else Chinese (SPEC section 1).
This module also holds the texts of the errors no domain owns (a bad URL, body or field).
"""


class MessageTable:
    def __init__(self, messages: dict[str, tuple[str, str]]):
        self._messages = messages

    def text(self, language: str | None, key: str, **values) -> str:
        zh, en = self._messages[key]
        message = en if language == "en" else zh
        return message.format(**values) if values else message

    def is_key(self, value: str) -> bool:
        return value in self._messages


_MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Chinese, English)
    "bad_request": ("请求无效", "The request is not valid."),
    "invalid_request": ("请求无效", "The request is not valid."),
    "not_found": ("页面不存在", "Not found"),
    "method_not_allowed": ("不支持该请求方法", "This method is not allowed here."),
    "payload_too_large": ("提交的内容太大", "The request body is too large."),
    "uri_too_long": ("网址太长", "The address is too long."),
    "unsupported_media_type": ("不支持该内容类型", "This content type is not supported."),
    "invalid_json": ("请求内容不是有效的 JSON", "The request body is not valid JSON."),
    "json_too_deep": ("请求内容嵌套过深", "The request body is nested too deeply."),
    "body_not_object": ("请求内容必须是 JSON 对象", "The request body must be a JSON object."),
    "control_characters": ("不能包含控制字符", "Must not contain control characters."),
}

_TABLE = MessageTable(_MESSAGES)
text = _TABLE.text
is_key = _TABLE.is_key


def translate(language: str | None, message: str) -> str:
    """A message of this table in `language`; any other text as it is."""
    return text(language, message) if is_key(message) else message
