"""Liveness and readiness for an orchestrator or docker-compose: `/healthz` says the process
answers; `/readyz` that what it needs answers too (the database, and Redis when REDIS_URL is
set). Outside `/api`: no shop, no session, no rate limit, never cached."""

import logging

import redis
from flask import Blueprint, current_app, jsonify
from sqlalchemy import text

from bff.extensions import db

log = logging.getLogger(__name__)

bp = Blueprint("health", __name__)


def _no_store(response, status: int = 200):
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/healthz")
def healthz():
    return _no_store(jsonify(status="ok"))


def _database() -> None:
    with db.engine.connect() as connection:
        connection.execute(text("SELECT 1"))


def _redis() -> None:
    client = redis.Redis.from_url(current_app.config["REDIS_URL"], socket_connect_timeout=2, socket_timeout=2)
    try:
        client.ping()
    finally:
        client.close()


@bp.get("/readyz")
def readyz():
    needed = [("database", _database)]
    if current_app.config["REDIS_URL"]:
        needed.append(("redis", _redis))
    checks = {}
    for name, check in needed:
        try:
            check()
            checks[name] = "ok"
        except Exception as exc:  # any failure means not ready; the log says which and why
            log.warning("readiness: %s is not reachable: %s", name, type(exc).__name__)
            checks[name] = "unreachable"
    ready = all(v == "ok" for v in checks.values())
    return _no_store(jsonify(status="ok" if ready else "unavailable", checks=checks), 200 if ready else 503)
