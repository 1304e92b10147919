"""`make drill` (scripts/drill.py) runs what docker-compose.yml would: it reads the services'
environment and the scheduler's commands from that file, and nginx's rules from the file the
compose entry includes. These checks keep the two from drifting apart; the drill itself runs
outside the suite (minutes, nginx, fixed PostgreSQL and Redis ports)."""

import importlib.util
import re

import pytest
import yaml

from bff.config import ROOT


@pytest.fixture(scope="module")
def drill():
    spec = importlib.util.spec_from_file_location("drill", ROOT / "scripts" / "drill.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_compose_variables_are_filled_like_docker_compose(drill):
    values = {"SECRET": "s3cret"}
    assert drill.interpolate("${SECRET:?set SECRET}", values) == "s3cret"
    assert drill.interpolate("${SMTP_PORT:-587}", values) == "587"
    assert (
        drill.interpolate("postgresql://u:${SECRET}@postgres:5432/db", values)
        == "postgresql://u:s3cret@postgres:5432/db"
    )
    with pytest.raises(SystemExit, match="MISSING"):
        drill.interpolate("${MISSING:?set MISSING}", values)


def test_the_drill_runs_compose_s_environment_with_loopback_addresses(drill, tmp_path):
    run = drill.Drill.__new__(drill.Drill)  # its settings only: no servers, no database
    run.run, run.dir = "test", tmp_path
    run.database_url, run.redis_url = (
        "postgresql://postgres@127.0.0.1:5432/drill_test",
        "redis://127.0.0.1:6379/12",
    )
    values = run.made_secrets()
    compose = drill.compose_environment("bff", values)
    env = compose | run.loopback("http://127.0.0.1:9000") | drill.LIMITS
    # Every setting compose gives the BFF is there, and only the network's addresses differ.
    assert set(compose) <= set(env)
    changed = {key for key in compose if env[key] != compose[key]}
    assert changed == {"DATABASE_URL", "REDIS_URL", "S3_ENDPOINT_URL"}
    assert env["PAYMENT_SANDBOX_ENABLED"] == "0"
    assert env["TRUSTED_PROXY_HOPS"] == "2"
    assert env["MEDIA_STORAGE"] == "s3" and env["S3_BUCKET"] == drill.BUCKET
    assert "@postgres:" not in env["DATABASE_URL"] and "minio" not in env["S3_ENDPOINT_URL"]


def test_the_drill_runs_the_scheduler_s_commands(drill):
    assert drill.scheduler_commands() == [
        ["--app", "bff.app:create_app", "payments", "refresh-certificates"],
        ["--app", "bff.app:create_app", "payments", "settle"],
        ["--app", "bff.app:create_app", "release-unpaid-orders"],
        ["--app", "bff.app:create_app", "send-mail"],
    ]


def test_compose_s_entry_includes_the_rules_the_drill_runs(drill):
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    mounts = dict(
        volume.rsplit(":", 1)[0].split(":", 1) for volume in compose["services"]["entry"]["volumes"]
    )
    included = re.search(r"include (\S+);", (ROOT / "docker" / "entry.nginx.conf").read_text()).group(1)
    assert mounts["./docker/entry.locations.conf"] == included
    assert "include {root}/docker/entry.locations.conf;" in drill.NGINX_CONF
