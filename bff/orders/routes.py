"""Order calls (SPEC section 7): create, list with the status filter, detail, cancel."""

from flask import current_app, request
from flask.views import MethodView

from bff.accounts.decorators import member_required
from bff.common.arguments import Blueprint, per_page
from bff.common.models import ID
from bff.extensions import db
from bff.orders import schemas, services
from bff.orders.messages import text

blp = Blueprint("orders", __name__, url_prefix="/api", description="The member's orders")


@blp.route("/order/create")
class OrderCreate(MethodView):
    @member_required
    @blp.arguments(schemas.OrderCreateArgs, location="json_or_form")
    @blp.alt_response(409, response="CONFLICT", description="prices_changed, out_of_stock")
    @blp.response(200, schemas.OrderCreatedResponse)
    def post(self, shop, user, args):
        """Create an order from the checkout; amounts are recomputed and must match."""
        order, created = services.place_order(
            db.session, shop, user, args, request.headers.get("Idempotency-Key")
        )
        return {"order": order, "created": created}


@blp.route("/checkout/promotions")
class PromotionPreview(MethodView):
    @member_required
    @blp.arguments(schemas.PromotionPreviewArgs, location="json_or_form")
    @blp.response(200, schemas.PromotionPreviewResponse)
    def post(self, shop, user, args):
        """What the shop's promotions take off this cart (满减, the code, free shipping)."""
        return services.preview_promotions(db.session, shop, user, args)


@blp.route("/order/<order_number:order_number>")
class OrderDetail(MethodView):
    @member_required
    @blp.response(200, schemas.OrderResponse)
    def get(self, shop, user, order_number):
        """One of the member's orders, by its order number."""
        return {"order": services.get_order(db.session, shop, user, order_number)}


@blp.route("/orders")
class Orders(MethodView):
    @member_required
    @blp.arguments(schemas.OrderListArgs, location="query")
    @blp.response(200, schemas.OrderListResponse)
    def get(self, shop, user, args):
        """The member's orders, newest first, filtered by status (unpaid includes payment_failed)."""
        page = services.list_orders(db.session, shop, user, args["status"], args["page"], per_page())
        return {"orders": page.as_paginator()}


@blp.route(f"/orders/delete/<{ID}:order_id>")
class OrderCancel(MethodView):
    @member_required
    @blp.alt_response(409, response="CONFLICT", description="order_not_cancellable")
    @blp.response(200, schemas.CancelResponse)
    def post(self, shop, user, order_id):
        """Cancel an unpaid order (by its id); its stock comes back."""
        for hook in current_app.extensions.get("before_cancel", ()):  # payments: its trades closed
            hook(db.session, shop, user, order_id)
        order = services.cancel_order(db.session, shop, user, order_id)
        return {"order": order, "message": text(shop.language, "order_cancelled")}
