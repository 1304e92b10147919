"""Texts the BFF sends to shoppers, kept per domain as (Chinese, English) pairs.

The shop's language picks one: 'en' is English, anything else Chinese (SPEC section 1).
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
