"""The documents name only what exists: every `make X` in backticks a target of the Makefile, every
file path in backticks a file or folder of the repository.

Read: README.md, SECURITY.md and frontend/README.md. A backticked word is taken for a path when
it has a file's extension, ends with a slash, or starts with a folder of the repository (`bff/x`),
and is not a URL, an API path (`/api/...`), a pattern (`<domain>/`, `$VAR_DIR/...`) or a MIME type.
A path is found when a file or folder of the repository is it or ends with it: the documents
name files from the root (`bff/orders/release.py`) and, in a paragraph about one folder, from
there (`providers/alipay.py` under bff/payments/, `strings.js`). Names written like paths that
are no file of the repository are listed in NOT_PATHS, each with its reason.
"""

import os
import re
from pathlib import Path

import pytest

from bff.config import ROOT

DOCUMENTS = ["README.md", "SECURITY.md", "frontend/README.md"]
# Where a path named from a folder may start; frontend/README.md writes from frontend/src/.
ROOTS = [ROOT, ROOT / "frontend", ROOT / "frontend" / "src"]
# Not the repository's files: installed packages, builds, runtime data, version control.
IGNORED_FOLDERS = {"node_modules", ".venv", ".git", "dist", "var", "__pycache__", ".pytest_cache"}

EXTENSIONS = (
    ".py .js .jsx .mjs .json .md .toml .sh .conf .yml .yaml .lock .html .css .txt .cfg .ini .sql .csv .svg"
).split()

# Written like paths, named by the documents, but not files of the repository (each says why).
NOT_PATHS = {
    # Runtime files and folders the BFF makes under VAR_DIR (./var, git-ignored) on first start.
    "./var",
    "var/outbox/",
    "var/secrets/data_encryption_keys",
    # Where `docker compose run --rm backup` writes, beside docker-compose.yml (git-ignored).
    "./backups",
}

# Marks of a URL, a pattern, a placeholder or code rather than a path.
NOT_IN_PATHS = ("://", "<", ">", "$", "{", "}", " ", "…", "...", "=", "(", "*", "|", ",")
BACKTICKED = re.compile(r"`([^`\n]+)`")
MAKE = re.compile(r"^make ([a-z][\w-]*(?: [a-z][\w-]*)*)")


def _targets() -> set[str]:
    text = (ROOT / "Makefile").read_text()
    names = set()
    for line in text.splitlines():
        match = re.match(r"^([A-Za-z0-9_./ -]+):(?!=)", line)
        if match and not line.startswith("\t"):
            names.update(match.group(1).split())
    return names


def _top_folders() -> set[str]:
    return {entry.name for base in ROOTS for entry in base.iterdir() if entry.is_dir()} - IGNORED_FOLDERS


def _repository_paths() -> set[str]:
    """Every file and folder of the work tree, relative to the root, without what is ignored."""
    found = set()
    for folder, folders, files in os.walk(ROOT):
        folders[:] = [name for name in folders if name not in IGNORED_FOLDERS]
        relative = Path(folder).relative_to(ROOT)
        found.update((relative / name).as_posix() for name in folders + files)
    return found


def _looks_like_path(token: str) -> bool:
    if any(mark in token for mark in NOT_IN_PATHS):
        return False
    if token.startswith(("/", "-", "@")) or ":" in token:
        return False
    if token.endswith(tuple(EXTENSIONS)) or token.endswith("/"):
        return True
    # `bff/orders` or `features/admin`; not a Redux action type (`cart/emptied`) or a time zone.
    return "/" in token and token.split("/")[0].lstrip("./") in _top_folders()


def _paths(document: str) -> list[str]:
    text = (ROOT / document).read_text()
    found = []
    for token in BACKTICKED.findall(text):
        # `bff/x.py` `function` or `bff/x.py::test` or `file.js#anchor`: the file part.
        token = token.split("::")[0].split("#")[0].strip()
        if _looks_like_path(token) and token not in NOT_PATHS:
            found.append(token)
    return sorted(set(found))


def _make_commands(document: str) -> list[str]:
    text = (ROOT / document).read_text()
    names = []
    for token in BACKTICKED.findall(text):
        match = MAKE.match(token.strip())
        if match:
            names.extend(match.group(1).split())
    return sorted(set(names))


def _exists(token: str, paths: set[str]) -> bool:
    name = token.rstrip("/").removeprefix("./")
    return name in paths or any(path.endswith("/" + name) for path in paths)


@pytest.fixture(scope="module")
def repository_paths():
    return _repository_paths()


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_named_path_exists(document, repository_paths):
    missing = [token for token in _paths(document) if not _exists(token, repository_paths)]
    assert missing == [], f"{document} names files that do not exist: {missing}"


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_named_make_target_exists(document):
    targets = _targets()
    missing = [name for name in _make_commands(document) if name not in targets]
    assert missing == [], f"{document} names make targets the Makefile lacks: {missing}"


def test_the_reader_finds_what_it_checks(repository_paths):
    # The parsers are not blind: the README's own commands and files it names are found, and a
    # path that is not there is caught.
    assert {"start", "test", "bench"} <= set(_make_commands("README.md"))
    assert "bff/config.py" in _paths("README.md")
    assert "providers/alipay.py" in _paths("README.md")
    assert not _exists("bff/orders/no_such_module.py", repository_paths)
    assert not _exists("payments/release.py", repository_paths)
    assert _exists("ssr/pageCache.js", repository_paths)
    assert not _looks_like_path("https://example.com/a.js")
    assert not _looks_like_path("/api/openapi.json")
    assert not _looks_like_path("cart/emptied")
    assert _looks_like_path("bff/orders")
