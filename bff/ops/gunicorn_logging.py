"""gunicorn's logger without its access line, which the BFF writes itself (bff/ops/request_log.py).

gunicorn counts access logging as on whenever a `logconfig_dict` is given (gunicorn 27,
`glogging.Logger._compute_access_log_enabled`), as bff/gunicorn.conf.py gives one for its own lines
in JSON. Its `access()` then builds the line's atoms on every request (each header of the request
and the answer, a formatted date) for a logger with no handler: about 3 % of a catalogue call's
CPU in a py-spy profile. This logger skips that work; everything else is gunicorn's own.
"""

from gunicorn.glogging import Logger


class LoggerWithoutAccessLine(Logger):
    """gunicorn's `logger_class` setting: its own Logger, `access()` a no-op."""

    def access(self, resp, req, environ, request_time):  # noqa: ARG002 - gunicorn's signature
        return None
