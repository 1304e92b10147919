"""China's provinces, cities and districts (GB/T 2260 codes) from rules/china_regions.json,
which scripts/build_china_regions.mjs writes from a pinned, maintained package: the address
forms offer the same list, and the BFF accepts only its codes.

A China address names a province, one of its cities and, where the city has districts, one of
those; its `shipping_city` text is then composed from their names, so the courier, the shop and
the fee all read the same place. The special-area fee goes by the province code (新疆 65, 西藏 54),
never by searching the text. Hong Kong, Macau and Taiwan are listed as GB/T 2260 and the package
list them (each its own city; Hong Kong's and Macau's districts, none for Taiwan) and pay the normal
overseas rate: the shop's settings have no rate of their own for them.
"""

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bff.shipping.rules import CHINA

REGIONS_FILE = Path(__file__).resolve().parents[2] / "rules" / "china_regions.json"


@dataclass(frozen=True)
class Place:
    province_code: str
    city_code: str
    district_code: str | None
    label: str  # "新疆维吾尔自治区 乌鲁木齐市 天山区"; a municipality's name once ("上海市 浦东新区")


@cache
def _tree() -> dict[str, tuple[str, dict[str, tuple[str, dict[str, str]]]]]:
    provinces = json.loads(REGIONS_FILE.read_text(encoding="utf-8"))
    return {
        p["code"]: (
            p["name"],
            {c["code"]: (c["name"], {d["code"]: d["name"] for d in c["districts"]}) for c in p["cities"]},
        )
        for p in provinces
    }


def warm_up() -> None:
    """Read the list now: gunicorn's master calls this before it forks, so the workers share its pages."""
    _tree()


def resolve(province_code: str | None, city_code: str | None, district_code: str | None) -> Place | str:
    """The place the codes name, or the field that is wrong: "province_code", "city_code" (not a
    city of that province) or "district_code" (missing where the city has districts, or not one
    of them)."""
    tree = _tree()
    if not province_code or province_code not in tree:
        return "province_code"
    province, cities = tree[province_code]
    if not city_code or city_code not in cities:
        return "city_code"
    city, districts = cities[city_code]
    if districts and (not district_code or district_code not in districts):
        return "district_code"
    if not districts and district_code:
        return "district_code"
    names = [province] if city == province else [province, city]
    if district_code:
        names.append(districts[district_code])
    return Place(province_code, city_code, district_code or None, " ".join(names))


def place_names(
    province_code: str | None, city_code: str | None, district_code: str | None
) -> tuple[str, str, str]:
    """(province, city, district) named by the codes, each "" where unknown (a municipality's
    city is the municipality, as a courier's form asks)."""
    province, cities = _tree().get(province_code or "", ("", {}))
    city, districts = cities.get(city_code or "", ("", {}))
    return province, city, districts.get(district_code or "", "")


def needs_completion(address) -> bool:
    """A China address whose codes name no place of the lists: typed before them (the migration
    kept its text and what it could tell of the province), or a place the region data has since
    renamed or merged. Checkout refuses it until the shopper chooses the place again."""
    if address.shipping_country != CHINA:
        return False
    return isinstance(resolve(address.province_code, address.city_code, address.district_code), str)


# Typed text compared without spaces, zero-width characters or full-width forms: "新 疆", "新\u200b疆".
_INVISIBLE = re.compile(r"[\s\u200b-\u200f\u2060\ufeff]+")
_PROVINCE_SUFFIXES = ("维吾尔自治区", "壮族自治区", "回族自治区", "特别行政区", "自治区", "省", "市")
_CITY_SUFFIXES = ("市", "地区", "盟")  # an autonomous prefecture (自治州) is written in full
_DISTRICT_SUFFIXES = ("新区", "区", "县", "市", "旗")


def place_named_in(city: str | None, address: str | None = "") -> tuple[str, str | None] | None:
    """(province code, city code or None) of the place that an address typed before the lists
    names at its start, else None: how migration 0011 fills what it can, leaving the rest for the
    shopper to complete.

    A full name (新疆维吾尔自治区, 广东省, 乌鲁木齐市) counts wherever it starts the text; a short one
    (新疆, 乌鲁木齐) only alone or followed by one of its cities or districts, so that 北京路,
    上海's 西藏中路 or 青海's 海南藏族自治州 name no province they are not in. The city text with
    the address is read first, then each alone; the first that names exactly one province wins."""
    city, address = _plain(city), _plain(address)
    for text in (city + address, city, address):
        found = _places_at_start(text) if text else set()
        provinces = {province for province, _ in found}
        if len(provinces) == 1:
            cities = {code for _, code in found}
            return provinces.pop(), cities.pop() if len(cities) == 1 else None
    return None


def _plain(text: str | None) -> str:
    return _INVISIBLE.sub("", unicodedata.normalize("NFKC", text or ""))


def _names(name: str, suffixes: tuple[str, ...]) -> tuple[tuple[str, bool], ...]:
    """The full name, and its short form (flagged True) when it keeps two characters or more."""
    for suffix in suffixes:
        if name.endswith(suffix) and len(name) >= len(suffix) + 2:
            return (name, False), (name[: -len(suffix)], True)
    return ((name, False),)


def _places_at_start(text: str) -> set[tuple[str, str | None]]:
    found: set[tuple[str, str | None]] = set()
    for province_code, (province, cities) in _tree().items():
        municipality = province_code in cities
        for name, short in _names(province, _PROVINCE_SUFFIXES):
            if not text.startswith(name):
                continue
            rest = text[len(name) :]
            if municipality:
                # a municipality is its own city: 上海, 上海浦东新区, 上海市…, never 北京路
                if not short or not rest or _district_at_start(cities[province_code][1], rest):
                    found.add((province_code, province_code))
                continue
            city_code = next(
                (
                    code
                    for code, (city_name, _) in cities.items()
                    if any(rest.startswith(n) for n, _ in _names(city_name, _CITY_SUFFIXES))
                ),
                None,
            )
            if city_code or not short or not rest:
                found.add((province_code, city_code))
        if municipality:
            continue
        for city_code, (city_name, districts) in cities.items():
            for name, short in _names(city_name, _CITY_SUFFIXES):
                rest = text[len(name) :]
                if text.startswith(name) and (not short or not rest or _district_at_start(districts, rest)):
                    found.add((province_code, city_code))
    return found


def _district_at_start(districts: dict[str, str], text: str) -> bool:
    return any(text.startswith(n) for d in districts.values() for n, _ in _names(d, _DISTRICT_SUFFIXES))
