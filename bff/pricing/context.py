"""Whose prices a response shows: the shopper of the current request (a guest by default).

Kept on the request itself, so a member's prices can never leak into another request.
"""

from flask import has_request_context, request

from bff.pricing.rules import GUEST, Quote, Shopper, quote_for

_KEY = "bff.shopper"


def shopper_of(user) -> Shopper:
    level = user.member_level
    return Shopper(
        discount_percent=level.discount_percent if level is not None else None,
        is_special_member=bool(user.is_special_member),
    )


def use_prices_of(shopper: Shopper) -> None:
    request.environ[_KEY] = shopper


def current_shopper() -> Shopper:
    return request.environ.get(_KEY, GUEST) if has_request_context() else GUEST


def current_quote(item) -> Quote:
    """The quote of a product or variant for the current shopper."""
    return quote_for(item, current_shopper())
