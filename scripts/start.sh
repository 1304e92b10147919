#!/usr/bin/env bash
# Serves the storefront: the BFF (gunicorn, :5000) behind the SSR process (:3000).
# `start.sh dev` runs Flask's and Vite's development servers instead.
#
# A second stack beside the first moves its ports and its runtime files (README, "Two stacks side
# by side"):  PORT=3100 BFF_PORT=5100 VAR_DIR=var/b make start
# PORT is the SSR's, BFF_PORT the BFF's; BFF_BIND (gunicorn's address) and BFF_URL (where the SSR
# finds the BFF) follow BFF_PORT unless given; METRICS_PORT (the SSR's /metrics) and VITE_HMR_PORT
# (`dev`) follow PORT. VAR_DIR holds the database, media, secrets, mail and gunicorn's control socket.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-3000}"
# A given BFF_BIND decides the BFF's port; else BFF_PORT (5000) decides the bind.
if [ -n "${BFF_BIND:-}" ] && [ -z "${BFF_PORT:-}" ]; then BFF_PORT="${BFF_BIND##*:}"; fi
BFF_PORT="${BFF_PORT:-5000}"
export BFF_BIND="${BFF_BIND:-127.0.0.1:$BFF_PORT}"
export BFF_URL="${BFF_URL:-http://127.0.0.1:$BFF_PORT}"
# 3000 -> 9464 (the SSR's default), 3100 -> 9564: a second stack's metrics never meet the first's.
export METRICS_PORT="${METRICS_PORT:-$((PORT + 6464))}"
export VITE_HMR_PORT="${VITE_HMR_PORT:-$((PORT + 21678))}"
export VAR_DIR="${VAR_DIR:-$PWD/var}"
# No scheduler here: the BFF releases unpaid orders itself once a minute (bff/orders/release.py).
export UNPAID_RELEASE_SECONDS="${UNPAID_RELEASE_SECONDS:-60}"
# The embedded set-up pays on the sandbox (no money moves) while a shop has no real provider.
export PAYMENT_SANDBOX_ENABLED="${PAYMENT_SANDBOX_ENABLED:-1}"

pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; }
trap cleanup EXIT INT TERM

if [ "${1:-}" = "dev" ]; then
  .venv/bin/flask --app bff.app:create_app run --debug --port "$BFF_PORT" & pids+=($!)
  PORT="$PORT" npm run dev & pids+=($!)
else
  WEB_CONCURRENCY="${WEB_CONCURRENCY:-2}" .venv/bin/gunicorn -c bff/gunicorn.conf.py bff.wsgi:app & pids+=($!)
  PORT="$PORT" npm start & pids+=($!)
fi
# The scheduler's other rounds (docker-compose.yml's `scheduler`): every SCHEDULER_SECONDS the
# providers are asked about open orders and processing refunds (lost notifications) and due mail
# is sent (retries); once a day, first, the shops' WeChat Pay platform certificates are downloaded.
SCHEDULER_SECONDS="${SCHEDULER_SECONDS:-300}"
scheduler() {
  local flask=(.venv/bin/flask --app bff.app:create_app) round=0
  local per_day=$((86400 / SCHEDULER_SECONDS))
  while true; do
    if [ $((round % per_day)) -eq 0 ]; then "${flask[@]}" payments refresh-certificates || true; fi
    "${flask[@]}" payments settle || true
    "${flask[@]}" send-mail || true
    round=$((round + 1))
    sleep "$SCHEDULER_SECONDS"
  done
}
scheduler & pids+=($!)
echo "Storefront: http://localhost:$PORT  (API docs: http://localhost:$PORT/api/docs; BFF $BFF_BIND; files in $VAR_DIR)"
wait -n
