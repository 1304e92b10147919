"""The console's shipping work (`/api/admin/orders/...`): the customs and courier file (CSV or
XLSX, each export audited), packing slips, and shipping many orders from an uploaded tracking
file (preview, then all in one transaction, each shopper mailed). The work is in
bff/orders/customs.py, packing_slips.py and bulk_ship.py."""

from flask import Response, stream_with_context
from flask.views import MethodView
from flask_smorest.fields import Upload
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint
from bff.common.field_errors import field_error_handler
from bff.common.request_checks import max_body_size
from bff.common.responses import document_errors
from bff.extensions import db
from bff.orders import admin_routes, bulk_ship, customs
from bff.orders import admin_schemas as schemas
from bff.orders.error_codes import OrderErrorCode
from bff.orders.messages import is_key, text
from bff.orders.packing_slips import MAX_SLIPS, packing_slips
from bff.shops.context import current_shop

blp = Blueprint(
    "admin_order_shipping",
    __name__,
    url_prefix="/api/admin/orders",
    description="Admin: customs file, packing slips and shipping from a tracking file",
)
blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, OrderErrorCode.VALIDATION, lambda: current_shop().language)
)

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(body, mimetype: str, name: str) -> Response:
    return Response(
        body,
        mimetype=mimetype,
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
    )


@blp.route("/customs.csv")
class CustomsCsv(MethodView):
    @admin_required
    @blp.arguments(schemas.OrderListArgs, location="query")
    @blp.doc(responses={200: {"content": {"text/csv": {"schema": {"type": "string"}}}}})
    @document_errors(blp, 401, 403, 422)
    def get(self, shop, user, args):
        """The customs file of the paid and shipped orders found (full ID numbers; audited), as CSV."""
        found = customs.customs_file(db.session, shop, user, admin_routes._filters(args), "csv")
        return _download(stream_with_context(customs.as_csv(found)), "text/csv", f"customs-{shop.code}.csv")


@blp.route("/customs.xlsx")
class CustomsXlsx(MethodView):
    @admin_required
    @blp.arguments(schemas.OrderListArgs, location="query")
    @blp.doc(responses={200: {"content": {XLSX: {"schema": {"type": "string", "format": "binary"}}}}})
    @document_errors(blp, 401, 403, 422)
    def get(self, shop, user, args):
        """The customs file of the paid and shipped orders found (full ID numbers; audited), as XLSX."""
        found = customs.customs_file(db.session, shop, user, admin_routes._filters(args), "xlsx")
        return _download(customs.as_xlsx(found), XLSX, f"customs-{shop.code}.xlsx")


class SlipArgs(Schema):
    numbers = fields.String(
        required=True,
        validate=[validate.Length(min=1, max=MAX_SLIPS * 21), validate.Regexp(r"^[0-9A-Za-z, -]+$")],
        metadata={"description": f"Order numbers separated by commas (at most {MAX_SLIPS})."},
    )


class SlipLineSchema(Schema):
    id = fields.Integer()
    product_name = fields.String()
    variant_name = fields.String()
    quantity = fields.Integer()
    sku = fields.Function(lambda line: (line.product.sku if line.product is not None else None) or "")


class SlipOrderSchema(Schema):
    order_number = fields.String()
    shipping_name = fields.String()
    shipping_contact = fields.String()
    shipping_country = fields.String()
    shipping_address = fields.String()
    shipping_type = fields.String()
    user_remark = fields.String()
    sender_name = fields.String()
    total_quantity = fields.Integer()
    total_weight = fields.Integer()
    order_details = fields.List(fields.Nested(SlipLineSchema), attribute="lines")


class SlipSchema(Schema):
    order = fields.Nested(SlipOrderSchema)
    place = fields.String(metadata={"description": "Province, city and district (or country and city)."})
    qr_code = fields.String(metadata={"description": "The order number as a QR code: an SVG data URI."})


class SlipsResponse(Schema):
    slips = fields.List(fields.Nested(SlipSchema))


@blp.route("/packing-slips")
class PackingSlips(MethodView):
    @admin_required
    @blp.arguments(SlipArgs, location="query")
    @blp.response(200, SlipsResponse)
    @document_errors(blp, 401, 403, 404, 422)
    def get(self, shop, _user, args):
        """Packing slips of the orders named, one per order, each with its order number's QR code."""
        return {"slips": packing_slips(db.session, shop, args["numbers"].split(","))}


class ShipFileArgs(Schema):
    file = Upload(
        required=True,
        metadata={"description": "CSV (UTF-8 or GBK): order_number, shipping_company, tracking_number."},
    )


class ShipRowSchema(Schema):
    line = fields.Integer()
    order_number = fields.String()
    shipping_company = fields.String()
    tracking_number = fields.String()
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))


class ShipFileResponse(Schema):
    rows = fields.List(fields.Nested(ShipRowSchema))
    ready = fields.Integer(metadata={"description": "Rows that can be shipped."})
    failed = fields.Integer(metadata={"description": "Rows with an error."})


def _answer(rows: list[bulk_ship.ShipRow]) -> dict:
    failed = sum(1 for r in rows if r.errors)
    return {"rows": rows, "ready": len(rows) - failed, "failed": failed}


_UPLOAD_LIMIT = bulk_ship.MAX_BYTES + 64 * 1024


@blp.route("/bulk-ship/preview")
class BulkShipPreview(MethodView):
    @max_body_size(_UPLOAD_LIMIT)
    @admin_required
    @blp.arguments(ShipFileArgs, location="files")
    @blp.response(200, ShipFileResponse)
    @document_errors(blp, 401, 403, 413, 422)
    def post(self, shop, _user, args):
        """What shipping from the file would do, row by row, with each row's errors; writes nothing."""
        rows = bulk_ship.plan(db.session, shop, args["file"].read())
        db.session.rollback()
        return _answer(rows)


@blp.route("/bulk-ship")
class BulkShip(MethodView):
    @max_body_size(_UPLOAD_LIMIT)
    @admin_required
    @blp.arguments(ShipFileArgs, location="files")
    @blp.response(200, ShipFileResponse)
    @document_errors(blp, 401, 403, 409, 413, 422)
    def post(self, shop, user, args):
        """Ship every order of the file in one transaction (or, 422 with each row's errors, none)."""
        rows = bulk_ship.apply(db.session, shop, user, args["file"].read())
        return _answer(rows)
