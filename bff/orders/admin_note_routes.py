"""Staff notes and tags on an order (`/api/admin/orders/{n}/notes`, `.../tags`): the work is
bff/orders/notes.py's; the answer is the order's console detail, notes and tags included. Staff
only: no shopper call serialises them."""

from flask.views import MethodView

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint
from bff.common.etags import ETAG_HEADER
from bff.common.responses import document_errors
from bff.extensions import db
from bff.orders import admin_schemas as schemas
from bff.orders import admin_services, notes
from bff.orders.admin_routes import detail_answer

blp = Blueprint(
    "admin_order_notes",
    __name__,
    url_prefix="/api/admin/orders",
    description="Admin: staff notes and tags on orders (never shown to the shopper)",
)


@blp.route("/<order_number:order_number>/notes")
class OrderNotes(MethodView):
    @admin_required
    @blp.arguments(schemas.NoteArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 422)
    def post(self, shop, user, args, order_number):
        """Add a staff note to the order (the shopper never sees it)."""
        notes.add_note(db.session, shop, user, order_number, args["body"])
        return detail_answer(admin_services.get_order(db.session, shop, order_number))


@blp.route("/<order_number:order_number>/tags")
class OrderTags(MethodView):
    @admin_required
    @blp.arguments(schemas.TagsArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 422)
    def put(self, shop, user, args, order_number):
        """Set the order's staff tags (the shopper never sees them)."""
        notes.set_tags(db.session, shop, user, order_number, args["tags"])
        return detail_answer(admin_services.get_order(db.session, shop, order_number))
