"""Admin: a recipient's full ID number for the customs label (`/api/admin/orders/<n>/id-number`).
Apart from the console's other order calls so that this road stays small and audited."""

from flask.views import MethodView
from marshmallow import Schema, fields

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint
from bff.common.responses import document_errors
from bff.extensions import db
from bff.orders.id_numbers import reveal_id_number

blp = Blueprint(
    "admin_order_id_numbers",
    __name__,
    url_prefix="/api/admin/orders",
    description="Admin: recipients' ID numbers for customs (each look is audited)",
)


class IdNumberResponse(Schema):
    order_number = fields.String()
    shipping_name = fields.String()
    shipping_id = fields.String(metadata={"description": "In full; empty when none was given."})


@blp.route("/<order_number:order_number>/id-number")
class OrderIdNumber(MethodView):
    @admin_required
    @blp.response(200, IdNumberResponse, headers={"Cache-Control": {"schema": {"type": "string"}}})
    @document_errors(blp, 403)
    def get(self, shop, admin, order_number):
        """The recipient's full ID number, for the customs label; the look is written to the audit log."""
        order = reveal_id_number(db.session, shop, admin, order_number)
        return order, 200, {"Cache-Control": "no-store"}
