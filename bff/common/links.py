"""Links an owner types (a banner's `link_url`): a path on this site or an http(s) address.

A browser reads `//host/x` and `/\\host/x` as another site (the backslash is a slash to it, and it
drops tabs and line breaks first), and any other scheme (`javascript:`, `data:`) runs or loads
what it names. So a site path must start with one `/` followed by neither `/` nor `\\`, and
nothing may hold a backslash, whitespace or a control character.
"""

import re
from urllib.parse import urlsplit

from marshmallow import fields

SITE_PATH = re.compile(r"/(?![/\\])[^\s\\\x00-\x1f\x7f]*")
_ADDRESS = re.compile(r"https?://[^\s\\\x00-\x1f\x7f/?#]+([/?#][^\s\\\x00-\x1f\x7f]*)?", re.IGNORECASE)
# The same rules for the OpenAPI description (JSON Schema patterns are unanchored ECMA regexes).
LINK_PATTERN = r"^(/(?![/\\])[^\s\\]*|[hH][tT][tT][pP][sS]?://[^\s\\/?#]+([/?#][^\s\\]*)?)$"


def is_safe_link(value: str) -> bool:
    """A path on this site, or an http(s) address with a host."""
    if SITE_PATH.fullmatch(value):
        return True
    if not _ADDRESS.fullmatch(value):
        return False
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)


class SafeLink(fields.String):
    """A stored link in an answer: null when it is not one `is_safe_link` takes (a row written
    by another road than the API, or before the rule), so no page links off-site unawares."""

    def _serialize(self, value, attr, obj, **kwargs):
        return value if value and is_safe_link(value) else None
