"""One JSON line per request with the SSR's request id (taken only from a trusted proxy), the
route template, and nothing secret."""

import json
import logging

import pytest

from bff.ops import health
from bff.ops.request_log import json_handler

SHOP = {"X-Site-Host": "shop-a.test"}


@pytest.fixture
def lines(store):
    """The JSON lines the BFF logs during the test, as the handler writes them."""
    written = []

    class Capture(logging.Handler):
        def __init__(self):
            super().__init__()
            real = json_handler()
            self.setFormatter(real.formatter)
            for f in real.filters:
                self.addFilter(f)

        def emit(self, record):
            written.append(json.loads(self.format(record)))

    handler = Capture()
    root = logging.getLogger()
    # The suite's `flask db upgrade` ran Alembic's fileConfig, which quiets the loggers that
    # existed then; a server process never runs migrations itself.
    ours = [logging.getLogger(name) for name in list(root.manager.loggerDict) if name.startswith("bff")]
    saved = root.level, [logger.disabled for logger in ours]
    root.setLevel(logging.INFO)
    for logger in ours:
        logger.disabled = False
    root.addHandler(handler)
    yield written
    root.removeHandler(handler)
    root.setLevel(saved[0])
    for logger, disabled in zip(ours, saved[1], strict=True):
        logger.disabled = disabled


def _requests(lines):
    return [line for line in lines if line.get("logger") == "bff.access"]


def test_each_request_is_one_line_with_the_proxys_request_id(client, lines):
    res = client.get("/api/shop", headers={**SHOP, "X-Request-Id": "page-view-0001"})
    assert res.headers["X-Request-Id"] == "page-view-0001"
    [line] = _requests(lines)
    assert line["request_id"] == "page-view-0001"
    assert (line["method"], line["route"], line["status"], line["shop"]) == (
        "GET",
        "/api/shop",
        200,
        "shop-a.test",
    )
    assert line["level"] == "INFO" and line["time"] and line["duration_ms"] >= 0


def test_the_route_is_the_template_and_no_query_or_token_is_logged(client, lines, as_member):
    client.get("/api/order/260101-ABCD-EFGH?secret=abc123", headers=as_member)
    client.get("/api/payment/sandbox/some.signed.token.value", headers=SHOP)
    client.post(
        "/api/auth/login", headers=SHOP, json={"email": "member@example.com", "password": "hunter22x"}
    )
    routes = [line["route"] for line in _requests(lines)]
    assert routes[0] == "/api/order/<order_number:order_number>"
    assert routes[1].startswith("/api/payment/sandbox/<")
    text = json.dumps(lines)
    token = as_member["Authorization"].split()[1]
    for secret in ("abc123", "some.signed.token.value", "hunter22x", token):
        assert secret not in text


def test_an_id_from_outside_the_trusted_proxies_or_of_another_shape_is_replaced(client, lines):
    outside = client.get(
        "/api/shop",
        headers={**SHOP, "X-Request-Id": "forged-id-0001"},
        environ_base={"REMOTE_ADDR": "203.0.113.9"},
    )
    odd = client.get("/api/shop", headers={**SHOP, "X-Request-Id": "<script>alert(1)</script>"})
    ids = [line["request_id"] for line in _requests(lines)]
    assert ids == [outside.headers["X-Request-Id"], odd.headers["X-Request-Id"]]
    assert "forged-id-0001" not in ids and len(set(ids)) == 2 and all(len(i) == 32 for i in ids)


def test_lines_written_during_a_request_carry_its_id(client, lines, monkeypatch):
    def down():
        raise ConnectionError("refused")

    monkeypatch.setattr(health, "_database", down)  # /readyz then logs a warning
    client.get("/readyz", headers={"X-Request-Id": "page-view-0002"})
    [warning] = [line for line in lines if line["level"] == "WARNING"]
    assert warning["logger"] == "bff.ops.health" and warning["request_id"] == "page-view-0002"
