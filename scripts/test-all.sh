#!/usr/bin/env bash
# Runs every test suite, keeps going after a failure so the summary is complete, prints one
# closing line "N passed, N failed" (totalled over all suites) and exits non-zero on any failure.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
results="$root/.test-results"
rm -rf "$results"; mkdir -p "$results"
export TEST_RESULTS_DIR="$results"
failed_suites=()

run_vitest() { # name, package dir
  local name="$1" dir="$2"
  [ -f "$dir/vitest.config.ts" ] || { echo "== $name: no vitest config, skipped"; return; }
  echo "== $name (vitest)"
  if ! (cd "$dir" && vitest run --reporter=default --reporter=json --outputFile.json="$results/$name.json"); then
    failed_suites+=("$name")
  fi
}

run_vitest ledger packages/ledger
run_vitest sdk packages/sdk
run_vitest api services/api
# The hosted checkout page: unit tests, and browser tests in Chromium against its own service.
run_vitest checkout-page packages/checkout-page
run_vitest conformance-api conformance

# Suites that need a running server: one server, started from the embedded default on a
# fresh data folder, shared by the Python smoke test and schemathesis.
echo "== starting a server for the Python smoke test and schemathesis"
if source scripts/start-test-server.sh; then
  echo "== python client smoke test (pytest)"
  if ! "$root/.venv/bin/python" -m pytest -q clients/python/tests --junitxml="$results/python-smoke.xml"; then
    failed_suites+=("python-smoke")
  fi
  echo "== schemathesis conformance"
  if ! bash conformance/run-schemathesis.sh; then failed_suites+=("schemathesis"); fi
  stop_test_server
else
  echo "could not start the test server" >&2
  failed_suites+=("test-server")
  echo '<testsuite tests="1" failures="1"><testcase name="start the test server"><failure message="scripts/start-test-server.sh failed"/></testcase></testsuite>' > "$results/test-server.xml"
fi

# The README's first ten minutes on a fresh machine: a fresh copy of this checkout, a new shell
# with no pnpm and an old node, `make run`, the CLI, the signed curl, stop and restart
# (scripts/quickstart-test.sh; JUnit XML in $results/quickstart.xml).
echo "== quickstart (README commands in a fresh copy, from a new shell without pnpm)"
if ! bash scripts/quickstart-test.sh "$root"; then failed_suites+=("quickstart"); fi

[ ${#failed_suites[@]} -eq 0 ] || echo "failed suites: ${failed_suites[*]}"
node scripts/test-summary.ts "$results"
summary_rc=$?
[ ${#failed_suites[@]} -eq 0 ] && [ $summary_rc -eq 0 ]
