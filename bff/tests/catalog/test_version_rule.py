"""One version rule (issue 28, finding 7): every console call that changes a versioned object
(products and their stock and pictures, categories, brands, banners, articles, the settings,
customers) names the version it was made on in If-Match: 428 without one (or with `*` or
garbage, which name none), 412 with a stale one, and nothing changes either way. A stock level
is set only over the level read."""

import io
from decimal import Decimal

import pytest
from PIL import Image
from sqlalchemy import func, select

from bff.accounts.models import User
from bff.audit.models import AuditEntry
from bff.catalog.models import Product
from bff.extensions import db
from bff.tests.helpers import assert_error, assert_ledger_balanced, with_version

ADMIN = "/api/admin"


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (64, 64), (10, 120, 200)).save(buf, "PNG")
    return buf.getvalue()


@pytest.fixture
def objects(store, make_product, make_brand, make_category, make_banner, make_article, member):
    honey = make_product(
        store, "Manuka honey", price=Decimal("45.00"), weight=500, virtual_inventory=10, images=2
    )
    return {
        "product": honey,
        "brand": make_brand(store, "Kiwi Bees"),
        "category": make_category(store, "Food"),
        "banner": make_banner(store, "Sale"),
        "article": make_article(store, "About"),
        "customer": member,
    }


def _calls(o) -> list[tuple[str, str, str, dict]]:
    """(method, url, the url that reads its version, body) of every changing console call."""
    p = f"{ADMIN}/products/{o['product'].id}"
    image = o["product"].images[0].id
    upload = {"images": [(io.BytesIO(_png()), "a.png")]}
    calls = [
        ("put", p, p, {"json": {"name": "X", "price": "1.00"}}),
        ("patch", p, p, {"json": {"name": "X"}}),
        ("delete", p, p, {}),
        ("post", f"{p}/hide", p, {}),
        ("post", f"{p}/show", p, {}),
        ("post", f"{p}/stock", p, {"json": {"delta": 5, "reason": "found"}}),
        ("put", f"{p}/images", p, {"json": {"order": [i.id for i in o["product"].images][::-1]}}),
        ("post", f"{p}/images", p, {"data": upload, "content_type": "multipart/form-data"}),
        ("patch", f"{p}/images/{image}", p, {"json": {"alt": "jar"}}),
        ("delete", f"{p}/images/{image}", p, {}),
        ("patch", f"{ADMIN}/settings", f"{ADMIN}/settings", {"json": {"shop_slogan": "x"}}),
        (
            "put",
            f"{ADMIN}/settings/images/shop_logo",
            f"{ADMIN}/settings",
            {"data": {"image": (io.BytesIO(_png()), "l.png")}, "content_type": "multipart/form-data"},
        ),  # noqa: E501
        ("delete", f"{ADMIN}/settings/images/shop_logo", f"{ADMIN}/settings", {}),
    ]
    for kind, plural in (
        ("brand", "brands"),
        ("category", "categories"),
        ("banner", "banners"),
        ("article", "articles"),
    ):  # noqa: E501
        url = f"{ADMIN}/{plural}/{o[kind].id}"
        body = {"title": "Y"} if kind == "article" else {"name": "Y"}
        calls += [("patch", url, url, {"json": body}), ("delete", url, url, {})]
        if kind != "article":
            picture = {
                "data": {"image": (io.BytesIO(_png()), "p.png")},
                "content_type": "multipart/form-data",
            }
            calls += [("put", f"{url}/picture", url, picture), ("delete", f"{url}/picture", url, {})]
    c = f"{ADMIN}/customers/{o['customer'].id}"
    calls += [
        ("patch", c, c, {"json": {"is_special_member": True}}),
        ("post", f"{c}/block", c, {"json": {"reason": "fraud"}}),
        ("post", f"{c}/unblock", c, {}),
    ]
    return calls


def _fresh(kwargs: dict) -> dict:
    """The call's arguments with new file objects (a request reads them to the end)."""
    data = kwargs.get("data")
    if not data:
        return dict(kwargs)
    renewed = {}
    for key, value in data.items():
        if isinstance(value, list):
            renewed[key] = [(io.BytesIO(_png()), name) for _, name in value]
        else:
            renewed[key] = (io.BytesIO(_png()), value[1])
    return {**kwargs, "data": renewed}


def _state() -> tuple:
    db.session.expire_all()
    return (
        db.session.scalar(select(func.count()).select_from(AuditEntry)),
        db.session.scalar(select(func.sum(Product.version))),
        db.session.scalar(select(func.sum(User.version))),
    )


def test_every_changing_console_call_without_its_version_is_a_428_and_changes_nothing(
    client, as_admin, objects
):
    before = _state()
    for method, url, _read, kwargs in _calls(objects):
        for header in (None, "*", "garbage", ""):
            headers = as_admin if header is None else {**as_admin, "If-Match": header}
            res = getattr(client, method)(url, headers=headers, **_fresh(kwargs))
            assert res.status_code == 428, (method, url, header, res.json)
            assert assert_error(res, 428, "if_match_required")["message"]
    assert _state() == before


def test_every_changing_console_call_with_a_stale_version_is_a_412_and_changes_nothing(
    client, as_admin, objects
):
    before = _state()
    for method, url, _read, kwargs in _calls(objects):
        res = getattr(client, method)(url, headers={**as_admin, "If-Match": 'W/"999"'}, **_fresh(kwargs))
        assert res.status_code == 412, (method, url, res.json)
        assert assert_error(res, 412)["code"] in ("stale_version",)
    assert _state() == before


def test_every_changing_console_call_on_the_version_read_is_applied(client, as_admin, objects):
    for method, url, read, kwargs in _calls(objects):
        if method == "delete" and url.count("/") == 4 and "settings" not in url:
            continue  # the object itself: deleted last, below
        res = getattr(client, method)(url, headers=with_version(client, as_admin, read), **_fresh(kwargs))
        assert res.status_code in (200, 201, 204), (method, url, res.json)
    for kind in ("brands", "categories", "banners", "articles", "products"):
        key = {"brands": "brand", "categories": "category", "banners": "banner", "articles": "article"}.get(
            kind
        )
        url = f"{ADMIN}/{kind}/{objects[key or 'product'].id}"
        assert client.delete(url, headers=with_version(client, as_admin, url)).status_code == 204, url


def test_the_openapi_document_says_if_match_is_required_on_each(client, objects):
    spec = client.get("/api/openapi.json").json
    for method, url, _read, _kwargs in _calls(objects):
        template = url
        for name, value in (
            ("product_id", objects["product"].id),
            ("image_id", objects["product"].images[0].id),
            ("user_id", objects["customer"].id),
        ):
            template = (
                template.replace(f"/{value}", f"/{{{name}}}", 1) if f"/{value}" in template else template
            )
        operation = _operation(spec, method, template)
        (if_match,) = [p for p in operation.get("parameters", []) if p["name"] == "If-Match"]
        assert if_match["required"] is True, (method, url)
        assert {"412", "428"} <= set(operation["responses"]), (method, url)


def _operation(spec, method, url):
    for path, operations in spec["paths"].items():
        parts, wanted = path.split("/"), url.split("/")
        if len(parts) == len(wanted) and all(
            p == w or (p.startswith("{") and (w.isdigit() or w.startswith("{")) or p == "{field}")
            for p, w in zip(parts, wanted, strict=True)
        ):
            if method in operations:
                return operations[method]
    raise AssertionError(f"no {method} {url} in the document")


def test_a_customers_answer_carries_its_version_and_each_change_raises_it(client, as_admin, member):
    url = f"{ADMIN}/customers/{member.id}"
    res = client.get(url, headers=as_admin)
    assert res.headers["ETag"] == f'W/"{res.json["customer"]["version"]}"' == 'W/"1"'
    first = client.patch(url, headers={**as_admin, "If-Match": 'W/"1"'}, json={"is_special_member": True})
    assert first.status_code == 200 and first.headers["ETag"] == 'W/"2"'
    # A second change made on the copy read before the first is refused, not applied.
    second = client.post(f"{url}/block", headers={**as_admin, "If-Match": 'W/"1"'}, json={"reason": "x"})
    assert_error(second, 412, "stale_version")
    db.session.expire_all()
    assert db.session.get(User, member.id).blocked_at is None


# Stock: a level over the level read --------------------------------------------------------------


def test_a_stock_level_set_over_a_stale_level_is_refused_and_sales_are_kept(
    client, api, as_admin, as_member, objects
):
    from bff.tests.fixtures.shopping import checkout_body

    honey = objects["product"]
    url = f"{ADMIN}/products/{honey.id}/stock"
    headers = with_version(client, as_admin, f"{ADMIN}/products/{honey.id}")
    read = client.get(f"{ADMIN}/products/{honey.id}", headers=as_admin).json["product"]["virtual_inventory"]
    assert read == 10
    # A shopper buys one while the owner types the count of the shelf.
    sale = api.post("/api/order/create", as_member, json=checkout_body([(honey, 1, None)], "45.00", "10.00"))
    assert sale.status_code == 200, sale.json
    res = client.post(url, headers=headers, json={"level": 12, "expected": read, "reason": "stocktake"})
    body = assert_error(res, 409, "stale_stock")
    assert body["message"] == "库存在您读取之后已经变化（现在是 9），本次调整未执行。请确认后重新填写。"
    assert assert_ledger_balanced(honey.id)["product"] == 9
    # Without the level read, a level is not taken at all; a delta needs none.
    res = client.post(url, headers=headers, json={"level": 12, "reason": "stocktake"})
    assert list(assert_error(res, 422)["errors"]) == ["expected"]
    res = client.post(url, headers=headers, json={"level": 12, "expected": 9, "reason": "stocktake"})
    assert res.json["change"] == {"variant_id": None, "before": 9, "after": 12}
    res = client.post(url, headers=headers, json={"delta": 2, "reason": "found two"})
    assert res.json["change"] == {"variant_id": None, "before": 12, "after": 14}
