"""Output fields for stored media."""

from marshmallow import fields

from bff.media.storage import media_url


class MediaPath(fields.String):
    """A stored media path written as a path the browser can fetch directly."""

    def _serialize(self, value, attr, obj, **kwargs):
        return media_url(value)
