#!/usr/bin/env bash
# Two `make start`s side by side, as README's "Two stacks side by side" says to run them: different
# PORT, BFF_PORT and VAR_DIR, free loopback ports, files in a temporary folder. Checks that both
# serve at once, that each SSR calls its own BFF (a shop name changed in one stack's database shows
# in that stack only), and that each gunicorn answers on the control socket in its own VAR_DIR.
# The second starts once the first serves, so they never build the bundle at the same time.
# A few minutes (the first `make start` may build); not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/two-stacks-XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_ready() { # url seconds log
  for _ in $(seq "$2"); do
    if curl -fs -o /dev/null "$1" 2>/dev/null; then return 0; fi
    sleep 1
  done
  echo "not ready: $1" >&2; tail -40 "$3" >&2; exit 1
}
shop_name() { curl -fsS -H 'X-Site-Host: localhost' "http://127.0.0.1:$1/api/shop" | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["shop_info"]["shop_name"])'; }

declare -A port bff_port
for name in a b; do
  port[$name]=$(free_port)
  bff_port[$name]=$(free_port)
  mkdir -p "$work/$name"
  # A session of its own, so the whole stack (make, start.sh, gunicorn, node) stops together.
  setsid env PORT="${port[$name]}" BFF_PORT="${bff_port[$name]}" VAR_DIR="$work/$name" \
    make --no-print-directory start >"$work/$name.log" 2>&1 &
  pids+=($!)
  wait_ready "http://127.0.0.1:${port[$name]}/readyz" 600 "$work/$name.log"
  echo "stack $name: SSR :${port[$name]}, BFF :${bff_port[$name]}, files in $work/$name"
done

# Both serve at once, each SSR through its own BFF.
for name in a b; do wait_ready "http://127.0.0.1:${port[$name]}/readyz" 10 "$work/$name.log"; done
.venv/bin/python - "$work/a/storefront.db" <<'PY'
import sqlite3, sys
with sqlite3.connect(sys.argv[1]) as db:
    db.execute("UPDATE shops SET shop_name = 'Stack A' WHERE id = (SELECT shop_id FROM shop_domains WHERE hostname = 'localhost')")
PY
for _ in $(seq 20); do [ "$(shop_name "${port[a]}")" = "Stack A" ] && break; sleep 1; done
[ "$(shop_name "${port[a]}")" = "Stack A" ] || { echo "stack a does not show its own database" >&2; exit 1; }
[ "$(shop_name "${port[b]}")" != "Stack A" ] || { echo "stack b shows stack a's database" >&2; exit 1; }
echo "each SSR calls its own BFF: a says '$(shop_name "${port[a]}")', b says '$(shop_name "${port[b]}")'"

# Each gunicorn on the control socket of its own VAR_DIR, each a different server.
declare -A arbiter
for name in a b; do
  socket="$work/$name/run/gunicorn.ctl"
  [ -S "$socket" ] || { echo "no control socket at $socket" >&2; exit 1; }
  arbiter[$name]=$(.venv/bin/gunicornc -s "$socket" -c "show stats" -j | python3 -c 'import json, sys; print(json.load(sys.stdin)["pid"])')
done
[ "${arbiter[a]}" != "${arbiter[b]}" ] || { echo "both sockets answer for one gunicorn" >&2; exit 1; }
echo "control sockets: a -> gunicorn ${arbiter[a]}, b -> gunicorn ${arbiter[b]}"
echo "two stacks side by side: ok"
