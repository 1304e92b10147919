"""The console's people and their sign-in: staff and invitations (the owner's, `/api/admin/staff`),
the shop's two-factor rule (`/api/admin/security/two-factor`), each person's own two-factor
sign-in (`/api/admin/account/two-factor`), and the invitation page's calls
(`/api/staff/invitation`, before the person has an account). Who may call which is the table
of bff/accounts/roles.py."""

from flask import current_app
from flask.views import MethodView
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts import schemas, staff, two_factor
from bff.accounts.decorators import admin_required
from bff.accounts.limits import per_ip
from bff.accounts.messages import text
from bff.accounts.passwords import Passwords
from bff.accounts.roles import AREAS
from bff.accounts.routes import _invalid_body
from bff.common.arguments import Blueprint
from bff.common.responses import document_errors
from bff.extensions import db
from bff.shops.context import current_origin, current_shop

blp = Blueprint(
    "console_people",
    __name__,
    url_prefix="/api",
    description="Admin: staff, roles and two-factor sign-in",
)
blp.errorhandler(UnprocessableEntity)(_invalid_body)


def _passwords() -> Passwords:
    return Passwords.from_config(current_app.config)


def _staff_answer(shop):
    found = staff.list_staff(db.session, shop)
    roles = {area: sorted(r.value for r in allowed) for area, allowed in AREAS.items()}
    return {
        "data": {
            "staff": found.people,
            "invitations": found.invitations,
            "two_factor_required": bool(shop.two_factor_required),
            "roles": roles,
        }
    }


@blp.route("/admin/staff")
class Staff(MethodView):
    @admin_required
    @blp.response(200, schemas.StaffResponse)
    @document_errors(blp, 401, 403)
    def get(self, shop, _user):
        """The console's people, the open invitations, the two-factor rule and the roles' table."""
        return _staff_answer(shop)


@blp.route("/admin/staff/invitations")
class Invitations(MethodView):
    @admin_required
    @blp.arguments(schemas.InviteArgs, location="json_or_form")
    @blp.response(201, schemas.InvitationCreated)
    @document_errors(blp, 401, 403, 409, 422)
    def post(self, shop, user, args):
        """Invite a person by email with a role (manager, packer, support): a link good for 72 hours."""
        lifetime = current_app.config["STAFF_INVITATION_LIFETIME"]
        invitation, _token = staff.invite(
            db.session, shop, user, args["email"], args["role"], lifetime, current_origin()
        )
        return {"message": text(shop.language, "invitation_sent"), "invitation": invitation}


@blp.route("/admin/staff/invitations/<int(max=2147483647):invitation_id>")
class Invitation(MethodView):
    @admin_required
    @blp.response(204)
    @document_errors(blp, 401, 403, 404)
    def delete(self, shop, user, invitation_id):
        """Withdraw an invitation not yet accepted: its link opens nothing."""
        staff.revoke_invitation(db.session, shop, user, invitation_id)
        return "", 204


@blp.route("/admin/staff/<int(max=2147483647):user_id>")
class StaffPerson(MethodView):
    @admin_required
    @blp.arguments(schemas.RoleArgs, location="json_or_form")
    @blp.response(200, schemas.StaffPersonResponse)
    @document_errors(blp, 401, 403, 404, 409, 422)
    def patch(self, shop, user, args, user_id):
        """Give a person another role (never the owner's)."""
        return {"person": staff.change_role(db.session, shop, user, user_id, args["role"])}

    @admin_required
    @blp.response(204)
    @document_errors(blp, 401, 403, 404, 409)
    def delete(self, shop, user, user_id):
        """Remove a person from the console: the account is blocked and its sessions end at once."""
        staff.remove(db.session, shop, user, user_id)
        return "", 204


@blp.route("/admin/security/two-factor")
class TwoFactorRule(MethodView):
    @admin_required
    @blp.arguments(schemas.TwoFactorRuleArgs, location="json_or_form")
    @blp.response(200, schemas.StaffResponse)
    @document_errors(blp, 401, 403, 409, 422)
    def put(self, shop, user, args):
        """Require two-factor sign-in of owners and managers (the owner's own must be on first)."""
        staff.set_two_factor_rule(db.session, shop, user, args["required"])
        return _staff_answer(shop)


@blp.route("/admin/account/two-factor")
class OwnTwoFactor(MethodView):
    @admin_required
    @blp.response(200, schemas.TwoFactorStatus)
    @document_errors(blp, 401, 403)
    def get(self, shop, user):
        """Whether one's own two-factor sign-in is on, required, and how many recovery codes are left."""
        return {
            "enabled": two_factor.is_on(user),
            "required": two_factor.required_of(shop, user),
            "recovery_codes_left": two_factor.recovery_codes_left(db.session, user),
        }


@blp.route("/admin/account/two-factor/setup")
class OwnTwoFactorSetup(MethodView):
    @admin_required
    @blp.response(200, schemas.TwoFactorSetup)
    @document_errors(blp, 401, 403, 409)
    def post(self, shop, user):
        """A new secret for the authenticator app (a QR code and the text), pending until confirmed."""
        return two_factor.start_setup(db.session, shop, user)


@blp.route("/admin/account/two-factor/enable")
class OwnTwoFactorEnable(MethodView):
    decorators = [per_ip("LOGIN_LIMIT_PER_IP")]

    @admin_required
    @blp.arguments(schemas.TwoFactorCodeArgs, location="json_or_form")
    @blp.response(200, schemas.RecoveryCodesResponse)
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @document_errors(blp, 400, 401, 403, 409, 422)
    def post(self, shop, user, args):
        """Turn it on with the app's first code; answers the recovery codes, shown this once."""
        codes = two_factor.enable(db.session, shop, user, args["code"], current_app.config["SECRET_KEY"])
        return {"message": text(shop.language, "two_factor_enabled"), "recovery_codes": codes}


@blp.route("/admin/account/two-factor/disable")
class OwnTwoFactorDisable(MethodView):
    decorators = [per_ip("LOGIN_LIMIT_PER_IP")]

    @admin_required
    @blp.arguments(schemas.TwoFactorPasswordArgs, location="json_or_form")
    @blp.response(200, schemas.MessageResponse)
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @document_errors(blp, 401, 403, 409, 422)
    def post(self, shop, user, args):
        """Turn it off with one's password (not while the shop requires it of one's role)."""
        two_factor.disable(db.session, shop, user, _passwords(), args["password"])
        return {"message": text(shop.language, "two_factor_disabled")}


@blp.route("/staff/invitation")
class OpenInvitation(MethodView):
    decorators = [per_ip("RESET_LIMIT_PER_IP")]

    @blp.arguments(schemas.InvitationQuery, location="query")
    @blp.response(200, schemas.InvitationInfo)
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @document_errors(blp, 400)
    def get(self, args):
        """What an invitation link offers (its address and role), while it is open."""
        shop = current_shop()
        invitation = staff.invitation_of(db.session, shop, args["token"])
        return {"email": invitation.email, "role": invitation.role, "shop_name": shop.shop_name}


@blp.route("/staff/invitation/accept")
class AcceptInvitation(MethodView):
    decorators = [per_ip("RESET_LIMIT_PER_IP")]

    @blp.arguments(schemas.JoinArgs, location="json_or_form")
    @blp.response(200, schemas.MessageResponse)
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @document_errors(blp, 400, 422)
    def post(self, args):
        """Join the console: one's name and password; then sign in at /admin/login."""
        shop = current_shop()
        staff.accept(db.session, shop, _passwords(), args["token"], args["name"], args["password"])
        return {"message": text(shop.language, "invitation_accepted")}
