"""The audit log: one entry per admin change, in the change's transaction, listed newest first,
paged on the server, and each shop sees only its own."""

from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import func, select

from bff.audit.models import AuditEntry
from bff.audit.services import Action, diff, record
from bff.extensions import db
from bff.tests.fixtures.presets import honey_with
from bff.tests.helpers import assert_error, ids, with_version

AUDIT = "/api/admin/audit"
PRODUCTS = "/api/admin/products"


honey = honey_with(price=Decimal("50.00"), weight=0)


def _edit(client, headers, product_id, **fields):
    etag = client.get(f"{PRODUCTS}/{product_id}", headers=headers).headers["ETag"]
    res = client.patch(f"{PRODUCTS}/{product_id}", headers={**headers, "If-Match": etag}, json=fields)
    assert res.status_code == 200, res.json
    return res


def test_entries_are_listed_newest_first_with_before_and_after(client, as_admin, admin, honey):
    _edit(client, as_admin, honey.id, price="55.50")
    client.post(
        f"{PRODUCTS}/{honey.id}/hide", headers=with_version(client, as_admin, f"{PRODUCTS}/{honey.id}")
    )
    res = client.get(AUDIT, headers=as_admin)
    assert res.status_code == 200, res.json
    entries = res.json["entries"]
    assert entries["total"] == 2 and entries["current_page"] == 1
    hide, update = entries["data"]
    assert (hide["action"], update["action"]) == ("hide", "update")
    assert update["changes"] == {"price": ["50.00", "55.50"]}  # money as exact strings
    assert update["actor_id"] == admin.id and update["actor_email"] == "admin@example.com"
    assert update["object_type"] == "product" and update["object_id"] == honey.id
    assert datetime.fromisoformat(update["at"]).tzinfo is not None


def test_entries_filter_by_object_and_page_on_the_server(client, as_admin, store, honey, make_product):
    other = make_product(store, "Other")
    for price in ("51.00", "52.00", "53.00", "54.00", "56.00"):
        _edit(client, as_admin, honey.id, price=price)
    _edit(client, as_admin, other.id, name="Renamed")
    first = client.get(
        AUDIT, headers=as_admin, query_string={"object_type": "product", "object_id": honey.id}
    )
    assert first.json["entries"]["total"] == 5 and first.json["entries"]["last_page"] == 2
    assert [e["changes"]["price"][1] for e in first.json["entries"]["data"]] == [
        "56.00",
        "54.00",
        "53.00",
        "52.00",
    ]
    second = client.get(AUDIT, headers=as_admin, query_string={"object_id": honey.id, "page": 2})
    assert [e["changes"]["price"] for e in second.json["entries"]["data"]] == [["50.00", "51.00"]]
    assert (
        client.get(AUDIT, headers=as_admin, query_string={"object_type": "banner"}).json["entries"]["total"]
        == 0
    )
    assert_error(client.get(AUDIT, headers=as_admin, query_string={"object_id": "x"}), 422)


def test_each_shop_sees_only_its_own_entries(client, as_admin, honey, other_admin, auth_headers):
    _edit(client, as_admin, honey.id, name="Changed")
    assert client.get(AUDIT, headers=auth_headers(other_admin)).json["entries"]["data"] == []
    assert ids(client.get(AUDIT, headers=as_admin).json["entries"]["data"])


def test_guests_members_and_other_shops_admins_cannot_read_it(client, honey, outsiders):
    for _who, (headers, status) in outsiders.items():
        assert_error(client.get(AUDIT, headers=headers), status)


def test_a_failed_change_leaves_no_entry(client, as_admin, honey):
    res = client.patch(
        f"{PRODUCTS}/{honey.id}", headers={**as_admin, "If-Match": 'W/"99"'}, json={"name": "X"}
    )
    assert_error(res, 412)
    assert db.session.scalar(select(func.count()).select_from(AuditEntry)) == 0


def test_record_writes_json_safe_values_and_only_commits_with_the_caller(app, store, admin):
    record(
        db.session,
        store,
        admin,
        Action.UPDATE,
        "product",
        7,
        diff({"price": Decimal("1.10"), "at": datetime(2026, 1, 1, tzinfo=UTC)}, {"price": Decimal("1.20")}),
    )
    db.session.rollback()
    assert db.session.scalar(select(func.count()).select_from(AuditEntry)) == 0
    entry = record(
        db.session, store, admin, Action.DELETE, "product", 7, diff({"price": Decimal("1.10")}, {})
    )
    db.session.commit()
    db.session.expire_all()
    assert db.session.get(AuditEntry, entry.id).changes == {"price": ["1.10", None]}
