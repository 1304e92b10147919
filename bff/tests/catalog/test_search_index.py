"""The search index: folding, pinyin and initials, ranking, keeping documents current, and
on PostgreSQL the trigram and token indexes that answer a search."""

import os
from urllib.parse import quote

import pytest
from sqlalchemy import delete, func, select, text

from bff.catalog.models import ProductSearch
from bff.catalog.search import match_all, reindex_brand, reindex_product
from bff.catalog.search_text import fold, query_terms
from bff.extensions import db
from bff.tests.helpers import SHOP_A, ids


def _found(client, term: str) -> list[int]:
    res = client.post(f"/api/product/search/?searchTerm={quote(term)}&sort=newest", headers=SHOP_A)
    assert res.status_code == 200, res.data
    return ids(res.json["products"]["data"])


def test_folding_drops_case_and_accents():
    assert fold("Mānuka") == fold("MĀNUKA") == fold("manuka") == "manuka"
    assert fold("Ｗｈａｎｇāｒｅｉ") == "whangarei"


def test_query_terms_cut_chinese_words_and_keep_latin_ones_whole():
    assert query_terms("a2奶粉") == ["a2", "奶粉"]
    assert query_terms("  Mānuka   e_c ") == ["manuka", "e_c"]
    assert query_terms("新西兰蜂蜜，") == ["新西兰", "蜂蜜"]


def test_macrons_match_either_way(client, shop, make_product):
    macron = make_product(shop, "Mānuka Honey")
    plain = make_product(shop, "Manuka Oil")
    assert sorted(_found(client, "manuka")) == sorted([macron.id, plain.id])
    assert sorted(_found(client, "MĀNUKA")) == sorted([macron.id, plain.id])


def test_pinyin_full_spaced_and_initials_find_chinese_names(client, shop, make_product):
    milk = make_product(shop, "新西兰全脂牛奶 1升")
    powder = make_product(shop, "婴儿配方奶粉")
    for term in ("niunai", "niu nai", "nn", "NiuNai", "quanzhi"):
        assert _found(client, term) == [milk.id], term
    assert _found(client, "naifen") == [powder.id]
    assert _found(client, "nf") == [powder.id]


def test_name_matches_come_before_brand_then_description_matches(client, shop, make_product, make_brand):
    honey_brand = make_brand(shop, "Honey Co")
    in_description = make_product(shop, "Toast", description="great with honey")
    in_brand = make_product(shop, "Jar", brand_id=honey_brand.id)
    in_name = make_product(shop, "Clover Honey")
    # Sorted newest first within each rank, so the rank alone puts them in this order.
    assert _found(client, "honey") == [in_name.id, in_brand.id, in_description.id]


def test_a_renamed_product_or_brand_is_found_by_its_new_name_once_reindexed(
    client, shop, make_product, make_brand
):
    brand = make_brand(shop, "Old Brand")
    product = make_product(shop, "Wool socks", brand_id=brand.id)
    product.name = "羊毛袜"
    reindex_product(db.session, product)
    brand.name = "康维他"
    reindex_brand(db.session, brand)
    db.session.commit()
    assert _found(client, "yangmao") == [product.id]
    assert _found(client, "kwt") == [product.id]
    assert _found(client, "socks") == [] and _found(client, "old") == []


def test_the_reindex_command_rebuilds_every_document(app, client, shop, make_product):
    product = make_product(shop, "蜂蜜")
    db.session.execute(delete(ProductSearch))
    db.session.commit()
    assert _found(client, "fengmi") == []
    result = app.test_cli_runner().invoke(args=["reindex-search"])
    assert result.exit_code == 0, result.output
    assert _found(client, "fengmi") == [product.id]
    assert db.session.scalar(select(func.count()).select_from(ProductSearch)) == 1


# The indexes exist only on PostgreSQL; the suite runs there when TEST_DATABASE_URL names a server.
on_postgresql = pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL"), reason="the trigram and token indexes are PostgreSQL's"
)


@on_postgresql
@pytest.mark.parametrize(
    "term, index",
    [
        ("naifen", "ix_product_search_tokens_tsv"),
        ("蜂蜜", "ix_product_search_tokens_tsv"),
        ("manuka", "_trgm"),
    ],
)
def test_on_postgresql_a_search_is_answered_from_the_indexes(app, shop, make_product, term, index):
    for i in range(30):
        make_product(shop, f"婴儿配方奶粉 {i}")
    stmt = select(ProductSearch.product_id).where(match_all(query_terms(term)))
    sql = str(stmt.compile(db.engine, compile_kwargs={"literal_binds": True}))
    with db.engine.begin() as conn:
        # A table this small is read whole; forbidding that shows the index can answer.
        conn.execute(text("SET LOCAL enable_seqscan = off"))
        plan = "\n".join(conn.execute(text(f"EXPLAIN {sql}")).scalars())
    assert index in plan and "Seq Scan" not in plan, plan
