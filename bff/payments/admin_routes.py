"""The shop owner's payment provider settings (`/api/admin/payments/providers`): the shop's own
WeChat Pay and Alipay merchant accounts. Secrets are write-only; each provider answers with
`ETag: W/"<version>"`, and a PUT on an existing one needs it in If-Match (428, 412)."""

from flask import current_app, request
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint
from bff.common.etags import ETAG_HEADER, IF_MATCH_PARAMETER, etag, if_match_versions
from bff.common.field_errors import field_error_handler
from bff.common.responses import document_errors
from bff.extensions import db
from bff.payments import admin_schemas as schemas
from bff.payments import go_live
from bff.payments import provider_configs as services
from bff.payments.error_codes import ProviderConfigErrorCode
from bff.payments.messages import is_key, text
from bff.payments.providers import check_keys
from bff.shops.context import current_shop

blp = Blueprint(
    "admin_payments",
    __name__,
    url_prefix="/api/admin/payments/providers",
    description="Admin: the shop's payment providers (merchant ids and keys; secrets write-only)",
)
blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, ProviderConfigErrorCode.VALIDATION, lambda: current_shop().language)
)

_KIND = {
    "in": "path",
    "name": "kind",
    "required": True,
    "schema": {"type": "string", "enum": list(services.KINDS)},
    "description": "Which provider.",
}


def _keys() -> str:
    return current_app.config["PAYMENT_SECRETS_KEY"]


def _answer(shop, kind: str):
    config = services.get_config(db.session, shop, kind)
    provider = services.view(kind, config, _keys())
    return {"provider": provider}, 200, {"ETag": etag(provider["version"])}


@blp.route("")
class Providers(MethodView):
    @admin_required
    @blp.response(200, schemas.ProviderListResponse)
    @document_errors(blp, 401, 403)
    def get(self, shop, _user):
        """Every provider of the shop: public fields, and which secrets are set (never their values)."""
        return {"providers": services.list_views(db.session, shop, _keys())}


@blp.route("/<string:kind>")
class Provider(MethodView):
    @admin_required
    @blp.response(200, schemas.ProviderResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404)
    @blp.doc(parameters=[_KIND])
    def get(self, shop, _user, kind):
        """One provider, with its version (also the ETag)."""
        return _answer(shop, kind)

    @admin_required
    @blp.arguments(schemas.ProviderInput, location="json_or_form")
    @blp.response(200, schemas.ProviderResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 422, 428)
    @blp.doc(parameters=[_KIND, {**IF_MATCH_PARAMETER, "required": False}])
    def put(self, shop, user, args, kind):
        """Set the given fields (empty clears one) and switch the provider on or off; keys are
        checked before it goes on. If-Match is required once the provider exists."""
        if_match = if_match_versions(request.headers.get("If-Match"))
        services.configure(db.session, shop, user, kind, args, if_match, _keys(), check_keys(shop))
        return _answer(shop, kind)


@blp.route("/<string:kind>/guide")
class ProviderGuide(MethodView):
    @admin_required
    @blp.response(200, schemas.GuideResponse)
    @document_errors(blp, 401, 403, 404)
    @blp.doc(parameters=[_KIND])
    def get(self, shop, _user, kind):
        """Going live: each field in the owner's words with the account kinds that need it, and
        the notify URLs and domains to register at the provider, for this shop's own host."""
        return go_live.guide(db.session, shop, kind)


@blp.route("/<string:kind>/test")
class ProviderTest(MethodView):
    @admin_required
    @blp.response(200, schemas.ConnectionResponse)
    @document_errors(blp, 401, 403, 404)
    @blp.doc(parameters=[_KIND])
    def post(self, shop, _user, kind):
        """Test the saved account with one authenticated read-only call (WeChat Pay: download the
        platform certificates, which are then held; Alipay: query a made-up order) and say in
        plain words what failed."""
        return go_live.try_connection(db.session, shop, kind)
