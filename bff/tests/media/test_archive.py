"""The media store in and out of a backup (`flask media export|import`, bff/media/archive.py), with
local files and with an S3 bucket (moto's local server): every file back with the same bytes,
whichever store wrote the archive, old shell-made archives too, and a crafted one refused whole."""

import hashlib
import io
import secrets
import subprocess
import tarfile

import pytest

from bff.media.archive import UnsafeArchive, export_media, import_media
from bff.media.storage import LocalStorage, S3Storage
from bff.tests.fixtures.s3 import S3_OPTIONS, s3_client, s3_settings


@pytest.fixture
def bucket(app, s3_server):
    """A bucket of this test's own, the app configured for it (prefix `media/`); put back after."""
    name = f"backup-{secrets.token_hex(4)}"
    client = s3_client(s3_server)
    client.create_bucket(Bucket=name)
    settings = s3_settings(s3_server, name)
    saved = {key: app.config.get(key) for key in settings}
    app.config.update(settings)
    yield name, client
    app.config.update(saved)


def _objects(client, bucket: str) -> dict[str, str]:
    """Key -> SHA-256 of every object in the bucket, read with boto3 itself."""
    listed = client.list_objects_v2(Bucket=bucket).get("Contents", [])
    return {
        item["Key"]: hashlib.sha256(
            client.get_object(Bucket=bucket, Key=item["Key"])["Body"].read()
        ).hexdigest()
        for item in listed
    }


def _files(root) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in root.rglob("*")
        if p.is_file()
    }


def test_the_bucket_exported_then_emptied_is_whole_again_after_import(app, bucket, tmp_path):
    name, client = bucket
    for i in range(3):
        client.put_object(
            Bucket=name, Key=f"media/products/p{i}.{i}abc.jpg", Body=secrets.token_bytes(3000 + i)
        )
    client.put_object(Bucket=name, Key="media/shops/logo.1f2e.png", Body=b"\x89PNG logo")
    # Outside the BFF's prefix: not its media, so not in its backup; nor is a folder marker.
    client.put_object(Bucket=name, Key="elsewhere/notes.txt", Body=b"not ours")
    client.put_object(Bucket=name, Key="media/products/", Body=b"")
    before = {k: v for k, v in _objects(client, name).items() if k.startswith("media/") and k[-1] != "/"}
    archive = tmp_path / "media.tar.gz"

    runner = app.test_cli_runner()
    exported = runner.invoke(args=["media", "export", str(archive)])
    assert exported.exit_code == 0, exported.output
    assert f"media: 4 files, {3000 + 3001 + 3002 + 9} bytes from bucket {name}/media" in exported.output
    with tarfile.open(archive) as tar:
        assert sorted(tar.getnames()) == sorted(k.removeprefix("media/") for k in before)

    for key in before:
        client.delete_object(Bucket=name, Key=key)
    assert set(_objects(client, name)) == {"elsewhere/notes.txt", "media/products/"}

    imported = runner.invoke(args=["media", "import", str(archive)])
    assert imported.exit_code == 0, imported.output
    assert "media: 4 files" in imported.output
    after = _objects(client, name)
    assert set(after) == {*before, "elsewhere/notes.txt", "media/products/"}
    assert {key: after[key] for key in before} == before
    # Written back as the BFF writes a picture: typed and immutable for browsers and CDNs.
    head = client.head_object(Bucket=name, Key="media/products/p0.0abc.jpg")
    assert head["ContentType"] == "image/jpeg"
    assert head["CacheControl"] == "public, max-age=31536000, immutable"


def test_a_backup_of_local_files_restores_into_a_bucket_and_back(bucket, s3_server, tmp_path):
    name, client = bucket
    local = LocalStorage(tmp_path / "media")
    for i in range(4):
        local.put(f"products/honey-{i}.{i}{i}{i}.webp", secrets.token_bytes(1000 * (i + 1)))
    archive = tmp_path / "media.tar.gz"
    assert export_media(local, archive).files == 4

    bucket_store = S3Storage(name, "media", endpoint_url=s3_server, **S3_OPTIONS)
    tally = import_media(bucket_store, archive)
    assert (tally.files, tally.bytes) == (4, 10_000)
    expected = _files(tmp_path / "media")
    assert _objects(client, name) == {f"media/{path}": digest for path, digest in expected.items()}

    again = LocalStorage(tmp_path / "restored")
    export_media(bucket_store, tmp_path / "from-bucket.tar.gz")
    import_media(again, tmp_path / "from-bucket.tar.gz")
    assert _files(tmp_path / "restored") == expected


def test_an_archive_the_old_backup_script_made_with_tar_still_restores(tmp_path):
    old = tmp_path / "old"
    (old / "products").mkdir(parents=True)
    (old / "products" / "a.123.jpg").write_bytes(b"jpeg bytes")
    (old / "shops").mkdir()
    (old / "shops" / "b.456.png").write_bytes(b"png bytes")
    archive = tmp_path / "media.tar.gz"
    # What scripts/backup.sh ran before `flask media export`: `./` names and folder entries.
    subprocess.run(["tar", "-C", str(old), "-czf", str(archive), "."], check=True)

    assert import_media(LocalStorage(tmp_path / "new"), archive).files == 2
    assert _files(tmp_path / "new") == _files(old)


@pytest.mark.parametrize(
    "bad",
    [
        tarfile.TarInfo("../outside.jpg"),
        tarfile.TarInfo("/etc/cron.d/evil"),
        tarfile.TarInfo("products/link.jpg"),  # made a symbolic link below
    ],
    ids=["parent folder", "absolute path", "symbolic link"],
)
def test_an_archive_with_a_member_outside_the_store_changes_nothing(tmp_path, bad):
    archive = tmp_path / "crafted.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        good = tarfile.TarInfo("products/fine.jpg")
        good.size = 4
        tar.addfile(good, io.BytesIO(b"fine"))
        if bad.name.endswith("link.jpg"):
            bad.type, bad.linkname = tarfile.SYMTYPE, "/etc/passwd"
        else:
            bad.size = 4
        tar.addfile(bad, io.BytesIO(b"evil") if bad.isfile() else None)

    store = tmp_path / "store"
    with pytest.raises(UnsafeArchive):
        import_media(LocalStorage(store), archive)
    assert not store.exists() and not (tmp_path / "outside.jpg").exists()
