"""Every time in the API is ISO 8601 with its UTC offset: no schema serialises a bare DateTime,
whose naive value (SQLite hands them back) a browser would read as its own local time."""

from datetime import datetime

from marshmallow import Schema, fields

import bff.app  # noqa: F401  (imports every domain's schemas)
from bff.common.schemas import UtcDateTime


def _schemas(cls=Schema):
    for sub in cls.__subclasses__():
        yield sub
        yield from _schemas(sub)


def test_every_api_time_field_carries_its_offset():
    bare = [
        f"{schema.__module__}.{schema.__name__}.{name}"
        for schema in _schemas()
        if schema.__module__.startswith("bff.")
        for name, field in schema._declared_fields.items()
        if isinstance(field, fields.DateTime) and not isinstance(field, UtcDateTime)
    ]
    assert bare == []


def test_a_naive_database_time_is_written_as_utc():
    assert UtcDateTime()._serialize(datetime(2026, 1, 2, 3, 4, 5), "t", None) == "2026-01-02T03:04:05+00:00"
