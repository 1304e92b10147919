"""Search benchmark: latency of product search at demo size and at N generated products.

Seeds the demo shops, then adds one shop of N products whose names, brands and descriptions
are drawn from the Chinese demo catalogue (with varied pack sizes), indexes them, and times
searches through the Flask test client: p50 and p99 per query, and the plan PostgreSQL
chooses. Runs in a temporary SQLite database, or in a fresh schema of the PostgreSQL database
named by BENCH_DATABASE_URL (dropped afterwards). Prints figures; never fails on them.

    .venv/bin/python bench/search_bench.py [--products 10000] [--requests 200]
    BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test make bench
"""

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
if os.environ.get("BENCH_DATABASE_URL"):
    os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]

from catalog_bench import BenchConfig, _postgres  # noqa: E402
from flask_migrate import upgrade  # noqa: E402
from sqlalchemy import insert, select, text  # noqa: E402

from bff.app import create_app  # noqa: E402
from bff.catalog.models import Brand, Product  # noqa: E402
from bff.catalog.search import match_all, rank, reindex_products  # noqa: E402
from bff.catalog.search_text import query_terms  # noqa: E402
from bff.config import ROOT  # noqa: E402
from bff.demo.seed import seed  # noqa: E402
from bff.extensions import db  # noqa: E402
from bff.shops.models import Shop, ShopDomain  # noqa: E402

QUERIES = ["奶粉", "naifen", "nf", "蜂蜜", "fengmi", "麦卢卡 蜂蜜", "maluka", "a2奶粉", "manuka", "羊毛袜"]
QUERIES += ["#123", "zzzz"]
PACKS = ["", " 礼盒装", " 家庭装", " 旅行装", " 2件装", " 6件装", " 新包装", " 限量版"]


def generate(n: int) -> int:
    """One shop of n products drawn from the Chinese demo catalogue; returns its id."""
    data = json.loads((ROOT / "db" / "demo" / "zh_shop.json").read_text())
    session = db.session
    shop = Shop(code="search-bench", site_url="http://search-bench.test", shop_name="Bench")
    shop.domains = [ShopDomain(hostname="search-bench.test")]
    session.add(shop)
    session.flush()
    brands = [Brand(shop_id=shop.id, name=b["name"], position=i) for i, b in enumerate(data["brands"])]
    session.add_all(brands)
    session.flush()
    start = datetime(2025, 1, 1, tzinfo=UTC)
    demo = data["products"]
    rows = [
        {
            "shop_id": shop.id,
            "name": f"{demo[i % len(demo)]['name']}{PACKS[(i // len(demo)) % len(PACKS)]} #{i}",
            "description": demo[i % len(demo)].get("description", ""),
            "brand_id": brands[i % len(brands)].id,
            "price": Decimal(10 + i % 200),
            "virtual_inventory": 10,
            "recommend_weight": i % 7,
            "sales_count": (i * 37) % 1000,
            "created_at": start + timedelta(minutes=i),
            "updated_at": start + timedelta(minutes=i),
        }
        for i in range(n)
    ]
    session.execute(insert(Product), rows)
    ids = session.scalars(select(Product.id).where(Product.shop_id == shop.id)).all()
    reindex_products(session, ids)
    session.commit()
    return shop.id


def measure(client, host: str, query: str, requests: int) -> tuple[float, float, int]:
    path = f"/api/product/search/?searchTerm={quote(query)}"
    headers = {"X-Site-Host": host}
    for _ in range(3):
        client.post(path, headers=headers)
    timings = []
    for _ in range(requests):
        begin = time.perf_counter()
        res = client.post(path, headers=headers)
        timings.append((time.perf_counter() - begin) * 1000)
        db.session.remove()
    assert res.status_code == 200, res.data[:200]
    timings.sort()
    p = lambda q: timings[min(len(timings) - 1, int(len(timings) * q))]  # noqa: E731
    return p(0.5), p(0.99), res.json["products"]["total"]


def plan(shop_id: int, query: str) -> str:
    terms = query_terms(query)
    stmt = (
        select(Product.id)
        .join(Product.__table__.metadata.tables["product_search"])
        .where(Product.shop_id == shop_id, Product.is_active.is_(True), match_all(terms))
        .order_by(rank(terms), Product.recommend_weight.desc(), Product.id.desc())
        .limit(20)
    )
    compiled = stmt.compile(db.engine)
    with db.engine.connect() as conn:
        rows = conn.exec_driver_sql(f"EXPLAIN ANALYZE {compiled}", compiled.params).scalars()
        return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--products", type=int, default=10000)
    parser.add_argument("--requests", type=int, default=200, help="timed requests per query")
    args = parser.parse_args()
    schema = f"search_bench_{uuid.uuid4().hex[:8]}" if _postgres() else None
    with tempfile.TemporaryDirectory() as var_dir:
        app = create_app(BenchConfig(var_dir, 20, schema))
        with app.app_context():
            if schema:
                with db.engine.begin() as conn:
                    conn.execute(text(f"CREATE SCHEMA {schema}"))
            try:
                run(app, args)
            finally:
                db.session.remove()
                if schema:
                    with db.engine.begin() as conn:
                        conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
                db.engine.dispose()


def run(app, args) -> None:
    upgrade()
    seed()
    begin = time.perf_counter()
    shop_id = generate(args.products)
    built = time.perf_counter() - begin
    with db.engine.connect() as conn:
        conn.execute(text("ANALYZE"))
        conn.commit()
    print(
        f"{db.engine.dialect.name}: demo shop (66 products) and {args.products} generated products "
        f"(generated and indexed in {built:.1f} s); {args.requests} timed requests per query\n"
    )
    client = app.test_client()
    header = f"{'query':<14} {'demo p50':>9} {'p99':>7} {'hits':>5} {'N p50':>9} {'p99':>7} {'hits':>6}"
    print(header + "   (ms)")
    print("-" * len(header))
    for query in QUERIES:
        small = measure(client, "localhost", query, args.requests)
        large = measure(client, "search-bench.test", query, args.requests)
        print(
            f"{query:<14} {small[0]:>9.2f} {small[1]:>7.2f} {small[2]:>5} "
            f"{large[0]:>9.2f} {large[1]:>7.2f} {large[2]:>6}"
        )
    if db.engine.dialect.name == "postgresql":
        for query in QUERIES:
            print(f"\nEXPLAIN ANALYZE, {query!r} at {args.products} products:\n{plan(shop_id, query)}")


if __name__ == "__main__":
    main()
