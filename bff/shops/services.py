import re

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
