"""Migration 0022 through a real Alembic run: existing orders get the exchange rate that was in
force when they were placed, from the shop's rate history."""

from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import text

from bff.tests.test_migrations import (  # noqa: F401 - empty_database is a fixture
    _downgrade_to,
    _insert,
    _upgrade_to_head,
    empty_database,
)


def _at(day: int, hour: int = 12) -> datetime:
    return datetime(2026, 11, day, hour, tzinfo=UTC)


def test_existing_orders_get_the_rate_in_force_when_they_were_placed(empty_database):  # noqa: F811
    _upgrade_to_head(empty_database, "0018")
    shop = _insert(empty_database, "shops", code="zh", shop_exchange_rate="4.6000")
    bare = _insert(empty_database, "shops", code="en", shop_exchange_rate="4.2000")
    user = _insert(empty_database, "users", shop_id=shop, email="a@example.com")
    other = _insert(empty_database, "users", shop_id=bare, email="b@example.com")
    # The history: 4.40 replaced 4.30 on the 10th, 4.50 on the 15th, 4.60 on the 20th.
    for day, rate, previous in ((10, "4.4000", "4.3000"), (15, "4.5000", "4.4000"), (20, "4.6000", "4.5000")):
        _insert(empty_database, "exchange_rates", shop_id=shop, rate=rate, previous=previous, at=_at(day))
    placed = {
        _at(5): "4.3000",  # before every change: the rate the first change replaced
        _at(10): "4.4000",  # at the moment of a change: the new rate
        _at(12): "4.4000",
        _at(19, 23): "4.5000",
        _at(25): "4.6000",
    }
    ids = {}
    for n, (when, rate) in enumerate(placed.items()):
        row = _insert(
            empty_database,
            "orders",
            shop_id=shop,
            user_id=user,
            order_number=f"N{n}",
            idempotency_key=f"k{n}",
            created_at=when,
        )
        ids[row] = rate
    lone = _insert(
        empty_database,
        "orders",
        shop_id=bare,
        user_id=other,
        order_number="L",
        idempotency_key="l",
        created_at=_at(1),
    )
    ids[lone] = "4.2000"  # no history: the shop's rate

    _upgrade_to_head(empty_database)
    rates = dict(empty_database.execute(text("SELECT id, exchange_rate FROM orders")).all())
    assert {row: Decimal(str(rates[row])).quantize(Decimal("0.0001")) for row in ids} == {
        row: Decimal(rate) for row, rate in ids.items()
    }

    _downgrade_to(empty_database, "0018")
    assert "exchange_rate" not in {
        c for c in empty_database.execute(text("SELECT * FROM orders LIMIT 1")).keys()
    }
