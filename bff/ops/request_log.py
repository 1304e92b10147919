"""Logs as JSON lines, and one line per request: `{"time", "level", "logger": "bff.access",
"message": "request", "request_id", "method", "route", "params", "status", "duration_ms", "shop"}`.

The request id comes from the SSR process (`X-Request-Id`, which it creates per page view or takes
from a trusted proxy) so one page view can be followed through both processes' logs; a request
from elsewhere, or with an id not of our shape, gets a fresh one. Every log line written while a
request runs carries its id, and the answer names it in `X-Request-Id`.

What is never logged: the raw path and query string (the sandbox payment page's signed token, a
search a shopper typed), bodies, headers (tokens, cookies), so no password, token or ID number can
reach a line: the route template and its parameters (an order number) say what was asked."""

import logging
import re
import time
import uuid

from flask import Flask, g, has_request_context, request
from pythonjsonlogger.json import JsonFormatter

from bff.common.proxies import from_trusted_proxy

REQUEST_ID_HEADER = "X-Request-Id"
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{8,128}")
access_log = logging.getLogger("bff.access")


class _RequestId(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = g.get("request_id") if has_request_context() else None
        return True


def json_handler() -> logging.Handler:
    handler = logging.StreamHandler()
    handler.setFormatter(
        JsonFormatter(
            "{levelname}{name}{message}",
            style="{",
            timestamp="time",  # ISO 8601 in UTC
            rename_fields={"levelname": "level", "name": "logger"},
            json_ensure_ascii=False,
        )
    )
    handler.addFilter(_RequestId())
    handler.name = "bff-json"
    return handler


def configure_logging(level: int = logging.INFO) -> None:
    """JSON lines on stderr for every logger (once per process)."""
    root = logging.getLogger()
    if not any(h.name == "bff-json" for h in root.handlers):
        root.addHandler(json_handler())
    root.setLevel(level)
    # The dev server's own request lines would repeat ours, query strings included.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)


def _request_id() -> str:
    given = request.headers.get(REQUEST_ID_HEADER, "")
    if given and _REQUEST_ID.fullmatch(given) and from_trusted_proxy():
        return given
    return uuid.uuid4().hex


def init_app(app: Flask) -> None:
    configure_logging()

    @app.before_request
    def _start():
        g.request_id = _request_id()
        g.request_started = time.perf_counter()

    @app.after_request
    def _log(response):
        started = g.get("request_started")
        if "request_id" not in g:  # a hook before ours answered: still one line, with an id
            g.request_id = _request_id()
        response.headers[REQUEST_ID_HEADER] = g.request_id
        access_log.info(
            "request",
            extra={
                "method": request.method,
                "route": route_of_request(),
                "params": _path_arguments(),
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1) if started else None,
                "shop": request.headers.get("X-Site-Host") or request.host,
            },
        )
        return response


def _path_arguments() -> dict[str, str]:
    # The values of the route's parameters (an order number), except tokens (the sandbox payment
    # page's signed path); the raw path is never logged for that reason.
    return {k: str(v) for k, v in (request.view_args or {}).items() if "token" not in k.lower()}


def route_of_request() -> str:
    """The route template (`/api/order/<order_number:order_number>`), never the raw path: a
    label of bounded count for logs and metrics."""
    return request.url_rule.rule if request.url_rule is not None else "<unmatched>"
