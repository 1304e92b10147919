"""Drafts and scheduled publishing (issue 25.4): a product appears on the storefront, in search,
the sitemap and the guests' cached answers at its start time and only then, with no write and
no restart in between; a draft (not active) never does."""

import time
from datetime import timedelta
from decimal import Decimal

from bff.common.models import utcnow
from bff.tests.helpers import SHOP_A

BASE = "/api/admin/products"


def _seen(client, product) -> dict:
    """Where a guest finds the product: the newest list, its page, search, the sitemap."""
    listed = client.get("/api/product/new/", headers=SHOP_A).get_json()["products"]["data"]
    found = client.post("/api/product/search/?searchTerm=Kumara", headers=SHOP_A).get_json()["products"][
        "data"
    ]
    sitemap = client.get("/api/sitemap", headers=SHOP_A).get_json()["products"]
    return {
        "list": any(p["id"] == product.id for p in listed),
        "page": client.get(f"/api/product/{product.id}", headers=SHOP_A).status_code == 200,
        "search": any(p["id"] == product.id for p in found),
        "sitemap": any(p["id"] == product.id for p in sitemap),
    }


def test_a_scheduled_product_appears_everywhere_at_its_start_and_not_before(client, store, make_product):
    make_product(store, "Kumara chips")  # on sale already: the lists are not empty
    start = utcnow() + timedelta(seconds=2)
    scheduled = make_product(store, "Kumara crisps", publish_at=start)
    draft = make_product(store, "Kumara draft", is_active=False)

    before = _seen(client, scheduled)
    assert before == {"list": False, "page": False, "search": False, "sitemap": False}
    # Asked twice: the guests' answers are cached now, under a key made before the start.
    assert _seen(client, scheduled) == before

    time.sleep(max(0.0, (start - utcnow()).total_seconds()) + 0.2)
    assert _seen(client, scheduled) == {"list": True, "page": True, "search": True, "sitemap": True}
    assert _seen(client, draft) == {"list": False, "page": False, "search": False, "sitemap": False}


def test_a_scheduled_product_cannot_be_bought_before_its_start(client, store, make_product, as_member, api):
    product = make_product(
        store, "Kumara later", publish_at=utcnow() + timedelta(days=1), price=Decimal("5.00")
    )
    assert api.add(as_member, product).status_code == 404


def test_the_owner_schedules_a_product_and_reads_its_start_back(client, as_admin, store):
    body = {"name": "Feijoa jam", "price": "9.50", "publish_at": "2026-12-24T09:00:00+13:00"}
    res = client.post(BASE, headers=as_admin, json=body)
    assert res.status_code == 201, res.get_json()
    assert res.get_json()["product"]["publish_at"] == "2026-12-23T20:00:00+00:00"
    bad = client.post(BASE, headers=as_admin, json=body | {"publish_at": "2026-12-24T09:00:00"})
    assert bad.status_code == 422 and "publish_at" in bad.get_json()["errors"]
