"""gunicorn settings for production; each can be overridden from the environment."""

import gc
import logging
import multiprocessing
import os
import shutil
import tempfile
from pathlib import Path

# This server's runtime files live in its own VAR_DIR (as bff/config.py finds it), never in a
# folder every gunicorn of the machine shares: two stacks side by side (README) keep theirs apart.
RUN_DIR = Path(os.environ.get("VAR_DIR", Path(__file__).resolve().parent.parent / "var")).resolve() / "run"
RUN_DIR.mkdir(parents=True, exist_ok=True)

# Metrics of every worker, added up by /metrics (bff/ops/metrics.py): each worker writes its values
# here. Set before a worker imports prometheus_client; a fresh directory per server, so a restart
# never adds up a previous run's values.
METRICS_DIR_MADE = None
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    METRICS_DIR_MADE = tempfile.mkdtemp(prefix="bff-metrics-", dir=RUN_DIR)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = METRICS_DIR_MADE

from prometheus_client import multiprocess  # noqa: E402 - after the directory is chosen

from bff.addresses.regions import warm_up as read_regions  # noqa: E402
from bff.catalog.search_text import warm_up  # noqa: E402
from bff.common.background import wait_for_background_work  # noqa: E402
from bff.extensions import db  # noqa: E402

bind = os.environ.get("BFF_BIND", "0.0.0.0:5000")
# gunicornc's control socket: by default $XDG_RUNTIME_DIR or ~/.gunicorn/gunicorn.ctl, one path for
# every gunicorn of the user, where a second server takes the first one's socket away.
control_socket = os.environ.get("BFF_CONTROL_SOCKET", str(RUN_DIR / "gunicorn.ctl"))
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("BFF_THREADS", "2"))
worker_class = "gthread"
# A kept-alive connection stays with the worker that accepted it, and on one shared listening
# socket which worker accepts is a race: a burst of connections (the SSR's pool, a load test) can
# land mostly on one worker while the others idle (README, Speed: one-second turns of /healthz at
# 1,080-1,259 or 2,352-3,112 req/s, nothing between). With BFF_REUSE_PORT=1 each worker listens
# on a socket of its own (SO_REUSEPORT; gunicorn's arbiter then makes the sockets in each worker,
# not in the master) and the kernel spreads connections among them by their addresses. Off by
# default: two servers could then share a port unawares, and a worker's socket closing (a restart
# after max_requests) drops the connections still queued on it unless net.ipv4.tcp_migrate_req
# is set, as docker-compose.yml does.
reuse_port = os.environ.get("BFF_REUSE_PORT", "0") == "1"
timeout = 30
graceful_timeout = 20
keepalive = 5
# Restart workers now and then so a slow leak can never grow without bound; the wide jitter keeps
# the workers from restarting together (a restart costs a worker its warm caches for a moment).
max_requests = int(os.environ.get("BFF_MAX_REQUESTS", "20000"))
max_requests_jitter = max_requests // 4
# The app (and jieba's dictionary, ~1 s and 60 MB) is loaded once in the master and shared with
# the forked workers, so a (re)started worker serves at once and costs little memory.
preload_app = os.environ.get("BFF_PRELOAD", "1") == "1"
# The BFF logs each request itself, as one JSON line with its request id (bff/ops/request_log.py);
# gunicorn's access line would repeat it, query string included.
accesslog = None
errorlog = "-"
# ...and its access() would still build that line's fields on every request, for no handler.
logger_class = "bff.ops.gunicorn_logging.LoggerWithoutAccessLine"
# gunicorn's own lines (start, workers, signals) as JSON too, like every other line of the BFF.
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "{levelname}{name}{message}",
            "style": "{",
            "timestamp": "time",
            "rename_fields": {"levelname": "level", "name": "logger"},
        }
    },
    "handlers": {
        "error_console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    },
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["error_console"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": [], "propagate": False},
    },
    # The app's own handler (bff/ops/request_log.py) joins the root in each worker.
    "root": {"level": "INFO", "handlers": []},
}
# Above the BFF's own URL limit (MAX_URL_BYTES, 4000), so an over-long URL gets the BFF's 414
# JSON rather than gunicorn's HTML (8190 is gunicorn's ceiling).
limit_request_line = 8190
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")


def on_starting(server):
    # jieba's dictionary takes seconds to load: before the workers fork, not in a shopper's search.
    # Read-only data is loaded here, once, in the master: the workers share its pages (PSS, not
    # private memory; issue 27).
    warm_up()
    read_regions()


def pre_fork(server, worker):
    # Everything the master holds so far (the app, the dictionaries, the region list) moves out of
    # the garbage collector's reach: a worker's collections would otherwise write to every object's
    # header and copy the shared pages into its private memory.
    gc.collect()
    gc.freeze()


def post_fork(server, worker):
    # Database connections are never shared across a fork: each worker opens its own.
    app = server.app.wsgi()
    with app.app_context():
        db.engine.dispose(close=False)


def child_exit(server, worker):
    # A worker that is gone (restart, max_requests) stops counting in the live gauges.
    multiprocess.mark_process_dead(worker.pid)


def worker_exit(server, worker):
    # Let reset requests handed to the background (lookup, token, mail) finish before the worker goes.
    wait_for_background_work(timeout=graceful_timeout / 2)
    if worker.booted:
        _exit_now()


def on_exit(server):
    if METRICS_DIR_MADE:
        shutil.rmtree(METRICS_DIR_MADE, ignore_errors=True)
    _exit_now()


def _exit_now():
    # Skip the interpreter's teardown of the preloaded app: freeing jieba's dictionary (millions
    # of objects) takes seconds, and in a worker first copies every page it shares with the
    # master. Nothing is left to do but flush the logs.
    logging.shutdown()
    os._exit(0)
