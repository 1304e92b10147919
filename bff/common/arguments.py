"""Request bodies that arrive as JSON or form-encoded, parsed by one schema.

The storefront posts `application/x-www-form-urlencoded` (SPEC section 7) while API clients
and tests send JSON; DESIGN says both are accepted. Use this module's `Blueprint` and
`@blp.arguments(Schema, location="json_or_form")`: webargs reads JSON when the body is JSON,
else the form, and the OpenAPI document lists both media types for the request body.
JSON is the body bff/common/request_checks.py has already parsed and checked.
"""

import re
from collections.abc import Mapping
from http import HTTPStatus

import flask_smorest
from flask import current_app
from flask_smorest.spec.plugins import unicodeconverter2paramschema
from flask_smorest.utils import resolve_schema_instance
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.routing import UnicodeConverter

from bff.common.request_checks import json_body

JSON = "application/json"
FORM = "application/x-www-form-urlencoded"


class Parser(FlaskParser):
    def _raw_load_json(self, req):
        if not is_json_request(req):
            return core.missing
        body = json_body()
        return core.missing if body is None else body


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint with JSON-or-form bodies and the error answers every operation
    can give documented: 404 (no shop on this host, or no such page) and 414 on every call; 400
    (not JSON, not an object, too deep) and 413 where a body is read; views add their own
    (`@blp.alt_response(409, response="CONFLICT")`), `@member_required` adds 401."""

    ARGUMENTS_PARSER = Parser()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(self._prepare_error_doc)

    @staticmethod
    def _prepare_error_doc(doc, doc_info, **kwargs):
        statuses = [404, 414] + ([400, 413] if "requestBody" in doc else [])
        responses = doc.setdefault("responses", {})
        for status in statuses:
            if status not in responses and str(status) not in responses:
                responses[status] = HTTPStatus(status).name
        return doc

    DEFAULT_LOCATION_CONTENT_TYPE_MAPPING = {
        **flask_smorest.Blueprint.DEFAULT_LOCATION_CONTENT_TYPE_MAPPING,
        "json_or_form": JSON,
    }

    def arguments(self, schema, *args, **kwargs):
        """flask-smorest's, with one schema instance per view: given a class, webargs makes an
        instance on every request (~2 % of a listing call: py-spy, issue 27). A schema keeps no
        state of its own between loads, so the threads of a worker share it."""
        return super().arguments(resolve_schema_instance(schema), *args, **kwargs)

    def _prepare_arguments_doc(self, doc, doc_info, *, api, spec, **kwargs):
        parameters = (doc_info.get("arguments") or {}).get("parameters", [])
        both = any(isinstance(p, Mapping) and p.get("in") == "json_or_form" for p in parameters)
        doc = super()._prepare_arguments_doc(doc, doc_info, api=api, spec=spec, **kwargs)
        content = (doc.get("requestBody") or {}).get("content", {})
        if both and JSON in content:
            content[FORM] = dict(content[JSON])
        return doc


def per_page(limit: int | None = None) -> int:
    """The page size of every list call: the server's setting, never more; a preview (the home
    page's newest and best) may ask for fewer with `limit`."""
    size = current_app.config["PAGE_SIZE"]
    return min(limit, size) if limit else size


class TextConverter(UnicodeConverter):
    """The `string` (default) path converter without control characters: `/api/order/%00` is
    an unknown page (404), never a NUL on its way to PostgreSQL."""

    def __init__(self, map, *args, **kwargs):
        super().__init__(map, *args, **kwargs)
        self.regex = self.regex.replace("[^/]", r"[^/\x00-\x1f\x7f]", 1)


def _text_param_schema(converter: TextConverter) -> dict:
    schema = unicodeconverter2paramschema(converter)
    schema["pattern"] = r"^[^/\x00-\x1f\x7f]*$"
    return schema


def _allow_empty(self, field, **kwargs) -> dict:
    """Query fields with metadata `allow_empty` treat `name=` as not sent (the home page sends
    `sort=`): OpenAPI's allowEmptyValue."""
    return {"allowEmptyValue": True} if field.metadata.get("allow_empty") else {}


def register_converters(app, api, converters: dict | None = None) -> None:
    """The path converters (the default one without control characters, and `converters`:
    {name: (class, schema function)}) and the documentation of query arguments."""
    app.url_map.converters["default"] = app.url_map.converters["string"] = TextConverter
    api.register_converter(TextConverter, _text_param_schema)
    for name, (converter, schema) in (converters or {}).items():
        app.url_map.converters[name] = converter
        api.register_converter(converter, schema)
    api.ma_plugin.converter.add_parameter_attribute_function(_allow_empty)


_PART = re.compile(r"\[([^\[\]]*)\]")
MAX_INDEX = 500


def unflatten(flat) -> dict:
    """A form body in bracket notation, as the `qs` library writes it, as nested data:
    `cartItems[0][product_id]=3&shippingInfo[shipping_name]=Li` -> {"cartItems": [{"product_id": "3"}],
    "shippingInfo": {"shipping_name": "Li"}}. An index of MAX_INDEX or more stays a key (no huge lists)."""
    root: dict = {}
    for key in list(flat.keys()):
        value = flat[key]
        head, _, rest = key.partition("[")
        path = [head, *_PART.findall("[" + rest)] if rest else [head]
        node = root
        for part in path[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                child = node[part] = {}
            node = child
        node[path[-1]] = value
    return _lists(root)


def _lists(node):
    if not isinstance(node, dict):
        return node
    node = {k: _lists(v) for k, v in node.items()}
    if node and all(k.isdigit() and int(k) < MAX_INDEX for k in node):
        return [node[k] for k in sorted(node, key=int)]
    return node
