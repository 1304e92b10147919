"""Whether the request came through one of our own proxies (the SSR process), whose
X-Forwarded-* headers may be believed. Anyone else's are made up and ignored."""

import ipaddress
from functools import lru_cache

from flask import current_app, request


@lru_cache(maxsize=8)
def _networks(setting: str) -> tuple:
    return tuple(
        ipaddress.ip_network(part.strip(), strict=False) for part in setting.split(",") if part.strip()
    )


def from_trusted_proxy() -> bool:
    try:
        address = ipaddress.ip_address(request.remote_addr or "")
    except ValueError:
        return False
    return any(address in network for network in _networks(current_app.config["TRUSTED_PROXIES"]))
