"""The rate limiter (flask-limiter) that every domain's calls share: windows, never a lockout.

Storage is memory by default and Redis when REDIS_URL (or RATELIMIT_STORAGE_URI) is set, so every
process shares the counts (bff/config.py; the app factory calls `limiter.init_app`). Limits are
settings (`*_LIMIT_*` in bff/config.py) read on each request, so tests can lower them. A caller
brings what only its domain knows: the key of its bucket beyond the client's IP (an account, a
member) and the text of its 429 in the shop's language. The account keys are in
bff/accounts/limits.py.
"""

from collections.abc import Callable

from flask import current_app, request
from flask_limiter import Limiter

from bff.common.proxies import from_trusted_proxy


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


limiter = Limiter(key_func=client_ip)


def setting(name: str) -> Callable[[], str]:
    """A limit read from the app's settings on each request ("5 per minute")."""
    return lambda: current_app.config[name]


def limit(
    name: str,
    *,
    scope: str,
    message: Callable[[], str],
    key_func: Callable[[], str] = client_ip,
    deduct_when: Callable | None = None,
    shared: bool = False,
):
    """A route decorator: at most the setting `name`'s calls per window and key (the client's IP
    unless `key_func` says otherwise), then 429 with `message()`. `scope` names the bucket; a
    `shared` limit is one bucket for every route that uses it. `deduct_when(response)` counts
    only the calls it is true for (failures, say), so successes never hold anyone back."""
    build = limiter.shared_limit if shared else limiter.limit
    return build(
        setting(name), scope=scope, key_func=key_func, error_message=message, deduct_when=deduct_when
    )
