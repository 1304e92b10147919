"""The owner's side of manual QR payments (bff/orders/payment_claims.py): read the shopper's
screenshot, or reject their 「我已付款」 with a reason (mailed). Confirming is marking the order
paid (bff/orders/admin_routes.py), which also takes back an order released in the grace period."""

from flask.views import MethodView

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint
from bff.common.etags import ETAG_HEADER
from bff.common.responses import document_errors
from bff.extensions import db
from bff.orders import admin_schemas as schemas
from bff.orders import admin_services, payment_claims
from bff.orders.admin_routes import detail_answer, if_match_required, require_order_version
from bff.orders.claim_routes import proof_response

blp = Blueprint(
    "admin_order_claims",
    __name__,
    url_prefix="/api/admin/orders",
    description="Admin: QR payments to confirm",
)


@blp.route("/<order_number:order_number>/payment-proof")
class AdminPaymentProof(MethodView):
    @admin_required
    @blp.doc(responses={200: {"content": {"image/webp": {"schema": {"type": "string", "format": "binary"}}}}})
    @document_errors(blp, 401, 403, 404)
    def get(self, shop, _user, order_number):
        """The screenshot the shopper attached to 「我已付款」."""
        return proof_response(payment_claims.proof_of(db.session, shop, order_number))


@blp.route("/<order_number:order_number>/reject-payment")
class RejectPayment(MethodView):
    @admin_required
    @blp.arguments(schemas.RejectPaymentArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 409, 412, 422, 428)
    @if_match_required(blp)
    def post(self, shop, user, args, order_number):
        """The QR payment did not arrive: the order is unpaid again; the reason is mailed to the
        shopper (If-Match: the order's ETag)."""
        require_order_version(shop, order_number)
        payment_claims.reject_claim(db.session, shop, user, order_number, args["reason"])
        return detail_answer(admin_services.get_order(db.session, shop, order_number))
