#!/usr/bin/env bash
# Runs make targets one after another and prints each one's wall time at the end, the failed one's
# too: `make test` and `make check` (Makefile). Stops at the first that fails, with its status.
set -uo pipefail
MAKE="${MAKE:-make}"
names=() millis=() status=0
for target in "$@"; do
  started=$(date +%s%N)
  $MAKE --no-print-directory "$target"
  status=$?
  names+=("$target")
  millis+=($((($(date +%s%N) - started) / 1000000)))
  [ "$status" -eq 0 ] || break
done
show() { printf '  %-16s %6d.%d s%s\n' "$1" $(($2 / 1000)) $((($2 % 1000) / 100)) "${3:-}"; }
total=0
echo
echo "== wall time per stage"
for i in "${!names[@]}"; do
  mark=""
  if [ "$status" -ne 0 ] && [ "$i" -eq $((${#names[@]} - 1)) ]; then mark="  (failed)"; fi
  show "${names[$i]}" "${millis[$i]}" "$mark"
  total=$((total + millis[i]))
done
show total "$total"
exit "$status"
