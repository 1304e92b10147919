"""The media store in and out of a backup (scripts/backup.sh and restore.sh call `flask media
export` / `import`): one gzip'd tar of every stored file, named by its media path, whichever storage
holds them (local files or an S3 bucket), so a backup of one restores into the other too. Archives
of `tar -C MEDIA_ROOT -czf ... .` (the backups made before this module: `./` names, folders) read
the same."""

import tarfile
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bff.media.storage import LocalStorage, S3Storage


@dataclass
class Tally:
    files: int = 0
    bytes: int = 0

    def add(self, size: int) -> None:
        self.files += 1
        self.bytes += size


class UnsafeArchive(ValueError):
    """A member that is not a plain file under the store (`../`, an absolute path, a link)."""


def export_media(storage: LocalStorage | S3Storage, target: Path) -> Tally:
    """Write every stored file into the archive `target`; objects are streamed, never held whole."""
    tally = Tally()
    now = time.time()
    with tarfile.open(target, "w:gz") as archive:
        for path, size in storage.stored():
            member = tarfile.TarInfo(path)
            member.size, member.mtime, member.mode = size, now, 0o644
            with storage.open(path) as data:
                archive.addfile(member, data)
            tally.add(size)
    return tally


def import_media(storage: LocalStorage | S3Storage, source: Path) -> Tally:
    """Write every file of the archive `source` back at its path, over what the store holds. Every
    name is checked before the first write, so a crafted archive changes nothing."""
    tally = Tally()
    with tarfile.open(source, "r:gz") as archive:
        files = [(member, _media_path(member)) for member in archive.getmembers() if not member.isdir()]
        for member, path in files:
            data = archive.extractfile(member).read()
            storage.put(path, data)
            tally.add(len(data))
    return tally


def _media_path(member: tarfile.TarInfo) -> str:
    path = PurePosixPath(member.name.removeprefix("./"))
    if not member.isfile() or path.is_absolute() or ".." in path.parts or not path.parts:
        raise UnsafeArchive(f"not a media file: {member.name!r}")
    return str(path)
