"""The shop owner's choice of provider per payment method (`/api/admin/payments/methods`,
bff/payments/methods.py): which switched-on provider serves WeChat Pay, Alipay and cards. Answers
with `ETag: W/"<version>"`; a PUT once choices exist needs it in If-Match (428, 412)."""

from flask import request
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint
from bff.common.etags import ETAG_HEADER, IF_MATCH_PARAMETER, etag, if_match_versions
from bff.common.field_errors import field_error_handler
from bff.common.responses import document_errors
from bff.extensions import db
from bff.payments import admin_schemas as schemas
from bff.payments import methods
from bff.payments.error_codes import ProviderConfigErrorCode
from bff.payments.messages import is_key, text
from bff.payments.provider_configs import enabled_configs
from bff.shops.context import current_shop

blp = Blueprint(
    "admin_payment_methods",
    __name__,
    url_prefix="/api/admin/payments/methods",
    description="Admin: which of the shop's providers serves each payment method",
)
blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, ProviderConfigErrorCode.VALIDATION, lambda: current_shop().language)
)


def _answer(shop):
    enabled = [config.kind for config in enabled_configs(db.session, shop)]
    view = methods.view(db.session, shop, enabled)
    return view, 200, {"ETag": etag(view["version"])}


@blp.route("")
class PaymentMethods(MethodView):
    @admin_required
    @blp.response(200, schemas.MethodChoicesResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403)
    def get(self, shop, _user):
        """Each payment method: the provider chosen for it (none: the default), the provider
        serving it now among the switched-on ones, and the kinds that can serve it."""
        return _answer(shop)

    @admin_required
    @blp.arguments(schemas.MethodChoicesInput, location="json")
    @blp.response(200, schemas.MethodChoicesResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 412, 422, 428)
    @blp.doc(parameters=[{**IF_MATCH_PARAMETER, "required": False}])
    def put(self, shop, user, args):
        """Choose the provider of the given methods (empty: the default serves it); methods left
        out keep their choice. If-Match is required once choices were saved."""
        if_match = if_match_versions(request.headers.get("If-Match"))
        methods.save(db.session, shop, user, args["choices"], if_match)
        return _answer(shop)
