"""Recipients' ID numbers: checked, encrypted at rest, masked in every answer to a shopper, a
masked value sent back keeps the stored number, and only the audited admin call shows it whole."""

from sqlalchemy import text

from bff.audit.models import AuditEntry
from bff.extensions import db
from bff.tests.fixtures.shopping import SHANGHAI_ADDRESS as ADDRESS
from bff.tests.fixtures.shopping import checkout_body
from bff.tests.helpers import assert_error

NUMBER = "11010519491231002X"
MASKED = "1101**********002X"
OTHER = "440304198503151231"


def _stored(table: str) -> list[str]:
    return [row[0] for row in db.session.execute(text(f"SELECT shipping_id FROM {table}"))]


def _address(api, headers, **fields):
    res = api.post("/api/shipping-addresses/create", headers, json={**ADDRESS, **fields})
    assert res.status_code == 200, res.get_json()
    return res.get_json()["shipping_address"]


def _order(api, headers, honey, shipping_id):
    body = checkout_body([(honey, 1, None)], "45.00", "10.00", shipping_id=shipping_id)
    res = api.post("/api/order/create", headers, json=body)
    assert res.status_code == 200, res.get_json()
    return res.get_json()["order"]


def test_numbers_are_stored_encrypted_and_answered_masked(api, as_member, honey):
    address = _address(api, as_member, shipping_id=NUMBER.lower())
    assert address["shipping_id"] == MASKED
    order = _order(api, as_member, honey, OTHER)
    assert order["shipping_id"] == "4403**********1231"
    [stored_address], [stored_order] = _stored("shipping_addresses"), _stored("orders")
    # Fernet tokens, not the numbers (nor any part of them).
    assert stored_address.startswith("gAAAAA") and "002X" not in stored_address
    assert stored_order.startswith("gAAAAA") and "1231" not in stored_order
    for url in ("/api/shipping-addresses", "/api/orders", f"/api/order/{order['order_number']}"):
        body = api.get(url, as_member).get_data(as_text=True)
        assert NUMBER not in body and OTHER not in body, url


def test_a_wrong_number_is_refused_in_the_shops_language(api, as_member, honey):
    res = api.post(
        "/api/shipping-addresses/create", as_member, json={**ADDRESS, "shipping_id": "11010519491231002"}
    )
    body = assert_error(res, 422, "validation_error")
    assert body["errors"]["shipping_id"] == ["身份证号应为18位：17位数字加1位数字或X"]
    res = api.post(
        "/api/order/create",
        as_member,
        json=checkout_body([(honey, 1, None)], "45.00", "10.00", shipping_id=OTHER[:-1] + "2"),
    )
    body = assert_error(res, 422)
    assert body["errors"]["shipping_id"] == ["身份证号不正确，请核对（校验位不符）"]
    assert _stored("orders") == []


def test_editing_an_address_without_touching_the_number_keeps_it(api, as_member):
    address = _address(api, as_member, shipping_id=NUMBER)
    res = api.post(
        f"/api/shipping-addresses/update/{address['id']}",
        as_member,
        json={**ADDRESS, "shipping_name": "王大明", "shipping_id": MASKED},
    )
    assert res.status_code == 200, res.get_json()
    db.session.expire_all()
    from bff.addresses.models import ShippingAddress

    assert db.session.get(ShippingAddress, address["id"]).shipping_id == NUMBER
    # A mask of another number is no number: the full one is asked for.
    res = api.post(
        f"/api/shipping-addresses/update/{address['id']}",
        as_member,
        json={**ADDRESS, "shipping_id": "4403**********1231"},
    )
    assert assert_error(res, 422)["errors"]["shipping_id"] == ["请填写完整的身份证号"]


def test_checkout_from_the_address_book_keeps_the_stored_number(api, as_member, as_other, honey):
    _address(api, as_member, shipping_id=NUMBER)
    order = _order(api, as_member, honey, MASKED)
    from bff.orders.models import Order

    db.session.expire_all()
    assert db.session.get(Order, order["id"]).shipping_id == NUMBER
    # Another member's mask of it stands for nothing: their address book does not hold it.
    body = checkout_body([(honey, 1, None)], "45.00", "10.00", shipping_id=MASKED)
    assert_error(api.post("/api/order/create", as_other, json=body), 422)


def test_only_the_admin_sees_the_full_number_and_the_look_is_audited(
    api, client, as_member, as_admin, auth_headers, store_b, make_user, honey
):
    order = _order(api, as_member, honey, NUMBER)
    url = f"/api/admin/orders/{order['order_number']}/id-number"
    assert_error(client.get(url, headers=as_member), 403)
    assert db.session.query(AuditEntry).count() == 0

    res = client.get(url, headers=as_admin)
    assert res.status_code == 200
    assert res.get_json() == {
        "order_number": order["order_number"],
        "shipping_name": "王小明",
        "shipping_id": NUMBER,
    }
    assert res.headers["Cache-Control"] == "no-store"
    [entry] = db.session.query(AuditEntry).all()
    assert (entry.action, entry.object_type, entry.object_id) == ("view_id_number", "order", order["id"])
    assert NUMBER not in str(entry.changes) + entry.note

    # Another shop's admin is not signed in here, and their own shop has no such order.
    other_admin = auth_headers(make_user(store_b, "boss@b.test", is_admin=True))
    assert_error(client.get(url, headers=other_admin), 404)


def test_a_rotated_key_reencrypts_every_number(app, api, as_member, honey):
    from bff.common import encryption
    from bff.privacy.commands import reencrypt_personal_data

    _address(api, as_member, shipping_id=NUMBER)
    old_key = app.config["DATA_ENCRYPTION_KEYS"]
    new_key = encryption.new_key()
    try:
        # Step 1: the new key first, the old one still there to read.
        app.config["DATA_ENCRYPTION_KEYS"] = f"{new_key},{old_key}"
        encryption.init_app(app)
        result = app.test_cli_runner().invoke(reencrypt_personal_data)
        assert "shipping_addresses.shipping_id: 1 values re-encrypted" in result.output
        # Step 2: the old key dropped; the number still reads.
        app.config["DATA_ENCRYPTION_KEYS"] = new_key
        encryption.init_app(app)
        db.session.expire_all()
        assert (
            api.get("/api/shipping-addresses", as_member).get_json()["shipping_addresses"]["data"][0][
                "shipping_id"
            ]
            == MASKED
        )
        from bff.addresses.models import ShippingAddress

        assert db.session.query(ShippingAddress).one().shipping_id == NUMBER
    finally:
        app.config["DATA_ENCRYPTION_KEYS"] = old_key
        encryption.init_app(app)
