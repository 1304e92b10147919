"""WSGI entry point for gunicorn: `gunicorn -c bff/gunicorn.conf.py bff.wsgi:app`."""

from bff.app import create_app

app = create_app()
