"""The product search index: keeping each product's document current, and matching queries.

Whoever writes a product or a brand calls `reindex_product` (or `reindex_brand`) in the same
transaction; `flask reindex-search` rebuilds every document (after the analysis in
`search_text.py` changes). Matching is SQL `LIKE` on both databases; on PostgreSQL trigram GIN
indexes (migration 0005) answer it, so a search reads the index, not the whole catalogue.
"""

from collections.abc import Iterable

from sqlalchemy import ColumnElement, and_, case, delete, insert, or_, select
from sqlalchemy.orm import Session

from bff.catalog.models import Brand, Product, ProductSearch
from bff.catalog.search_text import is_chinese, is_pinyin, product_document, variants

BATCH = 500


def reindex_product(session: Session, product: Product) -> None:
    """Write the product's search document, within the caller's transaction (no commit)."""
    if product.id is None:
        session.flush()
    brand = session.get(Brand, product.brand_id) if product.brand_id else None
    document = product_document(product.name, brand.name if brand else "", product.description)
    row = session.get(ProductSearch, product.id)
    if row is None:
        row = ProductSearch(product_id=product.id, shop_id=product.shop_id)
        session.add(row)
    for field, value in document.items():
        setattr(row, field, value)


def reindex_brand(session: Session, brand: Brand) -> None:
    """Rewrite the documents of the brand's products (after its name changed); no commit."""
    ids = session.scalars(select(Product.id).where(Product.brand_id == brand.id)).all()
    reindex_products(session, ids)


def reindex_products(session: Session, product_ids: Iterable[int] | None = None) -> int:
    """Rebuild the documents of these products (all when None) in batches; no commit."""
    stmt = (
        select(Product.id, Product.shop_id, Product.name, Product.description, Brand.name)
        .outerjoin(Brand, Brand.id == Product.brand_id)
        .order_by(Product.id)
    )
    if product_ids is not None:
        product_ids = list(product_ids)
        stmt = stmt.where(Product.id.in_(product_ids))
        session.execute(delete(ProductSearch).where(ProductSearch.product_id.in_(product_ids)))
    else:
        session.execute(delete(ProductSearch))
    count = 0
    rows = session.execute(stmt).all()
    for start in range(0, len(rows), BATCH):
        batch = [
            {"product_id": pid, "shop_id": shop_id, **product_document(name, brand or "", description)}
            for pid, shop_id, name, description, brand in rows[start : start + BATCH]
        ]
        session.execute(insert(ProductSearch), batch)
        count += len(batch)
    return count


def _escape(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _matches(term: str, text, tokens) -> ColumnElement[bool]:
    """A term is a substring of the folded text, or the start of a token (Chinese, pinyin)."""
    conditions = []
    for variant in variants(term):
        escaped = _escape(variant)
        if is_chinese(variant):
            conditions.append(tokens.like(f"% {escaped}%", escape="\\"))
            continue
        conditions.append(text.like(f"%{escaped}%", escape="\\"))
        if is_pinyin(variant):
            conditions.append(tokens.like(f"% {escaped}%", escape="\\"))
    return or_(*conditions)


def match_all(terms: list[str]) -> ColumnElement[bool]:
    """Every term is in the document (name, brand or description)."""
    return and_(*(_matches(t, ProductSearch.all_text, ProductSearch.all_tokens) for t in terms))


def rank(terms: list[str]) -> ColumnElement[int]:
    """0 when every term is in the name; each term found only in the brand adds 1, in the
    description 2. Evaluated on matching rows only."""
    scores = [
        case(
            (_matches(t, ProductSearch.name_text, ProductSearch.name_tokens), 0),
            (_matches(t, ProductSearch.brand_text, ProductSearch.brand_tokens), 1),
            else_=2,
        )
        for t in terms
    ]
    total = scores[0]
    for score in scores[1:]:
        total = total + score
    return total
