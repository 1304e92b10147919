"""The restore drill: scripts/backup.sh, the database destroyed and the media deleted,
scripts/restore.sh, and the orders, users and images are all there again (rows and files counted
and compared, the ID numbers still readable with the key kept apart from the backup).

PostgreSQL only (pg_dump): runs when TEST_DATABASE_URL is set, on a database of its own that it
creates and drops, as the suite's conftest does."""

import hashlib
import os
import secrets
import subprocess
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from bff.common.encryption import decrypt, encrypt
from bff.config import ROOT
from bff.tests.test_migrations import _insert, _upgrade_to_head

SERVER = os.environ.get("TEST_DATABASE_URL")
pytestmark = pytest.mark.skipif(not SERVER, reason="the restore drill needs PostgreSQL (TEST_DATABASE_URL)")
TABLES = ("shops", "users", "orders", "order_lines", "products", "product_images")
ID_NUMBER = "11010519491231002X"


@pytest.fixture
def drill_database():
    """An empty database of the drill's own: (its URL, a function that drops and recreates it)."""
    base = make_url(SERVER)
    name = f"restore_drill_{os.getpid()}_{secrets.token_hex(3)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")

    def recreate(drop: bool = True):
        with admin.connect() as conn:
            if drop:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))

    recreate(drop=False)
    try:
        yield base.set(database=name).render_as_string(hide_password=False), recreate
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _fill(url: str, media: Path) -> None:
    """A shop with members, orders (ID numbers encrypted) and products whose images are files."""
    engine = create_engine(url)
    with engine.begin() as conn:
        _upgrade_to_head(conn)
        shop = _insert(conn, "shops", code="drill")
        users = [_insert(conn, "users", shop_id=shop, email=f"m{i}@example.com") for i in range(3)]
        for i in range(4):
            product = _insert(conn, "products", shop_id=shop, name=f"Honey {i}")
            for j in range(2):
                path = f"products/p{i}-{j}.{secrets.token_hex(6)}.jpg"
                (media / path).parent.mkdir(parents=True, exist_ok=True)
                (media / path).write_bytes(secrets.token_bytes(2048 + i * 100 + j))
                _insert(conn, "product_images", shop_id=shop, product_id=product, path=path)
        for i in range(5):
            order = _insert(
                conn,
                "orders",
                shop_id=shop,
                user_id=users[i % 3],
                order_number=f"260101-DRL{i}-AAAA",
                idempotency_key=f"drill-{i}",
                shipping_id=encrypt(ID_NUMBER),
            )
            _insert(conn, "order_lines", shop_id=shop, order_id=order, product_name=f"Honey {i}")
    engine.dispose()


def _rows(url: str) -> dict[str, int]:
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = {t: conn.execute(text(f"SELECT count(*) FROM {t}")).scalar() for t in TABLES}
        ids = conn.execute(text("SELECT shipping_id FROM orders")).scalars().all()
        rows["readable ID numbers"] = sum(decrypt(i) == ID_NUMBER for i in ids)
    engine.dispose()
    return rows


def _files(media: Path) -> dict[str, str]:
    return {
        str(p.relative_to(media)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in media.rglob("*")
        if p.is_file()
    }


def _run(script: str, url: str, media: Path, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": url, "MEDIA_ROOT": str(media)}
    done = subprocess.run(
        [str(ROOT / "scripts" / script), *args], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_backup_destroy_restore_and_everything_is_back(drill_database, tmp_path, capsys):
    url, recreate = drill_database
    media, backups = tmp_path / "media", tmp_path / "backups"
    media.mkdir()
    _fill(url, media)
    rows_before, files_before = _rows(url), _files(media)
    assert rows_before["orders"] == 5 and rows_before["users"] == 3 and len(files_before) == 8

    backup = Path(_run("backup.sh", url, media, str(backups)))
    assert sorted(p.name for p in backup.iterdir()) == ["SHA256SUMS", "database.dump", "media.tar.gz"]

    # Disaster: the database dropped and made anew, empty; every media file gone.
    recreate()
    for path in media.rglob("*"):
        if path.is_file():
            path.unlink()
    rows_destroyed = _rows_or_none(url)
    assert rows_destroyed is None and _files(media) == {}

    _run("restore.sh", url, media, str(backup))
    rows_after, files_after = _rows(url), _files(media)
    with capsys.disabled():
        print(
            f"\nrestore drill: rows before {rows_before}, after destroying: none (empty database), "
            f"after restore {rows_after}; media files before {len(files_before)} "
            f"({sum((media / p).stat().st_size for p in files_after)} bytes), after destroying 0, "
            f"after restore {len(files_after)} (same SHA-256: {files_after == files_before})"
        )
    assert rows_after == rows_before
    assert files_after == files_before


def test_a_damaged_backup_is_refused_before_anything_is_touched(drill_database, tmp_path):
    url, _recreate = drill_database
    media = tmp_path / "media"
    media.mkdir()
    _fill(url, media)
    backup = Path(_run("backup.sh", url, media, str(tmp_path / "backups")))
    with (backup / "database.dump").open("r+b") as dump:
        dump.seek(100)
        dump.write(b"\0\0\0\0")
    env = {**os.environ, "DATABASE_URL": url, "MEDIA_ROOT": str(media)}
    done = subprocess.run([str(ROOT / "scripts" / "restore.sh"), str(backup)], env=env, capture_output=True)
    assert done.returncode != 0
    assert _rows(url)["orders"] == 5


def _rows_or_none(url: str) -> dict | None:
    engine = create_engine(url)
    with engine.connect() as conn:
        tables = conn.execute(text("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).scalar()
    engine.dispose()
    return None if tables == 0 else _rows(url)
