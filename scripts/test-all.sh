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

# TigerBeetle (issue 26): when the shared server binary is there (TIGERBEETLE_BIN, or
# ../shared/tigerbeetle/0.17.5/tigerbeetle beside the repository), one throw-away replica on a free
# loopback port serves the ledger's TigerBeetle tests and the service's money tests on the
# TigerBeetle engine (the suite api-tigerbeetle); its data file goes when the run ends, whatever
# happens. Without it they skip, saying why, and a fresh machine still passes.
source scripts/tigerbeetle.sh
trap stop_tigerbeetle EXIT
# A signal ends the run through `exit`, so the EXIT trap removes the replica's data file too.
trap 'exit 130' INT
trap 'exit 143' TERM
tigerbeetle_rc=0
start_tigerbeetle || tigerbeetle_rc=$?
if [ $tigerbeetle_rc -ne 0 ]; then
  echo "== TigerBeetle tests skipped: $tigerbeetle_skip_reason"
  # A TIGERBEETLE_BIN that is not there, or a replica that would not start, is a failure: only
  # a machine without the binary may skip.
  if [ $tigerbeetle_rc -ne 1 ]; then
    failed_suites+=("tigerbeetle")
    echo '<testsuite tests="1" failures="1"><testcase name="start a TigerBeetle replica"><failure message="scripts/tigerbeetle.sh start_tigerbeetle failed"/></testcase></testsuite>' > "$results/tigerbeetle.xml"
  fi
fi

# The ledger's PostgreSQL tests, and its TigerBeetle tests when TB_ADDRESSES is set (above).
run_vitest ledger packages/ledger
if [ -n "${TB_ADDRESSES:-}" ]; then
  echo "== api-tigerbeetle (vitest: the service's money tests on the TigerBeetle engine at $TB_ADDRESSES)"
  if ! (cd services/api && vitest run --config vitest.tigerbeetle.config.ts --reporter=default --reporter=json --outputFile.json="$results/api-tigerbeetle.json"); then
    failed_suites+=("api-tigerbeetle")
  fi
else
  # Counted as skipped in the closing line, with the reason in the report.
  echo "<testsuite tests=\"1\" skipped=\"1\"><testcase name=\"api-tigerbeetle\"><skipped message=\"${tigerbeetle_skip_reason//[\"<>&]/ }\"/></testcase></testsuite>" > "$results/api-tigerbeetle.xml"
fi
# Only the two suites above use the replica: it goes now, before the long PostgreSQL suites.
stop_tigerbeetle
run_vitest sdk packages/sdk
# The service on its default PostgreSQL ledger engine (TB_ADDRESSES is unset by stop_tigerbeetle;
# the processes its tests spawn inherit the environment).
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
