"""The user-prefixed catalogue calls (SPEC section 7): the same answers as the public calls in
bff/catalog/routes.py, for a signed-in shopper, with that member's prices in `final_price`.

Each view subclasses its public twin and wraps its methods in `@member_required`: sign-in is
checked first (401 otherwise), then the request's prices are switched to the member's.
"""

from functools import wraps

from flask.views import MethodView

from bff.accounts.decorators import member_required
from bff.catalog import routes
from bff.common.arguments import Blueprint

blp = Blueprint(
    "member_catalog",
    __name__,
    url_prefix="/api/user",
    description="The catalogue with the signed-in member's prices (sign-in required)",
)


def _with_member_prices(method):
    @member_required
    @wraps(method)
    def wrapper(self, _shop, _user, *args, **kwargs):
        return method(self, *args, **kwargs)

    return wrapper


def _member_view(public: type[MethodView]) -> type[MethodView]:
    methods = {
        name: _with_member_prices(getattr(public, name)) for name in ("get", "post") if hasattr(public, name)
    }
    return type(f"User{public.__name__}", (public,), {**methods, "__doc__": public.__doc__})


for rule, public_view in routes.PRICED_ROUTES:
    blp.route(rule)(_member_view(public_view))
