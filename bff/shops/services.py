import re
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from bff.common.errors import DomainError
from bff.shops.error_codes import ShopErrorCode
from bff.shops.models import Shop, ShopDomain

# What a normalised hostname or IP address can hold; anything else (a NUL byte, which
# PostgreSQL refuses in text) cannot name a shop.
_HOSTNAME = re.compile(r"[a-z0-9._:-]{1,255}")


def normalise_host(host: str | None) -> str:
    """'Shop.Example.com:3000' -> 'shop.example.com'; IPv6 '[::1]:80' -> '::1'."""
    host = (host or "").strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _store_not_found() -> DomainError:
    return DomainError(ShopErrorCode.STORE_NOT_FOUND, "Store not found")


def find_shop_by_host(session: Session, host: str | None) -> Shop:
    hostname = normalise_host(host)
    if not _HOSTNAME.fullmatch(hostname):
        raise _store_not_found()
    shop = session.scalar(select(Shop).join(ShopDomain).where(ShopDomain.hostname == hostname))
    if shop is None:
        raise _store_not_found()
    return shop


_PORT = re.compile(r"[0-9]{1,5}")
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def _split_host(host: str | None) -> tuple[str, str | None]:
    """'Shop.Example.com:3000' -> ('shop.example.com', '3000'); '[::1]:80' -> ('::1', '80')."""
    host = (host or "").strip().lower()
    if host.startswith("[") and "]" in host:
        port = host[host.find("]") + 1 :].removeprefix(":")
    elif host.count(":") == 1:
        port = host.rsplit(":", 1)[1]
    else:
        port = ""
    return normalise_host(host), port or None


def shopper_origin(shop: Shop, scheme: str | None, host: str | None) -> str:
    """The origin for links back to the shop (payment returns, mailed links): the host the shopper
    used when it is one of the shop's registered hostnames, with the scheme and port they used;
    else the shop's `site_url`. The host is never taken on the request's word alone: it must be
    in the shop's own domain list, so a forged Host or X-Forwarded-Host can at most pick another
    of the shop's domains. The scheme never drops below the site's: an https shop links https."""
    primary = shop.site_url.rstrip("/")
    hostname, port = _split_host(host)
    if hostname not in {domain.hostname for domain in shop.domains}:
        return primary
    if port is not None and not (_PORT.fullmatch(port) and 0 < int(port) < 65536):
        return primary
    scheme = (scheme or "").strip().lower()
    if scheme not in _DEFAULT_PORTS or urlsplit(primary).scheme == "https":
        scheme = urlsplit(primary).scheme or "https"
    netloc = f"[{hostname}]" if ":" in hostname else hostname
    if port and port != _DEFAULT_PORTS.get(scheme):
        netloc = f"{netloc}:{int(port)}"
    return f"{scheme}://{netloc}"
