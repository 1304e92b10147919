"""The shop's own address: `site_url`, the origin its mails and canonical links use, and its
hosts, the hostnames that serve it (bff/shops/models.py `ShopDomain`). The owner edits both in
the settings; each is checked here and the change is audited with the other settings.

A hostname is a DNS name of letters, digits and hyphens (RFC 1123 labels) or an IPv4 address,
lower case, without a port. The host the owner is using can't be removed (they would lose the
console), a host of another shop can't be taken, and the site address must be one of the hosts.
"""

import ipaddress
import re
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from bff.common.errors import DomainError
from bff.settings.error_codes import SettingsErrorCode as Code
from bff.settings.messages import text
from bff.shops.models import Shop, ShopDomain
from bff.shops.services import normalise_host

MAX_HOSTS = 20
_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
_DNS_NAME = re.compile(rf"(?=.{{1,253}}$){_LABEL}(\.{_LABEL})*")


def _invalid(shop: Shop, field: str, key: str, **values) -> DomainError:
    message = text(shop.language, key, **values)
    return DomainError(Code.VALIDATION, message, {field: [message]})


def valid_hostname(name: str) -> bool:
    try:
        return ipaddress.ip_address(name).version == 4
    except ValueError:
        return bool(_DNS_NAME.fullmatch(name)) and not name.replace(".", "").isdigit()


def clean_site_url(shop: Shop, value: str) -> str:
    """`https://shop.example.com` (or http, any port): an origin, no path, query or user."""
    value = (value or "").strip().rstrip("/")
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        raise _invalid(shop, "site_url", "site_url_invalid") from None
    hostname = parts.hostname or ""
    if (
        parts.scheme not in ("http", "https")
        or not valid_hostname(hostname)
        or parts.path
        or parts.query
        or parts.fragment
        or parts.username is not None
        or (port is not None and not 0 < port < 65536)
    ):
        raise _invalid(shop, "site_url", "site_url_invalid")
    return f"{parts.scheme}://{hostname}{f':{port}' if port else ''}"


def clean_hosts(session: Session, shop: Shop, names: list[str], request_host: str | None) -> list[str]:
    """The hostnames as stored (lower case, no port, no repeats), checked."""
    hosts = list(dict.fromkeys(n.strip().lower() for n in names if n and n.strip()))
    if not hosts or len(hosts) > MAX_HOSTS:
        raise _invalid(shop, "hosts", "hosts_count", most=MAX_HOSTS)
    wrong = [h for h in hosts if not valid_hostname(h)]
    if wrong:
        raise _invalid(shop, "hosts", "host_invalid", host=wrong[0])
    taken = session.scalars(
        select(ShopDomain.hostname).where(ShopDomain.hostname.in_(hosts), ShopDomain.shop_id != shop.id)
    ).first()
    if taken:
        raise _invalid(shop, "hosts", "host_taken", host=taken)
    current = normalise_host(request_host)
    if current and current not in hosts and current in {d.hostname for d in shop.domains}:
        raise _invalid(shop, "hosts", "host_in_use", host=current)
    return hosts


def shop_hosts(shop: Shop) -> list[str]:
    return sorted(d.hostname for d in shop.domains)


def set_hosts(session: Session, shop: Shop, hosts: list[str]) -> None:
    """Make the shop's domain rows the given hostnames (no commit)."""
    keep = set(hosts)
    for domain in list(shop.domains):
        if domain.hostname not in keep:
            shop.domains.remove(domain)
    have = {d.hostname for d in shop.domains}
    session.flush()  # the removed rows go before a name moves between rows
    for name in hosts:
        if name not in have:
            shop.domains.append(ShopDomain(hostname=name))
