"""ETags of versioned objects, and the If-Match header that names the version an edit was made on.

A versioned object answers `ETag: W/"<version>"`. It is weak because parts of the answer (the
stock) change without a new version; the version changes on every save. If-Match is compared
by that version, with or without the `W/` prefix (so a client may echo the ETag as it got it).
"""

import enum
import re

_TAG = re.compile(r'\s*(?:W/)?"(\d{1,10})"\s*')


def etag(version: int) -> str:
    return f'W/"{version}"'


def if_match_versions(header: str | None) -> set[int] | None:
    """The versions an If-Match header names: None when there is no header; an empty set when it
    is there but names no version (`*`, empty or garbage), which no edit can be checked against."""
    if header is None:
        return None
    versions = set()
    for part in header.split(","):
        match = _TAG.fullmatch(part)
        if match:
            versions.add(int(match.group(1)))
    return versions


class VersionCheck(enum.Enum):
    REQUIRED = "required"  # 428: the edit must name the version it was made on
    STALE = "stale"  # 412: it was made on another version


def version_check(version: int, if_match: set[int] | None, required: bool) -> VersionCheck | None:
    """Why an edit of an object now at `version` must be refused, or None. A call whose If-Match
    is optional may leave it out, but a header that names no version is refused, never ignored."""
    if if_match is None and not required:
        return None
    if not if_match:
        return VersionCheck.REQUIRED
    return None if version in if_match else VersionCheck.STALE


# The OpenAPI pieces of the above: the If-Match request header (with `"required": True|False`
# added per operation) and the ETag answer header.
IF_MATCH_PARAMETER = {
    "in": "header",
    "name": "If-Match",
    "schema": {"type": "string", "pattern": r'^\s*(W/)?"\d{1,10}"\s*(,\s*(W/)?"\d{1,10}"\s*)*$'},
    "description": 'The ETag of the object as read (W/"<version>"); several may be listed.',
}
ETAG_HEADER = {
    "ETag": {"description": 'W/"<version>": send it back in If-Match', "schema": {"type": "string"}}
}
