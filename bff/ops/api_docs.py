"""Swagger UI for /api/docs from a pinned package (swagger-ui-bundle), served by the BFF itself:
no CDN, so the page works offline and under a CSP of 'self'."""

from pathlib import Path

from flask import Blueprint, send_from_directory
from swagger_ui_bundle import swagger_ui_path

STATIC_URL = "/api/docs/static/"
_HERE = Path(__file__).parent
# Swagger UI sets style attributes; its scripts and the starter are files of this origin.
DOCS_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

blp = Blueprint("api_docs", __name__)


@blp.get("/api/docs/static/<path:filename>")
def asset(filename: str):
    return send_from_directory(str(swagger_ui_path), filename, max_age=86400)


@blp.get("/api/docs/init.js")
def init_script():
    return send_from_directory(str(_HERE / "static"), "swagger-init.js", max_age=3600)
