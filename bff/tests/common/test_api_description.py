"""The OpenAPI document says what the API does: the error shape, the statuses, the field rules.
(The schemathesis run of `make test-api` checks the same against the running BFF.)"""

import re

import pytest

from bff.tests.helpers import SHOP_A, assert_error


@pytest.fixture(scope="module")
def spec(app):
    return app.test_client().get("/api/openapi.json").get_json()


def _operations(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method != "parameters":
                yield path, method, operation


def _schema(spec, ref_or_schema):
    if "$ref" in ref_or_schema:
        kind, name = ref_or_schema["$ref"].split("/")[-2:]
        return spec["components"][kind][name]
    return ref_or_schema


def test_the_error_schema_is_the_real_shape(spec):
    error = spec["components"]["schemas"]["Error"]
    assert error["properties"]["code"]["type"] == "string"
    assert error["properties"]["message"]["type"] == "string"
    assert error["properties"]["errors"]["type"] == "object"
    assert set(error["required"]) == {"code", "message"}


def test_every_error_answer_of_every_operation_uses_the_error_schema(spec):
    for path, method, operation in _operations(spec):
        for status, response in operation["responses"].items():
            if status.startswith(("2", "3")):
                continue
            content = _schema(spec, response)["content"]["application/json"]["schema"]
            assert content == {"$ref": "#/components/schemas/Error"}, (method, path, status)


def test_every_operation_documents_its_statuses(spec):
    for path, method, operation in _operations(spec):
        statuses = set(operation["responses"])
        assert {"404", "414"} <= statuses, (method, path)
        if "requestBody" in operation:
            assert {"400", "413"} <= statuses, (method, path)
        if operation.get("security"):
            assert "401" in statuses, (method, path)
    for path in ("/api/auth/login", "/api/auth/register", "/api/auth/password/reset"):
        assert "429" in spec["paths"][path]["post"]["responses"]
    for path in ("/api/cart/add", "/api/order/create", "/api/payment/create-payment"):
        assert "409" in spec["paths"][path]["post"]["responses"]


def _string_properties(spec, schema, where):
    schema = _schema(spec, schema)
    for name, prop in schema.get("properties", {}).items():
        prop = _schema(spec, prop) if "$ref" in prop else prop
        if prop.get("type") == "string":
            yield f"{where}.{name}", prop
        elif prop.get("type") == "object" or "properties" in prop:
            yield from _string_properties(spec, prop, f"{where}.{name}")
        elif prop.get("type") == "array" and "items" in prop:
            yield from _string_properties(spec, prop["items"], f"{where}.{name}[]")


def test_every_text_a_caller_sends_is_described_without_control_characters(spec):
    """Every string input is an enum or has a pattern (common.schemas.Text's, or a stricter one)."""
    checked = 0
    for path, method, operation in _operations(spec):
        params = [(p["name"], p["schema"]) for p in operation.get("parameters", [])]
        params += [(p["name"], p["schema"]) for p in spec["paths"][path].get("parameters", [])]
        props = [(n, s) for n, s in params if s.get("type") == "string"]
        for content in (operation.get("requestBody") or {}).get("content", {}).values():
            props += list(_string_properties(spec, content["schema"], "body"))
        for name, prop in props:
            if prop.get("format") == "binary":
                continue  # an uploaded file: bytes, checked by its content (bff/media/images.py)
            checked += 1
            assert "enum" in prop or "pattern" in prop, (method, path, name)
            for control in ("\x00", "\x1b", "\x7f"):
                assert not re.search(prop.get("pattern", "^$"), f"ab{control}c@d.co"), (path, name)
    assert checked > 40


def test_field_rules_are_described(spec):
    schemas = spec["components"]["schemas"]
    register = schemas["RegisterArgs"]["properties"]
    assert register["email"]["minLength"] == 1 and "@" in register["email"]["pattern"]
    assert (register["password"]["minLength"], register["password"]["maxLength"]) == (8, 20)
    assert schemas["LoginArgs"]["properties"]["password"]["minLength"] == 1
    assert schemas["ShippingInfoArgs"]["properties"]["shipping_type"]["enum"] == [
        "",
        "oversea-direct",
        "local-direct",
        "local-pick",
        None,
    ]
    orders = {p["name"]: p for p in spec["paths"]["/api/orders"]["get"]["parameters"]}
    assert "payment_failed" in orders["status"]["schema"]["enum"]
    assert orders["page"]["allowEmptyValue"] is True
    product_id = spec["paths"]["/api/product/{product_id}"]["parameters"][0]["schema"]
    assert product_id["maximum"] == 2**31 - 1


def test_an_id_beyond_the_databases_integer_is_a_404(client, shop):
    assert_error(client.get(f"/api/product/{2**31}", headers=SHOP_A), 404, "not_found")
    assert_error(client.get(f"/api/article/{2**63}", headers=SHOP_A), 404, "not_found")


def test_a_405_says_which_methods_are_allowed(client, shop):
    res = client.delete("/api/shop", headers=SHOP_A)
    assert_error(res, 405, "method_not_allowed")
    assert set(res.headers["Allow"].replace(" ", "").split(",")) == {"GET", "HEAD", "OPTIONS"}
    res = client.get("/api/order/create", headers=SHOP_A)
    assert_error(res, 405, "method_not_allowed")
    assert "POST" in res.headers["Allow"] and "GET" not in res.headers["Allow"]
