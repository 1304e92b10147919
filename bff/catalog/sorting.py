"""The sort bar's orders. Every order ends on the id so pages never repeat or skip."""

import enum

from bff.catalog.models import Product
from bff.pricing.context import current_shopper
from bff.pricing.rules import Shopper
from bff.pricing.sql import price_sql


class Sort(enum.StrEnum):
    RECOMMEND = "recommend"
    NEWEST = "newest"
    POPULAR = "popular"
    CHEAPEST = "cheapest"
    EXPENSIVE = "expensive"


SORTS = [s.value for s in Sort]
DEFAULT_SORT = Sort.RECOMMEND


def order_by(sort: Sort, shopper: Shopper | None = None) -> list:
    """The ORDER BY of `sort`; a price sort by what `shopper` pays (by default the current one)."""
    newest = [Product.created_at.desc(), Product.id.desc()]
    match Sort(sort):
        case Sort.RECOMMEND:  # the shop's own order, then newest
            return [Product.recommend_weight.desc(), *newest]
        case Sort.NEWEST:
            return newest
        case Sort.POPULAR:
            return [Product.sales_count.desc(), Product.id.desc()]
        case Sort.CHEAPEST:
            # By what this shopper pays: the guest price, or the member's on user-prefixed calls.
            return [price_sql(Product, shopper or current_shopper()).asc(), Product.id.asc()]
        case Sort.EXPENSIVE:
            return [price_sql(Product, shopper or current_shopper()).desc(), Product.id.desc()]
