"""The console's calls for a shop's simple objects, added to each domain's blueprint by
`crud_routes`; the rules they call are services.py's."""

from flask import request
from flask.views import MethodView
from marshmallow import Schema, fields

from bff.accounts.decorators import admin_required
from bff.admin_crud.services import Codes, Kind, create, get, list_all, list_page, remove, set_picture, update
from bff.common.arguments import per_page
from bff.common.etags import ETAG_HEADER, IF_MATCH_PARAMETER, etag, if_match_versions
from bff.common.models import ID
from bff.common.request_checks import max_body_size
from bff.common.responses import document_errors
from bff.common.schemas import PageArgs, PaginatorSchema
from bff.extensions import db
from bff.media.images import MAX_BYTES

__all__ = ["Codes", "Kind", "crud_routes"]


_IF_MATCH = IF_MATCH_PARAMETER
_ETAG_HEADER = ETAG_HEADER


class PictureArgs(Schema):
    image = fields.Raw(
        required=True,
        metadata={
            "type": "string",
            "format": "binary",
            "description": "JPEG, PNG, WebP or GIF, 8 MB at most.",
        },
    )


def crud_routes(
    blp,
    kind: Kind,
    codes: Codes,
    input_schema: type[Schema],
    output_schema: type[Schema],
    name: str,
    plural: str = "",
):
    """Add `GET/POST ""`, `GET/PUT/DELETE /<id>` (and `PUT/DELETE /<id>/picture` when the kind
    has a picture) to `blp` for `kind`; answers are `{name: object}` / `{plural: [...]}` (a page of
    them, `{plural: {data, current_page, ...}}`, for a paged kind); `plural` defaults to name + "s"."""
    plural = plural or f"{name}s"
    title = name.title().replace("_", "")
    # A class of its own, so the OpenAPI names the partial body apart from the whole one.
    patch_schema = type(f"{input_schema.__name__}Patch", (input_schema,), {})
    item_response = Schema.from_dict({name: fields.Nested(output_schema)}, name=f"Admin{title}Response")
    items = fields.List(fields.Nested(output_schema))
    if kind.paged:
        page_schema = type(f"Admin{title}Page", (PaginatorSchema,), {"data": items})
        list_response = Schema.from_dict(
            {plural: fields.Nested(page_schema)}, name=f"Admin{title}ListResponse"
        )
    else:
        list_response = Schema.from_dict({plural: items}, name=f"Admin{title}ListResponse")

    def if_match():
        return if_match_versions(request.headers.get("If-Match"))

    def answer(obj, status: int = 200):
        return {name: obj}, status, {"ETag": etag(obj.version)}

    if kind.paged:

        class Listing(MethodView):
            @admin_required
            @blp.arguments(PageArgs, location="query")
            @blp.response(200, list_response)
            @document_errors(blp, 401, 403, 422)
            def get(self, shop, _user, args):
                """One page of them, in the shop's order."""
                page = list_page(db.session, shop, kind, args["page"], per_page())
                return {plural: page.as_paginator()}

    else:

        class Listing(MethodView):
            @admin_required
            @blp.response(200, list_response)
            @document_errors(blp, 401, 403)
            def get(self, shop, _user):
                """All of them, in the shop's order."""
                return {plural: list_all(db.session, shop, kind)}

    @blp.route("")
    class Collection(Listing):
        @admin_required
        @blp.arguments(input_schema, location="json_or_form")
        @blp.response(201, item_response, headers=_ETAG_HEADER)
        @document_errors(blp, 401, 403, 422)
        def post(self, shop, user, args):
            """Create one."""
            return answer(create(db.session, shop, user, kind, codes, args), 201)

    @blp.route(f"/<{ID}:obj_id>")
    class Item(MethodView):
        @admin_required
        @blp.response(200, item_response, headers=_ETAG_HEADER)
        @document_errors(blp, 401, 403, 404)
        def get(self, shop, _user, obj_id):
            """One, with its version (also the ETag)."""
            return answer(get(db.session, shop, kind, codes, obj_id))

        @admin_required
        @blp.arguments(patch_schema(partial=True), location="json_or_form")
        @blp.response(200, item_response, headers=_ETAG_HEADER)
        @document_errors(blp, 401, 403, 404, 412, 422, 428)
        @blp.doc(parameters=[{**_IF_MATCH, "required": True}])
        def patch(self, shop, user, args, obj_id):
            """Change the fields given (If-Match required)."""
            return answer(update(db.session, shop, user, kind, codes, obj_id, args, if_match()))

        @admin_required
        @blp.response(204)
        @document_errors(blp, 401, 403, 404, 409, 412, 428)
        @blp.doc(parameters=[{**_IF_MATCH, "required": True}])
        def delete(self, shop, user, obj_id):
            """Delete one (409 while the storefront still needs it)."""
            remove(db.session, shop, user, kind, codes, obj_id, if_match())

    if not kind.media_folder:
        return

    @blp.route(f"/<{ID}:obj_id>/picture")
    class Picture(MethodView):
        @max_body_size(MAX_BYTES + 64 * 1024)
        @admin_required
        @blp.arguments(PictureArgs, location="files")
        @blp.response(200, item_response, headers=_ETAG_HEADER)
        @document_errors(blp, 401, 403, 404, 412, 413, 422, 428)
        @blp.doc(parameters=[{**_IF_MATCH, "required": True}])
        def put(self, shop, user, args, obj_id):
            """Replace its picture (checked by content, metadata stripped)."""
            upload = args["image"]
            data = (upload.filename or name, upload.read())
            return answer(set_picture(db.session, shop, user, kind, codes, obj_id, data, if_match()))

        @admin_required
        @blp.response(200, item_response, headers=_ETAG_HEADER)
        @document_errors(blp, 401, 403, 404, 412, 428)
        @blp.doc(parameters=[{**_IF_MATCH, "required": True}])
        def delete(self, shop, user, obj_id):
            """Remove its picture."""
            return answer(set_picture(db.session, shop, user, kind, codes, obj_id, None, if_match()))
