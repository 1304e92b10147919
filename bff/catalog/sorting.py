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


def _newest(created_at, product_id) -> list:
    return [created_at.desc(), product_id.desc()]


def shop_order(recommend_weight, created_at, product_id) -> list:
    """The shop's own order (its weights, then newest), of these columns: a product's, or the
    copies a search reads from its token index (bff/catalog/search.py, token_matches)."""
    return [recommend_weight.desc(), *_newest(created_at, product_id)]


def order_by(sort: Sort, shopper: Shopper | None = None) -> list:
    """The ORDER BY of `sort`; a price sort by what `shopper` pays (by default the current one)."""
    match Sort(sort):
        case Sort.RECOMMEND:
            return shop_order(Product.recommend_weight, Product.created_at, Product.id)
        case Sort.NEWEST:
            return _newest(Product.created_at, Product.id)
        case Sort.POPULAR:
            return [Product.sales_count.desc(), Product.id.desc()]
        case Sort.CHEAPEST:
            # By what this shopper pays: the guest price, or the member's on user-prefixed calls.
            return [price_sql(Product, shopper or current_shopper()).asc(), Product.id.asc()]
        case Sort.EXPENSIVE:
            return [price_sql(Product, shopper or current_shopper()).desc(), Product.id.desc()]
