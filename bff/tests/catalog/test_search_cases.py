"""rules/search_cases.json against the seeded demo shops: every case finds its products.

Prints recall (listed products found / listed) and the first-result hit rate (cases whose
first result is one of the listed products); recall must be 100 %."""

import json
from pathlib import Path

from sqlalchemy import select

from bff.catalog.services import search_products
from bff.catalog.sorting import Sort
from bff.config import ROOT
from bff.demo.seed import seed
from bff.extensions import db
from bff.shops.models import Shop

CASES = json.loads((ROOT / "rules" / "search_cases.json").read_text())["cases"]
DEMO = {
    data["code"]: {p["key"]: p["name"] for p in data["products"]}
    for data in (json.loads(Path(f).read_text()) for f in sorted((ROOT / "db" / "demo").glob("*.json")))
}


def test_the_table_has_at_least_forty_cases_on_demo_products():
    assert len(CASES) >= 40
    for case in CASES:
        assert case["must_find"] and set(case["must_find"]) <= DEMO[case["shop"]].keys(), case


def test_every_case_finds_its_products_in_the_demo_shops(app):
    seed()
    shops = {shop.code: shop for shop in db.session.scalars(select(Shop))}
    listed = found = first_hits = 0
    misses = []
    for case in CASES:
        page = search_products(db.session, shops[case["shop"]], case["query"], Sort.RECOMMEND, 1, 500)
        names = [card.product.name for card in page.items]
        expected = {DEMO[case["shop"]][key] for key in case["must_find"]}
        listed += len(expected)
        found += len(expected & set(names))
        first_hits += bool(names) and names[0] in expected
        if not expected <= set(names):
            misses.append(f"{case['query']!r} ({case['kind']}): missing {sorted(expected - set(names))}")
    recall, first_hit = found / listed, first_hits / len(CASES)
    print(
        f"\nsearch cases: {len(CASES)}, recall {recall:.1%} ({found}/{listed}), first-result hit rate "
        f"{first_hit:.1%} ({first_hits}/{len(CASES)})"
    )
    assert misses == [], "\n".join(misses)
    assert recall == 1.0
