#!/usr/bin/env bash
# Typecheck and lint at once (each mostly uses one core; together they take the longer one's
# time, not the sum). tsc's report is held back and printed after lint's, so the two never
# interleave; the step fails if either does.
set -uo pipefail

tsc_log=$(mktemp)
trap 'rm -f "$tsc_log"' EXIT
npm run --silent typecheck >"$tsc_log" 2>&1 &
tsc_pid=$!
npm run --silent lint
lint_status=$?
wait "$tsc_pid"
tsc_status=$?
cat "$tsc_log"
[ "$tsc_status" -eq 0 ] || echo "typecheck failed (exit $tsc_status)" >&2
[ "$lint_status" -eq 0 ] || echo "lint failed (exit $lint_status)" >&2
[ "$tsc_status" -eq 0 ] && [ "$lint_status" -eq 0 ]
