"""The catalogue as CSV (`/api/admin/products/export`, `.../import/preview`, `.../import`): the
shop's admin downloads every product, and uploads a CSV that creates products or updates them by
SKU, seen first as a preview with each row's changes and errors. The work is
bff/catalog/csv_transfer.py's."""

from datetime import date

from flask import Response
from flask.views import MethodView
from flask_smorest.fields import Upload
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.catalog import csv_transfer
from bff.catalog.error_codes import CatalogErrorCode
from bff.catalog.messages import is_key, text
from bff.common.arguments import Blueprint
from bff.common.field_errors import field_error_handler
from bff.common.request_checks import max_body_size
from bff.common.responses import document_errors
from bff.extensions import db
from bff.shops.context import current_shop

blp = Blueprint(
    "admin_catalog_bulk",
    __name__,
    url_prefix="/api/admin/products",
    description="Admin: the catalogue as CSV, export and import (create or update by SKU)",
)
blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, CatalogErrorCode.VALIDATION, lambda: current_shop().language)
)


class ImportArgs(Schema):
    file = Upload(
        required=True,
        metadata={
            "description": "CSV in UTF-8 (a BOM allowed) or GBK/GB18030, first line the column names ("
            + ", ".join(csv_transfer.COLUMNS)
            + ", or their Chinese names); sku or id required. One row per variant: a product's rows "
            "repeat its product columns; variant_id (or variant_name) names the variant a row edits."
        },
    )


class ImportRowSchema(Schema):
    line = fields.Integer(metadata={"description": "The row's line in the file (the header is 1)."})
    sku = fields.String(allow_none=True)
    product_id = fields.Integer(allow_none=True, metadata={"description": "The product it updates or made."})
    name = fields.String()
    action = fields.String(validate=validate.OneOf(["create", "update", "unchanged", "error"]))
    changes = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.Raw()),
        metadata={"description": "{column: [before, after]}"},
    )
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    warnings = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "Changes that alter nothing a shopper pays (a product with variants)."},
    )


class ImportSummarySchema(Schema):
    create = fields.Integer()
    update = fields.Integer()
    unchanged = fields.Integer()
    error = fields.Integer()


class ImportResponse(Schema):
    summary = fields.Nested(ImportSummarySchema)
    rows = fields.List(fields.Nested(ImportRowSchema))
    headers = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "Each column's header in the shop's language, to name changes and errors."},
    )


def _answer(shop, plan: csv_transfer.ImportPlan) -> dict:
    return {"summary": plan.summary, "rows": plan.rows, "headers": csv_transfer.headers(shop)}


_UPLOAD_LIMIT = csv_transfer.MAX_BYTES + 64 * 1024


@blp.route("/export")
class Export(MethodView):
    @admin_required
    @blp.response(200, content_type="text/csv", description="Every product of the shop, as CSV.")
    @document_errors(blp, 401, 403)
    @blp.doc(responses={"200": {"content": {"text/csv": {"schema": {"type": "string"}}}}})
    def get(self, shop, _user):
        """The catalogue as CSV (UTF-8 with a BOM), one row per variant, headers in the shop's language."""
        body = csv_transfer.export_csv(db.session, shop)
        name = f"products-{shop.code}-{date.today().isoformat()}.csv"
        return Response(
            body,
            mimetype="text/csv",
            headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
        )


@blp.route("/import/preview")
class ImportPreview(MethodView):
    @max_body_size(_UPLOAD_LIMIT)
    @admin_required
    @blp.arguments(ImportArgs, location="files")
    @blp.response(200, ImportResponse)
    @document_errors(blp, 401, 403, 413, 422)
    def post(self, shop, _user, args):
        """What importing the CSV would do, row by row, with each row's errors; writes nothing."""
        plan = csv_transfer.plan_import(db.session, shop, args["file"].read())
        db.session.rollback()
        return _answer(shop, plan)


@blp.route("/import")
class Import(MethodView):
    @max_body_size(_UPLOAD_LIMIT)
    @admin_required
    @blp.arguments(ImportArgs, location="files")
    @blp.response(200, ImportResponse)
    @document_errors(blp, 401, 403, 412, 413, 422)
    def post(self, shop, user, args):
        """Import the CSV in one transaction: every row, or (422 with each row's errors) none."""
        return _answer(shop, csv_transfer.apply_import(db.session, shop, user, args["file"].read()))
