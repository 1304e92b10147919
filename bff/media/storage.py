"""Where uploaded and demo images live: local files under MEDIA_ROOT by default, or an
S3-compatible object store (AWS S3, MinIO, ...) with MEDIA_STORAGE=s3, so that several BFF
machines share one set of pictures. `media_storage()` gives the configured one; callers use
`save` (and `exists`), and `media_url` turns a stored path into the URL a browser fetches.
`stored`, `open` and `put` serve the backups (bff/media/archive.py): every object, read and written
back under its own path.
"""

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from flask import current_app, has_app_context

MEDIA_URL = "/media/"
# Characters that would end or alter a URL path (`?`, `#`, `%`, spaces...) or name a folder.
_UNSAFE_NAME = re.compile(r"[^\w.-]+")


def _media_path(folder: str, name: str, data: bytes) -> str:
    """`folder/stem.<hash>.ext`: the content hash in the name makes the file immutable, so it
    can be cached for a year."""
    digest = hashlib.sha256(data).hexdigest()[:12]
    # An uploaded file's name is the shopper's or admin's text: keep it URL-safe.
    name = PurePosixPath(_UNSAFE_NAME.sub("-", name.replace("\\", "/").rsplit("/", 1)[-1]))
    # Short enough for any file system (255 bytes a name) and an object key with its folder.
    stem = name.stem.strip("-.").encode()[:80].decode(errors="ignore") or "file"
    suffix = name.suffix[:10]
    return f"{folder.strip('/')}/{stem}.{digest}{suffix}"


class LocalStorage:
    def __init__(self, root: Path):
        self.root = Path(root)

    def exists(self, path: str) -> bool:
        return (self.root / path).is_file()

    def save(self, folder: str, name: str, data: bytes) -> str:
        """Store `data` and return its media path."""
        path = _media_path(folder, name, data)
        if not self.exists(path):
            self.put(path, data)
        return path

    def stored(self) -> Iterator[tuple[str, int]]:
        """(path, size) of every stored file."""
        if self.root.is_dir():
            for file in sorted(self.root.rglob("*")):
                if file.is_file():
                    yield file.relative_to(self.root).as_posix(), file.stat().st_size

    def open(self, path: str) -> BinaryIO:
        return (self.root / path).open("rb")

    def put(self, path: str, data: bytes) -> None:
        """Write `data` at exactly `path` (a restore writes each file back where it was)."""
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)

    @staticmethod
    def url(path: str | None) -> str | None:
        if not path:
            return None
        if path.startswith(("http://", "https://", "/")):
            return path
        return MEDIA_URL + path


_TYPES = {
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".png": "image/png",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".svg": "image/svg+xml",
}


class S3Storage:
    """Objects `<prefix><path>` in one bucket of an S3-compatible store, written once (the names
    carry their content's hash) with a year's Cache-Control, read by browsers from MEDIA_URL (the
    bucket's public URL or a CDN in front of it)."""

    def __init__(self, bucket: str, prefix: str = "", **client_options):
        import boto3  # only where the store is used: a local set-up never loads it

        self.bucket = bucket
        self.prefix = prefix.strip("/") + "/" if prefix.strip("/") else ""
        self.client = boto3.client("s3", **client_options)

    def exists(self, path: str) -> bool:
        from botocore.exceptions import ClientError

        try:
            self.client.head_object(Bucket=self.bucket, Key=self.prefix + path)
        except ClientError as error:
            if error.response.get("Error", {}).get("Code") in ("404", "NoSuchKey", "NotFound"):
                return False
            raise
        return True

    def save(self, folder: str, name: str, data: bytes) -> str:
        path = _media_path(folder, name, data)
        self.put(path, data)
        return path

    def stored(self) -> Iterator[tuple[str, int]]:
        """(path, size) of every object under the prefix, page by page (1,000 keys a request)."""
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket, Prefix=self.prefix)
        for page in pages:
            for item in page.get("Contents", ()):
                # A key ending in "/" is a console's folder marker, not a file.
                if not item["Key"].endswith("/"):
                    yield item["Key"].removeprefix(self.prefix), item["Size"]

    def open(self, path: str) -> BinaryIO:
        """The object's bytes as a stream: a backup copies it without holding it in memory."""
        return self.client.get_object(Bucket=self.bucket, Key=self.prefix + path)["Body"]

    def put(self, path: str, data: bytes) -> None:
        self.client.put_object(
            Bucket=self.bucket,
            Key=self.prefix + path,
            Body=data,
            ContentType=_TYPES.get(PurePosixPath(path).suffix.lower(), "application/octet-stream"),
            CacheControl="public, max-age=31536000, immutable",
        )


def media_storage() -> LocalStorage | S3Storage:
    """The storage the configuration names (MEDIA_STORAGE: local, the default, or s3)."""
    config = current_app.config
    if config.get("MEDIA_STORAGE", "local") != "s3":
        return LocalStorage(config["MEDIA_ROOT"])
    options = {
        "endpoint_url": config.get("S3_ENDPOINT_URL") or None,
        "region_name": config.get("S3_REGION") or None,
        "aws_access_key_id": config.get("S3_ACCESS_KEY_ID") or None,
        "aws_secret_access_key": config.get("S3_SECRET_ACCESS_KEY") or None,
    }
    return S3Storage(config["S3_BUCKET"], config.get("S3_PREFIX", ""), **options)


def media_base() -> str:
    """MEDIA_URL: `/media/`, or the object store's or CDN's."""
    return current_app.config.get("MEDIA_URL", MEDIA_URL) if has_app_context() else MEDIA_URL


def media_url(path: str | None, base: str | None = None) -> str | None:
    """The URL of a stored path: under `base` (by default media_base(); a listing's cards look
    it up once, not for each of their hundred-odd pictures and sizes)."""
    if not path or path.startswith(("http://", "https://", "/")):
        return path
    return (media_base() if base is None else base) + path
