"""Rate limits on the calls that guess or spam accounts (flask-limiter).

Each is a window, never a lockout: per client IP and per account (shop host + email). Failed
logins alone count against an account, so its owner is not locked out by their own successes;
an attacker can at worst hold an address back until its window ends. Storage is memory by
default and Redis when REDIS_URL is set, so every process shares the counts. The limits are
settings (`*_LIMIT_*` in bff/config.py) read on each request, so tests can lower them.
"""

import unicodedata

from flask import current_app, request
from flask_limiter import Limiter

from bff.accounts.messages import text
from bff.common.errors import DomainError
from bff.common.proxies import from_trusted_proxy
from bff.shops.context import current_shop
from bff.shops.services import normalise_host


def client_ip() -> str:
    """The caller's address: the hop the trusted proxies (the SSR process) saw."""
    hops = current_app.config["TRUSTED_PROXY_HOPS"]
    if not from_trusted_proxy():
        return request.remote_addr or ""
    forwarded = [
        part.strip() for value in request.headers.getlist("X-Forwarded-For") for part in value.split(",")
    ]
    chain = [ip for ip in forwarded if ip] + [request.remote_addr or ""]
    return chain[max(0, len(chain) - 1 - hops)] if hops else chain[-1]


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


limiter = Limiter(key_func=client_ip)


def _setting(name: str):
    return lambda: current_app.config[name]


def per_ip(setting: str):
    return limiter.limit(_setting(setting), key_func=client_ip, error_message=_message, scope=f"ip:{setting}")


def per_account(setting: str, *, failures_only: bool = False):
    """One bucket per account and setting, shared by every route that uses it: the member and
    admin logins count an account's failures together."""
    deduct_when = (lambda response: response.status_code == 400) if failures_only else None
    return limiter.shared_limit(
        _setting(setting),
        scope=f"account:{setting}",
        key_func=account_key,
        error_message=_message,
        deduct_when=deduct_when,
    )
