"""Output fields for what the current shopper pays (see bff/pricing/context.py)."""

from marshmallow import fields

from bff.pricing.context import current_quote, current_shopper
from bff.pricing.rules import price_range


class FinalPrice(fields.Decimal):
    """The unit price this shopper pays (SPEC section 9, bff/pricing/rules.py)."""

    def __init__(self, **kwargs):
        kwargs.setdefault(
            "metadata",
            {"description": "Unit price this shopper pays: what the card shows and the cart charges."},
        )
        super().__init__(places=2, as_string=False, dump_only=True, **kwargs)

    def get_value(self, obj, attr, accessor=None, default=None):
        return current_quote(obj).amount


class SpecialBadge(fields.Integer):
    """1 when the card shows the special-price badge (the discount is what is charged), else 0."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {"description": "1 when the special-price badge shows."})
        super().__init__(dump_only=True, **kwargs)

    def get_value(self, obj, attr, accessor=None, default=None):
        return int(current_quote(obj).badge)


class FromPrice(fields.Decimal):
    """The "from" price of a product with variants: the least this shopper pays for one of them
    (each variant by the same rule as `FinalPrice`); null for a product without variants."""

    def __init__(self, **kwargs):
        kwargs.setdefault(
            "metadata",
            {
                "description": "With variants: the lowest unit price this shopper pays among them "
                "(what a card shows after 'from'); null without variants."
            },
        )
        super().__init__(places=2, as_string=False, dump_only=True, allow_none=True, **kwargs)

    def get_value(self, obj, attr, accessor=None, default=None):
        found = price_range(getattr(obj, "variants", None) or [], current_shopper())
        return None if found is None else found[0]
