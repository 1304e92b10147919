"""Texts the BFF sends to shoppers, kept per domain as (Chinese, English) pairs.

The shop's language picks one: 'en' is English, anything else Chinese (SPEC section 1).
This module also holds the texts of the errors no domain owns (a bad URL, body or field, a
server failure) and of the request parser's own field messages, so no answer mixes languages.
"""

import re


class MessageTable:
    """A domain's (Chinese, English) texts by key; keys it lacks are looked up in `fallback`
    (the common table: generic field messages such as `required` or `money_invalid`)."""

    def __init__(self, messages: dict[str, tuple[str, str]], fallback: "MessageTable | None" = None):
        self._messages = messages
        self._fallback = fallback

    def text(self, language: str | None, key: str, **values) -> str:
        if key not in self._messages and self._fallback is not None:
            return self._fallback.text(language, key, **values)
        zh, en = self._messages[key]
        message = en if language == "en" else zh
        return message.format(**values) if values else message

    def is_key(self, value: str) -> bool:
        return value in self._messages or (self._fallback is not None and self._fallback.is_key(value))


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
    "invalid_text": (
        "请求内容含有无效的字符（不成对的 UTF-16 代理项）",
        "The request holds characters that are not valid text (unpaired UTF-16 surrogates).",
    ),
    "body_not_object": ("请求内容必须是 JSON 对象", "The request body must be a JSON object."),
    "control_characters": ("不能包含控制字符", "Must not contain control characters."),
    "forbidden": ("没有权限", "Forbidden."),
    "conflict": ("请求与当前状态冲突", "The request conflicts with the current state."),
    "internal_error": ("服务器内部错误", "Internal server error"),
    # The console's form fields (bff/common/form_fields.py)
    "invalid": ("输入无效", "This value is not valid."),
    "required": ("此项为必填项", "This field is required."),
    "name_required": ("请输入名称", "Please enter a name."),
    "too_long": ("输入内容过长", "This field is too long."),
    "money_invalid": (
        "请输入不小于0、最多两位小数的金额",
        "Enter an amount of 0 or more, with at most two decimals.",
    ),
    "money_too_large": ("金额过大", "This amount is too large."),
    "integer_invalid": ("请输入整数", "Enter a whole number."),
    "not_negative": ("不能小于0", "This cannot be below 0."),
    "number_too_large": ("数值过大", "This number is too large."),
    # The console's edits of versioned objects (bff/admin_crud/)
    "if_match_copy": (
        "保存前需要注明所编辑的版本（If-Match 请求头，取自读取时的 ETag）。请重新加载后再保存。",
        "Saving needs the version you edited (the If-Match header, from the ETag you read). Reload and "
        "save again.",
    ),
    "stale_copy": (
        "这项内容在您打开之后已被修改并保存（可能在另一个窗口或由其他管理员）。为避免覆盖他人的修改，"
        "本次保存未执行。请重新加载后再修改。",
        "This was changed and saved after you opened it (in another tab, or by someone else). To avoid "
        "overwriting that change, yours was not saved. Reload it and make your change again.",
    ),
    # An uploaded picture refused by bff/media/images.py
    "image_too_large": ("图片太大（最大 {limit} MB）", "This picture is too large (at most {limit} MB)."),
    "image_unreadable": (
        "无法识别为图片（支持 JPEG、PNG、WebP、GIF）",
        "This file is not a picture we can read (JPEG, PNG, WebP or GIF).",
    ),
    "image_type": ("不支持此图片格式（支持 JPEG、PNG、WebP、GIF）", "Use a JPEG, PNG, WebP or GIF picture."),
    "image_too_many_pixels": ("图片像素过多", "This picture has too many pixels."),
    "image_name_invalid": (
        "文件名无效（不能包含控制字符，最多 {limit} 个字符）",
        "The file name is not valid (no control characters, {limit} characters at most).",
    ),
    "image_too_small": (
        "图片太小（至少 {side}×{side} 像素）",
        "This picture is too small (at least {side}×{side} pixels).",
    ),
}

_TABLE = MessageTable(_MESSAGES)
TABLE = _TABLE  # the fallback of every domain's table
text = _TABLE.text
is_key = _TABLE.is_key


def translate(language: str | None, message: str) -> str:
    """A message of this table in `language`; any other text as it is."""
    return text(language, message) if is_key(message) else message


# The request parser's (marshmallow's) own field messages, for the Chinese shop; any other text
# without Chinese is answered with the generic field message.
_FIELD_MESSAGES = {
    "Missing data for required field.": "此项为必填项",
    "Field may not be null.": "此项不能为空",
    "Not a valid integer.": "请输入有效的整数",
    "Not a valid number.": "请输入有效的数字",
    "Not a valid string.": "请输入有效的文本",
    "Not a valid boolean.": "请输入有效的是或否",
    "Unknown field.": "未知字段",
    "Invalid input type.": "输入类型无效",
}
# Its formatted ones, keeping what they name (the allowed values, the limits).
_FIELD_TEMPLATES = (
    (re.compile(r"Must be one of: (.*)\.", re.S), "必须是以下之一：{0}"),
    (
        re.compile(r"Must be greater than or equal to (\S+) and less than or equal to (\S+)\."),
        "必须在 {0} 到 {1} 之间",
    ),
    (re.compile(r"Must be greater than or equal to (\S+)\."), "不能小于 {0}"),
    (re.compile(r"Must be less than or equal to (\S+)\."), "不能大于 {0}"),
    (re.compile(r"Longer than maximum length (\d+)\."), "最多 {0} 个字符"),
    (re.compile(r"Shorter than minimum length (\d+)\."), "至少 {0} 个字符"),
    (re.compile(r"Length must be between (\d+) and (\d+)\."), "长度必须在 {0} 到 {1} 个字符之间"),
)
_FIELD_INVALID = "输入内容无效"
_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def field_message(language: str | None, message: str) -> str:
    """A field message of a 422 in the shop's language: this table's keys translated, the
    parser's own (English) messages put into Chinese for the Chinese shop."""
    if is_key(message):
        return text(language, message)
    if language == "en" or _CJK.search(message):
        return message
    if message in _FIELD_MESSAGES:
        return _FIELD_MESSAGES[message]
    for pattern, chinese in _FIELD_TEMPLATES:
        if found := pattern.fullmatch(message):
            return chinese.format(*found.groups())
    return _FIELD_INVALID
