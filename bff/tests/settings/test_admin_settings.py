"""The owner's shop settings: who may read and change them, stale edits refused, bad values
answered per field in the shop's language, the exchange rate's history, picture settings, and
the storefront showing a new rate at once."""

import io
from decimal import Decimal

import pytest
from PIL import Image
from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.extensions import db
from bff.shops.models import Shop
from bff.tests.helpers import SHOP_A, assert_error, with_version

BASE = "/api/admin/settings"


def _read(client, headers):
    res = client.get(BASE, headers=headers)
    assert res.status_code == 200, res.json
    assert res.headers["ETag"] == f'W/"{res.json["settings"]["version"]}"'
    return res


def _patch(client, headers, body, etag):
    return client.patch(BASE, json=body, headers={**headers, "If-Match": etag})


def test_the_admin_reads_every_setting_with_its_version(client, as_admin, store):
    settings = _read(client, as_admin).json["settings"]
    assert settings["code"] == store.code
    assert settings["shipping_cost"] == Decimal("10.00")
    assert settings["unpaid_order_timeout_minutes"] == store.unpaid_order_timeout_minutes
    assert {"shop_name", "shop_exchange_rate", "language", "time_zone", "shop_logo", "is_pick_up"} <= set(
        settings
    )


def test_outsiders_read_and_change_nothing(client, store, outsiders):
    for who, (headers, status) in outsiders.items():
        assert client.get(BASE, headers=headers).status_code == status, who
        res = client.patch(BASE, json={"shop_name": "Mine"}, headers={**headers, "If-Match": 'W/"1"'})
        assert res.status_code == status, who
    db.session.expire_all()
    assert db.session.get(Shop, store.id).shop_name != "Mine"


def test_a_change_is_saved_audited_and_raises_the_version(client, as_admin, admin, store):
    etag = _read(client, as_admin).headers["ETag"]
    res = _patch(
        client,
        as_admin,
        {"shop_slogan": "新西兰直邮", "local_shipping_cost": "9.50", "is_pick_up": False},
        etag,
    )
    assert res.status_code == 200, res.json
    assert res.headers["ETag"] != etag
    settings = res.json["settings"]
    assert (settings["shop_slogan"], settings["local_shipping_cost"], settings["is_pick_up"]) == (
        "新西兰直邮",
        Decimal("9.50"),
        0,
    )
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "shop")).one()
    assert entry.actor_id == admin.id and entry.object_id == store.id
    assert entry.changes["local_shipping_cost"] == ["8.00", "9.50"]
    assert entry.changes["is_pick_up"] == [True, False]


def test_a_stale_copy_or_no_if_match_changes_nothing(client, as_admin, store):
    etag = _read(client, as_admin).headers["ETag"]
    assert _patch(client, as_admin, {"shop_slogan": "first"}, etag).status_code == 200
    body = assert_error(_patch(client, as_admin, {"shop_slogan": "second"}, etag), 412, "stale_version")
    assert "重新加载" in body["message"]
    assert_error(
        client.patch(BASE, json={"shop_slogan": "third"}, headers=as_admin), 428, "if_match_required"
    )
    db.session.expire_all()
    assert db.session.get(Shop, store.id).shop_slogan == "first"


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("shop_exchange_rate", "0", "汇率"),
        ("shop_exchange_rate", "4.12345", "汇率"),
        ("shop_exchange_rate", "NaN", "汇率"),
        ("shop_exchange_rate", -1, "汇率"),
        ("shipping_cost", "1.005", "金额"),
        ("language", "fr", "语言"),
        ("time_zone", "Mars/Olympus", "时区"),
        ("unpaid_order_timeout_minutes", 1, "5 分钟"),
        ("unpaid_order_timeout_minutes", 10**7, "5 分钟"),
        ("shop_name", "  ", "名称"),
        ("shop_slogan", "x" * 256, "过长"),
        ("shop_description", "bad\x00text", "控制字符"),
    ],
)
def test_bad_values_are_refused_per_field_in_chinese(client, as_admin, store, field, value, words):
    etag = _read(client, as_admin).headers["ETag"]
    body = assert_error(_patch(client, as_admin, {field: value}, etag), 422, "validation_error")
    assert list(body["errors"]) == [field]
    assert words in body["message"], body
    assert _read(client, as_admin).headers["ETag"] == etag  # nothing written


def test_amounts_sent_as_json_numbers_with_float_noise_are_their_cents(client, as_admin, store):
    etag = _read(client, as_admin).headers["ETag"]
    # 57 * 0.01 and 0.1 * 3 in a browser: JSON numbers a billionth of a cent off theirs.
    body = {
        "shipping_cost": 57 * 0.01,
        "local_shipping_cost": 0.1 * 3,
        "shop_exchange_rate": 4.7312000000000001,
    }
    res = _patch(client, as_admin, body, etag)
    assert res.status_code == 200, res.json
    db.session.expire_all()
    shop = db.session.get(Shop, store.id)
    assert (shop.shipping_cost, shop.local_shipping_cost) == (Decimal("0.57"), Decimal("0.30"))


def test_messages_follow_the_shops_language(client, make_shop, make_user, auth_headers):
    shop = make_shop("en-shop.test", language="en")
    headers = auth_headers(make_user(shop, "owner@example.com", name="Owner", is_admin=True))
    etag = _read(client, headers).headers["ETag"]
    body = assert_error(_patch(client, headers, {"shop_exchange_rate": "abc"}, etag), 422)
    assert body["message"] == "Enter a rate above 0 with at most four decimals."


def test_every_shipping_method_cannot_be_turned_off(client, as_admin):
    etag = _read(client, as_admin).headers["ETag"]
    off = {"is_overseas_shipping": False, "is_local_shipping": False, "is_pick_up": False}
    body = assert_error(_patch(client, as_admin, off, etag), 422)
    assert "配送方式" in body["message"]


def test_a_new_exchange_rate_is_kept_in_the_history_and_shown_at_once(
    client, as_admin, admin, store, make_product
):
    product = make_product(store, "Honey", price=Decimal("10.00"))
    before = client.get("/api/shop", headers=SHOP_A).json["data"]["shop_info"]["shop_exchange_rate"]
    etag = _read(client, as_admin).headers["ETag"]
    res = _patch(client, as_admin, {"shop_exchange_rate": "4.8765"}, etag)
    assert res.status_code == 200, res.json
    assert client.get("/api/shop", headers=SHOP_A).json["data"]["shop_info"]["shop_exchange_rate"] == Decimal(
        "4.8765"
    )
    assert client.get(f"/api/product/{product.id}", headers=SHOP_A).status_code == 200
    # The same rate again is no change: no second history entry.
    _patch(client, as_admin, {"shop_exchange_rate": "4.8765"}, res.headers["ETag"])

    rates = client.get(f"{BASE}/exchange-rates", headers=as_admin).json["rates"]
    assert rates["total"] == 1
    (entry,) = rates["data"]
    assert entry["rate"] == Decimal("4.8765") and entry["previous"] == Decimal(str(before))
    assert entry["actor_email"] == admin.email


def _png(width=64, height=64) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (10, 120, 200)).save(buf, "PNG")
    return buf.getvalue()


def test_a_picture_setting_is_replaced_checked_and_cleared(client, as_admin, store):
    res = client.put(
        f"{BASE}/images/shop_logo",
        data={"image": (io.BytesIO(_png()), "logo.png")},
        headers=with_version(client, as_admin, BASE),
        content_type="multipart/form-data",
    )
    assert res.status_code == 200, res.json
    logo = res.json["settings"]["shop_logo"]
    assert logo.startswith("/media/shops/logo.") and logo.endswith(".png")
    assert client.get("/api/shop", headers=SHOP_A).json["data"]["shop_info"]["shop_logo"] == logo

    bad = client.put(
        f"{BASE}/images/shop_logo",
        data={"image": (io.BytesIO(b"<svg onload=alert(1)>"), "logo.svg")},
        headers=with_version(client, as_admin, BASE),
        content_type="multipart/form-data",
    )
    assert "无法识别" in assert_error(bad, 422)["message"]
    assert_error(
        client.put(
            f"{BASE}/images/site_url",
            data={"image": (io.BytesIO(_png()), "x.png")},
            headers=with_version(client, as_admin, BASE),
            content_type="multipart/form-data",
        ),
        404,
    )
    res = client.delete(f"{BASE}/images/shop_logo", headers=with_version(client, as_admin, BASE))
    assert res.status_code == 200 and res.json["settings"]["shop_logo"] is None
