"""Migration 0015 through a real Alembic run: ID numbers stored before it come out encrypted,
nothing else changes, and a downgrade gives the plain values back."""

from sqlalchemy import text

from bff.common.encryption import decrypt
from bff.tests.test_migrations import (  # noqa: F401 - empty_database is a fixture
    _downgrade_to,
    _insert,
    _upgrade_to_head,
    empty_database,
)

NUMBERS = ["11010519491231002X", "", "E1234567"]  # a legacy value no rule checked is kept too


def test_plain_id_numbers_are_encrypted_in_place(empty_database):  # noqa: F811 - the imported fixture
    _upgrade_to_head(empty_database, "0014")
    shop = _insert(empty_database, "shops", code="zh")
    user = _insert(empty_database, "users", shop_id=shop, email="a@example.com")
    ids = {}
    for number in NUMBERS:
        common = {"shop_id": shop, "user_id": user, "shipping_id": number}
        ids[("shipping_addresses", _insert(empty_database, "shipping_addresses", **common))] = number
        order = {"order_number": f"N{len(ids)}", "idempotency_key": f"k{len(ids)}"}
        ids[("orders", _insert(empty_database, "orders", **order, **common))] = number

    _upgrade_to_head(empty_database)
    for (table, row_id), number in ids.items():
        stored = empty_database.execute(text(f"SELECT shipping_id FROM {table} WHERE id = {row_id}")).scalar()
        if number:
            assert stored.startswith("gAAAAA") and number not in stored
            assert decrypt(stored) == number
        else:
            assert stored == ""
    assert empty_database.execute(text("SELECT deleted_at FROM users")).scalar() is None

    _downgrade_to(empty_database, "0014")  # the plain values again
    for (table, row_id), number in ids.items():
        assert (
            empty_database.execute(text(f"SELECT shipping_id FROM {table} WHERE id = {row_id}")).scalar()
            == number
        )
