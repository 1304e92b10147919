"""Payment calls: a payment page for an order, provider notifications, and the sandbox's page."""

from flask import Response, abort, redirect, request
from flask.views import MethodView
from sqlalchemy import select

from bff.accounts.decorators import member_required
from bff.common.arguments import Blueprint
from bff.extensions import db
from bff.orders.mails import OrderMail, mail_shopper
from bff.orders.models import Order
from bff.payments import schemas, services
from bff.payments.providers import get_provider
from bff.shops.context import current_origin, current_shop


def _mail_when_paid(order_number: str, outcome: str) -> None:
    if outcome == "paid":
        order_id = db.session.scalar(select(Order.id).where(Order.order_number == order_number))
        if order_id is not None:
            mail_shopper(order_id, OrderMail.PAID)


blp = Blueprint(
    "payments", __name__, url_prefix="/api/payment", description="Payment pages and notifications"
)


@blp.route("/create-payment")
class CreatePayment(MethodView):
    @member_required
    @blp.arguments(schemas.CreatePaymentArgs, location="json_or_form")
    @blp.alt_response(409, response="CONFLICT", description="order_not_payable, amount_mismatch, ...")
    @blp.response(200, schemas.CreatePaymentResponse)
    def post(self, shop, user, args):
        """The payment page URL of an unpaid order of the member; the amount must be the order's."""
        url = services.create_payment(
            db.session,
            shop,
            user,
            get_provider(),
            args["order_number"],
            args["total_price"],
            current_origin(),
        )
        return {"paymentPageUrl": url}


@blp.route("/notify/<string(maxlength=32):provider_name>")
class Notify(MethodView):
    @blp.alt_response(400, response="BAD_REQUEST", description="bad_signature, invalid_amount, ...")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.response(200, schemas.NotificationResponse)
    def post(self, provider_name):
        """A provider's signed server-to-server notification (raw body, verified)."""
        provider = get_provider(provider_name)
        if provider is None:
            abort(404)
        applied, result = services.receive_notification(
            db.session,
            current_shop(),
            provider,
            request.get_data(cache=True),
            request.headers,
            _mail_when_paid,
        )
        return {"received": True, "applied": applied, "result": result}


@blp.route("/sandbox/<string(maxlength=400):token>")
class SandboxPage(MethodView):
    @blp.doc(responses={200: {"description": "HTML payment page"}})
    def get(self, token):
        """The sandbox provider's payment page (HTML) with Pay and Fail buttons."""
        html = services.sandbox_page(db.session, get_provider("sandbox"), token)
        return Response(html, mimetype="text/html", headers={"Cache-Control": "no-store"})

    @blp.arguments(schemas.SandboxArgs, location="form")
    @blp.doc(responses={303: {"description": "Back to the order summary"}})
    @blp.alt_response(400, response="BAD_REQUEST", description="the notification was refused")
    def post(self, args, token):
        """Pay or fail: sends the signed notification through the verifier, then back to the shop."""
        back = services.pay_on_sandbox(
            db.session, get_provider("sandbox"), token, args["outcome"], _mail_when_paid
        )
        return redirect(back, 303)
