"""Rate limits on the calls that guess or spam accounts, on the shared limiter (bff/common/limits.py).

Per client IP and per account (shop host + email). Failed logins alone count against an account,
so its owner is not locked out by their own successes; an attacker can at worst hold an address
back until its window ends. The 429's text is in the shop's language.
"""

import unicodedata

from flask import request

from bff.accounts.messages import text
from bff.common.errors import DomainError
from bff.common.limits import limit
from bff.shops.context import current_shop
from bff.shops.services import normalise_host


def account_key() -> str:
    """The account a call is about: the shop's id and the normalised email of the body, so every
    hostname of one shop (localhost, 127.0.0.1) counts in one bucket."""
    body = request.get_json(silent=True) if request.is_json else request.form
    email = body.get("email", "") if isinstance(body, dict) or hasattr(body, "get") else ""
    email = unicodedata.normalize("NFKC", email).strip().lower() if isinstance(email, str) else ""
    try:
        shop = f"shop:{current_shop().id}"
    except DomainError:  # no such shop: the call fails anyway; count it by the host it named
        shop = f"host:{normalise_host(request.headers.get('X-Site-Host') or request.host)}"
    return f"{shop}|{email}"


def _message() -> str:
    try:
        language = current_shop().language
    except DomainError:
        language = None
    return text(language, "too_many_requests")


def per_ip(setting: str):
    return limit(setting, scope=f"ip:{setting}", message=_message)


def per_account(setting: str, *, failures_only: bool = False):
    """One bucket per account and setting, shared by every route that uses it: the member and
    admin logins count an account's failures together."""
    deduct_when = (lambda response: response.status_code == 400) if failures_only else None
    return limit(
        setting,
        scope=f"account:{setting}",
        key_func=account_key,
        message=_message,
        deduct_when=deduct_when,
        shared=True,
    )
