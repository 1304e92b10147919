"""Two BFFs side by side, as `make start` twice with different ports and VAR_DIRs runs them
(README, "Two stacks side by side"): each gunicorn keeps its control socket in its own VAR_DIR, so
neither takes the other's, and each answers on its own port.

gunicorn 25.1+ opens a control socket for `gunicornc` (https://gunicorn.org/guides/gunicornc) at
$XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl unless told otherwise (the pinned 27.0.1's
`gunicorn/config.py`, `_get_default_control_socket` and the `control_socket` setting): one path for
every server of the user, where the second server started replaces the first one's socket.
bff/gunicorn.conf.py puts it under $VAR_DIR/run/.

The whole stack twice (SSR processes as well) is scripts/two_stacks.sh, which needs a build.
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from gunicorn.ctl.client import ControlClient

from bff.config import ROOT


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(var_dir: Path, port: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "VAR_DIR": str(var_dir),
        "DATABASE_URL": f"sqlite:///{var_dir / 'storefront.db'}",
        "BFF_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        # Not the suite's settings: these servers are stacks of their own.
        "PROMETHEUS_MULTIPROC_DIR": "",
        "BFF_CONTROL_SOCKET": "",
    }
    env = {key: value for key, value in env.items() if value != ""}
    gunicorn = Path(sys.executable).parent / "gunicorn"
    log = open(var_dir / "bff.log", "wb")  # noqa: SIM115 - the server's, closed with it
    return subprocess.Popen(
        [str(gunicorn), "-c", "bff/gunicorn.conf.py", "bff.wsgi:app"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def _wait_alive(port: int, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert server.poll() is None, log.read_text()[-3000:]
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"no answer on {port}: {log.read_text()[-3000:]}")


def _arbiter_pid(control_socket: Path) -> int:
    deadline = time.monotonic() + 20
    while not control_socket.is_socket():  # the arbiter opens it just after its workers start
        assert time.monotonic() < deadline, f"no control socket at {control_socket}"
        time.sleep(0.2)
    with ControlClient(str(control_socket), timeout=10) as client:
        return client.send_command("show stats")["pid"]


def test_two_servers_keep_their_control_sockets_apart(tmp_path):
    stacks = []
    try:
        for name in ("a", "b"):
            var_dir = tmp_path / name
            var_dir.mkdir()
            port = _free_port()
            stacks.append((var_dir, port, _start(var_dir, port)))
        for var_dir, port, server in stacks:
            _wait_alive(port, server, var_dir / "bff.log")
        # Each socket answers for its own server, both at once; runtime files stay in each VAR_DIR.
        for var_dir, _port, server in stacks:
            assert _arbiter_pid(var_dir / "run" / "gunicorn.ctl") == server.pid
            assert list((var_dir / "run").glob("bff-metrics-*")), "metrics files outside VAR_DIR"
    finally:
        for _var_dir, _port, server in stacks:
            server.terminate()
        for _var_dir, _port, server in stacks:
            server.wait(timeout=30)
    # A server that stopped takes its metrics folder with it.
    for var_dir, _port, _server in stacks:
        assert not list((var_dir / "run").glob("bff-metrics-*"))
