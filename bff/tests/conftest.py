"""Root fixtures: the app on a real database (SQLite file, or PostgreSQL when
TEST_DATABASE_URL is set), a client, a session and builders for shop data."""

import os
import secrets
import tempfile
from contextlib import contextmanager, nullcontext

import pytest
from flask_migrate import upgrade
from sqlalchemy import create_engine, event, make_url, text

from bff.accounts.outbox import sender_of
from bff.app import create_app
from bff.config import Config
from bff.extensions import db

pytest_plugins = [
    "bff.tests.fixtures.catalog",
    "bff.tests.fixtures.presets",
    "bff.tests.fixtures.accounts",
    "bff.tests.fixtures.shopping",
    "bff.tests.fixtures.admin",
    "bff.tests.fixtures.orders",
    "bff.tests.fixtures.s3",
]


class TestConfig(Config):
    def __init__(self, var_dir: str, database_url: str | None = None):
        os.environ["VAR_DIR"] = var_dir
        self._test_database_url = database_url
        super().__init__()
        self.TESTING = True
        self.PAGE_SIZE = 4
        self.PAYMENT_SANDBOX_ENABLED = True
        # Tests change a shop and read it back at once; bff/tests/shops/test_shop_cache.py turns it on.
        self.SHOP_CACHE_SECONDS = 0
        # On for SQLite too: every test that writes and reads back checks that the write is seen.
        self.CATALOGUE_CACHE_MB = 32
        # Mail goes on the committing thread; a test that wants the sending thread turns it on (and
        # _clean_tables stops it), so no app of the suite's leaves a sender polling the database.
        self.MAIL_ASYNC = False

    def _database_url(self) -> str:
        if self._test_database_url:
            os.environ["DATABASE_URL"] = self._test_database_url
            return super()._database_url()
        return f"sqlite:///{self.VAR_DIR / 'test.db'}"


def config_beside(app) -> TestConfig:
    """The settings of another app on `app`'s database (as a second gunicorn worker): the same URL
    and the same engine options, which differ by database (SQLite's lock wait is no PostgreSQL
    option)."""
    config = TestConfig(str(app.config["VAR_DIR"]))
    config.SQLALCHEMY_DATABASE_URI = app.config["SQLALCHEMY_DATABASE_URI"]
    config.SQLALCHEMY_ENGINE_OPTIONS = app.config["SQLALCHEMY_ENGINE_OPTIONS"]
    return config


@contextmanager
def own_database(server_url: str):
    """A database of this run's own on the PostgreSQL server `server_url` names, created here and
    dropped at the end: any number of runs may share the server (and CI's one `test` database,
    which is only used to issue CREATE and DROP DATABASE)."""
    base = make_url(server_url)
    name = f"{base.database or 'test'}_run_{os.getpid()}_{secrets.token_hex(3)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="session")
def app():
    server = os.environ.get("TEST_DATABASE_URL")
    with tempfile.TemporaryDirectory() as var_dir, own_database(server) if server else nullcontext() as url:
        app = create_app(TestConfig(var_dir, url))
        with app.app_context():
            if db.engine.dialect.name != "postgresql":
                # Test data is thrown away: skipping the fsync of every commit halves the run time.
                event.listen(db.engine, "connect", _sqlite_without_fsync)
            # The schema comes only from the migrations, as in production.
            upgrade()
            yield app
            db.session.remove()
            db.engine.dispose()


def _sqlite_without_fsync(dbapi_connection, _record):
    dbapi_connection.execute("PRAGMA synchronous = OFF")


@pytest.fixture(autouse=True)
def _clean_tables(app):
    yield
    # A mail sender a test woke (MAIL_ASYNC) must not live on to send the next test's rows.
    assert sender_of(app).stop(), "the mail sender thread did not end"
    db.session.rollback()
    tables = [t.name for t in reversed(db.metadata.sorted_tables)]
    # DELETE, not TRUNCATE: on tables this small it is several times faster on PostgreSQL.
    with db.engine.begin() as conn:
        for name in tables:
            conn.execute(text(f"DELETE FROM {name}"))
    db.session.remove()
    # The rows went behind the session's back (ids and versions start again): so go the caches.
    app.extensions["bff.catalogue_answers"].clear()
    app.extensions["bff.catalogue_versions"].forget([0])


@pytest.fixture
def session(app):
    return db.session


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def auth_headers(app):
    """Headers of a signed-in request by `user` on the shop's first host (no login call, so
    no rate limit is spent): `client.get(url, headers=auth_headers(user))`."""
    from bff.accounts import services
    from bff.accounts.auth import issue_token
    from bff.shops.models import Shop

    def build(user, host: str | None = None) -> dict:
        opened = services.open_session(db.session, user, app.config["SESSION_LIFETIME"])
        shop = db.session.get(Shop, user.shop_id)
        return {
            "Authorization": f"Bearer {issue_token(opened.session)}",
            "X-Site-Host": host or shop.domains[0].hostname,
        }

    return build


class QueryCounter:
    def __init__(self):
        self.statements: list[str] = []

    def __call__(self, conn, cursor, statement, *args):
        self.statements.append(statement)

    @property
    def count(self) -> int:
        return len(self.statements)


@pytest.fixture
def count_queries(app):
    """Context manager that records every SQL statement run inside it."""

    @contextmanager
    def counting():
        counter = QueryCounter()
        event.listen(db.engine, "before_cursor_execute", counter)
        try:
            yield counter
        finally:
            event.remove(db.engine, "before_cursor_execute", counter)

    return counting
