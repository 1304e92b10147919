"""The shop owner's settings calls (`/api/admin/settings`); every call needs the shop's admin.

The settings answer with `ETag: W/"<version>"`; PATCH needs `If-Match` with it (428 without,
412 when another save came first).
"""

from flask import request
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint, per_page
from bff.common.etags import ETAG_HEADER, IF_MATCH_PARAMETER, etag, if_match_versions
from bff.common.field_errors import field_error_handler
from bff.common.request_checks import max_body_size
from bff.common.responses import document_errors
from bff.common.schemas import PageArgs
from bff.extensions import db
from bff.media.images import MAX_BYTES
from bff.settings import admin_schemas as schemas
from bff.settings import admin_services as services
from bff.settings.error_codes import SettingsErrorCode
from bff.settings.messages import is_key, text
from bff.shops.context import current_shop
from bff.shops.models import SHOP_IMAGE_FIELDS

blp = Blueprint(
    "admin_settings",
    __name__,
    url_prefix="/api/admin/settings",
    description="Admin: the shop's settings, pictures and exchange-rate history (the shop's admin only)",
)
blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, SettingsErrorCode.VALIDATION, lambda: current_shop().language)
)

_IF_MATCH = IF_MATCH_PARAMETER
_ETAG_HEADER = ETAG_HEADER
_FIELD = {
    "in": "path",
    "name": "field",
    "required": True,
    "schema": {"type": "string", "enum": list(SHOP_IMAGE_FIELDS)},
    "description": "Which picture setting.",
}


def _if_match():
    return if_match_versions(request.headers.get("If-Match"))


def _answer(shop, status: int = 200):
    return {"settings": shop}, status, {"ETag": etag(shop.version)}


@blp.route("")
class Settings(MethodView):
    @admin_required
    @blp.response(200, schemas.SettingsResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403)
    def get(self, shop, _user):
        """Every setting of the shop, with its version (also the ETag)."""
        return _answer(shop)

    @admin_required
    @blp.arguments(schemas.SettingsInput(partial=True), location="json_or_form")
    @blp.response(200, schemas.SettingsResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 412, 422, 428)
    @blp.doc(parameters=[{**_IF_MATCH, "required": True}])
    def patch(self, shop, user, args):
        """Change the given settings (If-Match required). A new exchange rate is kept in the history
        and applies to the storefront's next page; at least one shipping method stays on."""
        host = request.headers.get("X-Site-Host") or request.host
        return _answer(services.update_settings(db.session, shop, user, args, _if_match(), host))


@blp.route("/images/<string:field>")
class SettingsImage(MethodView):
    @max_body_size(MAX_BYTES + 64 * 1024)
    @admin_required
    @blp.arguments(schemas.SettingsImageArgs, location="files")
    @blp.response(200, schemas.SettingsResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 413, 422, 428)
    @blp.doc(parameters=[_FIELD, {**_IF_MATCH, "required": True}])
    def put(self, shop, user, args, field):
        """Replace a picture setting (logo, icon, share image, QR codes, incentive pictures):
        checked by content, metadata stripped, like product pictures."""
        upload = args["image"]
        return _answer(
            services.set_image(
                db.session, shop, user, field, (upload.filename or field, upload.read()), _if_match()
            )
        )

    @admin_required
    @blp.response(200, schemas.SettingsResponse, headers=_ETAG_HEADER)
    @document_errors(blp, 401, 403, 404, 412, 428)
    @blp.doc(parameters=[_FIELD, {**_IF_MATCH, "required": True}])
    def delete(self, shop, user, field):
        """Clear a picture setting."""
        return _answer(services.set_image(db.session, shop, user, field, None, _if_match()))


@blp.route("/exchange-rates")
class ExchangeRates(MethodView):
    @admin_required
    @blp.arguments(PageArgs, location="query")
    @blp.response(200, schemas.ExchangeRateListResponse)
    @document_errors(blp, 401, 403, 422)
    def get(self, shop, _user, args):
        """The exchange rate's history, newest first, one page."""
        page = services.rate_history(db.session, shop, args["page"], per_page())
        return {"rates": page.as_paginator()}
