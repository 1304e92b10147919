"""Reading a demo shop file (`db/demo/*.json`): templates merged, details rendered.

A product may name a `template` whose fields are its defaults (honeys of one brand share
composition and usage); `image` and `details` merge one level deep. `details` is
structured (intro, highlights, specs, note) and rendered to HTML here with the shop's own
headings, so the data files stay readable and every product page has the same shape.
"""

import json
from html import escape
from pathlib import Path
from typing import Any

from bff.config import ROOT

DATA_DIR = ROOT / "db" / "demo"
# Loaded in this order, so the Chinese shop gets the lower ids.
SHOP_FILES = ("zh_shop.json", "en_shop.json")

_NESTED = ("image", "details")


def load_shop(path: Path) -> dict[str, Any]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    templates = data.get("templates", {})
    products = []
    for raw in data["products"]:
        base = templates[raw["template"]] if "template" in raw else {}
        merged = {**base, **raw}
        for key in _NESTED:
            if key in base or key in raw:
                merged[key] = {**base.get(key, {}), **raw.get(key, {})}
        merged.pop("template", None)
        products.append(merged)
    data["products"] = products
    _check_references(data)
    return data


def load_shops(data_dir: Path = DATA_DIR) -> list[dict[str, Any]]:
    return [load_shop(data_dir / name) for name in SHOP_FILES]


def _check_references(data: dict) -> None:
    """Fail early, with the file's own key, on a typo that would otherwise surface as a KeyError."""
    categories = {c["key"] for top in data["categories"] for c in (top, *top.get("children", []))}
    brands = {b["key"] for b in data["brands"]}
    products = [p["key"] for p in data["products"]]
    if len(set(products)) != len(products):
        raise ValueError(f"{data['code']}: duplicate product keys")
    for p in data["products"]:
        if p["category"] not in categories:
            raise ValueError(f"{data['code']}: product {p['key']}: unknown category {p['category']!r}")
        if p.get("brand") and p["brand"] not in brands:
            raise ValueError(f"{data['code']}: product {p['key']}: unknown brand {p['brand']!r}")
    for banner in data["banners"]:
        for key in banner.get("products", []):
            if key not in products:
                raise ValueError(f"{data['code']}: banner {banner['name']}: unknown product {key!r}")


def render_details(product: dict, labels: dict, brand_name: str | None) -> str:
    """The product_details HTML: an introduction, highlights, a specification table, a note."""
    if "details_html" in product:
        return product["details_html"]
    details = product.get("details", {})
    parts = [f"<h3>{escape(labels['intro'])}</h3>", f"<p>{escape(product['description'])}</p>"]
    if details.get("intro"):
        parts.append(f"<p>{escape(details['intro'])}</p>")
    if details.get("highlights"):
        items = "".join(f"<li>{escape(h)}</li>" for h in details["highlights"])
        parts += [f"<h3>{escape(labels['highlights'])}</h3>", f"<ul>{items}</ul>"]
    rows = []
    if brand_name:
        rows.append((labels["brand"], brand_name))
    rows.append((labels["origin"], labels["origin_value"]))
    rows.append((labels["weight"], f"{product['weight']} {labels['grams']}"))
    rows += [tuple(row) for row in details.get("specs", [])]
    body = "".join(f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>" for k, v in rows)
    parts += [f"<h3>{escape(labels['specs'])}</h3>", f"<table><tbody>{body}</tbody></table>"]
    if details.get("note"):
        parts.append(f"<p><strong>{escape(labels['note'])}</strong>{escape(details['note'])}</p>")
    return "\n".join(parts)
