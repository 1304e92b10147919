"""A member's own data (PIPL, NZ Privacy Act): download it all, delete the account."""

from flask import current_app
from flask.views import MethodView

from bff.accounts import auth
from bff.accounts.decorators import member_required
from bff.accounts.passwords import Passwords
from bff.common.arguments import Blueprint
from bff.common.limits import client_ip, limit
from bff.common.responses import document_errors
from bff.extensions import db
from bff.privacy import schemas, services
from bff.privacy.messages import text
from bff.shops.context import current_shop

blp = Blueprint("privacy", __name__, url_prefix="/api/account", description="The member's own data")

_DOWNLOAD_HEADERS = {
    "Content-Disposition": {"schema": {"type": "string"}},
    "Cache-Control": {"schema": {"type": "string"}},
}


@blp.route("/data")
class PersonalData(MethodView):
    @member_required
    @blp.response(200, schemas.PersonalDataSchema, headers=_DOWNLOAD_HEADERS)
    def get(self, shop, user):
        """Download everything the shop holds about the member, as a JSON file."""
        data = services.export_personal_data(db.session, shop, user)
        name = f"personal-data-{shop.code}-{data.exported_at:%Y%m%d}.json"
        return (
            data,
            200,
            {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
        )


def _member_key() -> str:
    user = auth.current_user()
    return f"user:{user.id}" if user is not None else f"ip:{client_ip()}"


def _too_many() -> str:
    return text(current_shop().language, "too_many_attempts")


# A stolen token must not become a way to guess the password: wrong ones are counted per member.
_failed_attempts = limit(
    "DELETE_ACCOUNT_FAILURE_LIMIT",
    scope="account-delete",
    key_func=_member_key,
    message=_too_many,
    deduct_when=lambda response: response.status_code == 422,
)


@blp.route("/delete")
class DeleteAccount(MethodView):
    decorators = [_failed_attempts]

    @member_required
    @blp.arguments(schemas.DeleteAccountArgs, location="json_or_form")
    @blp.response(200, schemas.DeleteAccountResponse)
    @document_errors(blp, 403, 409, 422, 429)
    def post(self, shop, user, args):
        """Delete the member's account (password to confirm; a member with none, who signed up with
        WeChat, confirms by a WeChat sign-in of the last 10 minutes, else 403
        `wechat_signin_required`); orders stay, anonymised; every session ends."""
        passwords = Passwords.from_config(current_app.config)
        services.delete_account(db.session, shop, user, passwords, args["password"], auth.current_session())
        auth.end_session()  # and the renewal cookie goes with it
        return {"message": text(shop.language, "account_deleted")}
