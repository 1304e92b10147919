"""Schemas shared by every domain: money, flags, media paths and list arguments."""

from datetime import UTC

from marshmallow import Schema, fields, pre_load, validate

from bff.catalog.sorting import DEFAULT_SORT, SORTS
from bff.media.storage import media_url

MAX_PAGE = 1_000_000_000


def Money(**kwargs):  # noqa: N802 - reads like a field class
    """Two-decimal JSON number (Decimal all the way, never float)."""
    return fields.Decimal(places=2, as_string=False, allow_nan=False, **kwargs)


class Flag(fields.Field):
    """A boolean written as 1/0, as the storefront's contract has it."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else int(bool(value))


class UtcDateTime(fields.DateTime):
    """An ISO 8601 time with its offset. SQLite hands back naive datetimes (stored as UTC),
    which a reader would otherwise take for local time."""

    def _serialize(self, value, attr, obj, **kwargs):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return super()._serialize(value, attr, obj, **kwargs)


class MediaPath(fields.String):
    """A stored media path written as a path the browser can fetch directly."""

    def _serialize(self, value, attr, obj, **kwargs):
        return media_url(value)


class ListArgs(Schema):
    sort = fields.String(
        load_default=DEFAULT_SORT.value,
        validate=validate.OneOf(SORTS),
        metadata={"description": "Order of the list; empty means recommend."},
    )
    page = fields.Integer(
        load_default=1,
        strict=False,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata={"description": "Page number, from 1."},
    )

    @pre_load
    def _blank_means_default(self, data, **kwargs):
        # The home page sends `sort=` empty; treat blank values as not given.
        return {k: v for k, v in data.items() if not (isinstance(v, str) and v.strip() == "")}


class PaginatorSchema(Schema):
    current_page = fields.Integer()
    last_page = fields.Integer()
    per_page = fields.Integer()
    total = fields.Integer()


class ErrorSchema(Schema):
    message = fields.String()
    code = fields.String()
    errors = fields.Dict()
