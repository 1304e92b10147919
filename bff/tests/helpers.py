"""Small helpers shared by the API tests: the host headers of the test shops and
checks of the error shape."""

import re

from sqlalchemy import select

from bff.catalog.models import Product, ProductVariant
from bff.catalog.stock import ledger_totals
from bff.extensions import db

SHOP_A = {"X-Site-Host": "shop-a.test"}
SHOP_B = {"X-Site-Host": "shop-b.test"}

_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
_LEAKS = ("Traceback", 'File "', "sqlalchemy", "SELECT ", "psycopg", "sqlite3")


def assert_error(res, status: int, code: str | None = None) -> dict:
    """The response is a JSON error of `status` with a message and a stable code, and no leak."""
    assert res.status_code == status, res.data
    assert res.is_json, res.data
    body = res.get_json()
    assert isinstance(body["message"], str) and body["message"]
    assert _SNAKE.match(body["code"]), body
    if code is not None:
        assert body["code"] == code
    text = res.get_data(as_text=True)
    for leak in _LEAKS:
        assert leak not in text, text
    return body


def ids(items: list[dict]) -> list[int]:
    return [item["id"] for item in items]


def assert_ledger_balanced(product_id: int) -> dict:
    """The stock ledger's invariant for one product: each variant's stock is the sum of its
    movements, the product's is the sum of all of its movements and of its variants' stock."""
    db.session.expire_all()
    product = db.session.get(Product, product_id)
    totals = ledger_totals(db.session, product_id)
    variants = db.session.execute(
        select(ProductVariant.id, ProductVariant.virtual_inventory).where(
            ProductVariant.product_id == product_id
        )
    ).all()
    assert product.virtual_inventory == totals["product"], (product.virtual_inventory, totals)
    for variant_id, stock in variants:
        assert stock == totals["variants"].get(variant_id, 0), (variant_id, stock, totals)
    if variants:
        assert product.virtual_inventory == sum(stock for _, stock in variants)
    assert product.virtual_inventory >= 0 and all(stock >= 0 for _, stock in variants)
    return {"product": product.virtual_inventory, "variants": dict(variants)}


def with_version(client, headers: dict, url: str) -> dict:
    """`headers` with If-Match naming the version of the object at `url` as the console reads it
    (its ETag), for a change made on the current copy. Headers that cannot read it (a shopper,
    another shop) are given back as they are: the change is then refused for them anyway."""
    res = client.get(url, headers=headers)
    if res.status_code != 200:
        return headers
    return {**headers, "If-Match": res.headers["ETag"]}
