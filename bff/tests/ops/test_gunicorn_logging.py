"""gunicorn's access line is skipped, not built and thrown away (bff/ops/gunicorn_logging.py)."""

import runpy
from datetime import timedelta
from types import SimpleNamespace
from unittest.mock import patch

import pytest
from gunicorn.config import Config
from gunicorn.glogging import Logger

from bff.config import ROOT
from bff.ops.gunicorn_logging import LoggerWithoutAccessLine

SETTINGS = runpy.run_path(str(ROOT / "bff" / "gunicorn.conf.py"))


def _config():
    config = Config()
    for name in ("accesslog", "errorlog", "logconfig_dict", "logger_class"):
        config.set(name, SETTINGS[name])
    return config


def _logger(cls, config):
    # Not applied to this process's logging (the suite's own handlers stay as they are).
    with patch("logging.config.dictConfig"):
        return cls(config)


def _access(logger):
    response = SimpleNamespace(status="200 OK", headers=[], response_length=2, sent=2)
    request = SimpleNamespace(headers=[], method="GET", path="/api/product/1", query="", version=(1, 1))
    logger.access(response, request, {"REMOTE_ADDR": "127.0.0.1"}, timedelta(milliseconds=3))


def test_the_production_settings_use_the_logger_without_the_access_line():
    assert _config().logger_class is LoggerWithoutAccessLine


def test_no_access_line_is_built_though_gunicorn_counts_access_logging_as_on():
    config = _config()
    # gunicorn's own logger, with the same settings, builds the line's fields on every request...
    with patch.object(Logger, "atoms", side_effect=AssertionError("atoms built")):
        with pytest.raises(AssertionError, match="atoms built"):
            _access(_logger(Logger, config))
        # ...which this one does not.
        _access(_logger(LoggerWithoutAccessLine, config))
