"""OpenAPI document, interactive docs, and the one JSON error shape."""

import json

from bff.tests.helpers import SHOP_A, assert_error

PUBLIC_PATHS = {
    "/api/shop",
    "/api/category",
    "/api/category/{category_id}",
    "/api/product/new",
    "/api/product/best",
    "/api/product/search",
    "/api/product/{product_id}",
    "/api/brand",
    "/api/brand/{brand_id}",
    "/api/banner",
    "/api/banner-products/{banner_id}",
    "/api/article",
    "/api/article/{article_id}",
    "/api/sitemap",
}


def test_openapi_document_is_valid_json_listing_every_public_path(client):
    res = client.get("/api/openapi.json")
    assert res.status_code == 200
    spec = json.loads(res.data)
    assert spec["openapi"].startswith("3.")
    assert PUBLIC_PATHS <= set(spec["paths"])
    assert "post" in spec["paths"]["/api/product/search"]
    for path in PUBLIC_PATHS - {"/api/product/search"}:
        assert "get" in spec["paths"][path], path


def test_openapi_documents_the_sort_values_and_page_argument(client):
    spec = client.get("/api/openapi.json").json
    params = {p["name"]: p for p in spec["paths"]["/api/product/new"]["get"]["parameters"]}
    assert params["sort"]["schema"]["enum"] == ["recommend", "newest", "popular", "cheapest", "expensive"]
    assert params["page"]["schema"]["type"] == "integer"
    search = {p["name"] for p in spec["paths"]["/api/product/search"]["post"]["parameters"]}
    assert {"searchTerm", "sort", "page"} <= search


def test_interactive_docs_are_an_html_page(client):
    res = client.get("/api/docs")
    assert res.status_code == 200
    assert res.mimetype == "text/html"
    assert b"openapi.json" in res.data


def test_errors_are_json_with_a_message_and_a_code(client, shop):
    assert_error(client.get("/api/product/1", headers=SHOP_A), 404, "not_found")
    assert_error(client.get("/api/nowhere", headers=SHOP_A), 404, "not_found")
    assert_error(client.put("/api/shop", headers=SHOP_A), 405, "method_not_allowed")
    body = assert_error(client.get("/api/product/new/?page=0", headers=SHOP_A), 422, "validation_error")
    assert body["errors"]["page"]


def test_an_unexpected_failure_is_a_json_500_without_a_stack_trace(app, client, shop, monkeypatch):
    from bff.catalog import services

    def boom(*args, **kwargs):
        raise RuntimeError("secret detail: SELECT * FROM shops")

    monkeypatch.setattr(services, "newest_products", boom)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    try:
        res = client.get("/api/product/new/", headers=SHOP_A)
    finally:
        app.config["PROPAGATE_EXCEPTIONS"] = None
    assert res.status_code == 500
    # In the shop's language (SHOP_A is a Chinese shop); the English one is checked in test_languages.py.
    assert res.json == {"message": "服务器内部错误", "code": "internal_error"}
    assert b"secret detail" not in res.data
