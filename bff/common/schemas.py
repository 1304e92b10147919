"""Fields and schemas shared by every domain: money, flags, times, paginators and errors."""

from datetime import UTC

from marshmallow import Schema, fields

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


class PaginatorSchema(Schema):
    current_page = fields.Integer()
    last_page = fields.Integer()
    per_page = fields.Integer()
    total = fields.Integer()
