"""Payment calls: a payment page for an order, provider notifications, and the sandbox's page."""

from flask import Response, abort, redirect, request
from flask.views import MethodView
from markupsafe import escape

from bff.accounts.decorators import member_required
from bff.common.arguments import Blueprint
from bff.extensions import db
from bff.payments import schemas, services
from bff.payments.providers import get_provider
from bff.shops.context import current_shop
from bff.shops.models import Shop

blp = Blueprint(
    "payments", __name__, url_prefix="/api/payment", description="Payment pages and notifications"
)


@blp.route("/create-payment")
class CreatePayment(MethodView):
    @member_required
    @blp.arguments(schemas.CreatePaymentArgs, location="json_or_form")
    @blp.response(200, schemas.CreatePaymentResponse)
    def post(self, shop, user, args):
        """The payment page URL of an unpaid order of the member; the amount must be the order's."""
        url = services.create_payment(
            db.session, shop, user, get_provider(), args["order_number"], args["total_price"]
        )
        return {"paymentPageUrl": url}


@blp.route("/notify/<string(maxlength=32):provider_name>")
class Notify(MethodView):
    @blp.response(200, schemas.NotificationResponse)
    def post(self, provider_name):
        """A provider's signed server-to-server notification (raw body, verified)."""
        provider = get_provider(provider_name)
        if provider is None:
            abort(404)
        applied, result = services.receive_notification(
            db.session, current_shop(), provider, request.get_data(cache=True), request.headers
        )
        return {"received": True, "applied": applied, "result": result}


_PAGE = """<!doctype html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>Sandbox payment</title>
<style>body{{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}}
button{{font-size:1.1rem;padding:.6rem 1.4rem;margin-right:1rem}}</style></head>
<body><h1>Sandbox payment</h1><p>{shop}</p>
<p>Order <strong id="order-number">{order}</strong></p>
<p>Amount <strong id="amount">NZ$ {amount}</strong></p>
<form method="post"><button name="outcome" value="paid" id="pay">Pay</button>
<button name="outcome" value="failed" id="fail">Fail</button></form>
<p><small>Test page of the built-in sandbox provider: no money moves.</small></p></body></html>"""


def _page_context(token: str):
    provider = get_provider("sandbox")
    data = provider.read_page_token(token)
    shop = db.session.get(Shop, data["s"]) if data else None
    if shop is None:
        abort(404)
    return provider, data, shop


@blp.route("/sandbox/<string(maxlength=400):token>")
class SandboxPage(MethodView):
    @blp.doc(responses={200: {"description": "HTML payment page"}})
    def get(self, token):
        """The sandbox provider's payment page (HTML) with Pay and Fail buttons."""
        _, data, shop = _page_context(token)
        html = _PAGE.format(shop=escape(shop.shop_name), order=escape(data["o"]), amount=escape(data["a"]))
        return Response(html, mimetype="text/html", headers={"Cache-Control": "no-store"})

    @blp.arguments(schemas.SandboxArgs, location="form")
    @blp.doc(responses={303: {"description": "Back to the order summary"}})
    def post(self, args, token):
        """Pay or fail: sends the signed notification through the verifier, then back to the shop."""
        provider, data, shop = _page_context(token)
        body, headers = provider.build_notification(data["o"], data["a"], args["outcome"])
        services.receive_notification(db.session, shop, provider, body, headers)
        return redirect(f"{shop.site_url.rstrip('/')}/order-summary/{data['o']}", 303)
