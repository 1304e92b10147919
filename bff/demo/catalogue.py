"""A large demo catalogue for benchmarks: `flask seed-demo --products 10000`.

Grows a shop to N products by copying its own products (name with a pack size and a number,
the same brand, category, pictures and description), with their opening stock in the ledger and
their search documents, in bulk: 10,000 products take seconds.
"""

from datetime import timedelta

from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session, selectinload

from bff.catalog.models import Product, ProductImage, StockMovement, StockReason
from bff.catalog.search import reindex_products
from bff.common.models import utcnow
from bff.shops.models import Shop

PACKS = ["", " 礼盒装", " 家庭装", " 旅行装", " 2件装", " 6件装", " 新包装", " 限量版"]
BATCH = 1000
COPIED = ("brand_id", "category_id", "description", "weight", "composition", "usage_instructions")


def grow_catalogue(session: Session, shop: Shop, total: int) -> int:
    """Add generated products to `shop` until it has `total`; returns how many were added."""
    have = session.scalar(select(func.count()).select_from(Product).where(Product.shop_id == shop.id)) or 0
    templates = session.scalars(
        select(Product)
        .where(Product.shop_id == shop.id)
        .order_by(Product.id)
        .options(selectinload(Product.images))
    ).all()
    if have >= total or not templates:
        return 0
    start = utcnow() - timedelta(days=365)
    added = 0
    for first in range(have, total, BATCH):
        batch = range(first, min(first + BATCH, total))
        sources = [templates[i % len(templates)] for i in batch]
        rows = [
            {
                "shop_id": shop.id,
                "name": f"{source.name}{PACKS[(i // len(templates)) % len(PACKS)]} #{i}"[:255],
                **{field: getattr(source, field) for field in COPIED},
                "price": source.price + i % 50,
                "discount": None,
                "virtual_inventory": 10 + i % 90,
                "recommend_weight": i % 7,
                "sales_count": (i * 37) % 1000,
                "is_featured": i % 25 == 0,
                "created_at": start + timedelta(minutes=i),
                "updated_at": start + timedelta(minutes=i),
            }
            for i, source in zip(batch, sources, strict=True)
        ]
        ids = session.scalars(insert(Product).returning(Product.id, sort_by_parameter_order=True), rows).all()
        images = [
            {
                "shop_id": shop.id,
                "product_id": pid,
                "path": image.path,
                "alt": image.alt,
                "name": image.name,
                "position": image.position,
                "width": image.width,
                "height": image.height,
                "webp": image.webp,
            }
            for pid, source in zip(ids, sources, strict=True)
            for image in source.images
        ]
        if images:
            session.execute(insert(ProductImage), images)
        session.execute(
            insert(StockMovement),
            [
                {
                    "shop_id": shop.id,
                    "product_id": pid,
                    "delta": row["virtual_inventory"],
                    "reason": StockReason.INITIAL.value,
                    "note": "generated",
                    "at": row["created_at"],
                }
                for pid, row in zip(ids, rows, strict=True)
            ],
        )
        reindex_products(session, ids)
        added += len(ids)
    # The cover picture of each product: its first image.
    covers = select(func.min(ProductImage.id)).where(ProductImage.product_id == Product.id).scalar_subquery()
    session.execute(
        Product.__table__.update()
        .where(Product.shop_id == shop.id, Product.avatar.is_(None))
        .values(avatar=covers)
    )
    session.commit()
    return added
