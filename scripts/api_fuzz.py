"""Schemathesis against the real BFF: `make test-api` (part of `make test`).

Starts the BFF (gunicorn) on a free loopback port with a fresh SQLite database seeded with the
demo shops, then runs schemathesis (all checks, a fixed seed, a bounded number of cases) twice
for the shop on `localhost`: as a guest, as a member signed in through the login call, and on
the console's calls (`/api/admin/...`) as the shop's admin signed in at the admin login; and a
hostile pass (left out with API_FUZZ_HOSTILE=0), as the admin on every call with a JSON body,
whose bodies each carry one unpaired surrogate or a number of 1e26 and more
(scripts/fuzz_hostile.py): those must be 4xx answers the document describes, never a 500.
Exits non-zero on any failure. Settings live in schemathesis.toml; nothing leaves loopback.

    .venv/bin/python scripts/api_fuzz.py [--max-examples N] [--seed S] [--only guest|member|admin|hostile]
        [--path-regex REGEX]
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
HOST = "localhost"
MEMBER = {"email": "member@example.com", "password": "demo1234"}  # the demo seed's member
ADMIN = {"email": "admin@example.com", "password": "admin1234"}  # and its admin


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(url: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={"X-Site-Host": HOST})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def wait_until_up(base: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"the BFF exited with {process.returncode}:\n{log.read_text()}")
        try:
            call(f"{base}/api/shop")
            return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"the BFF did not come up:\n{log.read_text()}")


def run_schemathesis(base: str, label: str, extra: list[str], args, env: dict | None = None) -> int:
    command = [
        str(BIN / "schemathesis"),
        "run",
        f"{base}/api/openapi.json",
        "--header",
        f"X-Site-Host: {HOST}",
        "--seed",
        str(args.seed),
        "--max-examples",
        str(args.max_examples),
        "--no-color",
        # No example database: every run starts from the seed alone, and writes nothing.
        "--generation-database",
        "none",
        *(["--include-path-regex", args.path_regex] if args.path_regex else []),
        *extra,
    ]
    print(f"== schemathesis, {label}", flush=True)
    started = time.monotonic()
    code = subprocess.call(command, cwd=ROOT, env=env)
    print(f"== {label}: exit {code} in {time.monotonic() - started:.0f} s", flush=True)
    return code


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-examples", type=int, default=int(os.environ.get("API_FUZZ_EXAMPLES", "10")))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("API_FUZZ_SEED", "20261123")))
    parser.add_argument(
        "--only", choices=["guest", "member", "admin", "hostile"], action="append", help="passes to run"
    )
    parser.add_argument(
        "--path-regex", help="only the operations whose path matches (to look into a finding)"
    )
    args = parser.parse_args()
    # The hostile pass runs with the others (about 3 minutes on a busy 2-core machine);
    # API_FUZZ_HOSTILE=0 leaves it out of a quick run.
    hostile = [] if os.environ.get("API_FUZZ_HOSTILE") == "0" else ["hostile"]
    passes = args.only or ["guest", "member", "admin", *hostile]

    with tempfile.TemporaryDirectory(prefix="storefront-fuzz-") as tmp:
        env = {
            **os.environ,
            "VAR_DIR": tmp,
            "DATABASE_URL": f"sqlite:///{tmp}/fuzz.sqlite",
            "FLASK_DEBUG": "0",
            # The member's token must outlive the run, so no renewal changes it under way.
            "ACCESS_TOKEN_MINUTES": "120",
            "MAIL_ASYNC": "0",
            "PAYMENT_SANDBOX_ENABLED": "1",
        }
        # The limits are tested by the suite (bff/tests/accounts/test_rate_limits.py,
        # test_login_throttle.py); here they would only turn the fuzzer's cases into 429s (which
        # the description lists all the same). An account's failed sign-ins slow it down only
        # after LOGIN_FREE_FAILURES (bff/accounts/throttle.py): none do here.
        env["LOGIN_FREE_FAILURES"] = "100000"
        for name in (
            "LOGIN_LIMIT_PER_IP",
            "REGISTER_LIMIT_PER_IP",
            "REGISTER_LIMIT_PER_ACCOUNT",
            "RESET_REQUEST_LIMIT_PER_IP",
            "RESET_REQUEST_LIMIT_PER_ACCOUNT",
            "RESET_LIMIT_PER_IP",
        ):
            env[name] = "100000/minute"
        flask = [str(BIN / "flask"), "--app", "bff.app:create_app"]
        subprocess.run([*flask, "db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
        subprocess.run([*flask, "seed-demo"], cwd=ROOT, env=env, check=True, capture_output=True)

        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = Path(tmp) / "bff.log"
        with open(log, "w") as out:
            bff = subprocess.Popen(
                [str(BIN / "gunicorn"), "-c", "bff/gunicorn.conf.py", "-b", f"127.0.0.1:{port}", "-w", "2"]
                + ["--access-logfile", "/dev/null", "bff.app:create_app()"],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            wait_until_up(base, bff, log)
            member = call(f"{base}/api/auth/login", MEMBER)["data"]["token"]
            admin = call(f"{base}/api/admin/login", ADMIN)["data"]["token"]
            runs = {
                "guest": ("as a guest", []),
                # Logging out would end the session the rest of the run signs in with; the
                # guest run covers that call.
                "member": (
                    "as a signed-in member",
                    ["--header", f"Authorization: Bearer {member}", "--exclude-path", "/api/logout"],
                ),
                "admin": (
                    "as the shop's admin, on the console's calls",
                    ["--header", f"Authorization: Bearer {admin}", "--include-path-regex", "^/api/admin/"],
                ),
            }
            runs["hostile"] = (
                "hostile bodies (surrogates, 1e26 and beyond), as the admin",
                ["--header", f"Authorization: Bearer {admin}", "--phases", "fuzzing", "--mode", "positive"]
                + ["--checks", "not_a_server_error,status_code_conformance,response_schema_conformance"]
                + ["--include-method-regex", "^(POST|PUT|PATCH)$", "--exclude-path", "/api/logout"],
            )
            hostile_env = {
                **os.environ,
                "SCHEMATHESIS_HOOKS": "scripts.fuzz_hostile",
                "PYTHONPATH": str(ROOT),
            }
            codes = [
                run_schemathesis(base, *runs[name], args, env=hostile_env if name == "hostile" else None)
                for name in passes
            ]
        finally:
            bff.terminate()
            bff.wait(timeout=20)
        if any(codes):
            errors = [line for line in log.read_text().splitlines() if "Error" in line or "Traceback" in line]
            print("\n".join(errors[-40:]))
        return 1 if any(codes) else 0


if __name__ == "__main__":
    sys.exit(main())
