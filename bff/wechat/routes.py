"""The shopper's WeChat calls: the JS-SDK configuration of a page (its share card)."""

from flask import abort, current_app
from flask.views import MethodView

from bff.common.arguments import Blueprint
from bff.common.responses import document_errors
from bff.extensions import db
from bff.shops.context import current_shop
from bff.wechat import schemas, services
from bff.wechat.settings import verify_file
from bff.wechat.tokens import credential_cache

blp = Blueprint("wechat", __name__, url_prefix="/api/wechat", description="WeChat: share cards")


@blp.route("/js-config")
class JsConfig(MethodView):
    @blp.arguments(schemas.WechatJsConfigArgs, location="query")
    @blp.response(200, schemas.WechatJsConfigResponse)
    @document_errors(blp, 422, 503)
    def get(self, args):
        """What wx.config takes for a page of this shop, signed with the official account's ticket
        (`config` null: the shop has no official account)."""
        config = current_app.config
        signed = services.js_config(
            db.session,
            current_shop(),
            args["url"],
            config["PAYMENT_SECRETS_KEY"],
            config["WECHAT_API_URL"],
            credential_cache(),
        )
        return {"config": signed}


@blp.route("/verify-file/<string:name>")
class VerifyFile(MethodView):
    @document_errors(blp, 404)
    @blp.doc(responses={200: {"description": "The file's text.", "content": {"text/plain": {}}}})
    def get(self, name):
        """The shop's WeChat domain check file (MP_verify_<code>.txt), which the SSR serves at the
        site's root for WeChat to fetch when the owner registers the domain."""
        text = verify_file(db.session, current_shop(), name)
        if text is None:
            abort(404)
        return current_app.response_class(text, mimetype="text/plain")
