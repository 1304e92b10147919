"""Order notes and tags for staff (issue 25, item 5): written and read in the console, found by the
order search, in the audit log, and never in any answer to the shopper."""

import json

import pytest
from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.extensions import db
from bff.tests.fixtures.orders import admin_url
from bff.tests.helpers import assert_error, with_version

NOTE = "顾客电话说周五后再发 SECRET-NOTE-7"
TAG = "加急-TAG-9"


def _note(client, headers, order, body=NOTE):
    return client.post(admin_url(order, "notes"), headers=headers, json={"body": body})


def _tags(client, headers, order, tags):
    return client.put(admin_url(order, "tags"), headers=headers, json={"tags": tags})


def test_staff_write_notes_and_tags_and_read_them_on_the_order(client, as_admin, admin, place_order):
    order = place_order(1)
    res = _note(client, as_admin, order)
    assert res.status_code == 200, res.get_json()
    [note] = res.get_json()["notes"]
    assert (note["body"], note["author_email"]) == (NOTE, admin.email) and note["created_at"]
    res = _tags(client, as_admin, order, [f" {TAG} ", "礼品", "礼品", ""])
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["order"]["tags"] == sorted([TAG, "礼品"])
    detail = client.get(admin_url(order), headers=as_admin).get_json()
    assert [n["body"] for n in detail["notes"]] == [NOTE]
    assert detail["order"]["tags"] == sorted([TAG, "礼品"])
    assert _tags(client, as_admin, order, ["礼品"]).get_json()["order"]["tags"] == ["礼品"]
    entries = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "order")).all()
    assert [e.changes for e in entries] == [
        {"note": [None, NOTE]},
        {"tags": [[], sorted([TAG, "礼品"])]},
        {"tags": [sorted([TAG, "礼品"]), ["礼品"]]},
    ]
    assert {e.actor_id for e in entries} == {admin.id}


def test_the_order_list_finds_orders_by_a_notes_words_or_a_tag(client, as_admin, place_order):
    noted, tagged, other = place_order(1), place_order(1), place_order(1)
    _note(client, as_admin, noted)
    _tags(client, as_admin, tagged, [TAG])

    def found(**query):
        answer = client.get("/api/admin/orders", headers=as_admin, query_string=query).get_json()
        return {o["order_number"] for o in answer["orders"]["data"]}

    assert found(q="secret-note") == {noted["order_number"]}
    assert found(q="周五后") == {noted["order_number"]}
    assert found(q="加急") == {tagged["order_number"]}
    assert found(tag=TAG.lower()) == {tagged["order_number"]}
    assert found(tag="加急") == set()  # the tag filter is a whole tag
    assert other["order_number"] not in found(q="SECRET")
    listed = client.get("/api/admin/orders", headers=as_admin).get_json()["orders"]["data"]
    assert {o["order_number"]: o["tags"] for o in listed}[tagged["order_number"]] == [TAG]


def test_the_shopper_never_gets_a_note_or_a_tag(client, as_admin, as_member, place_order, smtp_server):
    order = place_order(1)
    _note(client, as_admin, order)
    _tags(client, as_admin, order, [TAG])
    # Every call a shopper makes that answers with the order, and its mails.
    paid = client.post(
        admin_url(order, "mark-paid"),
        headers=with_version(client, as_admin, admin_url(order)),
        json={"amount": order["total_price"], "reference": "WX-1"},
    )
    assert paid.status_code == 200, paid.get_json()
    answers = [
        client.get(f"/api/order/{order['order_number']}", headers=as_member),
        client.get("/api/orders/", headers=as_member),
        client.get("/api/orders/?status=paid", headers=as_member),
    ]
    for res in answers:
        assert res.status_code == 200, res.get_json()
        raw = res.get_data(as_text=True)
        assert "SECRET-NOTE" not in raw and "TAG-9" not in raw
        assert "notes" not in json.loads(raw).get("order", {}) and "tags" not in json.loads(raw).get(
            "order", {}
        )
    for message in smtp_server.wait_for(1):  # the paid mail
        assert "SECRET-NOTE" not in message.get_content() and "TAG-9" not in message.get_content()


@pytest.mark.parametrize("path", ["notes", "tags"])
def test_outsiders_write_nothing(client, outsiders, place_order, path):
    order = place_order(1)
    for who, (headers, status) in outsiders.items():
        if path == "notes":
            res = client.post(admin_url(order, path), headers=headers, json={"body": "x"})
        else:
            res = client.put(admin_url(order, path), headers=headers, json={"tags": ["x"]})
        assert res.status_code in ((status,) if status in (401, 403) else (404,)), who


def test_empty_notes_and_bad_tags_are_refused(client, as_admin, place_order):
    order = place_order(1)
    assert "body" in assert_error(_note(client, as_admin, order, "  "), 422)["errors"]
    assert "tags" in assert_error(_tags(client, as_admin, order, ["x" * 41]), 422)["errors"]
    assert "tags" in assert_error(_tags(client, as_admin, order, ["a,b"]), 422)["errors"]
    assert "tags" in assert_error(_tags(client, as_admin, order, [f"t{i}" for i in range(11)]), 422)["errors"]
    assert client.get(admin_url(order), headers=as_admin).get_json()["notes"] == []
