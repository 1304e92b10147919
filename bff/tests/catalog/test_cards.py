"""Listings write their cards, and the product page its product, with plain functions
(bff/catalog/cards.py) from plain rows (bff/catalog/services.py, CARD_COLUMNS), not with
ProductCardSchema or ProductSchema from ORM products: the answers must stay what the schemas made
of the products, byte for byte, for every demo product and for a guest, a member with a level and
a special member."""

from decimal import Decimal

import pytest
from flask import json
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from bff.catalog import services
from bff.catalog.cards import card, product_page
from bff.catalog.models import Product
from bff.catalog.schemas import ProductCardSchema, ProductSchema
from bff.common.errors import DomainError
from bff.demo.seed import seed
from bff.extensions import db
from bff.pricing.context import use_prices_of
from bff.pricing.rules import GUEST, Shopper
from bff.shops.models import Shop
from bff.tests.helpers import SHOP_A

SHOPPERS = {
    "guest": GUEST,
    "member with a level": Shopper(discount_percent=Decimal("85")),
    "special member": Shopper(is_special_member=True),
}


@pytest.fixture
def demo(app, uncached_catalogue):
    seed()
    return list(db.session.scalars(select(Shop).order_by(Shop.id)))


def _products(shop):
    return db.session.scalars(
        select(Product)
        .where(Product.shop_id == shop.id)
        .order_by(Product.id)
        .options(selectinload(Product.images), selectinload(Product.variants))
    ).all()


@pytest.mark.parametrize("who", SHOPPERS)
def test_a_card_and_a_product_page_are_what_the_schemas_dump_for_every_demo_product(app, demo, who):
    shopper = SHOPPERS[who]
    cards = pages = 0
    with app.test_request_context():
        use_prices_of(shopper)
        for shop in demo:
            for product in _products(shop):
                written, expected = card(product, shopper), ProductCardSchema().dump(product)
                assert written == expected, product.id
                # The same JSON text too (types and key order: 12.30 stays 12.30).
                assert json.dumps(written) == json.dumps(expected)
                cards += 1
                try:
                    rows = services.get_product(db.session, shop, product.id)
                except DomainError:  # a product page shows listed products only
                    assert not product.is_active or product.publish_at is not None, product.id
                    continue
                written, expected = product_page(rows, shopper), ProductSchema().dump(product)
                assert written == expected, product.id
                assert json.dumps(written) == json.dumps(expected)
                pages += 1
    assert cards > 20 and pages > 20


def test_a_product_without_category_brand_or_texts_is_what_the_schema_dumps(
    app, client, shop, make_product, uncached_catalogue
):
    """The page's outer joins find no category or brand; its texts are empty."""
    bare = make_product(shop, images=0, composition="", usage_instructions="", product_details="")
    answer = client.get(f"/api/product/{bare.id}", headers=SHOP_A)
    assert answer.status_code == 200, answer.get_json()
    with app.test_request_context():
        expected = ProductSchema().dump(db.session.get(Product, bare.id))
    assert expected["category"] is None and expected["brand"] is None and expected["images"] == []
    assert answer.get_json()["product"] == json.loads(json.dumps(expected))


def _answer_products(answer) -> list[dict]:
    products = answer["products"]
    return products if isinstance(products, list) else products["data"]


def test_listings_answer_the_schema_s_cards_of_their_products(app, client, demo):
    """Each listing, as answered, against ProductCardSchema's dump of the same products read
    whole by the ORM: the answer before cards were written by plain functions."""
    shop = next(s for s in demo if s.code == "nz-zh")
    headers = {"X-Site-Host": "localhost"}
    sitemap = client.get("/api/sitemap", headers=headers).get_json()
    calls = [("get", f"/api/product/new/?page={page}&sort={sort}") for page in (1, 2) for sort in SORTS]
    calls += [("get", "/api/product/best/?page=1")]
    calls += [("get", f"/api/category/{c['id']}?page=1") for c in sitemap["categories"][:3]]
    calls += [("get", f"/api/brand/{b['id']}?page=1") for b in sitemap["brands"][:3]]
    calls += [
        ("post", "/api/product/search/?searchTerm=蜂蜜"),
        ("post", "/api/product/search/?searchTerm=奶粉"),
    ]
    compared = 0
    for method, url in calls:
        response = getattr(client, method)(url, headers=headers)
        assert response.status_code == 200, (url, response.get_json())
        cards = _answer_products(response.get_json())
        ids = [c["id"] for c in cards]
        with app.test_request_context():
            by_id = {p.id: p for p in _products(shop)}
            expected = ProductCardSchema(many=True).dump([by_id[i] for i in ids])
        # Through the app's JSON both ways: the same text.
        assert json.loads(json.dumps(expected)) == cards, url
        compared += len(cards)
    assert compared > 40


SORTS = ["recommend", "newest", "popular", "cheapest", "expensive"]
