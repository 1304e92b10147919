"""The shop owner's customer calls (`/api/admin/customers`): list and search, detail with orders
and totals, membership, block and unblock. Every call needs the shop's admin (401/403)."""

from flask import request
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint, per_page
from bff.common.etags import ETAG_HEADER, IF_MATCH_PARAMETER, etag, if_match_versions
from bff.common.field_errors import field_error_handler
from bff.common.models import ID
from bff.common.responses import document_errors
from bff.customers import admin_schemas as schemas
from bff.customers import admin_services as services
from bff.customers.error_codes import CustomerErrorCode
from bff.customers.messages import is_key, text
from bff.extensions import db
from bff.shops.context import current_shop

blp = Blueprint(
    "admin_customers",
    __name__,
    url_prefix="/api/admin/customers",
    description="Admin: customers, their membership and blocking",
)

blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, CustomerErrorCode.VALIDATION, lambda: current_shop().language)
)


_IF_MATCH_REQUIRED = blp.doc(parameters=[{**IF_MATCH_PARAMETER, "required": True}])


def _if_match():
    return if_match_versions(request.headers.get("If-Match"))


def _answer(detail: services.CustomerDetail):
    body = {"customer": detail.customer, "orders": detail.orders, "member_levels": detail.levels}
    return body, 200, {"ETag": etag(detail.customer.version)}


@blp.route("")
class Customers(MethodView):
    @admin_required
    @blp.arguments(schemas.CustomerListArgs, location="query")
    @blp.response(200, schemas.CustomerListResponse)
    @document_errors(blp, 401, 403, 422)
    def get(self, shop, _user, args):
        """The shop's shoppers, newest first, with order counts and spend: search, one page."""
        page = services.list_customers(db.session, shop, args["q"], args["blocked"], args["page"], per_page())
        return {"customers": page.as_paginator()}


@blp.route(f"/<{ID}:user_id>")
class CustomerItem(MethodView):
    @admin_required
    @blp.response(200, schemas.CustomerDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404)
    def get(self, shop, _user, user_id):
        """One customer: account, membership, totals, recent orders, and the shop's member levels."""
        return _answer(services.get_customer(db.session, shop, user_id))

    @admin_required
    @blp.arguments(schemas.MembershipArgs(partial=True), location="json_or_form", required=False)
    @blp.response(200, schemas.CustomerDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def patch(self, shop, user, args, user_id):
        """Set the member level (null: none) and the special-member flag; prices follow on the next page."""
        return _answer(services.update_membership(db.session, shop, user, user_id, args, _if_match()))


@blp.route(f"/<{ID}:user_id>/block")
class CustomerBlock(MethodView):
    @admin_required
    @blp.arguments(schemas.BlockArgs, location="json_or_form")
    @blp.response(200, schemas.CustomerDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 422, 428)
    @_IF_MATCH_REQUIRED
    def post(self, shop, user, args, user_id):
        """Block an account: its sessions end at once and it cannot sign in."""
        blocked = services.set_blocked(db.session, shop, user, user_id, True, _if_match(), args["reason"])
        return _answer(blocked)


@blp.route(f"/<{ID}:user_id>/unblock")
class CustomerUnblock(MethodView):
    @admin_required
    @blp.response(200, schemas.CustomerDetailResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 428)
    @_IF_MATCH_REQUIRED
    def post(self, shop, user, user_id):
        """Unblock an account: it may sign in again."""
        return _answer(services.set_blocked(db.session, shop, user, user_id, False, _if_match()))
