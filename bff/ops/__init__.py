"""What the operators see rather than the shoppers: health and readiness, the request log, the
metrics, the security headers on every answer and the API docs pages."""
