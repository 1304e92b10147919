"""Output fields for stored media."""

import functools

import orjson
from marshmallow import fields

from bff.media.storage import media_base, media_url


def srcset(webp: dict | str | None, base: str | None = None) -> str | None:
    """{width: media path} of an image's WebP copies (or that object as JSON text, as the card
    statements read it) as an HTML `srcset` ("url 320w, ..."), widths ascending; None when it
    has none. `base`: media_base(), looked up once for a list."""
    if base is None:
        base = media_base()
    if type(webp) is str:
        return _srcset_of_text(webp, base)
    if not webp:
        return None
    sizes = sorted(webp.items(), key=_width)
    return ", ".join([f"{media_url(path, base)} {width}w" for width, path in sizes])


@functools.lru_cache(maxsize=4096)
def _srcset_of_text(webp: str, base: str) -> str | None:
    # A picture's copies do not change once stored (a new upload is a new path), and a listing
    # writes ~60 of them: parsing and joining each was a tenth of an uncached listing's work
    # (cProfile, issue 27); looked up by its text, it is one dict probe.
    return srcset(orjson.loads(webp), base)


def _width(size: tuple[str, str]) -> int:
    """A srcset entry's order: its width, as a number."""
    return int(size[0])


class MediaPath(fields.String):
    """A stored media path written as a path the browser can fetch directly."""

    def _serialize(self, value, attr, obj, **kwargs):
        return media_url(value)


class Srcset(fields.Field):
    """{width: media path} of an image's WebP copies as an HTML `srcset` ("url 320w, ..."); null
    when it has none."""

    def _serialize(self, value, attr, obj, **kwargs):
        return srcset(value)
