"""Uploads that can't hold a worker or carry a payload (issue 28, finding 8): a JPEG COM segment,
GIF and PNG comments, EXIF, XMP and ICC text leave nothing in any stored file; a picture whose
header claims too many pixels is refused before it is decoded; a large JPEG is decoded at the
size kept, not whole."""

import io
from decimal import Decimal
from pathlib import Path

import pytest
from flask import current_app
from PIL import Image, ImageCms, PngImagePlugin
from PIL.ImageFile import ImageFile

from bff.media import images
from bff.tests.helpers import assert_error, with_version

PAYLOAD = b"<script>alert(document.cookie)</script>"
METADATA_KEYS = {"comment", "exif", "xmp", "icc_profile", "XML:com.adobe.xmp", "Comment", "Description"}


@pytest.fixture
def kiwi(store, make_product):
    return make_product(store, "Kiwifruit", price=Decimal("9.90"), images=0)


def upload(client, as_admin, product, name, blob):
    return client.post(
        f"/api/admin/products/{product.id}/images",
        data={"images": [(io.BytesIO(blob), name)]},
        headers=with_version(client, as_admin, f"/api/admin/products/{product.id}"),
        content_type="multipart/form-data",
    )


def stored_files() -> list[Path]:
    root = Path(current_app.config["MEDIA_ROOT"]) / "products"
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


def jpeg_with_com_segment(size=(400, 300)) -> bytes:
    """A JPEG whose COM segment (0xFFFE) holds a script, as the probe made it."""
    buf = io.BytesIO()
    Image.new("RGB", size, (200, 120, 40)).save(buf, "JPEG", comment=PAYLOAD)
    data = buf.getvalue()
    assert PAYLOAD in data and b"\xff\xfe" in data
    return data


def gif_with_comment() -> bytes:
    buf = io.BytesIO()
    Image.new("P", (300, 200), 3).save(buf, "GIF", comment=PAYLOAD)
    data = buf.getvalue()
    assert PAYLOAD in data
    return data


def png_with_text_and_icc() -> bytes:
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", PAYLOAD.decode())
    info.add_itxt("Description", PAYLOAD.decode())
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    buf = io.BytesIO()
    Image.new("RGB", (300, 200), (1, 2, 3)).save(buf, "PNG", pnginfo=info, icc_profile=icc)
    return buf.getvalue()


def jpeg_with_exif_and_xmp() -> bytes:
    exif = Image.Exif()
    exif[0x010E] = PAYLOAD.decode()  # ImageDescription
    xmp = (
        b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description>' + PAYLOAD + b"</rdf:Description></x:xmpmeta>"
    )
    buf = io.BytesIO()
    Image.new("RGB", (300, 200), (9, 9, 9)).save(buf, "JPEG", exif=exif.tobytes(), xmp=xmp)
    data = buf.getvalue()
    assert data.count(PAYLOAD) >= 2
    return data


@pytest.mark.parametrize(
    "name, make",
    [
        ("com.jpg", jpeg_with_com_segment),
        ("comment.gif", gif_with_comment),
        ("text.png", png_with_text_and_icc),
        ("exif.jpg", jpeg_with_exif_and_xmp),
    ],
)
def test_no_stored_file_keeps_a_comment_or_metadata_of_any_kind(client, as_admin, kiwi, name, make):
    before = stored_files()
    res = upload(client, as_admin, kiwi, name, make())
    assert res.status_code == 201, res.json
    files = sorted(set(stored_files()) - set(before))
    assert len(files) >= 2  # the original re-encoded, and its WebP widths
    for path in files:
        raw = path.read_bytes()
        assert PAYLOAD not in raw and b"<script" not in raw, path
        assert b"\xff\xfe" not in raw[: raw.find(b"\xff\xda")] if path.suffix == ".jpg" else True, path
        with Image.open(path) as stored:
            assert not (METADATA_KEYS & set(stored.info)), (path, stored.info.keys())
            assert not stored.getexif(), path


def test_a_decompression_bomb_header_is_refused_before_any_decoding(client, as_admin, kiwi, monkeypatch):
    # A valid PNG header claiming 100,000 x 100,000 pixels over a few bytes of data.
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0))
    bomb += chunk(b"IDAT", zlib.compress(b"\x00" * 1024)) + chunk(b"IEND", b"")
    decoded, before = [], stored_files()
    monkeypatch.setattr(ImageFile, "load", lambda self: decoded.append(self.size))
    body = assert_error(upload(client, as_admin, kiwi, "bomb.png", bomb), 422, "validation_error")
    assert "像素过多" in body["message"]
    assert decoded == [] and stored_files() == before


def test_a_large_photo_is_decoded_at_the_size_kept_and_stored_no_larger(client, as_admin, kiwi, monkeypatch):
    """The probe's 6000 x 6000 JPEG (36 megapixels): decoded by DCT scaling at 3000 x 3000, kept at
    2560 on its longer side, so it costs a quarter of the memory a whole decode would."""
    buf = io.BytesIO()
    Image.new("RGB", (6000, 6000), (90, 140, 60)).save(buf, "JPEG", quality=50)
    decoded = []
    load = ImageFile.load

    def spy(self):
        decoded.append(self.size)
        return load(self)

    monkeypatch.setattr(ImageFile, "load", spy)
    res = upload(client, as_admin, kiwi, "field.jpg", buf.getvalue())
    assert res.status_code == 201, res.json
    image = res.json["product"]["images"][0]
    assert (image["width"], image["height"]) == (images.LARGEST_SIDE, images.LARGEST_SIDE)
    assert decoded and max(w * h for w, h in decoded) <= 3000 * 3000


def test_a_png_too_large_to_decode_whole_is_refused(client, as_admin, kiwi):
    buf = io.BytesIO()
    Image.new("1", (5000, 4000)).save(buf, "PNG")  # 20 MP: no format but JPEG decodes smaller
    before = stored_files()
    body = assert_error(upload(client, as_admin, kiwi, "wide.png", buf.getvalue()), 422)
    assert "像素过多" in body["message"]
    assert stored_files() == before
