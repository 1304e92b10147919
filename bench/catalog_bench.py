"""Catalogue read benchmark: latency and SQL statements per call of the public catalogue.

Builds one shop with N products (images, variants, categories, brands, a banner) in a
temporary SQLite database or, when DATABASE_URL names PostgreSQL, in a fresh schema of that
database (dropped afterwards; nothing else in it is touched), then times each call through
the Flask test client. No thresholds: it prints figures to compare runs (on a quiet machine).

    .venv/bin/python bench/catalog_bench.py [--products 2000] [--requests 100]
    DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test make bench
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask_migrate import upgrade  # noqa: E402
from sqlalchemy import event, insert, select, text  # noqa: E402

from bff.app import create_app  # noqa: E402
from bff.catalog.models import (  # noqa: E402
    Banner,
    BannerProduct,
    Brand,
    Category,
    Product,
    ProductImage,
    ProductVariant,
)
from bff.catalog.search import reindex_products  # noqa: E402
from bff.config import Config  # noqa: E402
from bff.extensions import db  # noqa: E402
from bff.shops.models import Shop, ShopDomain  # noqa: E402

HOST = {"X-Site-Host": "bench.test"}
KINDS = [
    "麦卢卡蜂蜜 Manuka Honey",
    "婴儿奶粉 Infant Formula",
    "鱼油 Fish Oil",
    "羊毛被 Wool Duvet",
    "葡萄酒 Wine",
]


class BenchConfig(Config):
    def __init__(self, var_dir: str, page_size: int, schema: str | None):
        os.environ["VAR_DIR"] = var_dir
        super().__init__()
        self.PAGE_SIZE = page_size
        # The reads themselves: a repeated call would otherwise be answered from the guests' cache.
        self.CATALOGUE_CACHE_MB = 0
        if schema:
            # Everything the benchmark creates lives in its own schema.
            options = self.SQLALCHEMY_ENGINE_OPTIONS.get("connect_args", {}).get("options", "")
            self.SQLALCHEMY_ENGINE_OPTIONS = {
                **self.SQLALCHEMY_ENGINE_OPTIONS,
                "connect_args": {"options": f"{options} -csearch_path={schema}".strip()},
            }

    def _database_url(self) -> str:
        # A SQLite DATABASE_URL (say, the dev database) is never written to: always a temp file.
        if _postgres():
            return super()._database_url()
        return f"sqlite:///{self.VAR_DIR / 'bench.db'}"


def _postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql"))


def build_catalogue(n_products: int) -> dict:
    """Insert one shop's catalogue in bulk and return the ids the calls need."""
    session = db.session
    shop = Shop(code="bench", site_url="http://bench.test", shop_name="Bench")
    shop.domains = [ShopDomain(hostname="bench.test")]
    session.add(shop)
    session.flush()
    sid = shop.id

    tops = [Category(shop_id=sid, name=f"分类 {i}", position=i) for i in range(8)]
    session.add_all(tops)
    session.flush()
    subs = [Category(shop_id=sid, name=f"子分类 {t.id}-{j}", parent_id=t.id) for t in tops for j in range(4)]
    brands = [Brand(shop_id=sid, name=f"Brand {i}", position=i) for i in range(20)]
    session.add_all(subs + brands)
    session.flush()

    start = datetime(2025, 1, 1, tzinfo=UTC)
    rows = [
        {
            "shop_id": sid,
            "name": f"{KINDS[i % len(KINDS)]} {i}",
            "description": "新西兰原装进口 imported from New Zealand",
            "price": Decimal(10 + i % 200) + Decimal("0.90"),
            "discount": Decimal(5 + i % 100) if i % 4 == 0 else None,
            "member_price": Decimal(8 + i % 150) if i % 5 == 0 else None,
            "virtual_inventory": i % 150,
            "weight": 100 + i % 900,
            "category_id": subs[i % len(subs)].id,
            "brand_id": brands[i % len(brands)].id,
            "product_details": "<p>Pure <strong>New Zealand</strong></p><ul><li>one</li></ul>",
            "is_featured": i % 10 == 0,
            "recommend_weight": i % 7,
            "sales_count": (i * 37) % 1000,
            "created_at": start + timedelta(minutes=i),
            "updated_at": start + timedelta(minutes=i),
        }
        for i in range(n_products)
    ]
    session.execute(insert(Product), rows)
    product_ids = list(session.scalars(select(Product.id).where(Product.shop_id == sid).order_by(Product.id)))
    images = [
        {"shop_id": sid, "product_id": pid, "path": f"products/p{pid}-{k}.jpg", "name": f"{k}", "position": k}
        for pid in product_ids
        for k in range(3)
    ]
    session.execute(insert(ProductImage), images)
    variants = [
        {"shop_id": sid, "product_id": pid, "name": name, "price": Decimal(20), "weight": 250, "position": k}
        for pid in product_ids[::3]
        for k, name in enumerate(("250g", "500g"))
    ]
    session.execute(insert(ProductVariant), variants)
    reindex_products(session, product_ids)
    # Avatar: the first image of each product.
    session.execute(
        text(
            "UPDATE products SET avatar = (SELECT MIN(id) FROM product_images"
            " WHERE product_images.product_id = products.id)"
        )
    )
    banner = Banner(shop_id=sid, name="Banner", avatar="banners/b.jpg")
    session.add(banner)
    session.flush()
    session.execute(
        insert(BannerProduct),
        [{"shop_id": sid, "banner_id": banner.id, "product_id": pid} for pid in product_ids[::10]],
    )
    session.commit()
    # Fresh statistics, as a live database has them (autovacuum), so plans are realistic.
    with db.engine.connect() as conn:
        conn.execute(text("ANALYZE"))
        conn.commit()
    return {
        "category": tops[0].id,
        "brand": brands[0].id,
        "banner": banner.id,
        "product": product_ids[len(product_ids) // 2],
        "images": len(images),
        "variants": len(variants),
    }


def measure(client, method: str, path: str, requests: int) -> tuple[float, float, int, int]:
    """Median and p95 latency (ms), SQL statements per call, and response size."""
    statements: list[str] = []

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    call = getattr(client, method)
    for _ in range(3):  # warm up
        assert call(path, headers=HOST).status_code == 200, path
    timings = []
    for _ in range(requests):
        begin = time.perf_counter()
        res = call(path, headers=HOST)
        timings.append((time.perf_counter() - begin) * 1000)
        assert res.status_code == 200, (path, res.data[:200])
        db.session.remove()
    event.listen(db.engine, "before_cursor_execute", count)
    call(path, headers=HOST)
    event.remove(db.engine, "before_cursor_execute", count)
    db.session.remove()
    timings.sort()
    p95 = timings[min(len(timings) - 1, int(len(timings) * 0.95))]
    return statistics.median(timings), p95, len(statements), len(res.data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--products", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=100, help="timed requests per call")
    parser.add_argument("--page-size", type=int, default=20)
    args = parser.parse_args()

    schema = f"catalog_bench_{uuid.uuid4().hex[:8]}" if _postgres() else None
    with tempfile.TemporaryDirectory() as var_dir:
        app = create_app(BenchConfig(var_dir, args.page_size, schema))
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
    begin = time.perf_counter()
    ids = build_catalogue(args.products)
    built = time.perf_counter() - begin
    print(
        f"{db.engine.dialect.name}: {args.products} products, {ids['images']} images, "
        f"{ids['variants']} variants (built in {built:.1f} s); page size {args.page_size}; "
        f"{args.requests} timed requests per call\n"
    )
    client = app.test_client()
    calls = [
        ("newest, page 1", "get", "/api/product/new/"),
        ("newest, page 50", "get", "/api/product/new/?page=50"),
        ("newest, cheapest", "get", "/api/product/new/?sort=cheapest"),
        ("best (featured)", "get", "/api/product/best/"),
        ("category (with subs)", "get", f"/api/category/{ids['category']}"),
        ("category, popular", "get", f"/api/category/{ids['category']}?sort=popular&page=2"),
        ("brand products", "get", f"/api/brand/{ids['brand']}"),
        ("banner products", "get", f"/api/banner-products/{ids['banner']}"),
        ("search (Chinese)", "post", "/api/product/search/?searchTerm=蜂蜜"),
        ("search (two words)", "post", "/api/product/search/?searchTerm=manuka%20honey&sort=expensive"),
        ("product detail", "get", f"/api/product/{ids['product']}"),
        ("category tree", "get", "/api/category"),
    ]
    header = f"{'call':<22} {'median ms':>10} {'p95 ms':>10} {'SQL':>5} {'bytes':>8}"
    print(header)
    print("-" * len(header))
    for label, method, path in calls:
        median, p95, queries, size = measure(client, method, path, args.requests)
        print(f"{label:<22} {median:>10.2f} {p95:>10.2f} {queries:>5} {size:>8}")


if __name__ == "__main__":
    main()
