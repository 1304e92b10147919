"""The schema comes only from the migrations: they build it from an empty database, and
the models have not drifted from them (what `alembic check` reports), on SQLite and on
PostgreSQL (when TEST_DATABASE_URL is set)."""

import os

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config as AlembicConfig
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text

from bff.app import MIGRATE_OPTIONS, MIGRATIONS_DIR
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


def _upgrade_to_head(connection) -> None:
    """Run every migration on `connection`, as `flask db upgrade` does."""
    config = _config()
    script = ScriptDirectory.from_config(config)
    with EnvironmentContext(
        config,
        script,
        fn=lambda rev, _context: script._upgrade_revs("head", rev),
        destination_rev="head",
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
    assert set(db.metadata.tables) | {"alembic_version"} == tables
    version = empty_database.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert version == _script().get_current_head()


def test_models_do_not_drift_from_freshly_run_migrations(empty_database):
    _upgrade_to_head(empty_database)
    assert _drift(empty_database) == []


def test_the_test_database_is_at_head_with_no_drift(app):
    with db.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == _script().get_current_head()
        assert _drift(connection) == []
