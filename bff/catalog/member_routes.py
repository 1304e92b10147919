"""The user-prefixed catalogue calls (SPEC section 7): the same answers as the public calls in
bff/catalog/routes.py, for a signed-in shopper, with that member's prices in `final_price`.

Each view subclasses its public twin and wraps its methods: sign-in is checked first (401
otherwise), then the request's prices are switched to the member's (bff/pricing/context.py).
"""

from functools import wraps

from flask.views import MethodView
from flask_smorest import Blueprint

from bff.accounts.auth import current_user, login_required
from bff.catalog import routes
from bff.pricing.context import shopper_of, use_prices_of

blp = Blueprint(
    "member_catalog",
    __name__,
    url_prefix="/api/user",
    description="The catalogue with the signed-in member's prices (sign-in required)",
)


def _with_member_prices(method):
    @wraps(method)
    def wrapper(*args, **kwargs):
        use_prices_of(shopper_of(current_user()))
        return method(*args, **kwargs)

    return login_required(wrapper)


def _member_view(public: type[MethodView]) -> type[MethodView]:
    methods = {
        name: _with_member_prices(getattr(public, name)) for name in ("get", "post") if hasattr(public, name)
    }
    return type(f"User{public.__name__}", (public,), {**methods, "__doc__": public.__doc__})


for rule, public_view in routes.PRICED_ROUTES:
    blp.route(rule)(_member_view(public_view))
