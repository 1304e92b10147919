"""Order calls (SPEC section 7): create, list with the status filter, detail, cancel."""

from flask import request
from flask.views import MethodView

from bff.accounts.auth import login_required
from bff.common.arguments import Blueprint
from bff.common.models import ID
from bff.extensions import db
from bff.orders import schemas, services
from bff.orders.common import per_page, signed_in_member
from bff.orders.messages import text

blp = Blueprint("orders", __name__, url_prefix="/api", description="The member's orders")


@blp.route("/order/create")
class OrderCreate(MethodView):
    @login_required
    @blp.arguments(schemas.OrderCreateArgs, location="json_or_form")
    @blp.response(200, schemas.OrderCreatedResponse)
    def post(self, args):
        """Create an order from the checkout; amounts are recomputed and must match."""
        shop, user = signed_in_member()
        order, created = services.place_order(
            db.session, shop, user, args, request.headers.get("Idempotency-Key")
        )
        return {"order": order, "created": created}


@blp.route("/order/<string(maxlength=20):order_number>")
class OrderDetail(MethodView):
    @login_required
    @blp.response(200, schemas.OrderResponse)
    def get(self, order_number):
        """One of the member's orders, by its order number."""
        shop, user = signed_in_member()
        return {"order": services.get_order(db.session, shop, user, order_number)}


@blp.route("/orders")
class Orders(MethodView):
    @login_required
    @blp.arguments(schemas.OrderListArgs, location="query")
    @blp.response(200, schemas.OrderListResponse)
    def get(self, args):
        """The member's orders, newest first, filtered by status (unpaid includes payment_failed)."""
        shop, user = signed_in_member()
        page = services.list_orders(db.session, shop, user, args["status"], args["page"], per_page())
        return {"orders": page.as_paginator()}


@blp.route(f"/orders/delete/<{ID}:order_id>")
class OrderCancel(MethodView):
    @login_required
    @blp.response(200, schemas.CancelResponse)
    def post(self, order_id):
        """Cancel an unpaid order (by its id); its stock comes back."""
        shop, user = signed_in_member()
        order = services.cancel_order(db.session, shop, user, order_id)
        return {"order": order, "message": text(shop.language, "order_cancelled")}
