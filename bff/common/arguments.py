"""Request bodies that arrive as JSON or form-encoded, parsed by one schema.

The storefront posts `application/x-www-form-urlencoded` (SPEC section 7) while API clients
and tests send JSON; DESIGN says both are accepted. Use this module's `Blueprint` and
`@blp.arguments(Schema, location="json_or_form")`: webargs reads JSON when the body is JSON,
else the form, and the OpenAPI document lists both media types for the request body.
"""

from collections.abc import Mapping

import flask_smorest
from flask import current_app

JSON = "application/json"
FORM = "application/x-www-form-urlencoded"


class Blueprint(flask_smorest.Blueprint):
    DEFAULT_LOCATION_CONTENT_TYPE_MAPPING = {
        **flask_smorest.Blueprint.DEFAULT_LOCATION_CONTENT_TYPE_MAPPING,
        "json_or_form": JSON,
    }

    def _prepare_arguments_doc(self, doc, doc_info, *, api, spec, **kwargs):
        parameters = (doc_info.get("arguments") or {}).get("parameters", [])
        both = any(isinstance(p, Mapping) and p.get("in") == "json_or_form" for p in parameters)
        doc = super()._prepare_arguments_doc(doc, doc_info, api=api, spec=spec, **kwargs)
        content = (doc.get("requestBody") or {}).get("content", {})
        if both and JSON in content:
            content[FORM] = dict(content[JSON])
        return doc


def per_page() -> int:
    """The page size of every list call: the server's setting, never the caller's."""
    return current_app.config["PAGE_SIZE"]
