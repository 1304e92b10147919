"""Manual QR payments (bff/orders/payment_claims.py): the shopper's 「我已付款」 with an optional
screenshot (`POST /api/order/<n>/paid`), and the screenshot read back by that shopper
(`GET /api/order/<n>/payment-proof`); the owner's side is in bff/orders/admin_claim_routes.py."""

from flask import Response
from flask.views import MethodView
from flask_smorest.fields import Upload
from marshmallow import Schema

from bff.accounts.decorators import member_required
from bff.common.arguments import Blueprint
from bff.common.request_checks import max_body_size
from bff.common.responses import document_errors
from bff.extensions import db
from bff.media.images import MAX_BYTES
from bff.orders import payment_claims, schemas

blp = Blueprint("order_claims", __name__, url_prefix="/api/order", description="The member's QR payments")


class ClaimArgs(Schema):
    screenshot = Upload(
        required=False,
        metadata={"description": "Optional: a picture of the payment (JPEG, PNG, WebP, GIF; 8 MB)."},
    )


def proof_response(proof) -> Response:
    # Private: never cached by a proxy, never guessed as something else by a browser.
    return Response(
        proof.data,
        mimetype=proof.content_type,
        headers={"Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"},
    )


@blp.route("/<order_number:order_number>/paid")
class OrderPaidClaim(MethodView):
    @max_body_size(MAX_BYTES + 64 * 1024)
    @member_required
    @blp.arguments(ClaimArgs, location="files")
    @blp.response(200, schemas.OrderResponse)
    @document_errors(blp, 401, 404, 409, 413, 422)
    def post(self, shop, user, args, order_number):
        """「我已付款」: the order waits for the shop to confirm the QR payment (the time-out leaves it)."""
        upload = args.get("screenshot")
        data = upload.read() if upload is not None else None
        return {"order": payment_claims.claim_payment(db.session, shop, user, order_number, data or None)}


@blp.route("/<order_number:order_number>/payment-proof")
class OrderPaymentProof(MethodView):
    @member_required
    @blp.doc(responses={200: {"content": {"image/webp": {"schema": {"type": "string", "format": "binary"}}}}})
    @document_errors(blp, 401, 404)
    def get(self, shop, user, order_number):
        """The screenshot the member attached to their own order's payment."""
        return proof_response(payment_claims.proof_of(db.session, shop, order_number, user))
