"""Checks every request passes before a view sees it: URL length, body size, JSON shape.

- URLs longer than `MAX_URL_BYTES` (4000, as the SSR process) are 414; gunicorn's own limit is
  raised above it (bff/gunicorn.conf.py), so the answer is JSON, not gunicorn's HTML.
- Bodies longer than `MAX_CONTENT_LENGTH` (1 MiB) are 413. A view that takes more (a future
  image upload) says so with `@max_body_size(bytes)`; it is applied before the body is read.
- A JSON body is parsed here once, strictly (bff/json.py: Decimal numbers, no NaN/Infinity,
  nesting limited), and must be an object; the views' parser (bff/common/arguments.py) reuses it.
"""

from flask import Flask, current_app, request

from bff.common.error_codes import RequestErrorCode
from bff.common.errors import DomainError
from bff.json import JSONInputError

_LIMIT_ATTRIBUTE = "max_body_size"
_JSON_KEY = "bff.json_body"

_JSON_ERRORS = {
    "invalid_json": RequestErrorCode.INVALID_JSON,
    "json_too_deep": RequestErrorCode.JSON_TOO_DEEP,
    "invalid_text": RequestErrorCode.INVALID_TEXT,
}


def max_body_size(limit: int):
    """Let one view take bodies up to `limit` bytes instead of MAX_CONTENT_LENGTH."""

    def mark(view):
        setattr(view, _LIMIT_ATTRIBUTE, limit)
        return view

    return mark


def _view_body_limit() -> int | None:
    view = current_app.view_functions.get(request.endpoint or "")
    if view is None:
        return None
    view_class = getattr(view, "view_class", None)
    method = getattr(view_class, request.method.lower(), None) if view_class else view
    return getattr(method, _LIMIT_ATTRIBUTE, None) or getattr(view, _LIMIT_ATTRIBUTE, None)


def _url_bytes() -> int:
    raw = request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI")
    if raw is None:
        query = request.environ.get("QUERY_STRING", "")
        raw = request.environ.get("PATH_INFO", "") + ("?" + query if query else "")
    return len(raw.encode("utf-8", "surrogateescape"))


def check_request() -> None:
    if _url_bytes() > current_app.config["MAX_URL_BYTES"]:
        raise DomainError(RequestErrorCode.URI_TOO_LONG, "uri_too_long")
    limit = _view_body_limit()
    if limit is not None:
        request.max_content_length = limit
    if request.is_json:
        json_body()


def json_body():
    """The request's JSON body, parsed once and checked; None when the body is empty."""
    if _JSON_KEY in request.environ:
        return request.environ[_JSON_KEY]
    data = request.get_data(cache=True)  # 413 past the limit
    value = None
    if data.strip():
        try:
            value = current_app.json.loads(data)
        except JSONInputError as exc:
            raise DomainError(_JSON_ERRORS[exc.key], exc.key) from exc
        if not isinstance(value, dict):
            raise DomainError(RequestErrorCode.BODY_NOT_OBJECT, "body_not_object")
    request.environ[_JSON_KEY] = value
    return value


def init_app(app: Flask) -> None:
    app.before_request(check_request)
