"""The product search index: keeping each product's document current, and matching queries.

Whoever writes a product or a brand calls `reindex_product` (or `reindex_brand`) in the same
transaction; `flask reindex-search` rebuilds every document (after the analysis in
`search_text.py` changes). Matching is SQL `LIKE` on SQLite. On PostgreSQL a term's token match is a
prefix query on the tokens as a `tsvector` (`token_prefix`, a column and GIN index of migration
0016), answered exactly from the index without reading the document, and the substring match on the
folded text uses the trigram index of migration 0005: the page and its count (one statement,
`services.search_products`) read the indexes, not the whole catalogue. A query of Chinese terms
only (a token match and nothing else) is answered on PostgreSQL from `product_search_tokens`
instead (`token_matches`, migration 0037): each product's Chinese tokens as rows of a covering index, with
the field each is in, when the product is listed and its place in the shop's order, so the
matches are counted and ranked without reading a document or a product (蜂蜜 at 10,000 products:
10.9-17.5 -> 2.0-2.8 ms a statement, prepared, by pgbench). On SQLite the token match is
a prefix query on `product_search_fts`, an FTS5 index of the tokens (migration 0034); the
substring matches stay `LIKE`. The planner is left to
its own choices: the `SET LOCAL enable_seqscan/enable_indexscan = off` that forced bitmap scans
for a separate count was slower than its plans for the one statement, side by side at 10,000
products (issue 14: maluka 264 -> 186 ms, 蜂蜜 93 -> 71 ms, 奶粉 29 -> 23 ms p50 under load).
"""

import functools
import operator
from collections.abc import Iterable

from sqlalchemy import (
    BigInteger,
    Boolean,
    ColumnElement,
    DateTime,
    Integer,
    Subquery,
    Text,
    TextClause,
    and_,
    bindparam,
    case,
    delete,
    func,
    insert,
    literal,
    or_,
    select,
    union_all,
)
from sqlalchemy import text as sql
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import Session
from sqlalchemy.sql.functions import FunctionElement

from bff.catalog.models import SEARCH_TOKENS, Brand, Product, ProductSearch
from bff.catalog.search_text import is_chinese, is_pinyin, is_short_word, product_document, variants

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


class token_prefix(FunctionElement):
    """Some token of the document's `all_tokens` (space-separated) starts with the term:
    `LIKE '% term%'`; on PostgreSQL the prefix query `'term':*` on `tokens_tsv`, the tokens
    as a tsvector that PostgreSQL computes and indexes (GIN, migration 0016); on SQLite the prefix
    query `"term"*` on the FTS5 index `product_search_fts` (migration 0034). Terms are Chinese
    characters or pinyin letters only (`is_chinese`, `is_pinyin`), so the queries need no quoting."""

    type = Boolean()
    inherit_cache = True
    name = "token_prefix"
    # A condition as it stands: SQLite gets no `= 1` after it, which kept its planner from
    # driving the query from the index's matches (it read every product of the shop instead).
    _is_implicitly_boolean = True


def _token_prefix(tokens, *terms: str) -> token_prefix:
    """Some token starts with one of `terms`: on PostgreSQL one query (`'a':* | 'b':*`), so a
    row's token list is read once whatever the number of spellings."""
    # Every form is a bound parameter of the statement, so a cached compilation stays right.
    query = " | ".join(f"'{term}':*" for term in terms)
    # FTS5: a column filter and prefix queries (`all_tokens : ("a"* OR "b"*)`).
    fts = tokens.key + " : (" + " OR ".join(f'"{term}"*' for term in terms) + ")"
    return token_prefix(tokens, literal(query), literal(fts), *(literal(f"% {term}%") for term in terms))


@compiles(token_prefix)
def _token_like(element, compiler, **kw):
    tokens, _query, _fts, *patterns = element.clauses
    column = compiler.process(tokens, **kw)
    return "(" + " OR ".join(f"{column} LIKE {compiler.process(p, **kw)}" for p in patterns) + ")"


@compiles(token_prefix, "postgresql")
def _token_tsquery(element, compiler, **kw):
    tokens, query, _fts, *_patterns = element.clauses
    if tokens.key != "all_tokens":  # the only one PostgreSQL indexes (tokens_tsv)
        return _token_like(element, compiler, **kw)
    table = compiler.process(tokens, **kw).rsplit(".", 1)[0]
    return f"{table}.tokens_tsv @@ CAST({compiler.process(query, **kw)} AS tsquery)"


@compiles(token_prefix, "sqlite")
def _token_fts(element, compiler, **kw):
    tokens, _query, fts, *_patterns = element.clauses
    table = compiler.process(tokens, **kw).rsplit(".", 1)[0]
    return (
        f"{table}.product_id IN (SELECT rowid FROM product_search_fts"
        f" WHERE product_search_fts MATCH {compiler.process(fts, **kw)})"
    )


class short_word(FunctionElement):
    """A short Latin term: its substring match (SQLite), or on PostgreSQL its token prefix match."""

    type = Boolean()
    inherit_cache = True
    name = "short_word"
    _is_implicitly_boolean = True  # as token_prefix's


@compiles(short_word)
def _short_substring(element, compiler, **kw):
    substring, _prefix = element.clauses
    return compiler.process(substring, **kw)


@compiles(short_word, "postgresql")
def _short_prefix(element, compiler, **kw):
    _substring, prefix = element.clauses
    return compiler.process(prefix, **kw)


def _matches(term: str, text, tokens, indexed: bool = False) -> ColumnElement[bool]:
    """A term is a substring of the folded text, or the start of a token (Chinese, pinyin).
    `indexed`: the tokens are the document's `all_tokens`, which PostgreSQL indexes as a tsvector
    (SQLite's FTS5 index holds the name's and the brand's tokens too)."""

    conditions, token_terms = [], []
    for variant in variants(term):
        if is_chinese(variant):
            token_terms.append(variant)
            continue
        substring = text.like(f"%{_escape(variant)}%", escape="\\")
        if indexed and is_short_word(variant):
            # PostgreSQL: a word's start, from the index (a trigram index cannot look up `a2`).
            substring = short_word(substring, _token_prefix(tokens, variant))
        conditions.append(substring)
        if is_pinyin(variant):
            token_terms.append(variant)
    # Last: where a row is tested, the cheap text matches come before its long token list.
    if token_terms:
        conditions.append(_token_prefix(tokens, *token_terms))
    return or_(*conditions)


def match_all(terms: list[str]) -> ColumnElement[bool]:
    """Every term is in the document (name, brand or description)."""
    return and_(*(_matches(t, ProductSearch.all_text, ProductSearch.all_tokens, indexed=True) for t in terms))


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
    return functools.reduce(operator.add, scores)


def token_table_answers(dialect: str, terms: list[str]) -> bool:
    """`token_matches` finds exactly `match_all`'s products and ranks them as `rank` does when
    every spelling of every term matches tokens only (Chinese: no substring match of the text),
    on PostgreSQL, the one database with the table."""
    return dialect == "postgresql" and all(is_chinese(v) for term in terms for v in variants(term))


def _successor(prefix: str) -> str:
    """The least string after every string that starts with `prefix`, in code point order."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


@functools.cache
def _token_matches(spellings: tuple[int, ...]) -> Subquery:
    """`token_matches`' statement for terms with these numbers of spellings, built once: its
    values are the bound parameters `shop_id`, `now` and, for the k-th spelling, `from_k` and
    `before_k` (the range of tokens it starts: the column is in the "C" collation, whose order is
    the code points', so they lie in [spelling, _successor(spelling)), a range of the index)."""
    tokens = SEARCH_TOKENS.c
    scans = []
    for term, count in enumerate(spellings):
        for _ in range(count):
            k = len(scans)
            scans.append(
                select(tokens.product_id, literal(term).label("term"), tokens.field)
                .add_columns(tokens.recommend_weight, tokens.created_at)
                .where(
                    tokens.shop_id == bindparam("shop_id"),
                    tokens.token >= bindparam(f"from_{k}"),
                    tokens.token < bindparam(f"before_{k}"),
                    tokens.listed_from <= bindparam("now"),
                )
            )
    hits = (union_all(*scans) if len(scans) > 1 else scans[0]).subquery("hits")
    # One pass over the hits: a term a product lacks leaves its best field NULL, so the sum is too.
    best = [func.min(hits.c.field).filter(hits.c.term == term) for term in range(len(spellings))]
    rank = functools.reduce(operator.add, best)
    return (
        select(hits.c.product_id, rank.label("rank"))
        .add_columns(
            func.max(hits.c.recommend_weight).label("recommend_weight"),
            func.max(hits.c.created_at).label("created_at"),
        )
        .group_by(hits.c.product_id)
        .having(rank.is_not(None))
        .subquery("matched")
    )


def token_matches(terms: list[str]) -> tuple[Subquery, dict]:
    """The products (listed at the bound `now`, of the bound `shop_id`) with a token starting
    with each term, in any of its spellings: `product_id`, `rank` (as `rank`: each term's best
    field, summed) and the shop's order (`recommend_weight`, `created_at`), all read from the
    index of `SEARCH_TOKENS`; with the values of its spellings' parameters."""
    spellings = [variants(term) for term in terms]
    flat = [spelling for group in spellings for spelling in group]
    values = {f"from_{k}": spelling for k, spelling in enumerate(flat)}
    values |= {f"before_{k}": _successor(spelling) for k, spelling in enumerate(flat)}
    return _token_matches(tuple(len(group) for group in spellings)), values


def one_term_page_answers(dialect: str, terms: list[str]) -> bool:
    """`ONE_TERM_PAGE` answers a search of one Chinese term in one spelling (every Chinese term
    has one: `variants` adds spellings to Latin words only), on PostgreSQL, in the recommend order."""
    return token_table_answers(dialect, terms) and len(terms) == 1 and len(variants(terms[0])) == 1


def one_term_values(term: str, page: int, per_page: int) -> dict:
    """`ONE_TERM_PAGE`'s values for `term`'s `page` (besides `shop_id` and `now`)."""
    return {
        "from_0": term,
        "before_0": _successor(term),
        "each": page * per_page,
        "limit": per_page,
        "offset": (page - 1) * per_page,
    }


def _one_term_page() -> TextClause:
    """One term's page of `token_matches`' order (rank, then the shop's order) with the count of
    all its matches, without ranking every match. A product's rank is its best field among the
    tokens the term starts, so its best row comes first among its rows in the search's order; and
    any product above one of the page's in some token's rows (ix_product_search_tokens_ranked,
    migration 0038) is above it in the search. So the first `each` (the page's end) rows of each
    token the term starts hold every product up to the page's end with its best row: the
    distinct tokens are found one index probe each (a recursive walk), each gives its first
    `each` rows from the index, and only those are ranked. The count reads every match, but
    sorts only product ids. 蜂蜜 at 10,000 products (2,429 matches, 12 tokens): 2.56 -> 1.94 ms
    a statement in the BFF (median of 250), 10.6 -> 8.1 ms the whole call (`make bench`); on the
    demo's 16 matches 0.29 -> 0.34 ms. The walk is PostgreSQL's loose index scan
    (https://wiki.postgresql.org/wiki/Loose_indexscan)."""
    statement = sql(
        """
        WITH RECURSIVE tokens(token) AS (
            (SELECT token FROM product_search_tokens
             WHERE shop_id = :shop_id AND token >= :from_0 AND token < :before_0
             ORDER BY token LIMIT 1)
            UNION ALL
            SELECT (SELECT following.token FROM product_search_tokens AS following
                    WHERE following.shop_id = :shop_id AND following.token > tokens.token
                      AND following.token < :before_0
                    ORDER BY following.token LIMIT 1)
            FROM tokens WHERE tokens.token IS NOT NULL
        ),
        firsts AS (
            SELECT best.* FROM tokens CROSS JOIN LATERAL (
                SELECT hit.product_id, hit.field, hit.recommend_weight, hit.created_at
                FROM product_search_tokens AS hit
                WHERE hit.shop_id = :shop_id AND hit.token = tokens.token
                  AND hit.listed_from <= :now
                ORDER BY hit.field, hit.recommend_weight DESC, hit.created_at DESC,
                         hit.product_id DESC
                LIMIT :each
            ) AS best
            WHERE tokens.token IS NOT NULL
        )
        SELECT ranked.product_id AS id, (
            SELECT count(DISTINCT counted.product_id) FROM product_search_tokens AS counted
            WHERE counted.shop_id = :shop_id AND counted.token >= :from_0
              AND counted.token < :before_0 AND counted.listed_from <= :now
        ) AS total
        FROM (
            SELECT product_id, min(field) AS rank, max(recommend_weight) AS recommend_weight,
                   max(created_at) AS created_at
            FROM firsts GROUP BY product_id
        ) AS ranked
        ORDER BY ranked.rank, ranked.recommend_weight DESC, ranked.created_at DESC,
                 ranked.product_id DESC
        LIMIT :limit OFFSET :offset
        """
    )
    return statement.bindparams(
        bindparam("shop_id", type_=Integer),
        bindparam("from_0", type_=Text),
        bindparam("before_0", type_=Text),
        bindparam("now", type_=DateTime(timezone=True)),
        bindparam("each", type_=BigInteger),
        bindparam("limit", type_=Integer),
        bindparam("offset", type_=BigInteger),
    ).columns(id=Integer, total=Integer)


ONE_TERM_PAGE = _one_term_page()
