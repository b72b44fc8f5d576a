#!/usr/bin/env bash
# `npm test`: the system programs, then typecheck + lint beside the unit and integration tests
# (those mostly wait on real servers' timers and polls, the checks mostly compute: together
# they take little more than the longer one), then the build and the browser tests. The
# checks' report is held back and printed after the tests', so the two never interleave; the
# step fails if either does. Each step's wall time is said at the end.
set -uo pipefail

started=$SECONDS
times=()
step_done() { times+=("$1 $(($SECONDS - $2)) s"); }

bash scripts/ensure-test-deps.sh || exit 1

checks_log=$(mktemp)
trap 'rm -f "$checks_log"' EXIT
t=$SECONDS
(bash scripts/static-checks.sh >"$checks_log" 2>&1; status=$?; echo "$(($SECONDS - t))" >>"$checks_log.time"; exit $status) &
checks_pid=$!
npm run --silent test:unit
unit_status=$?
step_done 'unit and integration tests' "$t"
wait "$checks_pid"
checks_status=$?
cat "$checks_log"
times+=("typecheck + lint (beside them) $(cat "$checks_log.time" 2>/dev/null) s")
rm -f "$checks_log.time"
[ "$checks_status" -eq 0 ] || echo "npm test: typecheck or lint failed" >&2
[ "$unit_status" -eq 0 ] || echo "npm test: unit or integration tests failed" >&2
[ "$checks_status" -eq 0 ] && [ "$unit_status" -eq 0 ] || exit 1

t=$SECONDS
npm run --silent build || exit 1
step_done build "$t"
t=$SECONDS
npx vitest run --config vitest.e2e.config.ts
e2e_status=$?
step_done 'browser tests' "$t"

printf 'npm test: %s\n' "${times[@]}" "total $(($SECONDS - started)) s"
exit "$e2e_status"
