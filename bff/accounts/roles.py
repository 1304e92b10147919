"""Who of the console's people may do what: one table of console areas x roles, checked on the
server for every console call (issue 25, item 2).

Every `/api/admin/...` route (and every view marked `@admin_required` anywhere) passes
`authorize()` before its view runs (a `before_request` hook in bff/accounts/decorators.py, so
before its body is read):
- the route (its URL rule and method) is looked up in ROUTES, the first pattern that matches
  naming its console area; AREAS says which roles may use the area;
- a route in no row is the owner's alone (default deny), so a console call added later is closed
  to staff until a row here opens it;
- the public calls of PUBLIC (the sign-in) pass without a user; any other without one is 401;
- an owner or manager of a shop that requires two-factor sign-in and has not set it up gets
  only their own account's two-factor screen (403 `two_factor_setup_required` elsewhere).

Roles: the owner (everything), a manager (everything but the staff and the payment settings), a
packer (orders to ship: the order list and detail, shipping, packing slips and tracking files; ID
numbers only through the audited reveal, one order at a time) and support (orders and customers
read only, and the orders' notes).
"""

import enum
import re

from bff.accounts.error_codes import AccountErrorCode
from bff.accounts.messages import text
from bff.common.errors import DomainError


class Role(enum.StrEnum):
    OWNER = "owner"
    MANAGER = "manager"
    PACKER = "packer"
    SUPPORT = "support"


OWNER, MANAGER, PACKER, SUPPORT = Role.OWNER, Role.MANAGER, Role.PACKER, Role.SUPPORT
# Roles the owner may give by invitation (the shop has one owner).
STAFF_ROLES = (MANAGER, PACKER, SUPPORT)

# area -> the roles that may use it. The owner may use every area.
AREAS: dict[str, frozenset[Role]] = {
    "own_account": frozenset({OWNER, MANAGER, PACKER, SUPPORT}),  # one's own two-factor sign-in
    "dashboard": frozenset({OWNER, MANAGER}),
    "orders_read": frozenset({OWNER, MANAGER, PACKER, SUPPORT}),  # the list and one order
    "orders_ship": frozenset({OWNER, MANAGER, PACKER}),  # ship, bulk shipping, packing slips
    "orders_id_number": frozenset({OWNER, MANAGER, PACKER}),  # the audited reveal, one order
    "orders_notes": frozenset({OWNER, MANAGER, SUPPORT}),  # staff notes and tags
    "orders_payment_proof": frozenset({OWNER, MANAGER, SUPPORT}),
    "orders_money": frozenset({OWNER, MANAGER}),  # mark paid, cancel, refund, reject a payment
    "orders_edit": frozenset({OWNER, MANAGER}),  # the recipient's address
    "orders_export": frozenset({OWNER, MANAGER}),  # every order's personal data in one file
    "orders_customs": frozenset({OWNER, MANAGER}),  # ID numbers in bulk
    "customers_read": frozenset({OWNER, MANAGER, SUPPORT}),
    "customers_write": frozenset({OWNER, MANAGER}),
    "catalogue": frozenset({OWNER, MANAGER}),  # products, stock, pictures, import and export
    "content": frozenset({OWNER, MANAGER}),  # categories, brands, banners, articles
    "promotions": frozenset({OWNER, MANAGER}),
    "settings": frozenset({OWNER, MANAGER}),  # the shop's settings and exchange rates
    "audit": frozenset({OWNER, MANAGER}),
    "payments": frozenset({OWNER}),  # payment providers and their keys
    "wechat": frozenset({OWNER}),  # the official account's settings and secret
    "staff": frozenset({OWNER}),  # staff, invitations, the two-factor rule
}

_N = r"<[^>]+>"  # a path argument of a URL rule
_READ = "GET"

# (methods, URL rule pattern, area): the first row that matches a route names its area.
ROUTES: list[tuple[str, str, str]] = [
    ("*", r"/api/admin/account(/.*)?", "own_account"),
    ("*", r"/api/admin/dashboard(/.*)?", "dashboard"),
    (_READ, r"/api/admin/orders/export\.csv", "orders_export"),
    (_READ, r"/api/admin/orders/customs\.(csv|xlsx)", "orders_customs"),
    ("*", r"/api/admin/orders/(packing-slips|bulk-ship(/preview)?)", "orders_ship"),
    ("POST", rf"/api/admin/orders/{_N}/ship", "orders_ship"),
    (_READ, rf"/api/admin/orders/{_N}/id-number", "orders_id_number"),
    (_READ, rf"/api/admin/orders/{_N}/payment-proof", "orders_payment_proof"),
    ("*", rf"/api/admin/orders/{_N}/(notes?|tags?)(/.*)?", "orders_notes"),
    ("*", r"/api/admin/(order-)?tags(/.*)?", "orders_notes"),
    ("POST", rf"/api/admin/orders/{_N}/(mark-paid|cancel|refunds|reject-payment|revive)", "orders_money"),
    ("PUT", rf"/api/admin/orders/{_N}/address", "orders_edit"),
    (_READ, rf"/api/admin/orders(/{_N})?", "orders_read"),
    (_READ, rf"/api/admin/customers(/{_N})?", "customers_read"),
    ("*", rf"/api/admin/customers/{_N}(/.*)?", "customers_write"),
    ("*", r"/api/admin/products(/.*)?", "catalogue"),
    ("*", r"/api/admin/(categories|brands|banners|articles)(/.*)?", "content"),
    ("*", r"/api/admin/(discount-codes|spend-tiers|free-shipping)(/.*)?", "promotions"),
    ("*", r"/api/admin/settings(/.*)?", "settings"),
    ("*", r"/api/admin/audit(/.*)?", "audit"),
    ("*", r"/api/admin/payments(/.*)?", "payments"),
    ("*", r"/api/admin/wechat(/.*)?", "wechat"),
    ("*", r"/api/admin/(staff|security)(/.*)?", "staff"),
]
_COMPILED = [(methods, re.compile(pattern), area) for methods, pattern, area in ROUTES]

# Console calls made before anyone is signed in.
PUBLIC = {"/api/admin/login", "/api/admin/login/two-factor"}


def area_of(rule: str, method: str) -> str | None:
    """The console area of a route (its URL rule, as Flask writes it), or None (the owner's)."""
    for methods, pattern, area in _COMPILED:
        if (methods == "*" or method in methods.split(",")) and pattern.fullmatch(rule):
            return area
    return None


def role_of(user) -> Role | None:
    """A console user's role (an admin without one is the owner); None for a shopper."""
    if user is None or not user.is_admin:
        return None
    try:
        return Role(user.role or OWNER)
    except ValueError:
        return None  # a role this code does not know: nothing


def may(user, area: str | None) -> bool:
    role = role_of(user)
    if role is None:
        return False
    if role is OWNER:
        return True
    return area is not None and role in AREAS.get(area, frozenset())


def areas_of(user) -> list[str]:
    """The areas the user may use (the console shows only their screens)."""
    return [area for area in AREAS if may(user, area)]


def needs_two_factor_setup(shop, user) -> bool:
    """The shop requires a second factor of owners and managers, and this one has none yet."""
    return (
        bool(getattr(shop, "two_factor_required", False))
        and role_of(user) in (OWNER, MANAGER)
        and user.totp_enabled_at is None
    )


class RoleForbidden(DomainError):
    def __init__(self, language: str, key: str = "role_forbidden"):
        code = (
            AccountErrorCode.TWO_FACTOR_SETUP_REQUIRED
            if key == "two_factor_setup_required"
            else AccountErrorCode.ROLE_FORBIDDEN
        )
        super().__init__(code, text(language, key))


def authorize(shop, user, rule: str, method: str) -> None:
    """Raise 403 unless `user` (a console user of `shop`) may make this call."""
    area = area_of(rule, "GET" if method == "HEAD" else method)
    if needs_two_factor_setup(shop, user) and area != "own_account":
        raise RoleForbidden(shop.language, "two_factor_setup_required")
    if not may(user, area):
        raise RoleForbidden(shop.language)
