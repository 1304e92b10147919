"""/metrics: Prometheus text with request counts and latency by route template, orders and
payment notifications by outcome; answered only to the deployment's own network."""

from decimal import Decimal

from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from bff.tests.fixtures.shopping import checkout_body

SHOP = {"X-Site-Host": "shop-a.test"}
ORDER_ROUTE = "/api/order/<order_number:order_number>"


def _value(name, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def _scrape(client) -> dict:
    res = client.get("/metrics")
    assert res.status_code == 200 and res.mimetype == "text/plain"
    assert res.headers["Cache-Control"] == "no-store"
    return {family.name: family for family in text_string_to_metric_families(res.get_data(as_text=True))}


def test_requests_are_counted_and_timed_by_route_template(client, as_member):
    before = _value("bff_http_requests_total", method="GET", route=ORDER_ROUTE, status="404")
    for number in ("260101-AAAA-AAAA", "260101-BBBB-BBBB"):  # two raw paths, one route
        client.get(f"/api/order/{number}", headers=as_member)
    families = _scrape(client)
    assert _value("bff_http_requests_total", method="GET", route=ORDER_ROUTE, status="404") == before + 2
    histogram = families["bff_http_request_duration_seconds"].samples
    [everything] = [
        s.value
        for s in histogram
        if s.name.endswith("_bucket") and s.labels["route"] == ORDER_ROUTE and s.labels["le"] == "+Inf"
    ]
    assert everything >= 2
    # No raw path becomes a label.
    assert not any("260101-AAAA" in str(s.labels) for f in families.values() for s in f.samples)


def test_orders_are_counted_by_outcome(api, client, as_member, store, make_product):
    honey = make_product(store, "Honey", price=Decimal("45.00"), virtual_inventory=10, weight=500)
    created, repeated = (
        _value("bff_orders_total", outcome="created"),
        _value("bff_orders_total", outcome="repeated"),
    )
    changed = _value("bff_orders_total", outcome="prices_changed")
    body = checkout_body([(honey, 1, None)], "45.00", "10.00")
    for _ in range(2):  # the second is the same submission
        api.post("/api/order/create", {**as_member, "Idempotency-Key": "k-1"}, json=body)
    api.post("/api/order/create", as_member, json={**body, "totalAmount": "1.00"})
    assert _value("bff_orders_total", outcome="created") == created + 1
    assert _value("bff_orders_total", outcome="repeated") == repeated + 1
    assert _value("bff_orders_total", outcome="prices_changed") == changed + 1


def test_payment_notifications_are_counted_by_outcome(client, store):
    before = _value("bff_payment_notifications_total", outcome="bad_signature")
    res = client.post("/api/payment/notify/sandbox", headers=SHOP, data=b'{"order_number": "x"}')
    assert res.status_code == 400
    assert _value("bff_payment_notifications_total", outcome=res.get_json()["code"]) >= before + 1


def test_metrics_are_not_answered_outside_the_deployments_network(client):
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "203.0.113.9"}).status_code == 404
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "10.1.2.3"}).status_code == 200
