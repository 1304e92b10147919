"""/healthz and /readyz: cheap, never cached, no shop needed; not ready names what is down."""

import pytest

from bff.ops import health


def test_healthz_answers_without_a_shop_and_is_never_cached(client):
    res = client.get("/healthz", headers={"Host": "no-such-shop.test"})
    assert (res.status_code, res.json, res.headers["Cache-Control"]) == (200, {"status": "ok"}, "no-store")


def test_readyz_checks_the_database(client):
    res = client.get("/readyz", headers={"Host": "no-such-shop.test"})
    assert res.status_code == 200 and res.headers["Cache-Control"] == "no-store"
    assert res.json == {"status": "ok", "checks": {"database": "ok"}}


def test_readyz_is_503_when_the_database_is_down(client, monkeypatch):
    def down():
        raise ConnectionError("refused")

    monkeypatch.setattr(health, "_database", down)
    res = client.get("/readyz")
    assert res.status_code == 503
    assert res.json == {"status": "unavailable", "checks": {"database": "unreachable"}}
    assert "refused" not in res.get_data(as_text=True)


@pytest.mark.parametrize(
    ("url", "status", "state"),
    [("redis://127.0.0.1:6379/11", 200, "ok"), ("redis://127.0.0.1:1/0", 503, "unreachable")],
)
def test_readyz_checks_redis_when_it_is_configured(client, app, monkeypatch, url, status, state):
    monkeypatch.setitem(app.config, "REDIS_URL", url)
    res = client.get("/readyz")
    assert (res.status_code, res.json["checks"]["redis"]) == (status, state)
