"""The owner's refund call (`POST /api/admin/orders/<number>/refunds`) and cancel-and-refund
(`POST /api/admin/orders/<number>/cancel`), beside the order calls of bff/orders/admin_routes.py:
they answer with the order's detail, like them."""

from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint
from bff.common.etags import ETAG_HEADER
from bff.common.field_errors import field_error_handler
from bff.common.responses import document_errors
from bff.extensions import db
from bff.orders import admin_schemas as schemas
from bff.orders import admin_services
from bff.orders.admin_routes import detail_answer, if_match_required, require_order_version
from bff.orders.error_codes import OrderErrorCode
from bff.orders.messages import is_key, text
from bff.payments.refunds import refund_order
from bff.payments.services import close_trades_of_number
from bff.shops.context import current_shop

blp = Blueprint(
    "admin_refunds", __name__, url_prefix="/api/admin/orders", description="Admin: refunds of orders"
)

blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, OrderErrorCode.VALIDATION, lambda: current_shop().language)
)


@blp.route("/<order_number:order_number>/refunds")
class OrderRefunds(MethodView):
    @admin_required
    @blp.arguments(schemas.RefundArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 409, 412, 422, 428, 502)
    @if_match_required(blp)
    def post(self, shop, user, args, order_number):
        """Refund, whole or part of what is paid and not yet refunded, with a reason: through the
        provider that took the payment (502 when it refuses: nothing recorded), else by hand
        (If-Match: the order's ETag)."""
        require_order_version(shop, order_number)
        refund_order(db.session, shop, user, order_number, args["amount"], args["reason"])
        return detail_answer(admin_services.get_order(db.session, shop, order_number))


@blp.route("/<order_number:order_number>/cancel")
class OrderCancel(MethodView):
    @admin_required
    @blp.arguments(schemas.CancelArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 409, 412, 422, 428, 502)
    @if_match_required(blp)
    def post(self, shop, user, args, order_number):
        """Cancel with a reason: an unpaid order's stock comes back once; a paid one is cancelled and
        refunded together (refund_amount, restock; money kept unrefunded needs keep_reason). An
        unpaid order's open trades at the providers are closed first (issue 22 item 3)
        (If-Match: the order's ETag)."""
        require_order_version(shop, order_number)
        close_trades_of_number(db.session, shop, order_number)
        done = admin_services.cancel(
            db.session,
            shop,
            user,
            order_number,
            args["reason"],
            refund_amount=args["refund_amount"],
            restock=args["restock"],
            keep_reason=args["keep_reason"],
            refund_order=refund_order,
        )
        return detail_answer(done.detail)


@blp.route("/<order_number:order_number>/revive")
class OrderRevive(MethodView):
    @admin_required
    @blp.arguments(schemas.ReviveArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 409, 412, 422, 428)
    @if_match_required(blp)
    def post(self, shop, user, args, order_number):
        """Revive a cancelled order that holds its whole total (a payment that landed after the
        cancellation): its stock taken again (409 when short: refund instead), cancelled -> paid
        (If-Match: the order's ETag)."""
        require_order_version(shop, order_number)
        return detail_answer(admin_services.revive(db.session, shop, user, order_number, args["note"]))
