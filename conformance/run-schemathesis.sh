#!/usr/bin/env bash
# The conformance run: schemathesis (pinned in the Makefile, installed in .venv by
# `make python-venv`) fuzzes the running server against spec/, every check on, the stateful
# phase driven by the spec's OpenAPI links. Exits non-zero on any failure.
#
# Server: uses PAYAGG_BASE_URL / PAYAGG_API_KEY / PAYAGG_API_SECRET when they are set (as
# scripts/test-all.sh does); otherwise starts one itself (scripts/start-test-server.sh: embedded
# PostgreSQL, fresh data folder, a new merchant) and stops it afterwards (`make conformance`).
# A given server must settle sandbox collections quickly (SANDBOX_RAIL_OUTCOME_DELAY_MS=0): the
# refund cases wait for settlement (up to 10 s each).
#
# Families: merchant (/v1, spec/merchant.yaml), partner (/api/v1/partner, spec/partner.yaml) and
# operators (/ops/v1, spec/ops.yaml), one schemathesis run each with its own config file.
#
# Exclusions: conformance/not-implemented.txt, the one list of operations not implemented yet.
#
# Knobs (environment): SCHEMATHESIS_MAX_EXAMPLES (default 100, the floor of issue 5),
# SCHEMATHESIS_SEED (reproduce a run; without it a random seed is chosen and printed), SCHEMATHESIS_WORKERS (default 2), SCHEMATHESIS_FAMILIES (default
# "merchant partner ops": which families run, e.g. "ops" alone while working on it), TEST_RESULTS_DIR (JUnit
# XML goes to $TEST_RESULTS_DIR/schemathesis.xml, schemathesis-partner.xml, schemathesis-ops.xml;
# default conformance/.results).
set -uo pipefail
conformance_dir="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$conformance_dir/.." && pwd)"
cd "$root"
export PATH="$root/.tools/node_modules/.bin:$root/node_modules/.bin:$PATH"

venv="${VENV:-$root/.venv}"
schemathesis_bin="$venv/bin/schemathesis"
python_bin="$venv/bin/python"
if [ ! -x "$schemathesis_bin" ]; then
  echo "schemathesis is not installed in $venv; run: make python-venv" >&2
  exit 2
fi

max_examples="${SCHEMATHESIS_MAX_EXAMPLES:-100}"
families="${SCHEMATHESIS_FAMILIES:-merchant partner ops}"
workers="${SCHEMATHESIS_WORKERS:-2}"
results_dir="${TEST_RESULTS_DIR:-$conformance_dir/.results}"
mkdir -p "$results_dir"
exclusions_file="$conformance_dir/not-implemented.txt"

started_server=""
if [ -z "${PAYAGG_BASE_URL:-}" ] || [ -z "${PAYAGG_API_KEY:-}" ] || [ -z "${PAYAGG_API_SECRET:-}" ]; then
  echo "== no PAYAGG_BASE_URL/API_KEY/API_SECRET given: starting a test server"
  # The sandbox settles at once (the hooks wait for a collection to settle before refunding it;
  # docs/sandbox-rails.md), and the outcome worker polls often. The `late` magic values keep
  # their long delay: a collection stays pending, as it should.
  export SANDBOX_RAIL_OUTCOME_DELAY_MS="${SANDBOX_RAIL_OUTCOME_DELAY_MS:-0}"
  export SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS="${SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS:-0}"
  export JOB_POLL_INTERVAL_MS="${JOB_POLL_INTERVAL_MS:-20}"
  # shellcheck source=../scripts/start-test-server.sh
  if ! source "$root/scripts/start-test-server.sh"; then
    echo "could not start the test server" >&2
    echo '<testsuite name="schemathesis" tests="1" failures="1"/>' > "$results_dir/schemathesis.xml"
    exit 1
  fi
  started_server=yes
  trap 'stop_test_server' EXIT
fi
export PAYAGG_BASE_URL PAYAGG_API_KEY PAYAGG_API_SECRET
# The partner family authenticates with X-API-Key (schemathesis_hooks.py reads PAYAGG_PARTNER_API_KEY).
# A given server without one: a partner is made through the CLI on its data folder when known.
if [ -z "${PAYAGG_PARTNER_API_KEY:-}" ] && [ -n "${PAYAGG_DATA_DIR:-}" ]; then
  partner_creds="$(DATA_DIR="$PAYAGG_DATA_DIR" ./payagg partners create --name "Conformance Partner" --json)" \
    && PAYAGG_PARTNER_API_KEY="$(node -e 'console.log(JSON.parse(process.argv[1]).api_key)' "$partner_creds")"
fi
if [ -z "${PAYAGG_PARTNER_API_KEY:-}" ]; then
  echo "no PAYAGG_PARTNER_API_KEY and no PAYAGG_DATA_DIR to make one: the partner family cannot be tested" >&2
  overall_rc_partner_key=1
fi
export PAYAGG_PARTNER_API_KEY
# The operators' family (/ops/v1, spec/ops.yaml) authenticates with an operator key
# (schemathesis_ops_hooks.py reads PAYAGG_OPS_API_KEY), made as an operator makes one: the CLI's
# `ops-key create` on the server's data folder when known.
if [ -z "${PAYAGG_OPS_API_KEY:-}" ] && [ -n "${PAYAGG_DATA_DIR:-}" ]; then
  ops_creds="$(DATA_DIR="$PAYAGG_DATA_DIR" ./payagg ops-key create --name "Conformance Operator" --json)" \
    && PAYAGG_OPS_API_KEY="$(node -e 'console.log(JSON.parse(process.argv[1]).api_key)' "$ops_creds")"
fi
if [ -z "${PAYAGG_OPS_API_KEY:-}" ]; then
  echo "no PAYAGG_OPS_API_KEY and no PAYAGG_DATA_DIR to make one: the operators' family cannot be tested" >&2
  overall_rc_ops_key=1
fi
export PAYAGG_OPS_API_KEY

# Prints "op <operationId>" for every operation of the spec that is NOT excluded, then
# "links <n>": how many OpenAPI links join two tested operations (the stateful phase needs one).
# Fails on an exclusion naming an operation the spec does not have, so a typo cannot hide anything.
operations_to_test() { # spec name, spec file
  "$python_bin" - "$1" "$2" "$exclusions_file" <<'PY'
import sys, yaml
spec_name, spec_file, exclusions_file = sys.argv[1:4]
with open(spec_file) as f:
    spec = yaml.safe_load(f)
methods = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
ops = [op["operationId"] for path in spec.get("paths", {}).values() for m, op in path.items() if m in methods]
excluded = set()
with open(exclusions_file) as f:
    for number, line in enumerate(f, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2 or parts[0] not in ("merchant", "partner", "ops"):
            sys.exit(f"{exclusions_file}:{number}: expected '<merchant|partner|ops> <operationId>', got {line!r}")
        if parts[0] == spec_name:
            if parts[1] not in ops:
                sys.exit(f"{exclusions_file}:{number}: {parts[1]} is not an operation of {spec_file}")
            excluded.add(parts[1])
tested = [op for op in ops if op not in excluded]
links = 0
for path in spec.get("paths", {}).values():
    for method, op in path.items():
        if method not in methods or op["operationId"] not in tested:
            continue
        for response in op.get("responses", {}).values():
            for link in (response.get("links") or {}).values():
                links += link.get("operationId") in tested
for op in tested:
    print("op", op)
print("links", links)
PY
}

overall_rc=$(( ${overall_rc_partner_key:-0} | ${overall_rc_ops_key:-0} ))
run_spec() { # spec name, spec file, base url, report name, config file (in conformance/)
  local name="$1" spec_file="$2" url="$3" report="$4" config_file="$5"
  local listing ops links
  if ! listing="$(operations_to_test "$name" "$spec_file")"; then overall_rc=1; return; fi
  ops="$(sed -n 's/^op //p' <<<"$listing")"
  links="$(sed -n 's/^links //p' <<<"$listing")"
  if [ -z "$ops" ]; then
    echo "== schemathesis $name: every operation is in not-implemented.txt; nothing to test yet"
    return
  fi
  local include_args=()
  while IFS= read -r op; do include_args+=(--include-operation-id "$op"); done <<<"$ops"
  echo "== schemathesis $name: $(wc -l <<<"$ops") operation(s) against $url: $(tr '\n' ' ' <<<"$ops")"
  # The stateful phase follows the spec's links between tested operations; with none among them
  # (only GET /users today) schemathesis reports "Missing Open API links", so the phase waits.
  local phases="examples,coverage,fuzzing,stateful"
  if [ "$links" -eq 0 ]; then
    phases="examples,coverage,fuzzing"
    echo "== schemathesis $name: no OpenAPI link joins two tested operations yet; stateful phase skipped"
  fi
  local seed_args=(--seed "$seed")
  local started=$SECONDS
  # The hooks module is imported by name from conformance/ (schemathesis adds the cwd to sys.path).
  (cd "$conformance_dir" && SCHEMATHESIS_HOOKS=schemathesis_hooks "$schemathesis_bin" --config-file "$config_file" run "$spec_file" \
    --url "$url" \
    "${include_args[@]}" \
    --checks all \
    --phases "$phases" \
    --max-examples "$max_examples" \
    --workers "$workers" \
    --generation-database none \
    --request-timeout 10 \
    --report junit --report-junit-path "$results_dir/$report" \
    --no-color \
    "${seed_args[@]}")
  local rc=$?
  echo "== schemathesis $name: exit $rc, wall time $((SECONDS - started)) s (max-examples $max_examples, workers $workers)"
  [ $rc -eq 0 ] || overall_rc=1
}

# One seed for the whole run, chosen here when none is given and printed first and last, so a red
# run is reproduced with `SCHEMATHESIS_SEED=<seed> make conformance` (README, docs/conformance.md).
# With the same seed, code and spec, schemathesis generates the same cases; the server's state
# (and two workers' interleaving) can still differ, so a finding may need a few runs to recur.
seed="${SCHEMATHESIS_SEED:-$("$python_bin" -c 'import secrets; print(secrets.randbits(64))')}"
echo "== schemathesis seed: $seed (reproduce: SCHEMATHESIS_SEED=$seed make conformance)"
run_started=$SECONDS
for family in $families; do
  case "$family" in
    merchant) run_spec merchant "$root/spec/merchant.yaml" "$PAYAGG_BASE_URL" schemathesis.xml schemathesis.toml ;;
    partner) run_spec partner "$root/spec/partner.yaml" "${PAYAGG_BASE_URL%/v1}/api/v1/partner" schemathesis-partner.xml schemathesis-partner.toml ;;
    ops) run_spec ops "$root/spec/ops.yaml" "${PAYAGG_BASE_URL%/v1}/ops/v1" schemathesis-ops.xml schemathesis-ops.toml ;;
    *) echo "SCHEMATHESIS_FAMILIES: unknown family \"$family\" (merchant, partner, ops)" >&2; overall_rc=1 ;;
  esac
done
echo "== conformance: total wall time $((SECONDS - run_started)) s$([ -n "$started_server" ] && echo " (plus server start)"), seed $seed, $([ $overall_rc -eq 0 ] && echo green || echo "RED: reproduce with SCHEMATHESIS_SEED=$seed make conformance")"
exit $overall_rc
