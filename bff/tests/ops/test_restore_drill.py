"""The restore drill: scripts/backup.sh, the database destroyed and the media deleted,
scripts/restore.sh, and the orders, users and images are all there again (rows and files counted
and compared, the ID numbers still readable with the key kept apart from the backup). Twice: with
the media as local files (MEDIA_ROOT) and in an S3 bucket (MEDIA_STORAGE=s3, as docker-compose's
MinIO; here moto's local S3 server).

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
from bff.tests.fixtures.s3 import s3_client, s3_settings
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


class LocalMedia:
    """Media files under a folder, read and deleted with the file system itself."""

    def __init__(self, root: Path):
        self.root = root
        self.env = {"MEDIA_STORAGE": "local", "MEDIA_ROOT": str(root)}

    def write(self, path: str, data: bytes) -> None:
        (self.root / path).parent.mkdir(parents=True, exist_ok=True)
        (self.root / path).write_bytes(data)

    def files(self) -> dict[str, bytes]:
        return {
            p.relative_to(self.root).as_posix(): p.read_bytes() for p in self.root.rglob("*") if p.is_file()
        }

    def destroy(self) -> None:
        for path in self.root.rglob("*"):
            if path.is_file():
                path.unlink()


class BucketMedia:
    """Media objects `media/<path>` in a bucket, read and deleted with boto3 itself."""

    PREFIX = "media/"

    def __init__(self, endpoint: str, bucket: str):
        self.client, self.bucket = s3_client(endpoint), bucket
        self.client.create_bucket(Bucket=bucket)
        self.env = s3_settings(endpoint, bucket, prefix="media")

    def write(self, path: str, data: bytes) -> None:
        self.client.put_object(Bucket=self.bucket, Key=self.PREFIX + path, Body=data)

    def files(self) -> dict[str, bytes]:
        keys = [item["Key"] for item in self.client.list_objects_v2(Bucket=self.bucket).get("Contents", [])]
        return {key.removeprefix(self.PREFIX): self._read(key) for key in keys}

    def _read(self, key: str) -> bytes:
        return self.client.get_object(Bucket=self.bucket, Key=key)["Body"].read()

    def destroy(self) -> None:
        for key in self.files():
            self.client.delete_object(Bucket=self.bucket, Key=self.PREFIX + key)


@pytest.fixture(params=["local", "s3"])
def media(request, tmp_path):
    if request.param == "local":
        (tmp_path / "media").mkdir()
        return LocalMedia(tmp_path / "media")
    return BucketMedia(request.getfixturevalue("s3_server"), f"drill-{secrets.token_hex(4)}")


def _fill(url: str, media: LocalMedia | BucketMedia) -> None:
    """A shop with members, orders (ID numbers encrypted) and products whose images are stored."""
    engine = create_engine(url)
    with engine.begin() as conn:
        _upgrade_to_head(conn)
        shop = _insert(conn, "shops", code="drill")
        users = [_insert(conn, "users", shop_id=shop, email=f"m{i}@example.com") for i in range(3)]
        for i in range(4):
            product = _insert(conn, "products", shop_id=shop, name=f"Honey {i}")
            for j in range(2):
                path = f"products/p{i}-{j}.{secrets.token_hex(6)}.jpg"
                media.write(path, secrets.token_bytes(2048 + i * 100 + j))
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


def _hashes(files: dict[str, bytes]) -> dict[str, str]:
    return {path: hashlib.sha256(data).hexdigest() for path, data in files.items()}


def _run(script: str, url: str, media: LocalMedia | BucketMedia, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": url, **media.env}
    return subprocess.run(
        [str(ROOT / "scripts" / script), *args], env=env, capture_output=True, text=True, timeout=300
    )


def _last_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_backup_destroy_restore_and_everything_is_back(drill_database, media, tmp_path, capsys):
    url, recreate = drill_database
    _fill(url, media)
    rows_before, files_before = _rows(url), media.files()
    assert rows_before["orders"] == 5 and rows_before["users"] == 3 and len(files_before) == 8

    backup = Path(_last_line(_run("backup.sh", url, media, str(tmp_path / "backups"))))
    assert sorted(p.name for p in backup.iterdir()) == ["SHA256SUMS", "database.dump", "media.tar.gz"]

    # Disaster: the database dropped and made anew, empty; every media file (or object) gone.
    recreate()
    media.destroy()
    assert _rows_or_none(url) is None and media.files() == {}

    restored = _run("restore.sh", url, media, str(backup))
    _last_line(restored)
    rows_after, files_after = _rows(url), media.files()
    with capsys.disabled():
        where = "S3 bucket objects" if isinstance(media, BucketMedia) else "local media files"
        print(
            f"\nrestore drill ({where}): rows before {rows_before}; after destroying: none (empty "
            f"database); after restore {rows_after}. {where} before {len(files_before)} "
            f"({sum(map(len, files_before.values()))} bytes), after destroying 0, after restore "
            f"{len(files_after)} ({sum(map(len, files_after.values()))} bytes, same SHA-256 each: "
            f"{_hashes(files_after) == _hashes(files_before)}); restore.sh said: {restored.stderr.strip()}"
        )
    assert rows_after == rows_before
    assert _hashes(files_after) == _hashes(files_before)


def test_a_damaged_backup_is_refused_before_anything_is_touched(drill_database, media, tmp_path):
    url, _recreate = drill_database
    _fill(url, media)
    backup = Path(_last_line(_run("backup.sh", url, media, str(tmp_path / "backups"))))
    with (backup / "database.dump").open("r+b") as dump:
        dump.seek(100)
        dump.write(b"\0\0\0\0")
    files = media.files()
    media.write("products/added-since.jpg", b"newer")

    assert _run("restore.sh", url, media, str(backup)).returncode != 0
    assert _rows(url)["orders"] == 5
    assert media.files() == {**files, "products/added-since.jpg": b"newer"}


def _rows_or_none(url: str) -> dict | None:
    engine = create_engine(url)
    with engine.connect() as conn:
        tables = conn.execute(text("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).scalar()
    engine.dispose()
    return None if tables == 0 else _rows(url)
