"""Small pieces every shopping domain (cart, wish list, addresses, orders, payment) shares."""

from flask import current_app

from bff.common.errors import DomainError
from bff.orders.messages import text
from bff.shops.models import Shop


def fail(shop: Shop, code, key: str, **values) -> DomainError:
    """A DomainError saying `key` in the shop's language; `raise fail(...)`."""
    return DomainError(code, text(shop.language, key, **values))


def signed_in_member():
    """(shop, user) of a signed-in request, with the member's prices switched on for the answer."""
    from bff.accounts.auth import current_user
    from bff.pricing.context import shopper_of, use_prices_of
    from bff.shops.context import current_shop

    user = current_user()
    use_prices_of(shopper_of(user))
    return current_shop(), user


def per_page() -> int:
    return current_app.config["PAGE_SIZE"]
