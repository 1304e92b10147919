"""Small pieces the member's route modules (cart, wish list, addresses, orders, payment) share."""

from flask import current_app


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
