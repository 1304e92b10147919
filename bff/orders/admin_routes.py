"""The shop owner's order calls (`/api/admin/orders`, `/api/admin/dashboard`): find, read and
export orders, and the state transitions of bff/orders/transitions.py. Views parse, call
bff/orders/admin_services.py (whose steps queue the shopper's mail) and serialise;
every call needs the shop's admin (401/403). A refused transition is a 409 in the shop's language.
"""

from flask import Response, request, stream_with_context
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint, per_page
from bff.common.etags import ETAG_HEADER, IF_MATCH_PARAMETER, etag, if_match_versions
from bff.common.field_errors import field_error_handler
from bff.common.responses import document_errors
from bff.extensions import db
from bff.orders import admin_schemas as schemas
from bff.orders import admin_services as services
from bff.orders.error_codes import OrderErrorCode
from bff.orders.messages import is_key, text
from bff.shops.context import current_shop

blp = Blueprint(
    "admin_orders",
    __name__,
    url_prefix="/api/admin",
    description="Admin: orders, their payments, shipping and history, and the dashboard",
)

blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, OrderErrorCode.VALIDATION, lambda: current_shop().language)
)

_IF_MATCH_REQUIRED = blp.doc(parameters=[{**IF_MATCH_PARAMETER, "required": True}])


def if_match_required(blueprint):
    """The OpenAPI If-Match parameter (required) of an order step on `blueprint`."""
    return blueprint.doc(parameters=[{**IF_MATCH_PARAMETER, "required": True}])


def require_order_version(shop, order_number: str) -> None:
    """428/412 unless the request's If-Match names the order's version (the version rule)."""
    services.require_version(
        db.session, shop, order_number, if_match_versions(request.headers.get("If-Match"))
    )


def detail_answer(detail: services.OrderDetail):
    body = {
        "order": detail.order,
        "customer": detail.customer,
        "payments": detail.payments,
        "refunds": detail.refunds,
        "history": detail.history,
        "actions": detail.actions,
        "notes": detail.notes,
    }
    return body, 200, {"ETag": etag(detail.order.version)}


def _filters(args: dict) -> services.OrderFilters:
    return services.OrderFilters(
        q=args["q"],
        status=args["status"],
        date_from=args["date_from"],
        date_to=args["date_to"],
        payment_method=args["payment_method"],
        shipping_type=args["shipping_type"],
        claimed=args["claimed"],
        held=args["held"],
        refund_abnormal=args["refund_abnormal"],
        tag=args["tag"],
    )


@blp.route("/orders")
class Orders(MethodView):
    @admin_required
    @blp.arguments(schemas.OrderListArgs, location="query")
    @blp.response(200, schemas.AdminOrderListResponse)
    @document_errors(blp, 401, 403, 422)
    def get(self, shop, _user, args):
        """The shop's orders, newest first: search, filters, one page."""
        page = services.list_orders(db.session, shop, _filters(args), args["page"], per_page())
        return {"orders": page.as_paginator()}


@blp.route("/orders/export.csv")
class OrdersExport(MethodView):
    @admin_required
    @blp.arguments(schemas.OrderListArgs, location="query")
    @blp.doc(
        responses={
            200: {
                "description": "Every order the search and filters find, as CSV (UTF-8 with a BOM)",
                "content": {"text/csv": {"schema": {"type": "string"}}},
            }
        }
    )
    @document_errors(blp, 401, 403, 422)
    def get(self, shop, _user, args):
        """The orders the search and filters find (all pages), as a CSV file."""
        lines = services.orders_csv(db.session, shop, _filters(args))
        return Response(
            stream_with_context(lines),
            mimetype="text/csv",
            headers={
                "Content-Disposition": f'attachment; filename="orders-{shop.code}.csv"',
                "Cache-Control": "no-store",
            },
        )


@blp.route("/orders/<order_number:order_number>")
class OrderItem(MethodView):
    @admin_required
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404)
    def get(self, shop, _user, order_number):
        """One order: lines, amounts, addresses, payments, refunds, history and the actions allowed."""
        return detail_answer(services.get_order(db.session, shop, order_number))


@blp.route("/orders/<order_number:order_number>/mark-paid")
class OrderMarkPaid(MethodView):
    @admin_required
    @blp.arguments(schemas.MarkPaidArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 409, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def post(self, shop, user, args, order_number):
        """Record a payment taken by hand (amount = the order's total, and a reference): unpaid -> paid
        (If-Match: the order's ETag)."""
        require_order_version(shop, order_number)
        detail = services.mark_paid(
            db.session, shop, user, order_number, args["amount"], args["reference"], args["note"]
        )
        return detail_answer(detail)


@blp.route("/orders/<order_number:order_number>/ship")
class OrderShip(MethodView):
    @admin_required
    @blp.arguments(schemas.ShipArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 409, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def post(self, shop, user, args, order_number):
        """Ship a paid order with its courier and tracking number: paid -> completed (已发货)
        (If-Match: the order's ETag)."""
        require_order_version(shop, order_number)
        detail = services.ship(
            db.session,
            shop,
            user,
            order_number,
            args["shipping_company"],
            args["tracking_number"],
            args["note"],
        )
        return detail_answer(detail)


@blp.route("/orders/<order_number:order_number>/address")
class OrderAddress(MethodView):
    @admin_required
    @blp.arguments(schemas.AddressEditArgs, location="json_or_form")
    @blp.response(200, schemas.AdminOrderDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 409, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def put(self, shop, user, args, order_number):
        """Change the recipient of an order not yet shipped (If-Match: the order's ETag)."""
        if_match = if_match_versions(request.headers.get("If-Match"))
        return detail_answer(services.edit_address(db.session, shop, user, order_number, args, if_match))


@blp.route("/dashboard")
class Dashboard(MethodView):
    @admin_required
    @blp.response(200, schemas.DashboardResponse)
    @document_errors(blp, 401, 403)
    def get(self, shop, _user):
        """Sales and orders per day for 30 days, top products, low-stock variants, orders to ship."""
        return services.dashboard(db.session, shop)
