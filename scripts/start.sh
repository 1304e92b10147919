#!/usr/bin/env bash
# Serves the storefront: the BFF (gunicorn, :5000) behind the SSR process (:3000).
# `start.sh dev` runs Flask's and Vite's development servers instead.
set -euo pipefail
cd "$(dirname "$0")/.."

BFF_PORT="${BFF_PORT:-5000}"
PORT="${PORT:-3000}"
export BFF_URL="${BFF_URL:-http://127.0.0.1:$BFF_PORT}"
# No scheduler here: the BFF releases unpaid orders itself once a minute (bff/orders/release.py).
export UNPAID_RELEASE_SECONDS="${UNPAID_RELEASE_SECONDS:-60}"
# The embedded set-up pays on the sandbox (no money moves) while a shop has no real provider.
export PAYMENT_SANDBOX_ENABLED="${PAYMENT_SANDBOX_ENABLED:-1}"

pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; }
trap cleanup EXIT INT TERM

if [ "${1:-}" = "dev" ]; then
  .venv/bin/flask --app bff.app:create_app run --debug --port "$BFF_PORT" & pids+=($!)
  npm run dev & pids+=($!)
else
  BFF_BIND="127.0.0.1:$BFF_PORT" WEB_CONCURRENCY="${WEB_CONCURRENCY:-2}" \
    .venv/bin/gunicorn -c bff/gunicorn.conf.py bff.wsgi:app & pids+=($!)
  PORT="$PORT" npm start & pids+=($!)
fi
echo "Storefront: http://localhost:$PORT  (API docs: http://localhost:$PORT/api/docs)"
wait -n
