"""Deterministic demo images drawn with Pillow: same spec, same bytes, every run.

Only ASCII text is drawn (Pillow's bundled font has no Chinese glyphs). Each public
function takes plain values and returns encoded bytes; results are cached per process
because a spec is often reused (a banner and a product sharing a look, repeated seeds
in tests).
"""

import io
import random
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WHITE = (255, 255, 255)
INK = (40, 40, 40)
PRODUCT_SIZE = 600
KINDS = ("jar", "can", "bottle", "wine", "tube", "box", "pack", "socks", "blanket", "sachet")


def rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def _darker(c, t: float = 0.35):
    return _mix(c, (0, 0, 0), t)


def _lighter(c, t: float = 0.75):
    return _mix(c, WHITE, t)


@lru_cache(maxsize=32)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


def _gradient(size: tuple[int, int], top, bottom) -> Image.Image:
    # A one-pixel column stretched sideways: far cheaper than resampling a full square.
    column = Image.linear_gradient("L").resize((1, size[1]), Image.Resampling.BILINEAR)
    mask = column.resize(size, Image.Resampling.NEAREST)
    return Image.composite(Image.new("RGB", size, bottom), Image.new("RGB", size, top), mask)


def _fitted(draw: ImageDraw.ImageDraw, text: str, size: int, max_width: int | None):
    """The default font at `size`, shrunk until `text` fits `max_width`."""
    font = _font(size)
    while max_width and size > 10 and draw.textlength(text, font=font) > max_width:
        size -= 2
        font = _font(size)
    return font


def _text_centered(draw: ImageDraw.ImageDraw, xy, text: str, size: int, fill, max_width: int | None = None):
    draw.text(xy, text, font=_fitted(draw, text, size, max_width), fill=fill, anchor="mm")


def _jpeg(img: Image.Image, quality: int = 80) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality, optimize=True)
    return buf.getvalue()


def _png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


# --- products -------------------------------------------------------------------------


def _label(draw, box, colour, brand: str, label: str, sub: str):
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=WHITE, outline=_darker(colour, 0.1), width=3)
    cx, w = (x0 + x1) // 2, x1 - x0 - 24
    h = y1 - y0
    _text_centered(draw, (cx, y0 + h * 0.22), brand.upper(), 22, _darker(colour, 0.45), w)
    _text_centered(draw, (cx, y0 + h * 0.52), label, 34, INK, w)
    if sub:
        _text_centered(draw, (cx, y0 + h * 0.80), sub, 20, (90, 90, 90), w)


def _draw_product(draw: ImageDraw.ImageDraw, kind: str, colour, brand: str, label: str, sub: str):
    """The product itself, centred in a 600x600 canvas."""
    dark = _darker(colour)
    draw.ellipse((130, 500, 470, 545), fill=(210, 210, 210))
    if kind == "jar":
        draw.rounded_rectangle((175, 105, 425, 165), radius=10, fill=dark)  # lid
        draw.rounded_rectangle((150, 160, 450, 520), radius=40, fill=colour)
        _label(draw, (170, 250, 430, 430), colour, brand, label, sub)
    elif kind == "can":
        draw.ellipse((160, 90, 440, 150), fill=dark)
        draw.rectangle((160, 120, 440, 500), fill=colour)
        draw.ellipse((160, 470, 440, 530), fill=colour)
        _label(draw, (175, 220, 425, 420), colour, brand, label, sub)
    elif kind == "bottle":
        draw.rounded_rectangle((235, 70, 365, 140), radius=10, fill=dark)  # cap
        draw.rounded_rectangle((185, 130, 415, 525), radius=50, fill=colour)
        _label(draw, (195, 250, 405, 430), colour, brand, label, sub)
    elif kind == "wine":
        draw.rectangle((275, 40, 325, 120), fill=dark)  # foil
        draw.polygon([(275, 120), (325, 120), (375, 220), (225, 220)], fill=colour)
        draw.rounded_rectangle((225, 200, 375, 530), radius=24, fill=colour)
        _label(draw, (235, 300, 365, 460), colour, brand, label, sub)
    elif kind == "tube":
        draw.polygon([(200, 110), (400, 110), (370, 470), (230, 470)], fill=colour)
        draw.rounded_rectangle((255, 460, 345, 530), radius=8, fill=dark)  # cap
        _label(draw, (225, 200, 375, 380), colour, brand, label, sub)
    elif kind == "pack":
        draw.polygon([(150, 110), (450, 110), (470, 520), (130, 520)], fill=colour)
        draw.rectangle((150, 100, 450, 130), fill=dark)  # seal
        _label(draw, (180, 240, 420, 420), colour, brand, label, sub)
    elif kind == "socks":
        for dx, shade in ((-70, dark), (60, colour)):
            draw.rounded_rectangle((210 + dx, 100, 330 + dx, 400), radius=30, fill=shade)
            draw.rounded_rectangle((210 + dx, 330, 420 + dx, 450), radius=55, fill=shade)
            draw.rectangle((210 + dx, 100, 330 + dx, 140), fill=_lighter(shade, 0.4))
        _text_centered(draw, (300, 490), f"{brand.upper()}  {label}", 26, INK, 440)
    elif kind == "blanket":
        for i in range(4):
            y = 170 + i * 75
            draw.rounded_rectangle(
                (110 + i * 8, y, 490 - i * 8, y + 90), radius=18, fill=_mix(colour, WHITE, i * 0.12)
            )
            draw.line((130 + i * 8, y + 45, 470 - i * 8, y + 45), fill=dark, width=4)
        _label(draw, (190, 60, 410, 160), colour, brand, label, sub)
    elif kind == "sachet":
        for i, dx in enumerate((-120, 0, 120)):
            draw.rounded_rectangle(
                (215 + dx, 150 + i * 20, 305 + dx, 480 + i * 20), radius=10, fill=_mix(colour, dark, i * 0.3)
            )
        _label(draw, (170, 50, 430, 150), colour, brand, label, sub)
    else:  # box
        draw.polygon([(150, 150), (200, 100), (470, 100), (420, 150)], fill=_lighter(colour, 0.3))
        draw.polygon([(420, 150), (470, 100), (470, 470), (420, 520)], fill=dark)
        draw.rectangle((150, 150, 420, 520), fill=colour)
        _label(draw, (165, 240, 405, 420), colour, brand, label, sub)


@lru_cache(maxsize=512)
def product_image(kind: str, colour: str, brand: str, label: str, sub: str = "", view: int = 0) -> bytes:
    """A 600x600 JPEG product shot. `view` 0 is the front; 1 the back with a facts panel;
    2 a close-up of the label; 3 the product in a New Zealand landscape."""
    c = rgb(colour)
    size = (PRODUCT_SIZE, PRODUCT_SIZE)
    if view == 3:
        img = _gradient(size, (150, 200, 240), (235, 245, 255))
        d = ImageDraw.Draw(img)
        d.ellipse((440, 40, 540, 140), fill=(255, 214, 90))
        d.ellipse((-200, 380, 420, 760), fill=(96, 160, 80))
        d.ellipse((220, 420, 900, 800), fill=(70, 135, 65))
        product = Image.new("RGB", size, WHITE)
        pd = ImageDraw.Draw(product)
        _draw_product(pd, kind, c, brand, label, sub)
        small = product.resize((330, 330), Image.Resampling.BILINEAR)
        mask = Image.new("L", (330, 330), 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, 329, 329), radius=30, fill=255)
        img.paste(small, (135, 190), mask)
        return _jpeg(img)
    img = _gradient(size, _lighter(c, 0.85 if view != 1 else 0.92), WHITE)
    d = ImageDraw.Draw(img)
    if view == 1:
        d.rounded_rectangle((70, 70, 530, 530), radius=20, fill=WHITE, outline=_lighter(c, 0.3), width=4)
        _text_centered(d, (300, 115), f"{brand.upper()} - {label}", 28, _darker(c, 0.4), 420)
        rows = random.Random(f"{brand}|{label}").sample(range(12, 98), 7)
        for i, value in enumerate(rows):
            y = 170 + i * 42
            d.line((100, y + 30, 500, y + 30), fill=(225, 225, 225), width=2)
            d.rectangle((100, y + 8, 100 + value * 3, y + 22), fill=_lighter(c, 0.2 + i * 0.07))
        _text_centered(d, (300, 505), "MADE IN NEW ZEALAND", 22, (110, 110, 110))
        return _jpeg(img)
    _draw_product(d, kind, c, brand, label, sub)
    if view == 2:
        img = img.crop((120, 150, 480, 510)).resize(size, Image.Resampling.BILINEAR)
    else:
        _text_centered(d, (300, 570), "NEW ZEALAND", 18, _darker(c, 0.3))
    return _jpeg(img)


# --- shop, brand, category and banner art ---------------------------------------------


@lru_cache(maxsize=128)
def badge(text: str, colour: str, size: int = 200, caption: str = "") -> bytes:
    """A round logo or category tile: initials in a circle, an optional caption below."""
    c = rgb(colour)
    img = Image.new("RGB", (size, size), _lighter(c, 0.88))
    d = ImageDraw.Draw(img)
    r = size * (0.34 if caption else 0.42)
    cx, cy = size / 2, size * (0.42 if caption else 0.5)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c)
    _text_centered(d, (cx, cy), text, int(r * 0.8), WHITE, int(r * 1.7))
    if caption:
        _text_centered(d, (cx, size * 0.87), caption, int(size * 0.11), _darker(c, 0.4), int(size * 0.92))
    return _png(img)


@lru_cache(maxsize=32)
def banner(headline: str, subline: str, colour: str, kinds: tuple[str, ...] = ("jar",)) -> bytes:
    """A 1200x400 home-page slide: text on the left, products on the right."""
    c = rgb(colour)
    img = _gradient((1200, 400), _lighter(c, 0.15), _darker(c, 0.3))
    d = ImageDraw.Draw(img)
    for i in range(6):
        d.ellipse(
            (700 + i * 60, -120 + i * 30, 1100 + i * 60, 280 + i * 30), outline=_lighter(c, 0.35), width=2
        )
    d.text((70, 150), headline, font=_fitted(d, headline, 58, 560), fill=WHITE, anchor="lm")
    d.text((72, 230), subline, font=_fitted(d, subline, 28, 560), fill=_lighter(c, 0.8), anchor="lm")
    d.rounded_rectangle((70, 285, 290, 345), radius=30, fill=WHITE)
    _text_centered(d, (180, 315), "SHOP NOW", 24, _darker(c, 0.3))
    kinds = kinds[:3]
    left = 1200 - 30 - 220 - 165 * (len(kinds) - 1)  # right-aligned, clear of the text
    for i, kind in enumerate(kinds):
        tile = Image.new("RGB", (PRODUCT_SIZE, PRODUCT_SIZE), WHITE)
        _draw_product(ImageDraw.Draw(tile), kind, _lighter(c, 0.1 * i), "", "NZ", "")
        tile = tile.resize((220, 220), Image.Resampling.BILINEAR)
        mask = Image.new("L", tile.size, 0)
        ImageDraw.Draw(mask).ellipse((0, 0, 219, 219), fill=255)
        img.paste(tile, (left + i * 165, 70 + (i % 2) * 60), mask)
    return _jpeg(img, quality=78)


@lru_cache(maxsize=8)
def hero(title: str, subline: str, colour: str) -> bytes:
    """A 1200x630 sharing image (Open Graph size) for the shop."""
    c = rgb(colour)
    img = _gradient((1200, 630), _lighter(c, 0.1), _darker(c, 0.35))
    d = ImageDraw.Draw(img)
    d.ellipse((-300, 420, 700, 1100), fill=_darker(c, 0.15))
    d.ellipse((450, 460, 1500, 1150), fill=_darker(c, 0.25))
    _text_centered(d, (600, 250), title, 84, WHITE, 1080)
    _text_centered(d, (600, 350), subline, 34, _lighter(c, 0.8), 1080)
    return _jpeg(img)


@lru_cache(maxsize=8)
def logo(text: str, colour: str) -> bytes:
    """A 360x120 PNG word mark with a fern-like roundel."""
    c = rgb(colour)
    img = Image.new("RGBA", (360, 120), (255, 255, 255, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((10, 10, 110, 110), fill=c)
    for i in range(5):
        d.arc((30 + i * 6, 30 + i * 6, 90 - i * 6, 90 - i * 6), 180, 450 - i * 40, fill=WHITE, width=4)
    d.text((125, 60), text, font=_font(38), fill=_darker(c, 0.2), anchor="lm")
    return _png(img)


@lru_cache(maxsize=8)
def icon(letter: str, colour: str) -> bytes:
    """A 64x64 PNG favicon."""
    c = rgb(colour)
    img = Image.new("RGBA", (64, 64), (255, 255, 255, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, 63, 63), radius=14, fill=c)
    d.text((32, 33), letter, font=_font(40), fill=WHITE, anchor="mm")
    return _png(img)


@lru_cache(maxsize=16)
def pictogram(shape: str, colour: str) -> bytes:
    """A 200x200 PNG incentive icon: truck, shield or chat."""
    c = rgb(colour)
    img = Image.new("RGB", (200, 200), _lighter(c, 0.88))
    d = ImageDraw.Draw(img)
    if shape == "truck":
        d.rectangle((30, 70, 120, 130), fill=c)
        d.polygon([(120, 85), (150, 85), (170, 110), (170, 130), (120, 130)], fill=_darker(c, 0.2))
        for x in (60, 145):
            d.ellipse((x - 16, 120, x + 16, 152), fill=INK)
    elif shape == "shield":
        d.polygon([(100, 30), (160, 55), (150, 130), (100, 170), (50, 130), (40, 55)], fill=c)
        d.line([(72, 100), (93, 122), (132, 78)], fill=WHITE, width=10)
    else:  # chat
        d.rounded_rectangle((35, 45, 165, 135), radius=24, fill=c)
        d.polygon([(60, 130), (95, 130), (60, 165)], fill=c)
        for x in (70, 100, 130):
            d.ellipse((x - 8, 82, x + 8, 98), fill=WHITE)
    return _png(img)


@lru_cache(maxsize=16)
def qr_like(seed: str, caption: str = "", size: int = 200) -> bytes:
    """A 200x200 PNG that looks like a QR code (finder squares and seeded modules).
    It encodes nothing: demo payment and chat codes must never be scannable to a real account."""
    n, quiet = 25, 2
    cell = size // (n + 2 * quiet)
    img = Image.new("RGB", (size, size), WHITE)
    d = ImageDraw.Draw(img)
    rnd = random.Random(seed)
    off = (size - cell * n) // 2

    def square(col, row, fill=INK):
        d.rectangle(
            (off + col * cell, off + row * cell, off + (col + 1) * cell - 1, off + (row + 1) * cell - 1),
            fill=fill,
        )

    finders = [(0, 0), (n - 7, 0), (0, n - 7)]
    for row in range(n):
        for col in range(n):
            if any(fx - 1 <= col <= fx + 7 and fy - 1 <= row <= fy + 7 for fx, fy in finders):
                continue
            if rnd.random() < 0.5:
                square(col, row)
    for fx, fy in finders:
        for ring, fill in ((7, INK), (5, WHITE), (3, INK)):
            pad = (7 - ring) // 2
            for row in range(ring):
                for col in range(ring):
                    square(fx + pad + col, fy + pad + row, fill)
    if caption:
        d.rectangle((size // 2 - 40, size // 2 - 12, size // 2 + 40, size // 2 + 12), fill=WHITE)
        _text_centered(d, (size // 2, size // 2), caption, 14, INK, 76)
    return _png(img)
