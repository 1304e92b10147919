"""Serve a WSGI app on a free loopback port in a thread.

A browser that opens one of a fake's pages (a hosted payment page, WeChat's QR page) also asks for
/favicon.ico, and Chromium reports that request's 404 as a console error, which the browser tests
count as a problem (e2e/browser.js). Whether it is asked before the test leaves the page is a
matter of timing, so every fake answers it with 204, as the real pages have an icon.
"""

import threading

from werkzeug.serving import make_server


def _with_favicon(app):
    def serve(environ, start_response):
        if environ.get("PATH_INFO") == "/favicon.ico":
            start_response("204 No Content", [])
            return [b""]
        return app(environ, start_response)

    return serve


class LocalServer:
    def __init__(self, app):
        self._server = make_server("127.0.0.1", 0, _with_favicon(app), threaded=True)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._thread.join()
