"""Pictures uploaded into a product's rich-text details: stored through the media pipeline (checked,
cleaned, WebP widths), placed as <img src srcset>, which the sanitiser keeps for this site's and
https addresses only; who may upload."""

import io

import pytest
from PIL import Image

from bff.common.html import sanitize_html
from bff.tests.catalog.test_admin_images import media_file, picture, with_gps_and_rotation
from bff.tests.helpers import SHOP_A, assert_error, with_version

URL = "/api/admin/products/detail-pictures"


def _upload(client, headers, name, blob):
    return client.post(
        URL, data={"picture": (io.BytesIO(blob), name)}, headers=headers, content_type="multipart/form-data"
    )


def test_a_details_picture_is_stored_with_its_webp_widths(client, as_admin):
    res = _upload(client, as_admin, "long-page.jpg", picture(1600, 8000))
    assert res.status_code == 201, res.json
    shown = res.json["picture"]
    # A long strip keeps its length: only as wide as the widest copy (a product photo is 2560 at most).
    assert shown["path"].startswith("/media/details/") and (shown["width"], shown["height"]) == (1280, 6400)
    widths = [part.rsplit(" ", 1)[1] for part in shown["srcset"].split(", ")]
    assert widths == ["320w", "640w", "1280w"]
    for part in shown["srcset"].split(", "):
        with Image.open(media_file(part.rsplit(" ", 1)[0])) as copy:
            assert copy.format == "WEBP"


def test_its_metadata_is_stripped(client, as_admin):
    shown = _upload(client, as_admin, "phone.jpg", with_gps_and_rotation()).json["picture"]
    raw = media_file(shown["path"]).read_bytes()
    assert b"SecretCam" not in raw and b"Exif" not in raw


@pytest.mark.parametrize(
    ("name", "blob"),
    [
        ("notes.jpg", b"not a picture"),
        ("icon.bmp", picture(100, 100, "BMP")),
        ("dot.png", picture(8, 8, "PNG")),
    ],
)
def test_a_file_that_is_no_usable_picture_is_refused(client, as_admin, name, blob):
    body = assert_error(_upload(client, as_admin, name, blob), 422, "validation_error")
    assert body["errors"]["picture"]


def test_no_file_is_a_clear_422(client, as_admin):
    assert_error(client.post(URL, headers=as_admin, data={}, content_type="multipart/form-data"), 422)


def test_only_the_shops_console_may_upload(client, as_member):
    assert_error(_upload(client, SHOP_A, "a.jpg", picture(400, 300)), 401)
    assert_error(_upload(client, as_member, "a.jpg", picture(400, 300)), 403)


def test_the_uploaded_picture_stays_in_the_saved_details(client, as_admin, store, make_product):
    shown = _upload(client, as_admin, "a.jpg", picture(800, 600)).json["picture"]
    product = make_product(store, "Jar")
    sizes = "(min-width: 896px) 896px, 100vw"
    details = (
        f'<p>Above</p><img src="{shown["path"]}" srcset="{shown["srcset"]}" sizes="{sizes}" '
        'loading="lazy" alt="">'
    )
    url = f"/api/admin/products/{product.id}"
    res = client.patch(url, headers=with_version(client, as_admin, url), json={"product_details": details})
    assert res.status_code == 200, res.json
    public = client.get(f"/api/product/{product.id}", headers=SHOP_A).json["product"]["product_details"]
    assert f'src="{shown["path"]}"' in public and f'srcset="{shown["srcset"]}"' in public
    assert f'sizes="{sizes}"' in public and 'loading="lazy"' in public


@pytest.mark.parametrize(
    "srcset",
    [
        "javascript:alert(1) 1x",
        "/media/a.webp 320w, http://evil.example/a.webp 640w",
        "/media/a.webp 320w, data:image/svg+xml;base64,PHN2Zz4= 640w",
        "//evil.example/a.webp 320w",
        "/media/a.webp 320w onerror=alert(1)",
        "/media/a.webp 320q",
    ],
)
def test_a_srcset_naming_any_other_address_is_dropped_whole(srcset):
    cleaned = sanitize_html(f'<img src="/media/a.jpg" srcset="{srcset}" alt="a">')
    assert "srcset" not in cleaned and 'src="/media/a.jpg"' in cleaned


@pytest.mark.parametrize("sizes", ["x", "calc(100vw - 2em)", "100vw; x", "(min-width: 1px) x"])
def test_sizes_other_than_lengths_are_dropped(sizes):
    assert "sizes" not in sanitize_html(f'<img src="/m/a.jpg" sizes="{sizes}">')


def test_sizes_and_loading_keep_their_harmless_values_only():
    cleaned = sanitize_html('<img src="/m/a.jpg" sizes="100vw" loading="lazy">')
    assert 'sizes="100vw"' in cleaned and 'loading="lazy"' in cleaned
    cleaned = sanitize_html(
        '<img src="/m/a.jpg" sizes="calc(100vw - &quot;x&quot;)" loading="auto" onload="x()">'
    )
    assert "sizes" not in cleaned and "loading" not in cleaned and "onload" not in cleaned
