"""The schema comes only from the migrations: they build it from an empty database, and
the models have not drifted from them (what `alembic check` reports), on SQLite and on
PostgreSQL (when TEST_DATABASE_URL is set)."""

import os
from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config as AlembicConfig
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text

from bff.app import MIGRATE_OPTIONS, MIGRATIONS_DIR
from bff.catalog.models import POSTGRES_ONLY_TABLES, SQLITE_ONLY_TABLE_PREFIX
from bff.extensions import db

# Per process, so that two suites sharing a PostgreSQL database do not collide.
SCHEMA = f"migration_check_{os.getpid()}"
# Options the app gives Alembic (bff/app.py).
OPTIONS = MIGRATE_OPTIONS


def _config() -> AlembicConfig:
    config = AlembicConfig()
    config.set_main_option("script_location", MIGRATIONS_DIR)
    return config


def _script() -> ScriptDirectory:
    return ScriptDirectory.from_config(_config())


def _upgrade_to_head(connection, destination: str = "head") -> None:
    """Run every migration on `connection` (up to `destination`), as `flask db upgrade` does."""
    _migrate(connection, destination, downgrade=False)


def _downgrade_to(connection, destination: str) -> None:
    """Undo the migrations on `connection` down to `destination`, as `flask db downgrade` does."""
    _migrate(connection, destination, downgrade=True)


def _migrate(connection, destination: str, downgrade: bool) -> None:
    config = _config()
    script = ScriptDirectory.from_config(config)
    steps = script._downgrade_revs if downgrade else script._upgrade_revs
    with EnvironmentContext(
        config, script, fn=lambda rev, _context: steps(destination, rev), destination_rev=destination
    ) as env:
        env.configure(connection=connection, target_metadata=db.metadata, **OPTIONS)
        with env.begin_transaction():
            env.run_migrations()


def _drift(connection) -> list:
    context = MigrationContext.configure(connection, opts=OPTIONS)
    return compare_metadata(context, db.metadata)


@pytest.fixture
def empty_database(app, tmp_path):
    """A connection to an empty database: a new SQLite file, or a new PostgreSQL schema."""
    if db.engine.dialect.name == "postgresql":
        engine = create_engine(db.engine.url)
        with engine.connect() as connection:
            connection.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
            connection.execute(text(f"CREATE SCHEMA {SCHEMA}"))
            connection.execute(text(f"SET search_path TO {SCHEMA}"))
            connection.commit()
            try:
                yield connection
            finally:
                connection.rollback()
                connection.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))
                connection.commit()
        engine.dispose()
    else:
        engine = create_engine(f"sqlite:///{tmp_path / 'empty.db'}")
        with engine.connect() as connection:
            yield connection
        engine.dispose()


def test_the_migrations_have_a_single_head():
    assert len(_script().get_heads()) == 1


def test_migrations_build_every_table_from_an_empty_database(empty_database):
    assert inspect(empty_database).get_table_names() == []
    _upgrade_to_head(empty_database)
    tables = set(inspect(empty_database).get_table_names())
    # SQLite's full-text index of the search tokens (migration 0034) is a virtual table, which
    # FTS5 keeps in tables of its own; no model declares them.
    # PostgreSQL's search tokens (migration 0037) are a table of its own, read with Core.
    full_text = {t for t in tables if t.startswith(SQLITE_ONLY_TABLE_PREFIX)}
    if empty_database.dialect.name == "sqlite":
        assert SQLITE_ONLY_TABLE_PREFIX in full_text
        assert tables & POSTGRES_ONLY_TABLES == set()
    else:
        assert full_text == set()
        assert tables & POSTGRES_ONLY_TABLES == POSTGRES_ONLY_TABLES
    assert set(db.metadata.tables) | {"alembic_version"} == tables - full_text - POSTGRES_ONLY_TABLES
    version = empty_database.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert version == _script().get_current_head()


def test_models_do_not_drift_from_freshly_run_migrations(empty_database):
    _upgrade_to_head(empty_database)
    assert _drift(empty_database) == []


def test_the_test_database_is_at_head_with_no_drift(app):
    with db.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == _script().get_current_head()
        assert _drift(connection) == []


def _insert(connection, table: str, **values) -> int:
    """A row of `table` with `values`, every other required column given a placeholder."""
    for column in inspect(connection).get_columns(table):
        name, kind = column["name"], column["type"].python_type
        if name == "id" or name in values or column["nullable"] or column.get("default") is not None:
            continue
        values[name] = {str: "x", bool: False, datetime: datetime.now(UTC)}.get(kind, 0)
    names = ", ".join(values)
    marks = ", ".join(f":{name}" for name in values)
    insert = text(f"INSERT INTO {table} ({names}) VALUES ({marks}) RETURNING id")
    return connection.execute(insert, values).scalar()


def test_china_addresses_typed_before_the_lists_get_what_their_text_tells(empty_database):
    # 0010 added the codes and 0011 fills them in: each address keeps its text, a China one gets
    # the province (and city) its text names, else nothing and the shopper completes it.
    _upgrade_to_head(empty_database, "0009")
    shop = _insert(empty_database, "shops", code="zh")
    user = _insert(empty_database, "users", shop_id=shop, email="a@example.com")
    typed = {
        ("中国", "新疆乌鲁木齐", "天山区人民路1号"): ("650000", "650100"),
        ("中国", "新 疆", "乌鲁木齐市"): ("650000", "650100"),
        ("中国", "广州", "北京路1号"): ("440000", "440100"),
        ("中国", "上海", "西藏中路100号"): ("310000", "310000"),
        ("中国", "Xinjiang Urumqi", "Renmin Rd 1"): (None, None),
        ("中国", "新彊", "人民路1号"): (None, None),
        ("中国", "新彊", "乌鲁木齐市人民路1号"): ("650000", "650100"),  # the address tells
        ("New Zealand", "Auckland", "1 Queen St"): (None, None),
    }
    ids = {
        _insert(
            empty_database,
            "shipping_addresses",
            shop_id=shop,
            user_id=user,
            shipping_name="王小明",
            shipping_contact="13800000000",
            shipping_country=country,
            shipping_city=city,
            shipping_address=address,
        ): (country, city, address)
        for country, city, address in typed
    }
    _upgrade_to_head(empty_database)
    rows = empty_database.execute(
        text(
            "SELECT id, shipping_country, shipping_city, shipping_address, province_code, city_code,"
            " district_code FROM shipping_addresses"
        )
    ).all()
    assert len(rows) == len(typed)  # nothing lost
    for row_id, country, city, address, province_code, city_code, district_code in rows:
        assert ids[row_id] == (country, city, address)  # the text as the shopper wrote it
        assert (province_code, city_code, district_code) == (*typed[(country, city, address)], None)
