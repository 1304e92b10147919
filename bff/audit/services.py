"""Recording and reading the audit log.

`record` only adds the entry to the session: the caller's service commits it together with
the change it describes, so there is never a change without its entry (or the reverse).
"""

import enum
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from bff.audit.models import AuditEntry
from bff.common.pagination import Page, paginate
from bff.shops.models import Shop


class Action(enum.StrEnum):
    CREATE = "create"
    UPDATE = "update"
    DELETE = "delete"
    HIDE = "hide"
    SHOW = "show"
    ADJUST_STOCK = "adjust_stock"
    # Orders and customers (bff/orders/transitions.py, bff/customers/)
    TRANSITION = "transition"
    BLOCK = "block"
    UNBLOCK = "unblock"
    # A look, not a change: an admin read a recipient's full ID number (bff/orders/id_numbers.py).
    VIEW_ID_NUMBER = "view_id_number"
    # The customs file of orders, with their recipients' full ID numbers (bff/orders/customs.py).
    EXPORT_CUSTOMS = "export_customs"
    # Orders shipped together from an uploaded tracking file (bff/orders/bulk_ship.py).
    BULK_SHIP = "bulk_ship"
    # The console's people (bff/accounts/staff.py, two_factor.py).
    INVITE_STAFF = "invite_staff"
    CHANGE_ROLE = "change_role"
    REMOVE_STAFF = "remove_staff"
    JOIN_STAFF = "join_staff"
    TWO_FACTOR_ON = "two_factor_on"
    TWO_FACTOR_OFF = "two_factor_off"


def json_value(value: Any) -> Any:
    """A value as the JSON column keeps it: Decimal as a string (exact), times in ISO 8601."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_value(v) for v in value]
    return value


def diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list]:
    """{field: [before, after]} of the fields whose value differs (a field missing on one side is None)."""
    changes = {}
    for key in dict.fromkeys([*before, *after]):
        old, new = json_value(before.get(key)), json_value(after.get(key))
        if old != new:
            changes[key] = [old, new]
    return changes


class Actor(Protocol):
    """Who made a change: a console user (bff/accounts/models.py User). The audit log names no
    domain, so every domain (accounts too, for staff and two-factor) may write to it."""

    id: int
    email: str


def record(
    session: Session,
    shop: Shop,
    actor: Actor,
    action: Action,
    obj_type: str,
    obj_id: int,
    changes: dict[str, list],
    note: str = "",
) -> AuditEntry:
    """Add one entry to the caller's transaction (no commit)."""
    entry = AuditEntry(
        shop_id=shop.id,
        actor_id=actor.id,
        actor_email=actor.email,
        action=Action(action).value,
        object_type=obj_type,
        object_id=obj_id,
        changes=json_value(changes),
        note=note,
    )
    session.add(entry)
    return entry


def list_entries(
    session: Session,
    shop: Shop,
    page: int,
    per_page: int,
    object_type: str | None = None,
    object_id: int | None = None,
) -> Page:
    """The shop's entries, newest first, optionally of one object type or one object."""
    stmt = select(AuditEntry).where(AuditEntry.shop_id == shop.id)
    if object_type:
        stmt = stmt.where(AuditEntry.object_type == object_type)
    if object_id is not None:
        stmt = stmt.where(AuditEntry.object_id == object_id)
    return paginate(session, stmt.order_by(AuditEntry.at.desc(), AuditEntry.id.desc()), page, per_page)
