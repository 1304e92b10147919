"""search: each product's tokens as rows of one covering index, for a Chinese search's count
and page (PostgreSQL)

Revision ID: 0037
Revises: 0036
Create Date: 2026-11-28 03:30:00

A Chinese term matches a product when it starts one of the product's tokens
(bff/catalog/search.py). The GIN index of migration 0016 finds those products, but PostgreSQL
then reads each one's document (the index needs a recheck) and its product row (listed? its place
in the shop's order? in its name or only its description?): at 10,000 products the 2,429
products of 蜂蜜 took 14–18 ms a search, where the demo's took under 1 ms (issue 27.3).

`product_search_tokens` holds one row per (product, distinct Chinese token) with what a search needs
beside it: `field`, the best place the token appears (0 the name, 1 the brand, 2 only the
description; the rank of `search.rank`), `listed_from` (when the product is listed: its
`publish_at`, minus infinity when it has none, infinity while it is inactive) and the shop's order
(`recommend_weight`, `created_at`). Its primary key covers them all, so a term's matches, their
count and their rank come from one index-only range scan (`token` is in the "C" collation, so a
prefix is a range of the index): 蜂蜜 counts in under 1 ms.

Triggers keep it current, so no writer has to: a document written or deleted (the ORM, a bulk
reindex, a cascade) rewrites its product's tokens, and a product whose listing or order columns
change updates its rows. SQLite searches its FTS5 index (migration 0034) and needs none of this.
"""

from alembic import op


# revision identifiers, used by Alembic.
revision = "0037"
down_revision = "0036"
branch_labels = None
depends_on = None

LISTED_FROM = "CASE WHEN {p}.is_active THEN coalesce({p}.publish_at, '-infinity') ELSE 'infinity' END"
# Each distinct Chinese token of a document, with the best field it is in (the document's token
# columns are space-separated, with a space at each end: bff/catalog/search_text.py, _joined). Only
# Chinese terms are looked up here (bff/catalog/search.py, token_table_answers), and a token is a
# run of Chinese characters or of Latin letters and digits, never both: the pinyin, initials and
# Latin words, more than half the rows, are left out. The characters are search_text.CJK's.
TOKENS_OF = r"""SELECT DISTINCT ON (t.token) t.token,
           CASE WHEN t.token = ANY (string_to_array({d}.name_tokens, ' ')) THEN 0
                WHEN t.token = ANY (string_to_array({d}.brand_tokens, ' ')) THEN 1
                ELSE 2 END AS field
      FROM unnest(string_to_array({d}.all_tokens, ' ')) AS t(token)
     WHERE t.token ~ '^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$'"""

STATEMENTS = (
    """CREATE TABLE product_search_tokens (
    shop_id integer NOT NULL,
    token text COLLATE "C" NOT NULL,
    product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    field smallint NOT NULL,
    listed_from timestamptz NOT NULL,
    recommend_weight integer NOT NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT pk_product_search_tokens PRIMARY KEY (shop_id, token, product_id)
        INCLUDE (field, listed_from, recommend_weight, created_at)
)""",
    # A product's rows, rewritten and updated by the triggers below.
    "CREATE INDEX ix_product_search_tokens_product_id ON product_search_tokens (product_id)",
    f"""CREATE FUNCTION product_search_tokens_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM product_search_tokens WHERE product_id = OLD.product_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO product_search_tokens
            (shop_id, token, product_id, field, listed_from, recommend_weight, created_at)
        SELECT NEW.shop_id, t.token, p.id, t.field, {LISTED_FROM.format(p="p")}, p.recommend_weight, p.created_at
          FROM products AS p, ({TOKENS_OF.format(d="NEW")}) AS t
         WHERE p.id = NEW.product_id;
    END IF;
    RETURN NULL;
END $$""",
    """CREATE TRIGGER product_search_tokens_write AFTER INSERT OR UPDATE OR DELETE ON product_search
    FOR EACH ROW EXECUTE FUNCTION product_search_tokens_write()""",
    f"""CREATE FUNCTION product_search_tokens_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE product_search_tokens
       SET listed_from = {LISTED_FROM.format(p="NEW")},
           recommend_weight = NEW.recommend_weight,
           created_at = NEW.created_at
     WHERE product_id = NEW.id;
    RETURN NULL;
END $$""",
    """CREATE TRIGGER product_search_tokens_product
    AFTER UPDATE OF is_active, publish_at, recommend_weight, created_at ON products
    FOR EACH ROW
    WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active
          OR OLD.publish_at IS DISTINCT FROM NEW.publish_at
          OR OLD.recommend_weight IS DISTINCT FROM NEW.recommend_weight
          OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION product_search_tokens_product()""",
    # The documents already written.
    f"""INSERT INTO product_search_tokens
    (shop_id, token, product_id, field, listed_from, recommend_weight, created_at)
SELECT d.shop_id, t.token, p.id, t.field, {LISTED_FROM.format(p="p")}, p.recommend_weight, p.created_at
  FROM product_search AS d
  JOIN products AS p ON p.id = d.product_id
  CROSS JOIN LATERAL ({TOKENS_OF.format(d="d")}) AS t""",
)


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER product_search_tokens_product ON products")
    op.execute("DROP TRIGGER product_search_tokens_write ON product_search")
    op.execute("DROP FUNCTION product_search_tokens_product()")
    op.execute("DROP FUNCTION product_search_tokens_write()")
    op.execute("DROP TABLE product_search_tokens")
