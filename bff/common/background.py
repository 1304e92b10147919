"""Work done after the answer, off the request thread, in an app context of its own (so with
its own database session).

Used where the work itself would tell a caller something by its duration (a password reset
request looks the account up and writes a token only when the email has one). `asynchronous`
False runs the job inline, for tests and commands that want the result at once.
"""

import logging
import threading
from collections.abc import Callable

from flask import Flask

from bff.extensions import db

log = logging.getLogger(__name__)

_running: set[threading.Thread] = set()
_lock = threading.Lock()


def _run(app: Flask, job: Callable, args: tuple) -> None:
    with app.app_context():
        try:
            job(*args)
        except Exception:  # the caller's answer is long gone: log, never raise
            log.exception("Background job %s failed", getattr(job, "__name__", job))
            db.session.rollback()
        finally:
            db.session.remove()
    with _lock:
        _running.discard(threading.current_thread())


def run_after_answer(app: Flask, job: Callable, *args, asynchronous: bool = True) -> None:
    """Run `job(*args)` with an app context, on a daemon thread unless `asynchronous` is False."""
    if not asynchronous:
        _run(app, job, args)
        return
    thread = threading.Thread(target=_run, args=(app, job, args), daemon=True)
    with _lock:
        _running.add(thread)
    thread.start()


def wait_for_background_work(timeout: float = 30.0) -> bool:
    """Join the jobs started so far (tests, and a worker shutting down); True when all ended."""
    with _lock:
        threads = list(_running)
    for thread in threads:
        thread.join(timeout)
    return not any(t.is_alive() for t in threads)
