"""Uploaded pictures: checked by their content, cleaned of metadata, stored with WebP widths.

The file name and the declared type are the sender's word; Pillow decides what the bytes are.
What is kept: the picture re-encoded in its own format (EXIF, GPS and comments dropped; the
orientation applied first), and WebP copies at `WIDTHS` no wider than the original (plus one
at the original width when that is narrower than the largest), for `srcset`.
"""

import io
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from PIL import Image, ImageOps, UnidentifiedImageError

from bff.media.storage import LocalStorage, S3Storage

WIDTHS = (320, 640, 1280)
# Format as Pillow names it -> the suffix the stored file gets.
FORMATS = {"JPEG": ".jpg", "PNG": ".png", "WEBP": ".webp", "GIF": ".gif"}
MAX_BYTES = 8 * 1024 * 1024
MAX_PIXELS = 40_000_000  # well past any product photo; a decompression bomb is far above
MIN_SIDE = 16


class ImageRejected(Exception):
    """The upload is not a picture this shop keeps; `key` names the message."""

    def __init__(self, key: str, **values):
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass
class StoredImage:
    path: str
    width: int
    height: int
    webp: dict[str, str] = field(default_factory=dict)  # width (as text, a JSON key) -> media path


def open_checked(data: bytes) -> Image.Image:
    """The decoded picture, upright and without metadata, or ImageRejected."""
    if len(data) > MAX_BYTES:
        raise ImageRejected("image_too_large", limit=MAX_BYTES // (1024 * 1024))
    try:
        with Image.open(io.BytesIO(data)) as probe:
            kind = probe.format
            width, height = probe.size
            probe.verify()  # a truncated or corrupt file fails here, before decoding it whole
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, SyntaxError, ValueError):
        raise ImageRejected("image_unreadable") from None
    if kind not in FORMATS:
        raise ImageRejected("image_type")
    if width * height > MAX_PIXELS:
        raise ImageRejected("image_too_many_pixels")
    if min(width, height) < MIN_SIDE:
        raise ImageRejected("image_too_small", side=MIN_SIDE)
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except (OSError, ValueError, Image.DecompressionBombError):
        raise ImageRejected("image_unreadable") from None
    upright = ImageOps.exif_transpose(image)  # the orientation tag is applied, then dropped
    upright.format = kind
    return upright


def _encode(image: Image.Image, kind: str) -> bytes:
    """Re-encoded without EXIF, XMP or comments (a new save only writes what it is given)."""
    buf = io.BytesIO()
    icc = image.info.get("icc_profile")
    options: dict = {"icc_profile": icc} if icc else {}
    if kind == "JPEG":
        image.convert("RGB").save(buf, "JPEG", quality=88, optimize=True, **options)
    elif kind == "PNG":
        image.save(buf, "PNG", optimize=True, **options)
    elif kind == "GIF":
        image.save(buf, "GIF")  # the first frame: a product picture does not move
    else:
        image.save(buf, "WEBP", quality=85, **options)
    return buf.getvalue()


def _webp(image: Image.Image, width: int) -> bytes:
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "A" in image.getbands() or "transparency" in image.info else "RGB")
    if width < image.width:
        height = max(1, round(image.height * width / image.width))
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    image.save(buf, "WEBP", quality=80, method=4)
    return buf.getvalue()


def webp_widths(width: int) -> list[int]:
    """The WebP widths kept for a picture `width` pixels wide."""
    widths = [w for w in WIDTHS if w <= width]
    if width < WIDTHS[-1] and width not in widths:
        widths.append(width)
    return widths


def store_image(storage: LocalStorage | S3Storage, folder: str, filename: str, data: bytes) -> StoredImage:
    """Check, clean and store one upload with its WebP widths."""
    image = open_checked(data)
    kind = image.format
    stem = PurePosixPath(filename or "image").stem or "image"
    path = storage.save(folder, stem + FORMATS[kind], _encode(image, kind))
    webp = {
        str(w): storage.save(folder, f"{stem}-{w}w.webp", _webp(image, w)) for w in webp_widths(image.width)
    }
    return StoredImage(path=path, width=image.width, height=image.height, webp=webp)
