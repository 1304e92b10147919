"""search tokens in SQLite's FTS5 index; banner and brand pictures with their size and WebP copies

Revision ID: 0034
Revises: 0031
Create Date: 2026-11-26 22:00:00

SQLite: `product_search_fts`, an FTS5 index of `product_search`'s three token columns
(`name_tokens`, `brand_tokens`, `all_tokens`; external content, its rowid the product's id),
kept current by three triggers, so whoever writes a document (the
ORM, a bulk insert, a cascade from a deleted product) writes the index in the same transaction.
A Chinese or pinyin term's token-prefix match (`LIKE '% term%'`) is then a prefix query on the
index (bff/catalog/search.py, token_prefix) instead of a scan of every document's long token
list: at 10,000 products the 蜂蜜 search read all 10,000 lists; its ranking (a name match before
a brand match) asks the name and brand columns the same way, so no document is read at all. The tokens are space-separated
runs of Chinese characters or of `[a-z0-9]` (bff/catalog/search_text.py), which the `unicode61`
tokenizer cuts exactly there, so the match is the same set. A later migration that rebuilds
`product_search` (batch mode) must create the triggers again. PostgreSQL has its GIN indexes
(migrations 0005 and 0016) and needs nothing here.

`banners` and `brands` get `avatar_width`, `avatar_height` and `avatar_webp` ({width: media
path} of the WebP copies), as product pictures have them: the storefront sends `srcset` and
`sizes` for them too (issue 27.5).
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0034"
down_revision = "0031"
branch_labels = None
depends_on = None

COLUMNS = "name_tokens, brand_tokens, all_tokens"
NEW = "new.product_id, new.name_tokens, new.brand_tokens, new.all_tokens"
OLD = "'delete', old.product_id, old.name_tokens, old.brand_tokens, old.all_tokens"
FTS_TRIGGERS = (
    f"""CREATE TRIGGER product_search_fts_insert AFTER INSERT ON product_search BEGIN
  INSERT INTO product_search_fts(rowid, {COLUMNS}) VALUES ({NEW});
END""",
    f"""CREATE TRIGGER product_search_fts_delete AFTER DELETE ON product_search BEGIN
  INSERT INTO product_search_fts(product_search_fts, rowid, {COLUMNS}) VALUES ({OLD});
END""",
    f"""CREATE TRIGGER product_search_fts_update AFTER UPDATE ON product_search BEGIN
  INSERT INTO product_search_fts(product_search_fts, rowid, {COLUMNS}) VALUES ({OLD});
  INSERT INTO product_search_fts(rowid, {COLUMNS}) VALUES ({NEW});
END""",
)


def upgrade():
    for table in ("banners", "brands"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("avatar_width", sa.Integer(), nullable=True))
            batch_op.add_column(sa.Column("avatar_height", sa.Integer(), nullable=True))
            batch_op.add_column(sa.Column("avatar_webp", sa.JSON(), nullable=True))
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            f"CREATE VIRTUAL TABLE product_search_fts USING fts5({COLUMNS}, content='product_search',"
            " content_rowid='product_id', tokenize='unicode61 remove_diacritics 0')"
        )
        for trigger in FTS_TRIGGERS:
            op.execute(trigger)
        op.execute("INSERT INTO product_search_fts(product_search_fts) VALUES ('rebuild')")


def downgrade():
    if op.get_bind().dialect.name == "sqlite":
        for name in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS product_search_fts_{name}")
        op.execute("DROP TABLE IF EXISTS product_search_fts")
    for table in ("brands", "banners"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("avatar_webp")
            batch_op.drop_column("avatar_height")
            batch_op.drop_column("avatar_width")
