"""Output fields for stored media."""

from marshmallow import fields

from bff.media.storage import media_url


class MediaPath(fields.String):
    """A stored media path written as a path the browser can fetch directly."""

    def _serialize(self, value, attr, obj, **kwargs):
        return media_url(value)


class Srcset(fields.Field):
    """{width: media path} of an image's WebP copies as an HTML `srcset` ("url 320w, ..."); null
    when it has none."""

    def _serialize(self, value, attr, obj, **kwargs):
        if not value:
            return None
        return ", ".join(
            f"{media_url(path)} {width}w" for width, path in sorted(value.items(), key=lambda i: int(i[0]))
        )
