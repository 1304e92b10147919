"""If-Match as the console's edits read it: which versions it names, and when an edit is refused."""

import pytest

from bff.common.etags import VersionCheck, if_match_versions, version_check


@pytest.mark.parametrize(
    ("header", "versions"),
    [
        (None, None),
        ('W/"3"', {3}),
        ('"3"', {3}),
        (' W/"3" , "4"', {3, 4}),
        ("", set()),
        ("*", set()),
        ("garbage", set()),
        ('W/"3", junk', {3}),
        ('"12345678901"', set()),  # more digits than any version
    ],
)
def test_the_versions_an_if_match_header_names(header, versions):
    assert if_match_versions(header) == versions


@pytest.mark.parametrize(
    ("if_match", "required", "expected"),
    [
        (None, False, None),
        (None, True, VersionCheck.REQUIRED),
        (set(), False, VersionCheck.REQUIRED),  # a header naming no version is never ignored
        (set(), True, VersionCheck.REQUIRED),
        ({4}, True, VersionCheck.STALE),
        ({4}, False, VersionCheck.STALE),
        ({4, 5}, True, None),
        ({5}, False, None),
    ],
)
def test_when_an_edit_of_version_5_is_refused(if_match, required, expected):
    assert version_check(5, if_match, required) is expected
