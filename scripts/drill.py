"""`make drill`: the production shape of docker-compose.yml on one machine, all on loopback, under a
short load of browsing and checkouts; one BFF and one SSR replica are killed and brought back.

What runs (README, "The drill"):
- Debian's nginx with docker/entry.locations.conf, the rules docker-compose's entry includes:
  /media/ from the bucket, the rest from two SSR replicas (an upstream of two, as Docker's DNS
  name `ssr` is for `--scale ssr=2`). A second nginx listener stands in for Docker's DNS name
  `bff`, which every SSR replica's BFF_URL names: it spreads their calls over two BFF replicas.
- two BFF replicas (gunicorn, bff/gunicorn.conf.py) and two SSR replicas (node ssr/server.js),
  each with the environment docker-compose.yml gives its service, read from that file; only the
  addresses of Docker's network become loopback ones (LOOPBACK below), and the secrets are made
  for the run.
- PostgreSQL: a database of the drill's own on 127.0.0.1:5432, dropped at the end; Redis
  127.0.0.1:6379 database REDIS_DB, emptied at the start and the end; moto's S3 server (the one
  the tests use) for the shop-media bucket, in place of MinIO.
- the scheduler's jobs, the commands docker-compose's `scheduler` runs (`payments settle`,
  `release-unpaid-orders`), run by two schedulers at once, while both BFF replicas run the
  release on their own thread too (UNPAID_RELEASE_SECONDS): each stale order must still be
  released exactly once, and each shop's daily mail to its owner (bff/orders/today.py, queued by
  the same rounds) queued exactly once for the day.

Then it prints a table: orders placed, requests failed (and whether each was in flight at a
kill), stock drift (stock = initial - sold, and the ledger says the same), the seconds until a
console price change shows through every replica (README, "Caching": 10 s), and the release and
the daily mail run exactly once. Exit status 1 when a check fails. The load is bounded: SHOPPERS
threads for at most LOAD_SECONDS or MAX_CHECKOUTS checkouts, all on loopback.
"""

import base64
import email
import email.policy
import json
import logging
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import boto3
import redis
import requests
import yaml
from moto.server import ThreadedMotoServer
from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
POSTGRES = os.environ.get("DRILL_POSTGRES", "postgresql://postgres@127.0.0.1:5432")
REDIS_DB = int(os.environ.get("DRILL_REDIS_DB", "12"))
SHOPPERS = 4
# The load runs at least LOAD_SECONDS and until the price change has been seen, at most
# MAX_LOAD_SECONDS or MAX_CHECKOUTS checkouts.
LOAD_SECONDS, MAX_LOAD_SECONDS, MAX_CHECKOUTS = 30, 60, 300
# When, in seconds into the load, each replica is killed; it is started again BACK_AFTER later.
# The console's price change follows once both are back.
KILL_BFF_AT, KILL_SSR_AT, BACK_AFTER = 6, 12, 3
# README, "Caching": a console change shows on every replica's pages within 10 seconds.
STATED_SECONDS = 10
SHOP_HOST = "en.localhost"
BUCKET = "shop-media"
# Every shopper of the drill comes from 127.0.0.1: the per-address limits would stop the load.
LIMITS = {
    "LOGIN_LIMIT_PER_IP": "1000/minute",
    "REGISTER_LIMIT_PER_IP": "1000/hour",
    "SETTLE_LIMIT_PER_IP": "100000/minute",
    "SETTLE_LIMIT_PER_MEMBER": "100000/minute",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fernet_key() -> str:
    return base64.urlsafe_b64encode(os.urandom(32)).decode()


# ---------------------------------------------------------------------------------------- compose


def compose_service(name: str) -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"][name]


def interpolate(value: str, values: dict[str, str]) -> str:
    """docker compose's ${NAME}, ${NAME:-default} and ${NAME:?message}, from `values`."""

    def one(match: re.Match) -> str:
        name, operator, rest = match.group(1), match.group(2), match.group(3) or ""
        if name in values:
            return values[name]
        if operator == ":-":
            return rest
        if operator == ":?":
            raise SystemExit(f"docker-compose.yml needs {name}: {rest}")
        return ""

    return re.sub(r"\$\{(\w+)(?:(:[-?])([^}]*))?\}", one, value)


def compose_environment(service: str, values: dict[str, str]) -> dict[str, str]:
    env = compose_service(service).get("environment", {})
    return {key: interpolate(str(value), values) for key, value in env.items()}


def scheduler_commands() -> list[list[str]]:
    """The flask commands of docker-compose's scheduler loop, in its order."""
    script = " ".join(compose_service("scheduler")["command"])
    return [part.split()[1:] for part in re.findall(r"flask [^;]+", script)]


# ---------------------------------------------------------------------------------------- processes


@dataclass
class Replica:
    name: str
    port: int
    argv: list[str]
    env: dict[str, str]
    log: Path
    process: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log, "ab") as log:
            # A session of its own: a kill takes the whole replica (gunicorn's master and workers).
            self.process = subprocess.Popen(
                self.argv,
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_ready(url: str, replica: Replica | None = None, seconds: float = 120, headers=None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if replica and replica.process.poll() is not None:
            raise SystemExit(f"{replica.name} exited:\n{replica.log.read_text()[-3000:]}")
        try:
            if requests.get(url, timeout=3, headers=headers).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.3)
    raise SystemExit(
        f"{url} not ready after {seconds} s" + (f":\n{replica.log.read_text()[-3000:]}" if replica else "")
    )


NGINX_CONF = """\
# Written by scripts/drill.py for one run.
{user}
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {dir}/tmp/body;
    proxy_temp_path {dir}/tmp/proxy;
    fastcgi_temp_path {dir}/tmp/fastcgi;
    uwsgi_temp_path {dir}/tmp/uwsgi;
    scgi_temp_path {dir}/tmp/scgi;
    # docker-compose's `ssr` with two replicas; a replica that refuses is skipped for 5 s. No
    # keep-alive pool: compose's entry has none either (proxy_pass to a name looked up per request).
    upstream ssr_replicas {{
        server 127.0.0.1:{ssr0} max_fails=1 fail_timeout=5s;
        server 127.0.0.1:{ssr1} max_fails=1 fail_timeout=5s;
    }}
    upstream bff_replicas {{
        server 127.0.0.1:{bff0} max_fails=1 fail_timeout=5s;
        server 127.0.0.1:{bff1} max_fails=1 fail_timeout=5s;
    }}
    # The entry: docker-compose's, with the loopback addresses of its two destinations.
    server {{
        listen 127.0.0.1:{entry};
        set $ssr http://ssr_replicas;
        set $bucket http://127.0.0.1:{s3};
        include {root}/docker/entry.locations.conf;
    }}
    # Docker's name `bff` (the SSRs' BFF_URL) for the two BFF replicas; headers pass as they are. A
    # connection per call, as to a name: a call to a killed replica is refused and goes to the other.
    server {{
        listen 127.0.0.1:{bff_name};
        location / {{
            proxy_pass http://bff_replicas;
            proxy_set_header Host $http_host;
        }}
    }}
}}
"""


# ---------------------------------------------------------------------------------------- SQL

# The English shop's shown product without variants that has the most stock: the one bought.
PRODUCT_SQL = """
SELECT p.id, p.virtual_inventory FROM products p JOIN shop_domains d ON d.shop_id = p.shop_id
WHERE d.hostname = :host AND p.is_active
  AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
ORDER BY p.virtual_inventory DESC, p.id LIMIT 1
"""
# Units of the product in the orders placed since :t that are not cancelled.
SOLD_SQL = """
SELECT coalesce(sum(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE l.product_id = :p AND o.status <> 'cancelled'
  AND o.id IN (SELECT order_id FROM order_events WHERE action = 'place' AND at >= :t)
"""
RELEASE_EVENTS_SQL = """
SELECT o.id, count(e.id) FROM orders o
LEFT JOIN order_events e ON e.order_id = o.id AND e.action = 'release'
WHERE o.id = ANY(:ids) GROUP BY o.id
"""
RELEASE_RETURNS_SQL = """
SELECT o.id, count(m.id) FROM orders o
LEFT JOIN stock_movements m ON m.order_id = o.id AND m.reason = 'release'
WHERE o.id = ANY(:ids) GROUP BY o.id
"""


# ---------------------------------------------------------------------------------------- load


@dataclass
class Outcome:
    started: float
    ended: float
    what: str
    ok: bool
    detail: str = ""


@dataclass
class Load:
    entry: str
    product_id: int
    deadline: float
    stop: threading.Event = field(default_factory=threading.Event)
    outcomes: list[Outcome] = field(default_factory=list)
    placed: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, started: float, what: str, ok: bool, detail: str = "") -> None:
        with self.lock:
            self.outcomes.append(Outcome(started, time.monotonic(), what, ok, detail))

    def call(self, session: requests.Session, method: str, path: str, what: str, **kwargs):
        """One request; its outcome recorded. 409s the shop answers on purpose are not failures."""
        started = time.monotonic()
        try:
            answer = session.request(method, self.entry + path, timeout=20, **kwargs)
        except requests.RequestException as exc:
            self.record(started, what, False, type(exc).__name__)
            return None
        refused = answer.status_code == 409 and _code(answer) in (
            "prices_changed",
            "out_of_stock",
            "exceeds_stock",
            "sold_out",
        )
        ok = answer.status_code < 400 or refused
        self.record(started, what, ok, "" if ok else f"{answer.status_code} {answer.text[:120]}")
        return answer

    def checkouts(self) -> int:
        with self.lock:
            return len(self.placed)


def _code(answer: requests.Response) -> str:
    try:
        return answer.json().get("code", "")
    except ValueError:
        return ""


def shopper(load: Load, number: int, run: str) -> None:
    session = requests.Session()
    session.headers["Host"] = SHOP_HOST
    email = f"drill-{run}-{number}@example.com"
    password = f"Drill{run[:6]}9"
    body = {"name": f"Drill {number}", "email": email, "password": password}
    body |= {"password_confirmation": password, "acceptTerms": True}
    load.call(session, "POST", "/api/auth/register", "register", json=body)
    login = load.call(
        session, "POST", "/api/auth/login", "login", json={"email": email, "password": password}
    )
    if login is None or login.status_code != 200:
        return
    member = {"Authorization": f"Bearer {login.json()['data']['token']}"}
    totals = {"totalAmount": "0", "shippingCost": "0"}
    picture = None
    round_ = 0
    while time.monotonic() < load.deadline and not load.stop.is_set() and load.checkouts() < MAX_CHECKOUTS:
        round_ += 1
        page = load.call(session, "GET", f"/product/{load.product_id}", "page")
        load.call(session, "GET", "/", "page")
        product = load.call(session, "GET", f"/api/product/{load.product_id}", "api")
        if picture is None and product is not None and product.status_code == 200:
            images = product.json()["product"].get("images") or []
            picture = images[0]["path"] if images else ""
        if picture and round_ % 3 == 0:
            load.call(session, "GET", picture, "media")
        if page is None:
            continue
        load.call(
            session,
            "POST",
            "/api/cart/add",
            "cart",
            json={"product_id": load.product_id, "quantity": 1, "set": 1},
            headers=member,
        )
        for _attempt in range(2):
            order = {
                "cartItems": [{"product_id": load.product_id, "quantity": 1}],
                "shippingInfo": {
                    # A recipient's name holds no digits (the shipping form's rule): shopper 12 is "Drill BC".
                    "shipping_name": "Drill " + "".join(chr(ord("A") + int(d)) for d in str(number)),
                    "shipping_contact": "+64 21 123 4567",
                    "shipping_country": "New Zealand",
                    "shipping_city": "Wellington",
                    "shipping_address": f"{number} Lambton Quay",
                    "shipping_type": "",
                },
                **totals,
            }
            headers = member | {"Idempotency-Key": str(uuid.uuid4())}
            answer = load.call(session, "POST", "/api/order/create", "checkout", json=order, headers=headers)
            if answer is not None and answer.status_code == 409 and _code(answer) == "prices_changed":
                errors = answer.json().get("errors", {})
                totals = {name: errors.get(name, [totals[name]])[0] for name in totals}
                continue
            if answer is not None and answer.status_code in (200, 201) and answer.json().get("created"):
                with load.lock:
                    load.placed.append(answer.json()["order"]["order_number"])
            break


# ---------------------------------------------------------------------------------------- drill


class Drill:
    def __init__(self) -> None:
        self.run = secrets.token_hex(4)
        self.dir = Path(tempfile.mkdtemp(prefix=f"drill-{self.run}-"))
        self.database = f"drill_{self.run}"
        self.database_url = f"{POSTGRES}/{self.database}"
        self.redis_url = f"redis://127.0.0.1:6379/{REDIS_DB}"
        self.replicas: list[Replica] = []
        self.nginx: subprocess.Popen | None = None
        self.s3: ThreadedMotoServer | None = None
        self.ports = {name: free_port() for name in ("entry", "bff_name", "bff0", "bff1", "ssr0", "ssr1")}
        self.events: list[tuple[float, str]] = []
        self.engine = None

    # -- set-up
    def made_secrets(self) -> dict[str, str]:
        """What docker-compose.yml asks of its environment, made for this run."""
        return {
            "POSTGRES_PASSWORD": "unused",
            "SECRET_KEY": secrets.token_urlsafe(48),
            "JWT_SECRET_KEY": secrets.token_urlsafe(48),
            "DATA_ENCRYPTION_KEYS": fernet_key(),
            "PAYMENT_SANDBOX_SECRET": secrets.token_urlsafe(48),
            "PAYMENT_SECRETS_KEY": secrets.token_urlsafe(48),
            "MINIO_ROOT_USER": "drill",
            "MINIO_ROOT_PASSWORD": "drill-secret",
        }

    def loopback(self, s3: str) -> dict[str, str]:
        """LOOPBACK: Docker's service names become this machine's servers; the run's own files."""
        return {
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "S3_ENDPOINT_URL": s3,
            "CATALOGUE_REDIS_PREFIX": f"drill-{self.run}:catalogue",
            "MAIL_OUTBOX_DIR": str(self.dir / "outbox"),
            "PATH": os.environ["PATH"],
            "HOME": os.environ.get("HOME", "/tmp"),
        }

    def set_up(self) -> None:
        print(f"drill {self.run}: files in {self.dir}", flush=True)
        self.create_database()
        redis.Redis.from_url(self.redis_url).flushdb()
        values = self.made_secrets()
        s3 = self.start_s3()
        bff_env = compose_environment("bff", values) | self.loopback(s3) | LIMITS
        self.make_bucket(bff_env)
        # docker/bff.Dockerfile's command runs the migrations first; then the demo shops for the load.
        tools = bff_env | {"VAR_DIR": str(self.dir / "tools")}
        flask = [str(BIN / "flask"), "--app", "bff.app:create_app"]
        subprocess.run([*flask, "db", "upgrade"], cwd=ROOT, env=tools, check=True, capture_output=True)
        subprocess.run([*flask, "seed-demo"], cwd=ROOT, env=tools, check=True, capture_output=True)
        self.scheduler_env = compose_environment("scheduler", values) | self.loopback(s3)

        for index in (0, 1):
            port = self.ports[f"bff{index}"]
            env = bff_env | {
                # Each container has its own /app/var: here a folder per replica (control socket).
                "VAR_DIR": str(self.dir / f"bff{index}"),
                "BFF_BIND": f"127.0.0.1:{port}",
                "WEB_CONCURRENCY": "2",
                # The release on every replica's thread as well as the schedulers: exactly once still.
                "UNPAID_RELEASE_SECONDS": "2",
            }
            argv = [str(BIN / "gunicorn"), "-c", "bff/gunicorn.conf.py", "bff.wsgi:app"]
            self.replicas.append(Replica(f"bff{index}", port, argv, env, self.dir / f"bff{index}.log"))
        ssr_env = compose_environment("ssr", values) | {
            "BFF_URL": f"http://127.0.0.1:{self.ports['bff_name']}",
            "METRICS_PORT": "0",
            "NODE_ENV": "production",
            "HOST": "127.0.0.1",
            "PATH": os.environ["PATH"],
        }
        for index in (0, 1):
            port = self.ports[f"ssr{index}"]
            env = ssr_env | {"PORT": str(port)}
            argv = ["node", "ssr/server.js"]
            self.replicas.append(Replica(f"ssr{index}", port, argv, env, self.dir / f"ssr{index}.log"))

        for replica in self.replicas:
            replica.start()
        self.start_nginx()
        for replica in self.replicas:
            wait_ready(f"http://127.0.0.1:{replica.port}/readyz", replica)
        wait_ready(f"http://127.0.0.1:{self.ports['entry']}/readyz")
        ports = "nginx :{entry}, SSR :{ssr0} :{ssr1}, BFF :{bff0} :{bff1}, S3 :{s3}".format(**self.ports)
        print(f"stack ready: {ports}", flush=True)

    def create_database(self) -> None:
        admin = create_engine(f"{POSTGRES}/postgres".replace("postgresql://", "postgresql+psycopg://"))
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text(f'CREATE DATABASE "{self.database}"'))
        admin.dispose()
        self.engine = create_engine(self.database_url.replace("postgresql://", "postgresql+psycopg://"))

    def start_s3(self) -> str:
        logging.getLogger("werkzeug").setLevel(logging.ERROR)  # moto's server logs every request
        self.s3 = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
        self.s3.start()
        host, port = self.s3.get_host_and_port()
        self.ports["s3"] = port
        return f"http://{host}:{port}"

    def make_bucket(self, env: dict[str, str]) -> None:
        assert env["S3_BUCKET"] == BUCKET, "docker/entry.locations.conf serves the shop-media bucket"
        bucket = boto3.client(
            "s3",
            endpoint_url=env["S3_ENDPOINT_URL"],
            region_name=env["S3_REGION"],
            aws_access_key_id=env["S3_ACCESS_KEY_ID"],
            aws_secret_access_key=env["S3_SECRET_ACCESS_KEY"],
        )
        bucket.create_bucket(Bucket=BUCKET)
        # Readable by anyone, as docker-compose's minio-bucket makes it (`mc anonymous set download`):
        # the entry serves pictures from it unsigned. The policy is AWS's example "Granting read-only
        # permission to an anonymous user":
        # https://docs.aws.amazon.com/AmazonS3/latest/userguide/example-bucket-policies.html
        public = {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Effect": "Allow",
                    "Principal": "*",
                    "Action": ["s3:GetObject"],
                    "Resource": [f"arn:aws:s3:::{BUCKET}/*"],
                }
            ],
        }
        bucket.put_bucket_policy(Bucket=BUCKET, Policy=json.dumps(public))

    def start_nginx(self) -> None:
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.dir / "tmp" / name).mkdir(parents=True, exist_ok=True)
        os.chmod(self.dir, 0o755)
        for path in (self.dir / "tmp").rglob("*"):
            os.chmod(path, 0o777)
        user = "user nobody nogroup;" if os.geteuid() == 0 else ""
        conf = self.dir / "nginx.conf"
        conf.write_text(NGINX_CONF.format(user=user, dir=self.dir, root=ROOT, **self.ports))
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        check = subprocess.run(
            [nginx, "-t", "-p", str(self.dir), "-c", str(conf), "-e", str(self.dir / "nginx-error.log")],
            capture_output=True,
            text=True,
        )
        if check.returncode:
            raise SystemExit(check.stderr)
        self.nginx = subprocess.Popen(
            [
                nginx,
                "-p",
                str(self.dir),
                "-c",
                str(conf),
                "-e",
                str(self.dir / "nginx-error.log"),
                "-g",
                "daemon off;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=open(self.dir / "nginx.log", "ab"),  # noqa: SIM115 - nginx's, for its life
        )

    # -- the run
    def product(self) -> tuple[int, int]:
        """The English shop's shown product without variants that has the most stock."""
        with self.engine.connect() as connection:
            row = connection.execute(
                text(PRODUCT_SQL),
                {"host": SHOP_HOST},
            ).one()
        return row[0], row[1]

    def note(self, what: str) -> None:
        self.events.append((time.monotonic(), what))
        print(f"  {time.monotonic() - self.load_started:5.1f} s  {what}", flush=True)

    def kill_and_return(self, replica: Replica, at: float) -> None:
        time.sleep(max(0.0, self.load_started + at - time.monotonic()))
        self.note(f"kill {replica.name} (SIGKILL, the whole process group)")
        killing = time.monotonic()
        replica.kill()
        self.kills.append((replica.name, killing, time.monotonic()))
        time.sleep(BACK_AFTER)
        self.note(f"start {replica.name} again")
        replica.start()
        wait_ready(f"http://127.0.0.1:{replica.port}/readyz", replica)
        self.note(f"{replica.name} ready")

    def price_change(self, product_id: int, returns: list[threading.Thread], load: Load) -> None:
        """Once both killed replicas are back: a console price change, then how long until each replica
        (both SSRs' pages, both BFFs' answers) shows it. The load stops after it, LOAD_SECONDS at least."""
        try:
            for thread in returns:
                thread.join()
            self.watch_price(product_id)
        finally:
            time.sleep(max(0.0, self.load_started + LOAD_SECONDS - time.monotonic()))
            load.stop.set()

    def watch_price(self, product_id: int) -> None:
        admin = requests.Session()
        admin.headers["Host"] = SHOP_HOST
        entry = f"http://127.0.0.1:{self.ports['entry']}"
        login = admin.post(
            f"{entry}/api/admin/login",
            json={"email": "admin@example.com", "password": "admin1234"},
            timeout=20,
        )
        login.raise_for_status()
        admin.headers["Authorization"] = f"Bearer {login.json()['data']['token']}"
        current = admin.get(f"{entry}/api/admin/products/{product_id}", timeout=20)
        current.raise_for_status()
        price = Decimal(str(current.json()["product"]["price"])) + Decimal("7.77")
        if price % Decimal("0.1") == 0:
            price += Decimal("0.01")
        shown = f"{price:.2f}"
        changed = admin.patch(
            f"{entry}/api/admin/products/{product_id}",
            json={"price": shown},
            headers={"If-Match": current.headers["ETag"]},
            timeout=20,
        )
        changed.raise_for_status()
        saved = time.monotonic()
        self.note(f"console: price of product {product_id} set to {shown}")
        seen: dict[str, float | None] = {}
        watchers = {
            f"ssr{i}": f"http://127.0.0.1:{self.ports[f'ssr{i}']}/product/{product_id}" for i in (0, 1)
        }
        watchers |= {
            f"bff{i}": f"http://127.0.0.1:{self.ports[f'bff{i}']}/api/product/{product_id}" for i in (0, 1)
        }
        while len(seen) < len(watchers) and time.monotonic() - saved < 3 * STATED_SECONDS:
            for name, url in watchers.items():
                if name in seen:
                    continue
                try:
                    answer = requests.get(
                        url, headers={"Host": SHOP_HOST, "X-Site-Host": SHOP_HOST}, timeout=5
                    )
                except requests.RequestException:
                    continue
                if answer.status_code == 200 and re.search(rf"[\"':>\s]{re.escape(shown)}\b", answer.text):
                    seen[name] = time.monotonic() - saved
            time.sleep(0.25)
        self.price_seen = {name: seen.get(name) for name in watchers}

    def run_load(self) -> Load:
        product_id, self.initial_stock = self.product()
        self.product_id = product_id
        self.started_at_sql = self.sql_now()
        self.kills: list[tuple[str, float, float]] = []
        self.price_seen: dict[str, float | None] = {}
        self.load_started = time.monotonic()
        load = Load(
            f"http://127.0.0.1:{self.ports['entry']}", product_id, self.load_started + MAX_LOAD_SECONDS
        )
        print(
            f"load: {SHOPPERS} shoppers, {LOAD_SECONDS}-{MAX_LOAD_SECONDS} s, at most {MAX_CHECKOUTS}"
            f" checkouts of product {product_id} (stock {self.initial_stock})",
            flush=True,
        )
        bff, ssr = self.replicas[0], self.replicas[2]
        threads = [threading.Thread(target=shopper, args=(load, n, self.run)) for n in range(SHOPPERS)]
        returns = [
            threading.Thread(target=self.kill_and_return, args=(bff, KILL_BFF_AT)),
            threading.Thread(target=self.kill_and_return, args=(ssr, KILL_SSR_AT)),
        ]
        threads += [*returns, threading.Thread(target=self.price_change, args=(product_id, returns, load))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.note("load over")
        return load

    def sql_now(self):
        with self.engine.connect() as connection:
            return connection.execute(text("SELECT now()")).scalar()

    def release(self) -> dict:
        """Ages half of the drill's unpaid orders past the time-out; two schedulers and both BFFs' threads
        release them at once. Each must be released exactly once: one event, its stock back once."""
        with self.engine.begin() as connection:
            unpaid = (
                connection.execute(
                    text("SELECT id FROM orders WHERE created_at >= :t AND status = 'unpaid' ORDER BY id"),
                    {"t": self.started_at_sql},
                )
                .scalars()
                .all()
            )
            aged = unpaid[::2]
            if aged:
                connection.execute(
                    text(
                        "UPDATE orders SET created_at = created_at - interval '30 days' WHERE id = ANY(:ids)"
                    ),
                    {"ids": aged},
                )
        report_day = self.due_daily_reports()
        flask = [str(BIN / "flask"), "--app", "bff.app:create_app"]
        runs = []
        for number in (1, 2):
            env = self.scheduler_env | {"VAR_DIR": str(self.dir / f"scheduler{number}")}
            script = " && ".join(" ".join([*flask, *command]) for command in scheduler_commands())
            runs.append(
                subprocess.Popen(
                    ["sh", "-c", script],
                    cwd=ROOT,
                    env=env,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
            )
        outputs = [run.communicate(timeout=180)[0] for run in runs]
        for run, output in zip(runs, outputs, strict=True):
            if run.returncode:
                raise SystemExit(f"a scheduler failed:\n{output[-3000:]}")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with self.engine.connect() as connection:
                open_ = connection.execute(
                    text("SELECT count(*) FROM orders WHERE id = ANY(:ids) AND status <> 'cancelled'"),
                    {"ids": aged},
                ).scalar()
            if not open_:
                break
            time.sleep(0.5)
        time.sleep(3)  # one more round of every replica's release thread: it must find nothing
        with self.engine.connect() as connection:
            events = dict(
                connection.execute(
                    text(RELEASE_EVENTS_SQL),
                    {"ids": unpaid},
                ).all()
            )
            returns = dict(
                connection.execute(
                    text(RELEASE_RETURNS_SQL),
                    {"ids": unpaid},
                ).all()
            )
            statuses = dict(
                connection.execute(
                    text("SELECT id, status FROM orders WHERE id = ANY(:ids)"), {"ids": unpaid}
                ).all()
            )
        aged_set = set(aged)
        once = all(events.get(i) == 1 and returns.get(i) == 1 and statuses[i] == "cancelled" for i in aged)
        untouched = all(
            events.get(i, 0) == 0 and statuses[i] == "unpaid" for i in unpaid if i not in aged_set
        )
        mails = self.mails_per_order([n for n in self.order_numbers(aged)])
        daily = self.daily_reports(report_day)
        return {
            "daily": daily,
            "aged": len(aged),
            "released_once": sum(1 for i in aged if events.get(i) == 1 and returns.get(i) == 1),
            "twice": sum(1 for i in aged if (events.get(i) or 0) > 1 or (returns.get(i) or 0) > 1),
            "ok": once and untouched,
            "untouched": untouched,
            "mails": mails,
            "schedulers": [output.strip().splitlines()[-2:] for output in outputs],
        }

    def due_daily_reports(self) -> dict[int, str]:
        """Makes today's daily mail due in every shop while the replicas' release threads run: each
        shop's time zone becomes the one where it is now about noon (past the mail's 07:00, far from
        midnight), and any report queued before goes. The shops' ids -> that zone's date."""
        hour = datetime.now(UTC).hour
        offset = 12 - hour
        offset = offset + 24 if offset < -12 else offset - 24 if offset > 14 else offset
        zone = f"Etc/GMT{-offset:+d}"  # the Etc/ zones' signs are POSIX's: Etc/GMT-12 is UTC+12
        day = datetime.now(ZoneInfo(zone)).date().isoformat()
        with self.engine.begin() as connection:
            connection.execute(text("DELETE FROM mail_outbox WHERE kind = 'daily_report'"))
            connection.execute(text("DELETE FROM daily_reports"))
            connection.execute(
                text("UPDATE shops SET time_zone = :z, daily_report_enabled = true"), {"z": zone}
            )
            ids = connection.execute(text("SELECT id FROM shops")).scalars().all()
        return {shop_id: day for shop_id in ids}

    def daily_reports(self, due: dict[int, str]) -> dict:
        """Per shop: the day's report rows and daily mails queued, against its admins."""
        with self.engine.connect() as connection:
            rows = dict(
                connection.execute(text("SELECT shop_id, count(*) FROM daily_reports GROUP BY shop_id")).all()
            )
            days = dict(
                connection.execute(
                    text("SELECT shop_id, max(day)::text FROM daily_reports GROUP BY shop_id")
                ).all()
            )
            mails = dict(
                connection.execute(
                    text(
                        "SELECT shop_id, count(*) FROM mail_outbox"
                        " WHERE kind = 'daily_report' GROUP BY shop_id"
                    )
                ).all()
            )
            admins = dict(
                connection.execute(
                    text(
                        "SELECT shop_id, count(*) FROM users"
                        " WHERE is_admin AND deleted_at IS NULL GROUP BY shop_id"
                    )
                ).all()
            )
        once = all(
            rows.get(shop) == 1 and days.get(shop) == day and mails.get(shop, 0) == admins.get(shop, 0)
            for shop, day in due.items()
        )
        return {
            "shops": len(due),
            "once": sum(1 for shop in due if rows.get(shop) == 1),
            "mails": sum(mails.values()),
            "admins": sum(admins.get(shop, 0) for shop in due),
            "ok": once,
        }

    def order_numbers(self, ids: list[int]) -> list[str]:
        with self.engine.connect() as connection:
            return (
                connection.execute(text("SELECT order_number FROM orders WHERE id = ANY(:ids)"), {"ids": ids})
                .scalars()
                .all()
            )

    def mails_per_order(self, numbers: list[str]) -> dict[int, int]:
        """How many released orders got how many cancellation mails ("Order N is cancelled", the
        English shop's subject, bff/orders/messages.py), read from the outbox's .eml files."""
        subjects = []
        for path in (self.dir / "outbox").glob("*.eml"):
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            subjects.append(str(message["subject"]))
        counts: dict[int, int] = {}
        for number in numbers:
            n = sum(1 for subject in subjects if f"Order {number} is cancelled" in subject)
            counts[n] = counts.get(n, 0) + 1
        return counts

    def stock(self) -> dict:
        with self.engine.connect() as connection:
            now = connection.execute(
                text("SELECT virtual_inventory FROM products WHERE id = :p"), {"p": self.product_id}
            ).scalar()
            sold = connection.execute(
                text(SOLD_SQL),
                {"p": self.product_id, "t": self.started_at_sql},
            ).scalar()
            ledger = connection.execute(
                text(
                    "SELECT coalesce(sum(delta), 0) FROM stock_movements WHERE product_id = :p AND at >= :t"
                ),
                {"p": self.product_id, "t": self.started_at_sql},
            ).scalar()
            orders = connection.execute(
                text("SELECT count(*) FROM order_events WHERE action = 'place' AND at >= :t"),
                {"t": self.started_at_sql},
            ).scalar()
        return {
            "now": now,
            "sold": sold,
            "ledger": ledger,
            "drift": now - (self.initial_stock - sold),
            "orders_in_db": orders,
        }

    # -- the end
    def tear_down(self) -> None:
        for replica in self.replicas:
            replica.stop()
        if self.nginx and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
        if self.s3:
            self.s3.stop()
        if self.engine:
            self.engine.dispose()
        admin = create_engine(f"{POSTGRES}/postgres".replace("postgresql://", "postgresql+psycopg://"))
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)'))
        admin.dispose()
        try:
            redis.Redis.from_url(self.redis_url).flushdb()
        except redis.RedisError:
            pass
        if os.environ.get("DRILL_KEEP") != "1":
            shutil.rmtree(self.dir, ignore_errors=True)


def in_flight(outcome: Outcome, kills: list[tuple[str, float, float]]) -> bool:
    """Sent before a replica was gone and answered after it was killed."""
    return any(outcome.started <= gone and outcome.ended >= killing for _name, killing, gone in kills)


def report(drill: Drill, load: Load, stock: dict, release: dict) -> bool:
    failed = [o for o in load.outcomes if not o.ok]
    at_kill = [o for o in failed if in_flight(o, drill.kills)]
    other = [o for o in failed if not in_flight(o, drill.kills)]
    seen = drill.price_seen
    slowest = max((s for s in seen.values() if s is not None), default=None)
    price_ok = seen and all(s is not None and s <= STATED_SECONDS for s in seen.values())
    rows = [
        ("requests sent", str(len(load.outcomes)), ""),
        ("orders placed (answered to the shopper)", str(len(load.placed)), ""),
        (
            "orders placed (in the database)",
            str(stock["orders_in_db"]),
            "ok" if stock["orders_in_db"] >= len(load.placed) else "FAIL",
        ),
        ("requests failed, in flight at a kill", str(len(at_kill)), ""),
        ("requests failed, otherwise", str(len(other)), "ok" if not other else "FAIL"),
        ("stock: initial / now / sold", f"{drill.initial_stock} / {stock['now']} / {stock['sold']}", ""),
        (
            "stock drift (now - (initial - sold))",
            str(stock["drift"]),
            "ok" if stock["drift"] == 0 else "FAIL",
        ),
        (
            "ledger sum since the start = -sold",
            f"{stock['ledger']} = {-stock['sold']}",
            "ok" if stock["ledger"] == -stock["sold"] else "FAIL",
        ),
        (
            f"price change seen on every replica (<= {STATED_SECONDS} s)",
            ", ".join(f"{n} {s:.1f} s" if s is not None else f"{n} never" for n, s in seen.items())
            or "not run",
            "ok" if price_ok else "FAIL",
        ),
        (
            "release: aged orders released exactly once",
            f"{release['released_once']} of {release['aged']} (twice: {release['twice']})",
            "ok" if release["ok"] else "FAIL",
        ),
        (
            "release: cancellation mails per released order",
            ", ".join(f"{k} mail(s): {v} order(s)" for k, v in sorted(release["mails"].items())) or "-",
            "ok" if release["mails"] == {1: release["aged"]} or not release["aged"] else "FAIL",
        ),
        (
            "daily mail: shops with today's report queued once",
            f"{release['daily']['once']} of {release['daily']['shops']}, "
            f"{release['daily']['mails']} mail(s) to {release['daily']['admins']} admin(s)",
            "ok" if release["daily"]["ok"] else "FAIL",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    value_width = max(len(r[1]) for r in rows)
    print()
    print(f"{'drill ' + drill.run:<{width}}  {'':<{value_width}}")
    for name, value, verdict in rows:
        print(f"{name:<{width}}  {value:<{value_width}}  {verdict}")
    print(
        "kills: " + ", ".join(f"{name} at {at - drill.load_started:.1f} s" for name, at, _gone in drill.kills)
    )
    if slowest is not None:
        print(f"slowest replica to show the new price: {slowest:.1f} s")
    for outcome in failed[:10]:
        started, ended = outcome.started - drill.load_started, outcome.ended - drill.load_started
        detail = " ".join(outcome.detail.split())[:100]
        print(f"  failed: {outcome.what} {started:.1f}-{ended:.1f} s {detail}")
    for lines in release["schedulers"]:
        print("  scheduler: " + " | ".join(lines))
    checks = [
        not other,
        stock["drift"] == 0,
        stock["ledger"] == -stock["sold"],
        price_ok,
        release["ok"],
        stock["orders_in_db"] >= len(load.placed),
        release["mails"] == {1: release["aged"]} or not release["aged"],
        release["daily"]["ok"],
    ]
    return all(checks)


def main() -> int:
    drill = Drill()
    try:
        drill.set_up()
        load = drill.run_load()
        release = drill.release()
        stock = drill.stock()
        ok = report(drill, load, stock, release)
    finally:
        drill.tear_down()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
