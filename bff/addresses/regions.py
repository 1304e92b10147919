"""China's provinces, cities and districts (GB/T 2260 codes) from rules/china_regions.json,
which scripts/build_china_regions.mjs writes from a pinned, maintained package: the address
forms offer the same list, and the BFF accepts only its codes.

A China address names a province, one of its cities and, where the city has districts, one of
those; its `shipping_city` text is then composed from their names, so the courier, the shop and
the fee all read the same place. The special-area fee goes by the province code (新疆 65, 西藏 54),
never by searching the text.
"""

import json
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


def needs_completion(address) -> bool:
    """A China address whose codes name no place of the lists: typed before them (the migration
    kept its text and what it could tell of the province), or a place the region data has since
    renamed or merged. Checkout refuses it until the shopper chooses the place again."""
    if address.shipping_country != CHINA:
        return False
    return isinstance(resolve(address.province_code, address.city_code, address.district_code), str)


def province_named_in(text: str) -> str | None:
    """The code of the one province whose name (or short name: 新疆, 广东) starts `text`, else
    None: how the migration fills what it can of an address typed before the lists."""
    text = (text or "").replace(" ", "").replace("\u3000", "")
    found = {code for code, (name, _) in _tree().items() if text and text.startswith(_short(name))}
    return found.pop() if len(found) == 1 else None


def _short(name: str) -> str:
    for suffix in ("维吾尔自治区", "壮族自治区", "回族自治区", "特别行政区", "自治区", "省", "市"):
        if name.endswith(suffix) and len(name) > len(suffix) + 1:
            return name[: -len(suffix)]
    return name
