"""Every answer of the BFF carries the security headers; /api/docs runs Swagger UI from this
origin (a pinned package, no CDN) under a CSP with no inline script."""

from bff.tests.helpers import SHOP_A

COMMON = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
}
STRICT = "default-src 'none'; frame-ancestors 'none'"


def _assert_common(res):
    for name, value in COMMON.items():
        assert res.headers.get(name) == value, (name, res.headers.get(name))
    assert "camera=()" in res.headers["Permissions-Policy"]


def test_json_answers_and_errors_carry_the_strict_policy(client, shop):
    for res in (
        client.get("/api/shop", headers=SHOP_A),
        client.get("/api/product/999999", headers=SHOP_A),
        client.get("/api/cart", headers=SHOP_A),
        client.get("/api/shop", headers={"X-Site-Host": "nowhere.test"}),
    ):
        _assert_common(res)
        assert res.headers["Content-Security-Policy"] == STRICT
        assert "Strict-Transport-Security" not in res.headers


def test_hsts_only_over_https_as_told_by_a_trusted_proxy(client, shop):
    res = client.get("/api/shop", headers={**SHOP_A, "X-Forwarded-Proto": "https"})
    assert res.headers["Strict-Transport-Security"].startswith("max-age=31536000")
    outside = client.get(
        "/api/shop",
        headers={**SHOP_A, "X-Forwarded-Proto": "https"},
        environ_base={"REMOTE_ADDR": "203.0.113.5"},
    )
    assert "Strict-Transport-Security" not in outside.headers


def test_the_docs_page_loads_swagger_ui_from_this_origin_without_inline_script(client):
    page = client.get("/api/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "cdn" not in html.lower() and "<script>" not in html
    csp = page.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    _assert_common(page)
    for path in (
        "/api/docs/static/swagger-ui-bundle.js",
        "/api/docs/static/swagger-ui.css",
        "/api/docs/init.js",
    ):
        res = client.get(path)
        assert res.status_code == 200 and len(res.data) > 100, path
        _assert_common(res)
