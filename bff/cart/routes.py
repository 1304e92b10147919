"""Cart calls (SPEC section 7). Bodies are JSON or form-encoded; sign-in is required."""

from flask.views import MethodView

from bff.accounts.decorators import member_required
from bff.cart import schemas, services
from bff.common.arguments import Blueprint
from bff.common.models import ID
from bff.extensions import db

blp = Blueprint("cart", __name__, url_prefix="/api/cart", description="The member's cart")


@blp.route("")
class Cart(MethodView):
    @member_required
    @blp.response(200, schemas.CartResponse)
    def get(self, shop, user):
        """The member's cart lines with this member's prices."""
        return {"data": {"carts": services.list_cart(db.session, shop, user)}}


@blp.route("/add")
class CartAdd(MethodView):
    @member_required
    @blp.arguments(schemas.CartAddArgs, location="json_or_form")
    @blp.alt_response(409, response="CONFLICT", description="sold_out, exceeds_stock, cart_full")
    @blp.response(200, schemas.CartsResponse)
    def post(self, shop, user, args):
        """Change a line by `quantity` (or set it with set=1); stock is checked."""
        carts = services.add_to_cart(
            db.session,
            shop,
            user,
            args["product_id"],
            args["quantity"],
            args["variant_id"],
            set_quantity=args["set"],
        )
        return {"carts": carts}


@blp.route(f"/delete/<{ID}:line_id>")
class CartDelete(MethodView):
    @member_required
    @blp.response(200, schemas.CartsResponse)
    def post(self, shop, user, line_id):
        """Remove one line by its id."""
        return {"carts": services.delete_line(db.session, shop, user, line_id)}


@blp.route("/clear")
class CartClear(MethodView):
    @member_required
    @blp.response(200, schemas.CartsResponse)
    def post(self, shop, user):
        """Empty the member's cart."""
        return {"carts": services.clear_cart(db.session, shop, user)}
