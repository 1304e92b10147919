"""Where uploaded and demo images live. Local files under MEDIA_ROOT by default.

Callers only use `save` and `url`; an S3-compatible backend can replace
`LocalStorage` by implementing the same two methods.
"""

import hashlib
import re
from pathlib import Path, PurePosixPath

MEDIA_URL = "/media/"
# Characters that would end or alter a URL path (`?`, `#`, `%`, spaces...) or name a folder.
_UNSAFE_NAME = re.compile(r"[^\w.-]+")


class LocalStorage:
    def __init__(self, root: Path):
        self.root = Path(root)

    def save(self, folder: str, name: str, data: bytes) -> str:
        """Store `data` and return its media path. The content hash in the name makes the
        file immutable, so it can be cached for a year."""
        digest = hashlib.sha256(data).hexdigest()[:12]
        # An uploaded file's name is the shopper's or admin's text: keep it URL-safe.
        name = PurePosixPath(_UNSAFE_NAME.sub("-", name.replace("\\", "/").rsplit("/", 1)[-1]))
        stem, suffix = name.stem.strip("-.") or "file", name.suffix
        path = f"{folder.strip('/')}/{stem}.{digest}{suffix}"
        target = self.root / path
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return path

    @staticmethod
    def url(path: str | None) -> str | None:
        if not path:
            return None
        if path.startswith(("http://", "https://", "/")):
            return path
        return MEDIA_URL + path


def media_url(path: str | None) -> str | None:
    return LocalStorage.url(path)
