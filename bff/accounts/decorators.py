"""Who may call a view: `@member_required` for the member's own calls, `@admin_required` for
the shop owner's console. Both go outermost on a `MethodView` method, so 401 comes before
body validation, and both document `bearerAuth` in OpenAPI.

The view gets the shop and the user after `self`, before what flask-smorest adds:
`def post(self, shop, user, args, address_id)`.
"""

from functools import wraps

from flask import request

from bff.accounts.auth import current_user
from bff.accounts.error_codes import AccountErrorCode
from bff.accounts.models import User
from bff.accounts.roles import PUBLIC, authorize
from bff.common.errors import DomainError
from bff.pricing.context import shopper_of, use_prices_of
from bff.shops.context import current_shop
from bff.shops.models import Shop


class Unauthenticated(DomainError):
    def __init__(self):
        super().__init__(AccountErrorCode.UNAUTHENTICATED, "Unauthenticated.")


class Forbidden(DomainError):
    def __init__(self):
        super().__init__(AccountErrorCode.FORBIDDEN, "Forbidden.")


def signed_in() -> tuple[Shop, User]:
    """The shop of the request and its signed-in user; 401 when nobody of this shop is signed in
    (a token of another shop never names a user here, see bff/accounts/auth.py)."""
    user = current_user()
    shop = current_shop()
    if user is None or user.shop_id != shop.id:
        raise Unauthenticated()
    return shop, user


def member_required(view):
    """401 unless signed in; the answer then shows the member's prices."""

    @wraps(view)
    def wrapper(self, *args, **kwargs):
        shop, user = signed_in()
        use_prices_of(shopper_of(user))
        return view(self, shop, user, *args, **kwargs)

    return _document_security(wrapper)


def admin_required(view):
    """401 unless signed in, 403 unless the user is one of this shop's console people (an admin
    belongs to one shop: another shop's admin is not signed in here at all) and their role may
    use the call's console area (bff/accounts/roles.py: checked for every /api/admin route before
    its view, and here again for a console call outside that path)."""

    @wraps(view)
    def wrapper(self, *args, **kwargs):
        shop, user = signed_in()
        if not user.is_admin:
            raise Forbidden()
        rule = request.url_rule
        if rule is not None:
            authorize(shop, user, rule.rule, request.method)
        return view(self, shop, user, *args, **kwargs)

    return _document_security(wrapper)


def _document_security(wrapper):
    apidoc = dict(getattr(wrapper, "_apidoc", {}))
    manual = dict(apidoc.get("manual_doc", {}))
    manual["security"] = [{"bearerAuth": []}]
    manual.setdefault("responses", {})[401] = "UNAUTHORIZED"
    apidoc["manual_doc"] = manual
    wrapper._apidoc = apidoc
    return wrapper


def init_console_roles(app) -> None:
    """Every /api/admin call checks the caller's role first (bff/accounts/roles.py's table), so a
    route added without its row stays the owner's alone; @admin_required checks again."""

    @app.before_request
    def _console_roles():
        rule = request.url_rule
        if rule is None or not rule.rule.startswith("/api/admin") or request.method == "OPTIONS":
            return None
        if rule.rule in PUBLIC:
            return None
        shop, user = signed_in()  # 401 for nobody of this shop
        if not user.is_admin:
            raise Forbidden()
        authorize(shop, user, rule.rule, request.method)
        return None
