"""Security headers on every answer the BFF gives, set once (the SSR process sets its own on
pages and passes these through on what it proxies)."""

from flask import Flask, Response, request

from bff.common.proxies import from_trusted_proxy
from bff.ops.api_docs import DOCS_CSP

# JSON, media and anything else that is not a page: nothing may run, nothing may frame it.
STRICT_CSP = "default-src 'none'; frame-ancestors 'none'"
# The sandbox payment page: an inline <style>, a form that posts to itself.
SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
PERMISSIONS = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"


def _policy(path: str) -> str:
    if path.startswith("/api/docs"):
        return DOCS_CSP
    if path.startswith("/api/payment/sandbox/"):
        return SANDBOX_CSP
    return STRICT_CSP


def _https() -> bool:
    forwarded = request.headers.get("X-Forwarded-Proto", "") if from_trusted_proxy() else ""
    return request.is_secure or forwarded.rsplit(",", 1)[-1].strip() == "https"


def init_app(app: Flask) -> None:
    @app.after_request
    def add_headers(response: Response) -> Response:
        headers = response.headers
        headers.setdefault("Content-Security-Policy", _policy(request.path))
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
        headers.setdefault("X-Frame-Options", "DENY")
        headers.setdefault("Permissions-Policy", PERMISSIONS)
        if _https():
            headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        return response
