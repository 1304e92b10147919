"""Allowlist sanitiser for rich HTML (product details, articles): run where HTML arrives (the
models' validators) and again where it leaves (`RichHtml`, in every schema that answers it), so
HTML written to the database by any other road (SQL, a bulk update, an import) reaches no page
unclean."""

from functools import lru_cache

import nh3
from marshmallow import fields

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
    "img": {"src", "alt", "title", "width", "height"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan", "scope"},
    "ol": {"start"},
}


def sanitize_html(html: str | None) -> str:
    """Keep formatting tags only; scripts, event handlers, styles and javascript: URLs go."""
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
    )


class RichHtml(fields.String):
    """Rich HTML in an answer, cleaned on the way out whatever the database holds."""

    def __init__(self, **kwargs):
        metadata = {"description": "Sanitised HTML.", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else sanitize_html(value)
