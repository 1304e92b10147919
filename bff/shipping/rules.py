"""Shipping rules of SPEC sections 4 and 9: which methods are offered, weights and fees.

Pure functions over plain values, so the same table of cases (rules/shipping_cases.json)
runs here and in the frontend's tests. Grams for weights, Decimal NZD for money.

Where the spec's helper gives an answer no shop would want, we choose:
- An order whose every item ships free (total weight 0) pays no fee by any method; the 1 kg
  minimum applies only to parcels that weigh something.
- Fees are rounded to cents, half up.
"""

import enum
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

CHINA = "中国"
NEW_ZEALAND = "New Zealand"
COUNTRIES = (CHINA, NEW_ZEALAND)
# The special-area rate (SPEC section 9: 新疆, 西藏) goes by the province code a China address is chosen
# with (bff/addresses/regions.py), never by the text: no spelling, spacing or script escapes it.
SPECIAL_AREA_PROVINCES = frozenset({"650000", "540000"})  # 新疆维吾尔自治区, 西藏自治区
# Matched in folded text (see `fold`): Auckland in any case, with or without macrons or spacing
# quirks; its te reo Māori name Tāmaki Makaurau; and 奥克兰, as SPEC section 9 writes it (a New
# Zealand city typed 奥克兰 is stored as Auckland, bff/addresses/rules.py, so the fee shown while
# the form is filled in and the order's agree).
AUCKLAND_NAMES = ("auckland", "tamaki makaurau", "奥克兰", "奧克蘭")
MIN_CHARGED_GRAMS = 1000
CENT = Decimal("0.01")


class Method(enum.StrEnum):
    OVERSEA_DIRECT = "oversea-direct"  # post to China
    LOCAL_DIRECT = "local-direct"  # post within New Zealand
    LOCAL_PICK = "local-pick"  # Auckland pickup


@dataclass(frozen=True)
class ShippingSettings:
    """The shop settings the rules read (a Shop row fits, via `from_shop`)."""

    shipping_cost: Decimal  # per kg, overseas
    overseas_direct_special_area_shipping_fee: Decimal  # per kg, 新疆 / 西藏
    local_shipping_cost: Decimal  # flat, Auckland
    out_auckland_local_shipping_fee: Decimal  # flat, rest of New Zealand
    is_overseas_shipping: bool
    is_local_shipping: bool
    is_pick_up: bool
    is_overseas_id_required: bool = False  # customs needs the recipient's ID number

    @classmethod
    def from_shop(cls, shop) -> "ShippingSettings":
        return cls(**{name: getattr(shop, name) for name in cls.__dataclass_fields__})


@dataclass(frozen=True)
class WeighedLine:
    quantity: int
    product_weight: int
    variant_weight: int | None = None
    is_free_shipping: bool = False


def id_number_required(method: str, settings: ShippingSettings) -> bool:
    """Whether the method's parcels need the recipient's ID number (customs, per the owner)."""
    return method == Method.OVERSEA_DIRECT and settings.is_overseas_id_required


def available_methods(country: str, settings: ShippingSettings) -> list[Method]:
    """Methods offered to a recipient country, in order; the first is preselected."""
    if country == CHINA:
        return [Method.OVERSEA_DIRECT] if settings.is_overseas_shipping else []
    if country == NEW_ZEALAND:
        methods = [Method.LOCAL_DIRECT] if settings.is_local_shipping else []
        return methods + ([Method.LOCAL_PICK] if settings.is_pick_up else [])
    return []


def unit_weight(product_weight: int, variant_weight: int | None, is_free_shipping: bool) -> int:
    """Grams one unit counts for: free-shipping items weigh nothing; a variant weight above 0 wins."""
    if is_free_shipping:
        return 0
    # mutation: equivalent because `> 0` and `>= 0` differ only at 0, which `variant_weight and` stops.
    if variant_weight and variant_weight > 0:
        return variant_weight
    return max(product_weight or 0, 0)


def total_weight(lines: Iterable[WeighedLine]) -> int:
    return sum(
        unit_weight(line.product_weight, line.variant_weight, line.is_free_shipping) * line.quantity
        for line in lines
    )


def per_kg_fee(grams: int, rate_per_kg: Decimal) -> Decimal:
    """The spec's weight helper: under 1 kg is charged as 1 kg; nothing to ship costs nothing."""
    if grams <= 0:
        return Decimal("0.00")
    charged = max(grams, MIN_CHARGED_GRAMS)
    return (Decimal(charged) / 1000 * rate_per_kg).quantize(CENT, ROUND_HALF_UP)


def fold(text: str | None) -> str:
    """Text for matching place names: compatibility forms (full-width letters) folded, accents and
    macrons removed (Tāmaki -> tamaki), lower case, runs of spaces made one. shipping.js twins it."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    bare = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    return re.sub(r"\s+", " ", bare.lower())


def _mentions(text: str, names: Iterable[str]) -> bool:
    text = fold(text)
    return any(name in text for name in names)


def shipping_fee(
    method: str,
    grams: int,
    city: str,
    address: str,
    settings: ShippingSettings,
    province_code: str | None = None,
) -> Decimal:
    if grams <= 0 or method == Method.LOCAL_PICK:
        return Decimal("0.00")
    if method == Method.OVERSEA_DIRECT:
        special = province_code in SPECIAL_AREA_PROVINCES
        rate = settings.overseas_direct_special_area_shipping_fee if special else settings.shipping_cost
        return per_kg_fee(grams, rate)
    if method == Method.LOCAL_DIRECT:
        auckland = _mentions(city, AUCKLAND_NAMES) or _mentions(address, AUCKLAND_NAMES)
        fee = settings.local_shipping_cost if auckland else settings.out_auckland_local_shipping_fee
        return Decimal(fee).quantize(CENT, ROUND_HALF_UP)
    raise ValueError(f"unknown shipping method {method!r}")
