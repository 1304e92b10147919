"""BFF_REUSE_PORT=1 (docker-compose.yml) gives each gunicorn worker a listening socket of its own,
so the kernel spreads connections among the workers instead of whichever accepts first winning
them (bff/gunicorn.conf.py); without it the workers share the master's one socket. Checked on a
real gunicorn with two workers: the listening sockets on its port, as the kernel lists them."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bff.config import ROOT
from bff.tests.fixtures.accounts import free_port

LISTEN = "0A"  # the TCP state in /proc/net/tcp


def _listening_sockets(port: int) -> int:
    """How many sockets listen on 127.0.0.1:`port` (each SO_REUSEPORT socket is a line)."""
    local = f"0100007F:{port:04X}"
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return sum(1 for line in lines if line.split()[1] == local and line.split()[3] == LISTEN)


def _answers(port: int, deadline: float) -> bool:
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                return answer.status == 200
        except OSError:
            time.sleep(0.2)
    return False


@pytest.fixture
def gunicorn(tmp_path):
    """start(reuse) runs the production settings with two workers and BFF_REUSE_PORT=`reuse` on a
    free port, and gives the port once it answers."""
    started = []

    def start(reuse: str) -> int:
        port = free_port()
        env = {
            **os.environ,
            "BFF_REUSE_PORT": reuse,
            "BFF_BIND": f"127.0.0.1:{port}",
            "WEB_CONCURRENCY": "2",
            "VAR_DIR": str(tmp_path / reuse),
            "DATABASE_URL": f"sqlite:///{tmp_path / f'{reuse}.sqlite'}",
            "BFF_CONTROL_SOCKET": str(tmp_path / f"{reuse}.ctl"),
        }
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "bff/gunicorn.conf.py", "bff.wsgi:app"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        started.append(server)
        assert _answers(port, time.monotonic() + 60), "gunicorn did not answer"
        # Both workers booted: with their own sockets, one listening socket each.
        deadline = time.monotonic() + 20
        while reuse == "1" and _listening_sockets(port) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        return port

    yield start
    for server in started:
        server.terminate()
        server.wait(30)


@pytest.mark.skipif(not hasattr(socket, "SO_REUSEPORT"), reason="SO_REUSEPORT is Linux's and the BSDs'")
def test_with_bff_reuse_port_each_worker_listens_on_a_socket_of_its_own(gunicorn):
    port = gunicorn("1")
    assert _listening_sockets(port) == 2
    assert _answers(port, time.monotonic() + 5)


def test_by_default_the_workers_share_one_listening_socket(gunicorn):
    port = gunicorn("0")
    assert _listening_sockets(port) == 1
