"""Prometheus metrics at `/metrics`: requests and their latency by route template, orders and
payment notifications by outcome.

Under gunicorn every worker is a process of its own: `bff/gunicorn.conf.py` points
PROMETHEUS_MULTIPROC_DIR at a fresh directory before the workers start, prometheus_client keeps
each worker's values there, and `/metrics` adds them up (MultiProcessCollector), whichever worker
answers. Without it (flask run, tests) the process's own registry answers.

`/metrics` answers only addresses of METRICS_ALLOWED_IPS (loopback and the private ranges by
default: a Prometheus on the deployment's network); anyone else gets 404. The SSR process, the one
public entry, never proxies it (it forwards /api and /media only)."""

import ipaddress
import os
import time
from functools import lru_cache

from flask import Blueprint, Flask, Response, abort, current_app, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from bff.ops.request_log import route_of_request

# Seconds: a cached catalogue answer takes ~5 ms, a checkout ~100 ms; a slow search a second.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter(
    "bff_http_requests_total", "Requests answered, by route template.", ["method", "route", "status"]
)
LATENCY = Histogram(
    "bff_http_request_duration_seconds",
    "Time to answer a request, by route template.",
    ["method", "route"],
    buckets=LATENCY_BUCKETS,
)
ORDERS = Counter(
    "bff_orders_total",
    "Checkout submissions by outcome: created, repeated (an earlier submission's order), "
    "or the refusal's code.",
    ["outcome"],
)
PAYMENT_NOTIFICATIONS = Counter(
    "bff_payment_notifications_total",
    "Payment notifications by outcome: what was done with them (applied, ignored_...), "
    "or the refusal's code.",
    ["outcome"],
)
CATALOGUE_ANSWERS = Counter(
    "bff_catalogue_cache_total",
    "Catalogue answers by the guests' cache (bff/catalog/answer_cache.py): hit, miss (read and "
    "kept), or pass (never kept: member prices, a later search page, no catalogue version).",
    ["state"],
)
CATALOGUE_CACHE_BYTES = Gauge(
    "bff_catalogue_cache_bytes",
    "Bytes the guests' catalogue answers take (bodies and a fixed overhead each), live workers added up.",
    multiprocess_mode="livesum",
)
CATALOGUE_CACHE_ENTRIES = Gauge(
    "bff_catalogue_cache_entries",
    "Guests' catalogue answers kept, live workers added up.",
    multiprocess_mode="livesum",
)

# As prometheus_client decided when it was imported: each worker's values in files, or in memory.
MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))

ORDER_CREATE_ROUTE = "/api/order/create"
NOTIFY_ROUTE = "/api/payment/notify/<string(maxlength=32):provider_name>"

bp = Blueprint("metrics", __name__)


@lru_cache(maxsize=8)
def _networks(setting: str) -> tuple:
    return tuple(ipaddress.ip_network(p.strip(), strict=False) for p in setting.split(",") if p.strip())


def _allowed() -> bool:
    try:
        address = ipaddress.ip_address(request.remote_addr or "")
    except ValueError:
        return False
    return any(address in network for network in _networks(current_app.config["METRICS_ALLOWED_IPS"]))


@bp.get("/metrics")
def metrics():
    if not _allowed():
        abort(404)
    registry = REGISTRY
    if MULTIPROCESS:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    return Response(
        generate_latest(registry), mimetype=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"}
    )


def _outcome(response) -> str:
    body = response.get_json(silent=True) if response.is_json else None
    body = body if isinstance(body, dict) else {}
    if response.status_code >= 400:
        return str(body.get("code") or response.status_code)
    return body.get("result") or ("created" if body.get("created", True) else "repeated")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)

    @app.before_request
    def _start():
        g.metrics_started = time.perf_counter()

    @app.after_request
    def _observe(response):
        route = route_of_request()
        if route == "/metrics":
            return response
        REQUESTS.labels(request.method, route, str(response.status_code)).inc()
        started = g.get("metrics_started")
        if started is not None:
            LATENCY.labels(request.method, route).observe(time.perf_counter() - started)
        if request.method == "POST" and route == ORDER_CREATE_ROUTE:
            ORDERS.labels(_outcome(response)).inc()
        elif request.method == "POST" and route == NOTIFY_ROUTE:
            PAYMENT_NOTIFICATIONS.labels(_outcome(response)).inc()
        return response
