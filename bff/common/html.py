"""Allowlist sanitiser for rich HTML (product details, articles): run where HTML arrives (the
models' validators) and again where it leaves (`RichHtml`, in every schema that answers it), so
HTML written to the database by any other road (SQL, a bulk update, an import) reaches no page
unclean."""

import re
from functools import lru_cache

import nh3
from marshmallow import fields

from bff.common.links import SITE_PATH as _SITE_PATH

_TAGS = {
    "a",
    "b",
    "blockquote",
    "br",
    "caption",
    "code",
    "div",
    "em",
    "figcaption",
    "figure",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "img",
    "li",
    "ol",
    "p",
    "pre",
    "s",
    "small",
    "span",
    "strong",
    "sub",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
}
_ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "srcset", "sizes", "loading", "alt", "title", "width", "height"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan", "scope"},
    "ol": {"start"},
}


# One candidate of a srcset: an address without commas or spaces, and a width or density.
_CANDIDATE = re.compile(r"\s*([^\s,]+)(?:\s+(?:[0-9]{1,5}w|[0-9]{1,2}(?:\.[0-9]{1,2})?x))?\s*")
# One entry of `sizes`: an optional media condition and a length ("(min-width: 768px) 720px", "100vw").
_SIZE = re.compile(
    r"\s*(?:\([a-z0-9 :.-]{1,60}\)\s+)?[0-9]{1,4}(?:\.[0-9]{1,2})?(?:px|vw|em|rem)\s*", re.IGNORECASE
)


def _picture_address(value: str) -> bool:
    return value[:8].lower() == "https://" or bool(_SITE_PATH.fullmatch(value))


def _keep_attribute(tag: str, attribute: str, value: str) -> str | None:
    """Pictures come from https: addresses or this site only: the page's CSP allows no other
    (an http: picture would be blocked and reported on every shopper's page). A `srcset` (the
    uploaded pictures' WebP widths) is kept only when every candidate is such an address."""
    if tag != "img":
        return value
    if attribute == "src":
        return value if _picture_address(value) else None
    if attribute == "srcset":
        candidates = [_CANDIDATE.fullmatch(part) for part in value.split(",")]
        return value if all(c and _picture_address(c.group(1)) for c in candidates) else None
    if attribute == "sizes":
        parts = value.split(",")
        return value if len(parts) <= 8 and all(_SIZE.fullmatch(part) for part in parts) else None
    if attribute == "loading":
        return value if value in ("lazy", "eager") else None
    return value


def sanitize_html(html: str | None) -> str:
    """Keep formatting tags only; scripts, event handlers, styles and javascript: URLs go, and
    pictures whose address is not https: or a path of this site lose it."""
    if not html:
        return ""
    return _clean(html)


# Cleaning on every read costs CPU; the same stored HTML is answered again and again.
@lru_cache(maxsize=1024)
def _clean(html: str) -> str:
    return nh3.clean(
        html,
        tags=_TAGS,
        attributes=_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
        attribute_filter=_keep_attribute,
    )


def rich_html(value: str | None) -> str | None:
    """Stored rich HTML as an answer carries it (RichHtml, bff/catalog/cards.py): sanitised, and
    None for none."""
    return None if value is None else sanitize_html(value)


class RichHtml(fields.String):
    """Rich HTML in an answer, cleaned on the way out whatever the database holds."""

    def __init__(self, **kwargs):
        metadata = {"description": "Sanitised HTML.", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _serialize(self, value, attr, obj, **kwargs):
        return rich_html(value)
