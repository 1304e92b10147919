"""catalogue indexes for 10,000 products: one per listing order, search tokens as a tsvector

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-24 12:00:00

Each storefront order (recommend, newest, popular) gets an index that ends on the id
tie-breaker, so a page is read from it in order. On PostgreSQL the search tokens get a column
PostgreSQL computes, `tokens_tsv` (the tokens as a tsvector), with a GIN index
(bff/catalog/search.py, token_prefix): a prefix query on it is answered exactly from the
index, where the trigram index on `all_tokens` (dropped here) had every candidate's long token
list read back and matched again, and where the planner chose it not, every row's. The
documents are written again: `all_tokens` now holds the Latin words too, which a term too short
for the trigram index (`a2`) matches by prefix (bff/catalog/search_text.py, SHORT_TERM).
"""
from alembic import op
import sqlalchemy as sa

from bff.catalog.search_text import product_document


# revision identifiers, used by Alembic.
revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None

TOKENS_TSVECTOR = "array_to_tsvector(array_remove(string_to_array(btrim(all_tokens), ' '), ''))"


def upgrade():
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.drop_index('ix_products_shop_listing')
        batch_op.create_index('ix_products_shop_recommend', ['shop_id', 'is_active', 'recommend_weight', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_products_shop_newest', ['shop_id', 'is_active', 'created_at', 'id'], unique=False)
        batch_op.create_index('ix_products_shop_popular', ['shop_id', 'is_active', 'sales_count', 'id'], unique=False)
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP INDEX IF EXISTS ix_product_search_all_tokens_trgm")
        op.execute(f"ALTER TABLE product_search ADD COLUMN tokens_tsv tsvector GENERATED ALWAYS AS ({TOKENS_TSVECTOR}) STORED")
        op.execute("CREATE INDEX ix_product_search_tokens_tsv ON product_search USING gin (tokens_tsv)")
    _reindex(op.get_bind())


def _reindex(bind):
    products = sa.table(
        "products", sa.column("id"), sa.column("name"), sa.column("description"), sa.column("brand_id"),
    )
    brands = sa.table("brands", sa.column("id"), sa.column("name"))
    search = sa.table("product_search", sa.column("product_id"), sa.column("all_tokens"))
    rows = bind.execute(
        sa.select(products.c.id, products.c.name, products.c.description, brands.c.name)
        .select_from(products.outerjoin(brands, brands.c.id == products.c.brand_id))
        .order_by(products.c.id)
    ).all()
    update = search.update().where(search.c.product_id == sa.bindparam("pid")).values(all_tokens=sa.bindparam("tokens"))
    for start in range(0, len(rows), 500):
        bind.execute(update, [
            {"pid": pid, "tokens": product_document(name, brand or "", description or "")["all_tokens"]}
            for pid, name, description, brand in rows[start:start + 500]
        ])


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP INDEX IF EXISTS ix_product_search_tokens_tsv")
        op.execute("ALTER TABLE product_search DROP COLUMN tokens_tsv")
        schema = op.get_bind().exec_driver_sql(
            "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
            " WHERE e.extname = 'pg_trgm'"
        ).scalar_one()
        op.execute(
            'CREATE INDEX ix_product_search_all_tokens_trgm ON product_search'
            f' USING gin (all_tokens "{schema}".gin_trgm_ops)'
        )
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.drop_index('ix_products_shop_popular')
        batch_op.drop_index('ix_products_shop_newest')
        batch_op.drop_index('ix_products_shop_recommend')
        batch_op.create_index('ix_products_shop_listing', ['shop_id', 'is_active', 'recommend_weight', 'created_at'], unique=False)
