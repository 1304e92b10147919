"""422 answers of the console's forms: every field's messages in the shop's language.

An admin blueprint registers `field_error_handler(...)` for UnprocessableEntity; its schemas'
messages are keys of the domain's message table (or of bff/common/messages.py); marshmallow's
own English texts are kept for an English shop and replaced by the generic one for a Chinese
shop. `message` is the first field's first message; nested fields are dotted (variants.0.price).
"""

from collections.abc import Callable

from werkzeug.exceptions import UnprocessableEntity

from bff.common import messages as common_messages
from bff.common.errors import error_body, validation_errors


def flat(errors: dict, prefix: str = "") -> dict[str, list]:
    """Nested errors as dotted field names with lists of messages."""
    result: dict[str, list] = {}
    for key, value in errors.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            result.update(flat(value, f"{name}."))
        else:
            result[name] = value if isinstance(value, list) else [value]
    return result


def field_error_handler(
    text: Callable[..., str], is_key: Callable[[str], bool], code: str, language: Callable[[], str]
):
    """A handler answering a webargs 422 with `code` and messages from the domain's table, in
    the `language()` of the request's shop."""

    def plain(language: str, message) -> str:
        if isinstance(message, str) and common_messages.is_key(message):
            return common_messages.text(language, message)
        return message if language == "en" and isinstance(message, str) else text(language, "invalid")

    def handle(exc: UnprocessableEntity):
        lang = language()
        errors = {
            field: [text(lang, m) if is_key(m) else plain(lang, m) for m in messages]
            for field, messages in flat(validation_errors(exc)).items()
        }
        message = next(iter(errors.values()))[0] if errors else text(lang, "invalid_request")
        return error_body(message, code, errors), 422

    return handle
