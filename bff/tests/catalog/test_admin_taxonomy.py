"""The owner's categories, brands, banners and articles: create, edit with the version read
(stale copies refused), delete (refused while the storefront needs it), pictures, who may, and
what the storefront shows after each change."""

import io
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from PIL import Image
from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.catalog.models import Brand, Category
from bff.extensions import db
from bff.tests.helpers import SHOP_A, assert_error, with_version

ADMIN = "/api/admin"


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (120, 80), (200, 30, 30)).save(buf, "PNG")
    return buf.getvalue()


def _create(client, headers, kind, body):
    res = client.post(f"{ADMIN}/{kind}", json=body, headers=headers)
    assert res.status_code == 201, res.json
    return res


def test_a_category_tree_of_two_levels_is_built_and_shown_on_the_storefront(client, as_admin):
    food = _create(client, as_admin, "categories", {"name": "食品", "position": 1}).json["category"]
    honey = _create(client, as_admin, "categories", {"name": "蜂蜜", "parent_id": food["id"]}).json[
        "category"
    ]
    assert (honey["parent_id"], food["version"]) == (food["id"], 1)
    root = client.get("/api/category", headers=SHOP_A).json["data"]["categories"][0]["category"]
    top = next(c for c in root["subcategories"] if c["id"] == food["id"])
    assert [s["name"] for s in top["subcategories"]] == ["蜂蜜"]

    # Two levels only: no grandchild, no category under itself, no parent for a parent.
    for body in ({"name": "x", "parent_id": honey["id"]}, {"name": "x", "parent_id": 999999}):
        assert_error(client.post(f"{ADMIN}/categories", json=body, headers=as_admin), 422, "validation_error")
    res = client.patch(
        f"{ADMIN}/categories/{food['id']}",
        json={"parent_id": food["id"]},
        headers={**as_admin, "If-Match": 'W/"1"'},
    )
    assert list(assert_error(res, 422)["errors"]) == ["parent_id"]


def test_an_edit_needs_the_version_read_and_a_stale_one_is_refused(client, as_admin, admin):
    brand = _create(client, as_admin, "brands", {"name": "Comvita", "tagline": "UMF honey"}).json["brand"]
    url = f"{ADMIN}/brands/{brand['id']}"
    assert_error(client.patch(url, json={"name": "X"}, headers=as_admin), 428, "if_match_required")
    res = client.patch(url, json={"tagline": "Since 1974"}, headers={**as_admin, "If-Match": 'W/"1"'})
    assert res.status_code == 200 and res.headers["ETag"] == 'W/"2"'
    stale = client.patch(url, json={"tagline": "lost"}, headers={**as_admin, "If-Match": 'W/"1"'})
    assert "重新加载" in assert_error(stale, 412, "stale_version")["message"]
    assert client.get("/api/brand", headers=SHOP_A).json["brands"][0]["tagline"] == "Since 1974"
    entries = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "brand")).all()
    assert [e.action for e in entries] == ["create", "update"]
    assert entries[1].changes == {"tagline": ["UMF honey", "Since 1974"]} and entries[1].actor_id == admin.id


def test_deleting_what_products_still_name_is_refused(client, as_admin, store, make_product, make_category):
    brand = _create(client, as_admin, "brands", {"name": "Manuka Health"}).json["brand"]
    top = make_category(store, "Food")
    child = make_category(store, "Honey", parent=top)
    make_product(store, "Jar", price=Decimal("10"), brand_id=brand["id"], category_id=child.id)
    for kind, obj_id in (("brands", brand["id"]), ("categories", top.id), ("categories", child.id)):
        assert_error(
            client.delete(
                f"{ADMIN}/{kind}/{obj_id}", headers=with_version(client, as_admin, f"{ADMIN}/{kind}/{obj_id}")
            ),
            409,
            "in_use",
        )
    db.session.expire_all()
    assert db.session.get(Brand, brand["id"]) and db.session.get(Category, child.id)
    empty = _create(client, as_admin, "brands", {"name": "Unused"}).json["brand"]
    assert (
        client.delete(
            f"{ADMIN}/brands/{empty['id']}",
            headers=with_version(client, as_admin, f"{ADMIN}/brands/{empty['id']}"),
        ).status_code
        == 204
    )
    assert_error(client.get(f"{ADMIN}/brands/{empty['id']}", headers=as_admin), 404)


def test_a_banner_shows_only_between_its_dates_with_its_products(client, as_admin, store, make_product):
    jar = make_product(store, "Jar", price=Decimal("10"))
    now = datetime.now(UTC)
    body = {"name": "Sale", "product_ids": [jar.id], "starts_at": (now - timedelta(hours=1)).isoformat()}
    banner = _create(client, as_admin, "banners", body).json["banner"]
    assert banner["product_ids"] == [jar.id]
    shown = client.get("/api/banner", headers=SHOP_A).json["banners"]
    assert [b["id"] for b in shown] == [banner["id"]]
    products = client.get(f"/api/banner-products/{banner['id']}", headers=SHOP_A).json["products"]["data"]
    assert [p["id"] for p in products] == [jar.id]

    ended = {"ends_at": (now - timedelta(minutes=1)).isoformat()}
    res = client.patch(
        f"{ADMIN}/banners/{banner['id']}", json=ended, headers={**as_admin, "If-Match": 'W/"1"'}
    )
    assert res.status_code == 200, res.json
    assert client.get("/api/banner", headers=SHOP_A).json["banners"] == []

    later = {"starts_at": (now + timedelta(days=1)).isoformat(), "ends_at": now.isoformat()}
    res = client.patch(
        f"{ADMIN}/banners/{banner['id']}", json=later, headers={**as_admin, "If-Match": 'W/"2"'}
    )
    assert list(assert_error(res, 422)["errors"]) == ["ends_at"]
    for bad in (
        {"link_url": "javascript:alert(1)"},
        {"product_ids": [999999]},
        {"starts_at": "2026-01-01T00:00"},
    ):
        res = client.post(f"{ADMIN}/banners", json={"name": "x", **bad}, headers=as_admin)
        assert list(assert_error(res, 422)["errors"]) == list(bad)


def test_a_picture_is_checked_and_replaces_the_old_one(client, as_admin):
    brand = _create(client, as_admin, "brands", {"name": "Logo"}).json["brand"]
    url = f"{ADMIN}/brands/{brand['id']}/picture"
    res = client.put(
        url,
        data={"image": (io.BytesIO(_png()), "logo.png")},
        headers=with_version(client, as_admin, f"{ADMIN}/brands/{brand['id']}"),
        content_type="multipart/form-data",
    )
    assert res.status_code == 200, res.json
    assert res.json["brand"]["avatar"].startswith("/media/brands/logo.")
    # The storefront gets its size and WebP copies, as a product picture's (its srcset).
    public = client.get("/api/brand", headers=SHOP_A).json["brands"][0]
    assert (public["avatar_width"], public["avatar_height"]) == (120, 80)
    srcset = public["avatar_srcset"]
    assert srcset.startswith("/media/brands/logo-120w") and srcset.endswith(".webp 120w"), srcset
    bad = client.put(
        url,
        data={"image": (io.BytesIO(b"GIF89a-not"), "x.gif")},
        headers=with_version(client, as_admin, f"{ADMIN}/brands/{brand['id']}"),
        content_type="multipart/form-data",
    )
    assert_error(bad, 422)
    assert_error(client.delete(url, headers=as_admin), 428, "if_match_required")
    current = with_version(client, as_admin, f"{ADMIN}/brands/{brand['id']}")
    assert client.delete(url, headers=current).json["brand"]["avatar"] is None
    public = client.get("/api/brand", headers=SHOP_A).json["brands"][0]
    assert (public["avatar_width"], public["avatar_height"], public["avatar_srcset"]) == (None, None, None)


def test_articles_are_written_with_clean_html(client, as_admin):
    body = {"title": "配送说明", "long_text": '<p onclick="x()">7 天</p><script>alert(1)</script>'}
    article = _create(client, as_admin, "articles", body).json["article"]
    assert article["long_text"] == "<p>7 天</p>"
    public = client.get(f"/api/article/{article['id']}", headers=SHOP_A).json["article"]
    assert public["longText"] == "<p>7 天</p>"
    assert_error(client.post(f"{ADMIN}/articles", json={"title": " "}, headers=as_admin), 422)
    current = with_version(client, as_admin, f"{ADMIN}/articles/{article['id']}")
    assert client.delete(f"{ADMIN}/articles/{article['id']}", headers=current).status_code == 204


@pytest.mark.parametrize("kind", ["categories", "brands", "banners", "articles"])
def test_outsiders_change_nothing(client, store, outsiders, kind):
    for who, (headers, status) in outsiders.items():
        assert client.get(f"{ADMIN}/{kind}", headers=headers).status_code == status, who
        res = client.post(f"{ADMIN}/{kind}", json={"name": "x", "title": "x"}, headers=headers)
        assert res.status_code == status, who
    assert db.session.scalars(select(AuditEntry)).all() == []


def test_another_shops_objects_are_not_found(client, as_admin, store_b, make_brand):
    theirs = make_brand(store_b, "Theirs")
    assert_error(client.get(f"{ADMIN}/brands/{theirs.id}", headers=as_admin), 404)
    res = client.patch(
        f"{ADMIN}/brands/{theirs.id}", json={"name": "Mine"}, headers={**as_admin, "If-Match": 'W/"1"'}
    )
    assert_error(res, 404)


@pytest.mark.parametrize("header", [None, "", "garbage", "*", '"1'])
def test_a_delete_needs_the_version_it_was_made_on(client, as_admin, header):
    brand = _create(client, as_admin, "brands", {"name": "Kiwi Bees"}).json["brand"]
    url = f"{ADMIN}/brands/{brand['id']}"
    res = client.delete(url, headers=as_admin if header is None else {**as_admin, "If-Match": header})
    assert_error(res, 428, "if_match_required")
    assert db.session.get(Brand, brand["id"]) is not None
    assert_error(client.delete(url, headers={**as_admin, "If-Match": 'W/"7"'}), 412, "stale_version")
    assert client.delete(url, headers=with_version(client, as_admin, url)).status_code == 204
    db.session.expire_all()
    assert db.session.get(Brand, brand["id"]) is None
