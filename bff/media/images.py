"""Uploaded pictures: checked by their content, decoded within bounds, stored re-encoded with no
metadata of any kind, with WebP widths.

The file name and the declared type are the sender's word; Pillow decides what the bytes are.

- Before anything is decoded: the size in bytes, the format and the pixel count read from the
  header (`MAX_PIXELS`), so a decompression bomb (a few KB claiming 100,000 x 100,000) costs
  nothing; and the file name (no control characters, no unpaired surrogates, 255 characters at
  most), so nothing is written for an upload that is then refused.
- Decoding is bounded: a JPEG is decoded by its DCT scaling straight at the size kept (at most
  `LARGEST_SIDE`; a 6000 x 6000 photo decodes at 3000 x 3000, a quarter of the memory and time);
  other formats, which cannot be decoded smaller, are limited to `MAX_DECODED_PIXELS`. What is
  kept is at most `LARGEST_SIDE` on its longer side (pages never show more).
- What is stored is re-encoded from the pixels alone: no EXIF, XMP, ICC profile (colours are
  converted to sRGB first), JPEG COM segment, GIF or PNG comment or text chunk survives; the
  orientation is applied first. WebP copies at `WIDTHS` (no wider than the picture; one at its own
  width when that is narrower than the largest) serve `srcset`.
"""

import io
import re
import warnings
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from PIL import Image, ImageCms, ImageOps, UnidentifiedImageError

from bff.media.storage import LocalStorage, S3Storage

WIDTHS = (320, 640, 1280)
# Format as Pillow names it -> the suffix the stored file gets.
FORMATS = {"JPEG": ".jpg", "PNG": ".png", "WEBP": ".webp", "GIF": ".gif"}
MAX_BYTES = 8 * 1024 * 1024
MAX_PIXELS = 40_000_000  # from the header, before decoding: well past any product photo
MAX_DECODED_PIXELS = 16_777_216  # 4096 x 4096: what a format without DCT scaling may decode
LARGEST_SIDE = 2560
MIN_SIDE = 16
MAX_NAME = 255
_BAD_NAME = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
# Pillow's own guard (a warning past it, an error past twice) stays above ours, which answers first.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS


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


@dataclass
class PreparedImage:
    """An upload checked and decoded, ready to store: nothing written yet."""

    name: str
    kind: str
    image: Image.Image


def check_name(name: str) -> None:
    if len(name) > MAX_NAME or _BAD_NAME.search(name):
        raise ImageRejected("image_name_invalid", limit=MAX_NAME)


def _header(data: bytes) -> tuple[str, int, int]:
    """Format and size from the header only, and the file's structure checked (`verify`)."""
    if len(data) > MAX_BYTES:
        raise ImageRejected("image_too_large", limit=MAX_BYTES // (1024 * 1024))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as probe:
                kind, (width, height) = probe.format, probe.size
                if kind in FORMATS and width * height <= MAX_PIXELS:
                    probe.verify()  # a truncated or corrupt file fails here, before decoding it whole
    except Image.DecompressionBombError:
        raise ImageRejected("image_too_many_pixels") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise ImageRejected("image_unreadable") from None
    if kind not in FORMATS:
        raise ImageRejected("image_type")
    if width * height > MAX_PIXELS or (kind != "JPEG" and width * height > MAX_DECODED_PIXELS):
        raise ImageRejected("image_too_many_pixels")
    if min(width, height) < MIN_SIDE:
        raise ImageRejected("image_too_small", side=MIN_SIDE)
    return kind, width, height


def prepare(name: str, data: bytes, box: tuple[int, int] = (LARGEST_SIDE, LARGEST_SIDE)) -> PreparedImage:
    """Check the name and the header, then decode (bounded) and clean; or ImageRejected. What is
    kept fits `box` (width, height): a square of `LARGEST_SIDE` but for a long detail picture."""
    check_name(name)
    kind, _width, _height = _header(data)
    try:
        image = Image.open(io.BytesIO(data))
        if kind == "JPEG":
            image.draft(None, box)  # DCT scaling: decoded at the size kept
        image.load()  # a GIF's first frame: a product picture does not move
        image = ImageOps.exif_transpose(image)  # the orientation tag is applied, then dropped below
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        raise ImageRejected("image_unreadable") from None
    if image.width > box[0] or image.height > box[1]:
        image.thumbnail(box, Image.Resampling.LANCZOS, reducing_gap=3.0)
    return PreparedImage(name, kind, _without_metadata(image))


def _without_metadata(image: Image.Image) -> Image.Image:
    """The pixels only: colours converted to sRGB by the embedded profile, then every piece of
    metadata Pillow keeps (`info`: exif, xmp, icc_profile, comment, text chunks...) dropped, so no
    encoder can write it back. A palette's transparent index is pixels, not metadata: kept."""
    icc = image.info.get("icc_profile")
    if icc and image.mode in ("RGB", "RGBA", "CMYK"):
        try:
            target = "RGBA" if image.mode == "RGBA" else "RGB"
            source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
            image = ImageCms.profileToProfile(
                image, source, ImageCms.createProfile("sRGB"), outputMode=target
            )
        except (ImageCms.PyCMSError, OSError, ValueError):
            pass  # an unreadable profile: the colours as they are, without it
    transparency = image.info.get("transparency")
    image.info = {} if transparency is None else {"transparency": transparency}
    if hasattr(image, "_exif"):
        image._exif = None  # Pillow caches the parsed EXIF apart from info
    image.encoderinfo = {}
    return image


def _encode(image: Image.Image, kind: str) -> bytes:
    """Re-encoded from the pixels only: nothing but what is passed here is written."""
    buf = io.BytesIO()
    if kind == "JPEG":
        image.convert("RGB").save(buf, "JPEG", quality=88, optimize=True)
    elif kind == "PNG":
        image.save(buf, "PNG", optimize=True)
    elif kind == "GIF":
        image.save(buf, "GIF")
    else:
        image.save(buf, "WEBP", quality=85)
    return buf.getvalue()


def _webp(image: Image.Image, width: int) -> bytes:
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "A" in image.getbands() or "transparency" in image.info else "RGB")
    if width < image.width:
        height = max(1, round(image.height * width / image.width))
        image = image.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)
    image.info = {}
    buf = io.BytesIO()
    image.save(buf, "WEBP", quality=80, method=4)
    return buf.getvalue()


def webp_widths(width: int) -> list[int]:
    """The WebP widths kept for a picture `width` pixels wide."""
    widths = [w for w in WIDTHS if w <= width]
    if width < WIDTHS[-1] and width not in widths:
        widths.append(width)
    return widths


def store_prepared(storage: LocalStorage | S3Storage, folder: str, prepared: PreparedImage) -> StoredImage:
    """Write a prepared picture and its WebP widths."""
    image, kind = prepared.image, prepared.kind
    stem = PurePosixPath(prepared.name or "image").stem or "image"
    path = storage.save(folder, stem + FORMATS[kind], _encode(image, kind))
    webp = {
        str(w): storage.save(folder, f"{stem}-{w}w.webp", _webp(image, w)) for w in webp_widths(image.width)
    }
    return StoredImage(path=path, width=image.width, height=image.height, webp=webp)


def store_with_webp(
    storage: LocalStorage | S3Storage, folder: str, filename: str, data: bytes
) -> StoredImage:
    """Store trusted bytes as they are (the demo's own pictures, drawn here) with their WebP
    widths: what an upload gets, without its checks and re-encoding."""
    image = Image.open(io.BytesIO(data))
    image.load()
    stem = PurePosixPath(filename).stem
    webp = {
        str(w): storage.save(folder, f"{stem}-{w}w.webp", _webp(image, w)) for w in webp_widths(image.width)
    }
    return StoredImage(
        path=storage.save(folder, filename, data), width=image.width, height=image.height, webp=webp
    )


def store_image(storage: LocalStorage | S3Storage, folder: str, filename: str, data: bytes) -> StoredImage:
    """Check, clean and store one upload with its WebP widths."""
    return store_prepared(storage, folder, prepare(filename or "image", data))
