"""PostgreSQL's table of each product's search tokens (migration 0037): a Chinese search answered
from its index finds and orders exactly what the document's own match and rank do, and the
triggers keep the table current whoever writes a product or its document."""

import importlib.util
import os
import re
from datetime import timedelta

import pytest
from sqlalchemy import Text, cast, delete, select, text

from bff.app import MIGRATIONS_DIR
from bff.catalog import search, services
from bff.catalog.models import SEARCH_TOKENS, Product, ProductSearch
from bff.catalog.search import reindex_product, reindex_products
from bff.catalog.sorting import Sort
from bff.common.models import utcnow
from bff.extensions import db
from bff.tests.helpers import SHOP_A, ids

pytestmark = pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL"), reason="the token table and its triggers are PostgreSQL's"
)

QUERIES = [
    "蜂蜜",
    "奶粉",
    "蜂",
    "新西兰",
    "蜂蜜 新西兰",
    "新西兰 蜂蜜 奶",
    "康维他",
    "麦卢卡蜂蜜",
    "维生素",
    "没有",
]


@pytest.fixture
def chinese_goods(shop, make_product, make_brand, make_shop):
    comvita = make_brand(shop, "康维他")
    made = [
        make_product(shop, "麦卢卡蜂蜜 UMF15+", brand_id=comvita.id, recommend_weight=5),
        make_product(shop, "新西兰蜂蜜", description="纯天然"),
        make_product(shop, "蜂胶牙膏", brand_id=comvita.id, description="天然 蜂蜜 蜂胶"),
        make_product(shop, "婴儿奶粉", description="新西兰原装进口 蜂蜜味"),
        make_product(shop, "羊奶粉", recommend_weight=9),
        make_product(shop, "维生素C", description="新西兰制造"),
        make_product(shop, "蜂蜜 已下架", is_active=False),
        make_product(shop, "蜂蜜 明天上架", publish_at=utcnow() + timedelta(days=1)),
        make_product(shop, "蜂蜜 昨天上架", publish_at=utcnow() - timedelta(days=1)),
    ]
    # Another shop's honey, which no search of this shop may find.
    other = make_shop("shop-b.test")
    make_product(other, "新西兰蜂蜜 别家")
    db.session.commit()
    return made


def _both_ways(shop, query: str, sort: Sort, monkeypatch) -> tuple[list, list]:
    """The page of `query` from the token table and from the documents' own match and rank."""
    answers = []
    for use_table in (True, False):
        with monkeypatch.context() as patch:
            patch.setattr(search, "token_table_answers", lambda _dialect, _terms, use=use_table: use)
            page = services.search_products(db.session, shop, query, sort, 1, 20)
        answers.append(([card.product.id for card in page.items], page.total))
    return answers[0], answers[1]


@pytest.mark.parametrize("sort", [Sort.RECOMMEND, Sort.NEWEST, Sort.CHEAPEST, Sort.POPULAR])
@pytest.mark.parametrize("query", QUERIES)
def test_the_token_table_finds_and_orders_what_the_documents_do(
    shop, chinese_goods, monkeypatch, query, sort
):
    from_table, from_documents = _both_ways(shop, query, sort, monkeypatch)
    assert from_table == from_documents


@pytest.fixture
def many_bee_goods(shop, make_product, make_brand):
    """Products a one-term search of 蜂 finds through several tokens each (蜂蜜, 蜂胶, 蜂王浆,
    蜂巢...), in the name, the brand or only the description, at tied and untied weights."""
    hive = make_brand(shop, "蜂巢牌")
    words = ["蜂蜜", "蜂胶", "蜂王浆", "蜂巢蜜", "蜂花粉"]
    for n in range(18):
        name, other = words[n % 5], words[(n + 2) % 5]
        make_product(
            shop,
            f"{name} {n}" if n % 3 else f"礼盒 {n}",
            description=f"{other} 蜂蜜" if n % 2 else "天然",
            brand_id=hive.id if n % 4 == 0 else None,
            recommend_weight=n % 3,
        )
    db.session.commit()


def _pages(shop, query: str, per_page: int) -> list[tuple[list, int]]:
    """Every page of `query` in the recommend order (and one past the last), as ids and total."""
    pages, page = [], 1
    while True:
        found = services.search_products(db.session, shop, query, Sort.RECOMMEND, page, per_page)
        pages.append(([card.product.id for card in found.items], found.total))
        if not found.items:
            return pages
        page += 1


@pytest.mark.parametrize("query", ["蜂", "蜂蜜", "蜂巢", "天然", "没有"])
def test_a_one_term_page_is_the_page_every_match_ranked_gives(shop, many_bee_goods, monkeypatch, query):
    """ONE_TERM_PAGE ranks only each token's first rows: every page (of 2, 3 and 20) is still the
    one that ranking every match gives, from the token table and from the documents."""
    assert search.one_term_page_answers("postgresql", [query])
    for per_page in (2, 3, 20):
        one_term = _pages(shop, query, per_page)
        with monkeypatch.context() as patch:
            patch.setattr(search, "one_term_page_answers", lambda _dialect, _terms: False)
            every_match = _pages(shop, query, per_page)
            patch.setattr(search, "token_table_answers", lambda _dialect, _terms: False)
            documents = _pages(shop, query, per_page)
        assert one_term == every_match == documents
    if query == "蜂":
        # All but 礼盒 6 (蜂 in neither its name, its description nor a brand), on one page of 20.
        assert one_term[0][1] == 17 and len(one_term) == 2


def test_only_one_chinese_term_takes_the_one_term_page(app):
    assert search.one_term_page_answers("postgresql", ["蜂蜜"])
    assert not search.one_term_page_answers("postgresql", ["蜂蜜", "新西兰"])
    assert not search.one_term_page_answers("postgresql", ["maluka"])
    assert not search.one_term_page_answers("sqlite", ["蜂蜜"])


def test_chinese_terms_on_postgresql_are_answered_by_the_table(app):
    assert search.token_table_answers("postgresql", ["蜂蜜", "新西兰"])
    assert not search.token_table_answers("postgresql", ["蜂蜜", "umf"])  # a substring match
    assert not search.token_table_answers("postgresql", ["fengmi"])  # pinyin matches text too
    assert not search.token_table_answers("sqlite", ["蜂蜜"])


def _found(client, term: str) -> list[int]:
    """Every page of the search, in order."""
    found, page, last = [], 1, 1
    while page <= last:
        res = client.post(f"/api/product/search/?searchTerm={term}&page={page}", headers=SHOP_A)
        assert res.status_code == 200, res.data
        found += ids(res.json["products"]["data"])
        page, last = page + 1, res.json["products"]["last_page"]
    return found


def test_names_come_before_descriptions_each_in_the_shops_order(client, chinese_goods):
    honey, nz_honey, propolis, formula, *_, published = chinese_goods
    # Name matches by weight, then newest first; then the description-only ones, newest first.
    # Not the inactive one, the one published tomorrow, or the other shop's.
    assert _found(client, "蜂蜜") == [honey.id, published.id, nz_honey.id, formula.id, propolis.id]


# Every column, `listed_from` as text: psycopg reads no infinite timestamp.
_COLUMNS = [cast(c, Text) if c.name == "listed_from" else c for c in SEARCH_TOKENS.c]


def _rows(product_id: int) -> dict[str, tuple]:
    """A product's rows by token: (field, listed_from, recommend_weight, created_at)."""
    rows = db.session.execute(select(*_COLUMNS).where(SEARCH_TOKENS.c.product_id == product_id)).all()
    return {row.token: (row.field, row.listed_from, row.recommend_weight, row.created_at) for row in rows}


def _all_rows() -> set[tuple]:
    return set(db.session.execute(select(*_COLUMNS)).all())


def test_a_written_document_writes_its_tokens_with_the_field_they_are_best_in(shop, make_product, make_brand):
    brand = make_brand(shop, "康维他")
    product = make_product(
        shop, "麦卢卡蜂蜜", brand_id=brand.id, description="新西兰 蜂蜜", recommend_weight=3
    )
    rows = _rows(product.id)
    assert rows["蜂蜜"][0] == 0  # in the name (and the description)
    assert rows["康维他"][0] == 1
    assert rows["新西兰"][0] == 2
    assert "fengmi" not in rows and "kwt" not in rows  # pinyin and initials: never looked up here
    assert {row[1:] for row in rows.values()} == {("-infinity", 3, product.created_at)}  # listed, no start


def test_a_product_deactivated_scheduled_or_reordered_updates_its_rows(client, shop, make_product):
    product = make_product(shop, "蜂蜜")
    assert _found(client, "蜂蜜") == [product.id]
    product.is_active = False
    db.session.commit()
    assert _found(client, "蜂蜜") == []
    assert {row[1] for row in _rows(product.id).values()} == {"infinity"}
    product.is_active = True
    product.publish_at = utcnow() + timedelta(hours=1)
    db.session.commit()
    assert _found(client, "蜂蜜") == []
    product.publish_at = utcnow() - timedelta(seconds=1)
    product.recommend_weight = 7
    db.session.commit()
    assert _found(client, "蜂蜜") == [product.id]
    assert {row[2] for row in _rows(product.id).values()} == {7}


def test_a_renamed_product_gets_its_new_tokens_and_a_deleted_one_loses_them(shop, make_product):
    product = make_product(shop, "蜂蜜")
    product.name = "奶粉"
    reindex_product(db.session, product)
    db.session.commit()
    assert "奶粉" in _rows(product.id) and "蜂蜜" not in _rows(product.id)
    db.session.execute(delete(Product).where(Product.id == product.id))
    db.session.commit()
    assert _rows(product.id) == {}


def test_a_bulk_reindex_and_the_migrations_backfill_write_the_same_rows(shop, chinese_goods):
    written = _all_rows()
    assert written
    reindex_products(db.session)
    db.session.commit()
    assert _all_rows() == written
    # The backfill of migration 0037, on documents whose tokens were lost.
    migration = _module(MIGRATIONS_DIR + "/versions/0037_search_tokens_table.py")
    db.session.execute(delete(SEARCH_TOKENS))
    db.session.execute(text(migration.STATEMENTS[-1]))
    db.session.commit()
    assert _all_rows() == written
    assert db.session.scalar(select(ProductSearch.product_id).limit(1)) is not None


def _module(path: str):
    spec = importlib.util.spec_from_file_location("migration", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_search_reads_the_tables_index_only(shop, chinese_goods):
    found, values = search.token_matches(["蜂蜜"])
    compiled = select(found.c.product_id).compile(db.engine)
    params = compiled.construct_params({"shop_id": shop.id, "now": utcnow(), **values})
    with db.engine.begin() as conn:
        # A table this small is read whole; forbidding that shows the index can answer.
        conn.execute(text("SET LOCAL enable_seqscan = off"))
        conn.execute(text("SET LOCAL enable_bitmapscan = off"))
        plan = "\n".join(row[0] for row in conn.exec_driver_sql(f"EXPLAIN {compiled}", params))
    # Either index covers the statement (the ranked one of migration 0038 holds every column too).
    covering = r"Index Only Scan using (pk_product_search_tokens|ix_product_search_tokens_ranked)"
    assert re.search(covering, plan), plan


def test_a_one_term_page_reads_each_tokens_first_rows_from_the_ranked_index(shop, chinese_goods):
    values = {"shop_id": shop.id, "now": utcnow(), **search.one_term_values("蜂", 1, 20)}
    compiled = search.ONE_TERM_PAGE.compile(db.engine)
    with db.engine.begin() as conn:
        conn.execute(text("SET LOCAL enable_seqscan = off"))
        conn.execute(text("SET LOCAL enable_bitmapscan = off"))
        plan = "\n".join(row[0] for row in conn.exec_driver_sql(f"EXPLAIN {compiled}", values))
    scans = re.findall(r"(\w[\w ]*Scan)(?: using (\w+))?", plan)
    # The walk, each token's first rows and the count: index-only scans, none of them sorted.
    assert ("Index Only Scan", "ix_product_search_tokens_ranked") in scans, plan
    assert all(kind == "Index Only Scan" for kind, index in scans if index), plan
    assert "Sort Key: hit." not in plan, plan
