"""JSON provider that writes Decimal as a JSON number, never as a float or string, and reads
request bodies strictly: numbers as Decimal, no NaN/Infinity literals, limited nesting, no lone
surrogates (`"\\ud800"`) in any string or key.

Answers are written by orjson: a listing's page of cards took simplejson 417 µs and orjson
37 µs (issue 27), in UTF-8 rather than \\u escapes, so a Chinese page is a fifth smaller too.
orjson has no Decimal; each is written as its own digits (`orjson.Fragment`, JSON already
written: https://github.com/ijl/orjson#fragment). Dates and dataclasses go to Flask's `default`
as before (OPT_PASSTHROUGH_*), so nothing reads differently; a value orjson will not write
(an integer past 64 bits, a lone surrogate) falls back to simplejson."""

import re
from decimal import Decimal

import orjson
import simplejson
from flask.json.provider import DefaultJSONProvider

# Deeper than any body the API takes (an order is 3 levels), shallow enough that no parser or
# walker of the value comes near Python's recursion limit.
MAX_DEPTH = 32


class JSONInputError(ValueError):
    """A body that is not JSON the BFF reads; `key` names why (a message key of
    bff/common/messages.py)."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _no_constants(name: str):
    raise JSONInputError("invalid_json")


def loads_strict(s: str | bytes, max_depth: int = MAX_DEPTH):
    """Parse `s`: JSON numbers become Decimal; NaN, Infinity and nesting deeper than
    `max_depth` raise JSONInputError (never RecursionError)."""
    if isinstance(s, bytes):
        try:
            s = s.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONInputError("invalid_json") from exc
    if _depth_exceeds(s, max_depth):
        raise JSONInputError("json_too_deep")
    try:
        value = simplejson.loads(s, use_decimal=True, parse_constant=_no_constants)
    except JSONInputError:
        raise
    except (ValueError, RecursionError) as exc:
        raise JSONInputError("invalid_json") from exc
    # Only a \\uD800-\\uDFFF escape can make one (UTF-8 cannot carry them): look only then.
    if _SURROGATE_ESCAPE.search(s) and _holds_lone_surrogate(value):
        raise JSONInputError("invalid_text")
    return value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _holds_lone_surrogate(value) -> bool:
    """Whether a string or key anywhere in `value` holds half of a UTF-16 pair: no encoding can
    write it, so the database, a mail or the answer would fail on it after the fact."""
    if isinstance(value, str):
        return bool(_LONE_SURROGATE.search(value))
    if isinstance(value, dict):
        return any(_holds_lone_surrogate(k) or _holds_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_lone_surrogate(v) for v in value)
    return False


def _depth_exceeds(s: str, max_depth: int) -> bool:
    """Whether brackets outside strings nest deeper than `max_depth`. Cheap when they do not:
    only texts with that many opening brackets are scanned."""
    if s.count("[") + s.count("{") <= max_depth:
        return False
    depth = 0
    in_string = escaped = False
    for char in s:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                return True
        elif char in "]}":
            depth -= 1
    return False


class DecimalJSONProvider(DefaultJSONProvider):
    ensure_ascii = False  # JSON is UTF-8 (RFC 8259 8.1); orjson writes nothing else

    def response(self, *args, **kwargs):
        if (self.compact is None and self._app.debug) or self.compact is False:
            return super().response(*args, **kwargs)  # indented, for a person to read
        obj = self._prepare_response_obj(args, kwargs)
        options = _ORJSON_OPTIONS | (orjson.OPT_SORT_KEYS if self.sort_keys else 0)
        try:
            body = orjson.dumps(obj, default=_fragment, option=options)
        except TypeError:  # orjson.JSONEncodeError is one; escaped, as UTF-8 cannot carry it all
            body = self.dumps(obj, separators=(",", ":"), ensure_ascii=True).encode()
        return self._app.response_class(body + b"\n", mimetype=self.mimetype)

    def dumps(self, obj, **kwargs):
        kwargs.setdefault("ensure_ascii", self.ensure_ascii)
        kwargs.setdefault("sort_keys", self.sort_keys)
        return simplejson.dumps(obj, use_decimal=True, default=_default, **kwargs)

    def loads(self, s, **kwargs):
        return loads_strict(s)


_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def _fragment(obj):
    if isinstance(obj, Decimal):
        return orjson.Fragment(str(obj))
    return DefaultJSONProvider.default(obj)


def _default(obj):
    if isinstance(obj, Decimal):  # pragma: no cover - simplejson handles it
        return obj
    return DefaultJSONProvider.default(obj)
