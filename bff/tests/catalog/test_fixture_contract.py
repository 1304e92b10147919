"""The frontend's fake BFF (frontend/src/test/fixtureBff.js) must answer in the real shape.

This test calls the real BFF for every answer the fake serves and compares each answer's shape
(field names, recursively) with `frontend/src/test/contract/bff_shapes.json`; Vitest
(fixtureBff.contract.test.js) compares the fake's answers with the same file. A field the BFF
adds, drops or renames fails here first; `UPDATE_CONTRACT=1 pytest` rewrites the file, and then
the fake fails in Vitest until it follows.
"""

import json
import os
from decimal import Decimal
from pathlib import Path

import pytest

from bff.tests.helpers import SHOP_A

SHAPES = Path(__file__).parents[3] / "frontend" / "src" / "test" / "contract" / "bff_shapes.json"


def shape(value):
    """Field names all the way down: a dict's keys, a list's elements merged; values are None."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in sorted(value.items())}
    if isinstance(value, list):
        merged = None
        for item in value:
            merged = merge(merged, shape(item))
        return [merged] if merged is not None else []
    return None


def merge(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return {key: merge(a.get(key), b.get(key)) for key in sorted({*a, *b})}
    if isinstance(a, list) and isinstance(b, list):
        return [merge(a[0] if a else None, b[0] if b else None)] if (a or b) else []
    return a if b is None else b


@pytest.fixture
def real(shop, make_category, make_brand, make_product, make_banner, make_article):
    top = make_category(shop, "健康食品")
    sub = make_category(shop, "蜂蜜", parent=top, avatar="categories/c.png")
    brand = make_brand(shop, "Comvita", avatar="brands/b.png", is_featured=True)
    product = make_product(
        shop,
        "麦卢卡蜂蜜",
        category_id=sub.id,
        brand_id=brand.id,
        price=Decimal("50"),
        discount=Decimal("40"),
        images=2,
        composition="蜂蜜",
        usage_instructions="每日一勺",
        product_details="<p>好</p>",
        is_featured=True,
        variants=[{"name": "250g", "price": Decimal("50"), "virtual_inventory": 3}],
    )
    banner = make_banner(shop, "夏季", products=[product])
    article = make_article(shop, "配送说明")
    return {
        "product": product.id,
        "category": top.id,
        "brand": brand.id,
        "banner": banner.id,
        "article": article.id,
    }


# Each answer the fake serves: (name in the file, method, path with {ids}).
CALLS = [
    ("shop", "get", "/api/shop"),
    ("categories", "get", "/api/category"),
    ("articles", "get", "/api/article"),
    ("article", "get", "/api/article/{article}"),
    ("banners", "get", "/api/banner"),
    ("brands", "get", "/api/brand"),
    ("newest", "get", "/api/product/new/?page=1"),
    ("best", "get", "/api/product/best/?page=1"),
    ("search", "post", "/api/product/search/?searchTerm=蜂蜜"),
    ("product", "get", "/api/product/{product}"),
    ("category", "get", "/api/category/{category}?page=1"),
    ("brand", "get", "/api/brand/{brand}?page=1"),
    ("banner_products", "get", "/api/banner-products/{banner}?page=1"),
    ("sitemap", "get", "/api/sitemap"),
]


def test_the_committed_shapes_are_the_real_bffs(client, real):
    shapes = {}
    for name, method, path in CALLS:
        res = getattr(client, method)(path.format(**real), headers=SHOP_A)
        assert res.status_code == 200, (name, res.json)
        shapes[name] = shape(res.json)
    if os.environ.get("UPDATE_CONTRACT"):
        SHAPES.write_text(json.dumps({"calls": [c[0] for c in CALLS], "shapes": shapes}, indent=1) + "\n")
    committed = json.loads(SHAPES.read_text())
    for name in shapes:
        assert committed["shapes"].get(name) == shapes[name], (
            f"{name}: the BFF's answer changed shape; run UPDATE_CONTRACT=1 pytest {__file__} "
            "and make frontend/src/test/fixtureBff.js follow"
        )
    assert committed["calls"] == [c[0] for c in CALLS]
