"""JSON provider that writes Decimal as a JSON number, never as a float or string."""

from decimal import Decimal

import simplejson
from flask.json.provider import DefaultJSONProvider


class DecimalJSONProvider(DefaultJSONProvider):
    def dumps(self, obj, **kwargs):
        kwargs.setdefault("ensure_ascii", self.ensure_ascii)
        kwargs.setdefault("sort_keys", self.sort_keys)
        return simplejson.dumps(obj, use_decimal=True, default=_default, **kwargs)

    def loads(self, s, **kwargs):
        return simplejson.loads(s, use_decimal=True, **kwargs)


def _default(obj):
    if isinstance(obj, Decimal):  # pragma: no cover - simplejson handles it
        return obj
    return DefaultJSONProvider.default(obj)
