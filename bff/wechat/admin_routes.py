"""The shop owner's WeChat settings (`/api/admin/wechat/settings`): the official account's and
the website application's AppIDs and AppSecrets (write-only) and the template message ids.
Answers carry `ETag: W/"<version>"`; a PUT on existing settings needs it in If-Match."""

from flask import current_app, request
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.common.arguments import Blueprint
from bff.common.etags import ETAG_HEADER, IF_MATCH_PARAMETER, etag, if_match_versions
from bff.common.field_errors import field_error_handler
from bff.common.responses import document_errors
from bff.extensions import db
from bff.shops.context import current_shop
from bff.wechat import schemas
from bff.wechat import settings as services
from bff.wechat.error_codes import WechatErrorCode
from bff.wechat.messages import is_key, text

blp = Blueprint(
    "admin_wechat",
    __name__,
    url_prefix="/api/admin/wechat",
    description="Admin: the shop's WeChat apps (AppIDs; AppSecrets write-only) and template ids",
)
blp.errorhandler(UnprocessableEntity)(
    field_error_handler(text, is_key, WechatErrorCode.VALIDATION, lambda: current_shop().language)
)


def _answer(shop):
    settings = services.view(
        services.get_settings(db.session, shop), current_app.config["PAYMENT_SECRETS_KEY"]
    )
    return {"settings": settings}, 200, {"ETag": etag(settings["version"])}


@blp.route("/settings")
class Settings(MethodView):
    @admin_required
    @blp.response(200, schemas.WechatSettingsResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403)
    def get(self, shop, _user):
        """The shop's WeChat settings, with its version (also the ETag); secrets only as set or not."""
        return _answer(shop)

    @admin_required
    @blp.arguments(schemas.WechatSettingsInput, location="json_or_form")
    @blp.response(200, schemas.WechatSettingsResponse, headers=ETAG_HEADER)
    @document_errors(blp, 401, 403, 412, 422, 428)
    @blp.doc(parameters=[{**IF_MATCH_PARAMETER, "required": False}])
    def put(self, shop, user, args):
        """Set the given fields (empty clears one). If-Match is required once the settings exist."""
        if_match = if_match_versions(request.headers.get("If-Match"))
        services.configure(db.session, shop, user, args, if_match, current_app.config["PAYMENT_SECRETS_KEY"])
        return _answer(shop)
