"""Address-book calls (SPEC section 7). Each change answers with the saved address and the list."""

from flask.views import MethodView

from bff.accounts.decorators import member_required
from bff.addresses import schemas, services
from bff.common.arguments import Blueprint
from bff.common.models import ID
from bff.extensions import db

blp = Blueprint(
    "addresses", __name__, url_prefix="/api/shipping-addresses", description="The member's address book"
)


def _answer(shop, user, address=None) -> dict:
    return {
        "shipping_address": address,
        "shipping_addresses": {"data": services.list_addresses(db.session, shop, user)},
    }


@blp.route("")
class Addresses(MethodView):
    @member_required
    @blp.response(200, schemas.AddressListResponse)
    def get(self, shop, user):
        """The member's addresses, the default first."""
        return {"shipping_addresses": {"data": services.list_addresses(db.session, shop, user)}}


@blp.route("/create")
class AddressCreate(MethodView):
    @member_required
    @blp.arguments(schemas.AddressArgs, location="json_or_form")
    @blp.alt_response(409, response="CONFLICT", description="address_book_full")
    @blp.response(200, schemas.AddressResponse)
    def post(self, shop, user, args):
        """Add an address; the first one becomes the default."""
        address = services.create_address(db.session, shop, user, args, args["is_default"])
        return _answer(shop, user, address)


@blp.route(f"/update/<{ID}:address_id>")
class AddressUpdate(MethodView):
    @member_required
    @blp.arguments(schemas.AddressArgs, location="json_or_form")
    @blp.response(200, schemas.AddressResponse)
    def post(self, shop, user, args, address_id):
        """Change an address (is_default=1 also makes it the default)."""
        address = services.update_address(db.session, shop, user, address_id, args, args["is_default"])
        return _answer(shop, user, address)


@blp.route(f"/delete/<{ID}:address_id>")
class AddressDelete(MethodView):
    @member_required
    @blp.response(200, schemas.AddressResponse)
    def post(self, shop, user, address_id):
        """Delete an address; deleting the default promotes another."""
        services.delete_address(db.session, shop, user, address_id)
        return _answer(shop, user)


@blp.route(f"/default/<{ID}:address_id>")
class AddressDefault(MethodView):
    @member_required
    @blp.response(200, schemas.AddressResponse)
    def post(self, shop, user, address_id):
        """Make an address the default."""
        return _answer(shop, user, services.set_default(db.session, shop, user, address_id))
