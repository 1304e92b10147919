"""Page arithmetic shared by every list call. Page size is the server's."""

import math
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session


@dataclass
class Page:
    items: list[Any]
    page: int
    per_page: int
    total: int

    @property
    def last_page(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))

    def as_paginator(self) -> dict:
        """The Laravel-style paginator the frontend reads (`data`, `last_page`)."""
        return {
            "data": self.items,
            "current_page": self.page,
            "last_page": self.last_page,
            "per_page": self.per_page,
            "total": self.total,
        }


def paginate(
    session: Session, stmt: Select, page: int, per_page: int, count_limit: int | None = None
) -> Page:
    """Run `stmt` (already ordered with a unique tie-breaker) for one page: two queries.

    `count_limit`: count at most this many rows (the total says no more), so a broad list's
    count stops early instead of reading every match."""
    counted = stmt.order_by(None)
    if count_limit is not None:
        counted = counted.limit(count_limit)
    total = session.scalar(select(func.count()).select_from(counted.subquery()))
    items = list(session.scalars(stmt.limit(per_page).offset((page - 1) * per_page)).unique())
    return Page(items=items, page=page, per_page=per_page, total=total or 0)
