"""Schemathesis hooks of `make test-api`'s hostile pass (scripts/api_fuzz.py): each generated JSON
body has one of its values made hostile, the inputs an outside probe broke the BFF with (issue 28,
finding 4): a string with an unpaired UTF-16 surrogate (sent as the `\\ud800` escape, which JSON
allows and no encoding can write), or a number of 1e26 and beyond (more digits than a Decimal
context's 28, where `quantize` raised InvalidOperation). Keys get a surrogate too. Every such
request must be a 4xx answer described by the API document, never a 500.

Loaded by schemathesis from SCHEMATHESIS_HOOKS=scripts.fuzz_hostile (hook names: schemathesis
4.x `hook_specs.py`, `flatmap_case`, whose case names its media type).
"""

import schemathesis
from hypothesis import strategies as st

SURROGATES = ["\ud800", "a\udfffb", "\U0001f600\udbff"]  # lone; after a well-formed pair
HUGE = [10**26, 1e26, -(10**40), 123456789012345678901234567890, "1e26", "99999999999999999999999999999"]


def _numeric_text(value: str) -> bool:
    return value.strip().replace(".", "", 1).isdigit()


def hostile_variants(body) -> list:
    """Copies of `body`, each with one value (or key) replaced by a hostile one."""
    variants: list = []

    def walk(value, put):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, lambda new, key=key: put({**value, key: new}))
            if value:
                first = next(iter(value))
                variants.append(put({**value, f"{first}{SURROGATES[0]}": value[first]}))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, lambda new, i=i: put([*value[:i], new, *value[i + 1 :]]))
        elif isinstance(value, bool) or value is None or isinstance(value, bytes):
            return
        elif isinstance(value, int | float):
            variants.extend(put(n) for n in HUGE)
        elif isinstance(value, str):
            variants.extend(put(s) for s in SURROGATES)
            if _numeric_text(value):
                variants.extend(put(n) for n in HUGE)

    walk(body, lambda new: new)
    return variants


def _json(media_type: str | None) -> bool:
    return bool(media_type) and media_type.split(";")[0].strip().lower().endswith("json")


def _with_body(case, body):
    """The case with another body (built as schemathesis's own `Case` derivation does: a Case
    has slots and tracks changes, so it is not copied with `copy`)."""
    changed = type(case)(
        operation=case.operation,
        method=case.method,
        path=case.path,
        path_parameters=case.path_parameters.copy(),
        headers=case.headers.copy(),
        cookies=case.cookies.copy(),
        query=case.query.copy(),
        body=body,
        media_type=case.media_type,
        multipart_content_types=case.multipart_content_types,
        meta=case.meta,
    )
    changed._auth, changed._has_explicit_auth = case._auth, case._has_explicit_auth
    changed._auth_identity = case._auth_identity
    return changed


@schemathesis.hook
def flatmap_case(context, case):
    """JSON bodies only: a form or multipart body cannot carry a lone surrogate at all (the client
    cannot encode it: schemathesis's `requests` transport raised UnicodeEncodeError on every such
    case, and hypothesis kept generating more, so the pass never ended)."""
    if not _json(case.media_type) or not isinstance(case.body, dict | list):
        return st.just(case)
    variants = hostile_variants(case.body)
    return st.sampled_from(variants).map(lambda body: _with_body(case, body)) if variants else st.just(case)
