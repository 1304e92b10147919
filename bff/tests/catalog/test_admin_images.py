"""The owner's product pictures: upload several (checked by content, cleaned of metadata, kept
with WebP widths), reorder, choose the cover, alt text, delete; who may; what the storefront
gets (`srcset`, size); and the audit entry each change leaves."""

import io
from decimal import Decimal
from pathlib import Path

import pytest
from flask import current_app
from PIL import Image
from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.catalog.models import ProductImage
from bff.extensions import db
from bff.tests.helpers import SHOP_A, assert_error, with_version

BASE = "/api/admin/products"
GPS_IFD = 0x8825
ORIENTATION = 0x0112


def picture(width=1600, height=1200, kind="JPEG", colour=(200, 120, 40), exif=None) -> bytes:
    image = Image.new("RGB", (width, height), colour)
    buf = io.BytesIO()
    image.save(buf, kind, **({"exif": exif} if exif is not None else {}))
    return buf.getvalue()


def with_gps_and_rotation() -> bytes:
    """A 300x200 JPEG whose EXIF says 'rotate 90°' and holds a GPS position and a camera."""
    exif = Image.Exif()
    exif[ORIENTATION] = 6  # shown rotated 90° clockwise: 200 wide, 300 high
    exif[0x010F] = "SecretCam"  # Make
    exif.get_ifd(GPS_IFD).update({1: "S", 2: (36.0, 50.0, 0.0), 3: "E", 4: (174.0, 45.0, 0.0)})
    return picture(300, 200, exif=exif.tobytes())


def upload(client, headers, product_id, *files):
    if "If-Match" not in headers:
        headers = with_version(client, headers, f"{BASE}/{product_id}")
    data = {"images": [(io.BytesIO(blob), name) for name, blob in files]}
    return client.post(
        f"{BASE}/{product_id}/images", data=data, headers=headers, content_type="multipart/form-data"
    )


def _current(client, headers, product) -> dict:
    return with_version(client, headers, f"{BASE}/{product.id}")


def media_file(url: str) -> Path:
    assert url.startswith("/media/"), url
    return Path(current_app.config["MEDIA_ROOT"]) / url.removeprefix("/media/")


@pytest.fixture
def kiwi(store, make_product):
    return make_product(store, "Kiwifruit", price=Decimal("9.90"), images=0)


def test_several_pictures_upload_at_once_with_webp_widths_and_the_first_as_cover(client, as_admin, kiwi):
    res = upload(
        client, as_admin, kiwi.id, ("big.jpg", picture(1600, 1200)), ("small.png", picture(500, 400, "PNG"))
    )
    assert res.status_code == 201, res.json
    product = res.json["product"]
    assert res.headers["ETag"] == f'W/"{product["version"]}"'
    big, small = product["images"]
    assert product["avatar"] == big["id"]
    assert (big["name"], big["width"], big["height"]) == ("big.jpg", 1600, 1200)
    assert (small["name"], small["width"], small["height"]) == ("small.png", 500, 400)

    # WebP copies no wider than the original; a narrow one also gets its own width.
    assert [part.rsplit(" ", 1)[1] for part in big["srcset"].split(", ")] == ["320w", "640w", "1280w"]
    assert [part.rsplit(" ", 1)[1] for part in small["srcset"].split(", ")] == ["320w", "500w"]
    for part in big["srcset"].split(", "):
        url, width = part.rsplit(" ", 1)
        with Image.open(media_file(url)) as copy:
            assert copy.format == "WEBP"
            assert copy.width == int(width[:-1])
            assert copy.height == round(1200 * copy.width / 1600)
    with Image.open(media_file(small["path"])) as original:
        assert (original.format, original.size) == ("PNG", (500, 400))

    # The storefront's answers carry the same, for <img srcset>.
    public = client.get(f"/api/product/{kiwi.id}", headers=SHOP_A).json["product"]
    assert [i["srcset"] for i in public["images"]] == [big["srcset"], small["srcset"]]
    assert public["avatar"] == big["id"]


def test_metadata_is_stripped_and_the_orientation_applied(client, as_admin, kiwi):
    res = upload(client, as_admin, kiwi.id, ("phone.jpg", with_gps_and_rotation()))
    assert res.status_code == 201, res.json
    image = res.json["product"]["images"][0]
    assert (image["width"], image["height"]) == (200, 300)
    stored = [media_file(image["path"])] + [
        media_file(p.rsplit(" ", 1)[0]) for p in image["srcset"].split(", ")
    ]
    for path in stored:
        raw = path.read_bytes()
        assert b"SecretCam" not in raw and b"Exif" not in raw, path
        with Image.open(path) as copy:
            assert not copy.getexif(), path
            assert copy.size[1] > copy.size[0], path  # upright: taller than wide


@pytest.mark.parametrize(
    "name, blob, key_words",
    [
        ("notes.jpg", b"this is not a picture at all", ("not a picture", "无法识别")),
        ("half.jpg", picture(400, 400)[:300], ("not a picture", "无法识别")),
        ("icon.bmp", picture(100, 100, "BMP"), ("JPEG, PNG, WebP or GIF", "不支持")),
        ("dot.png", picture(8, 8, "PNG"), ("too small", "太小")),
        ("empty.jpg", b"", ("not a picture", "无法识别")),
    ],
)
def test_a_file_that_is_not_a_usable_picture_is_refused_by_its_content(
    client, as_admin, kiwi, name, blob, key_words
):
    res = upload(client, as_admin, kiwi.id, ("fine.jpg", picture(400, 300)), (name, blob))
    body = assert_error(res, 422, "validation_error")
    assert body["errors"]["images"][0].startswith(f"{name}: ")
    assert any(word in body["message"] for word in key_words), body
    # One bad file refuses the batch: nothing stored, no picture added.
    assert db.session.scalars(select(ProductImage).where(ProductImage.product_id == kiwi.id)).all() == []


def test_a_picture_over_8_mb_is_refused_and_a_body_over_the_upload_limit_is_413(
    client, as_admin, kiwi, monkeypatch
):
    monkeypatch.setattr("bff.media.images.MAX_BYTES", 1000)
    body = assert_error(upload(client, as_admin, kiwi.id, ("big.jpg", picture(400, 300))), 422)
    assert "太大" in body["message"]
    too_big = b"\xff" * (5 * 8 * 1024 * 1024 + 128 * 1024)
    assert_error(upload(client, as_admin, kiwi.id, ("huge.jpg", too_big)), 413, "payload_too_large")


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
def test_a_decompression_bomb_is_refused_without_decoding_it(client, as_admin, kiwi):
    # 12000 x 12000 of one colour compresses to a small PNG but would need 432 MB decoded.
    buf = io.BytesIO()
    Image.new("1", (12000, 12000)).save(buf, "PNG")
    body = assert_error(upload(client, as_admin, kiwi.id, ("bomb.png", buf.getvalue())), 422)
    assert "像素" in body["message"] or "无法识别" in body["message"]


def test_reorder_and_cover_with_a_stale_version_refused(client, as_admin, kiwi):
    files = [(f"{n}.jpg", picture(400, 300, colour=(n * 40, 0, 0))) for n in range(3)]
    product = upload(client, as_admin, kiwi.id, *files).json["product"]
    first, second, third = (i["id"] for i in product["images"])

    res = client.put(
        f"{BASE}/{kiwi.id}/images",
        json={"order": [third, first, second], "cover": second},
        headers={**as_admin, "If-Match": f'W/"{product["version"]}"'},
    )
    assert res.status_code == 200, res.json
    assert [i["id"] for i in res.json["product"]["images"]] == [third, first, second]
    assert res.json["product"]["avatar"] == second
    public = client.get(f"/api/product/{kiwi.id}", headers=SHOP_A).json["product"]
    assert [i["id"] for i in public["images"]] == [third, first, second] and public["avatar"] == second

    stale = client.put(
        f"{BASE}/{kiwi.id}/images",
        json={"order": [first, second, third]},
        headers={**as_admin, "If-Match": f'W/"{product["version"]}"'},
    )
    assert_error(stale, 412, "stale_version")
    for order in ([first, second], [first, second, third, third], [first, second, 999999]):
        assert_error(
            client.put(
                f"{BASE}/{kiwi.id}/images", json={"order": order}, headers=_current(client, as_admin, kiwi)
            ),
            422,
        )


def test_alt_text_and_delete_pass_the_cover_on(client, as_admin, kiwi):
    product = upload(
        client, as_admin, kiwi.id, ("a.jpg", picture(400, 300)), ("b.jpg", picture(300, 300))
    ).json["product"]
    a, b = (i["id"] for i in product["images"])
    res = client.patch(
        f"{BASE}/{kiwi.id}/images/{a}", json={"alt": "一盒奇异果"}, headers=_current(client, as_admin, kiwi)
    )
    assert res.status_code == 200 and res.json["product"]["images"][0]["alt"] == "一盒奇异果"
    assert_error(
        client.patch(
            f"{BASE}/{kiwi.id}/images/{a}", json={"alt": "x\x00"}, headers=_current(client, as_admin, kiwi)
        ),
        422,
    )

    res = client.delete(f"{BASE}/{kiwi.id}/images/{a}", headers=_current(client, as_admin, kiwi))
    assert res.status_code == 200, res.json
    assert [i["id"] for i in res.json["product"]["images"]] == [b]
    assert res.json["product"]["avatar"] == b
    assert_error(
        client.delete(f"{BASE}/{kiwi.id}/images/{a}", headers=_current(client, as_admin, kiwi)),
        404,
        "not_found",
    )
    res = client.delete(f"{BASE}/{kiwi.id}/images/{b}", headers=_current(client, as_admin, kiwi))
    assert res.json["product"]["images"] == [] and res.json["product"]["avatar"] is None


def test_each_change_is_in_the_audit_log(client, as_admin, admin, kiwi):
    product = upload(
        client, as_admin, kiwi.id, ("a.jpg", picture(400, 300)), ("b.jpg", picture(300, 300))
    ).json["product"]
    a, b = (i["id"] for i in product["images"])
    client.put(f"{BASE}/{kiwi.id}/images", json={"order": [b, a]}, headers=_current(client, as_admin, kiwi))
    client.delete(f"{BASE}/{kiwi.id}/images/{a}", headers=_current(client, as_admin, kiwi))
    db.session.expire_all()
    entries = db.session.scalars(
        select(AuditEntry).where(AuditEntry.object_id == kiwi.id).order_by(AuditEntry.id)
    ).all()
    assert [e.actor_id for e in entries] == [admin.id] * 3
    added, arranged, deleted = (e.changes for e in entries)
    assert added["images"] == [[], [f"#{a} a.jpg", f"#{b} b.jpg"]] and added["avatar"] == [None, a]
    assert arranged["images"][1] == [f"#{b} b.jpg", f"#{a} a.jpg"] and arranged["avatar"] == [a, b]
    assert deleted["images"] == [[f"#{b} b.jpg", f"#{a} a.jpg"], [f"#{b} b.jpg"]]


def test_outsiders_upload_nothing(client, kiwi, outsiders):
    for who, (headers, status) in outsiders.items():
        res = upload(client, headers, kiwi.id, ("a.jpg", picture(400, 300)))
        assert res.status_code == status, who
    assert db.session.scalars(select(ProductImage).where(ProductImage.product_id == kiwi.id)).all() == []


def test_another_shops_product_is_not_found(client, as_admin, store_b, make_product):
    theirs = make_product(store_b, "Theirs", images=0)
    assert_error(upload(client, as_admin, theirs.id, ("a.jpg", picture(400, 300))), 404)


def test_at_most_twenty_pictures_per_product(client, as_admin, kiwi):
    blob = picture(40, 40)
    for batch in range(4):
        files = [(f"{batch}-{n}.jpg", blob) for n in range(5)]
        assert upload(client, as_admin, kiwi.id, *files).status_code == 201
    body = assert_error(upload(client, as_admin, kiwi.id, ("one-more.jpg", blob)), 422)
    assert "20" in body["message"]
