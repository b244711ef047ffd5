# Sourced by scripts/test-all.sh (or by hand: `source scripts/tigerbeetle.sh && start_tigerbeetle`):
# finds the shared TigerBeetle server binary, formats a throw-away single replica in a temp dir and
# starts it on a free loopback port. No registry ships a TigerBeetle server, so it is a test
# dependency kept outside the repository (../shared/tigerbeetle/README.md); never copy it in.
#
# Where the binary is looked for, first found wins:
#   1. TIGERBEETLE_BIN (any path; a TIGERBEETLE_BIN that does not name an executable is an error,
#      not a silent skip: whoever set it meant the tests to run);
#   2. ../shared/tigerbeetle/0.17.5/tigerbeetle beside the repository (CI: a fresh clone with
#      shared/ beside it; developer machines);
#   3. the same beside the main checkout when this is a `git worktree` elsewhere.
# Without one, tigerbeetle_skip_reason says why and the TigerBeetle suites skip.
#
# start_tigerbeetle exports TB_ADDRESSES (127.0.0.1:PORT) and TB_CLUSTER_ID=0; stop_tigerbeetle
# stops the replica and deletes its data file. The caller traps EXIT to stop it even on failure.

# The server version the ledger package's tigerbeetle-node client pins (a cluster refuses newer clients).
tigerbeetle_version="0.17.5"
# A small grid cache: the default wants GiBs; tests touch a few thousand accounts.
tigerbeetle_cache_grid="256MiB"
# Seconds to wait for the replica to accept connections (it is up in well under a second when idle).
tigerbeetle_start_timeout_s=30
tigerbeetle_pid=""
tigerbeetle_dir=""
tigerbeetle_bin=""
tigerbeetle_skip_reason=""

find_tigerbeetle() {
  local root relative common
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  relative="shared/tigerbeetle/$tigerbeetle_version/tigerbeetle"
  if [ -n "${TIGERBEETLE_BIN:-}" ]; then
    if [ -x "$TIGERBEETLE_BIN" ]; then tigerbeetle_bin="$TIGERBEETLE_BIN"; return 0; fi
    tigerbeetle_skip_reason="TIGERBEETLE_BIN=$TIGERBEETLE_BIN is not an executable file"
    return 2
  fi
  if [ -x "$root/../$relative" ]; then tigerbeetle_bin="$(cd "$root/.." && pwd)/$relative"; return 0; fi
  common="$(git -C "$root" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
  if [ -n "$common" ] && [ -x "$(dirname "$common")/../$relative" ]; then
    tigerbeetle_bin="$(cd "$(dirname "$common")/.." && pwd)/$relative"; return 0
  fi
  tigerbeetle_skip_reason="no TigerBeetle server: neither TIGERBEETLE_BIN nor ../$relative (see ../shared/tigerbeetle/README.md)"
  return 1
}

start_tigerbeetle() {
  find_tigerbeetle || return $?
  local port data started
  tigerbeetle_dir="$(mktemp -d "${TMPDIR:-/tmp}/payagg-test-tigerbeetle.XXXXXX")"
  data="$tigerbeetle_dir/0_0.tigerbeetle"
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  if ! "$tigerbeetle_bin" format --cluster=0 --replica=0 --replica-count=1 "$data" > "$tigerbeetle_dir/format.log" 2>&1; then
    tigerbeetle_skip_reason="formatting a replica failed: $(tail -3 "$tigerbeetle_dir/format.log")"
    rm -rf "$tigerbeetle_dir"; tigerbeetle_dir=""
    return 2
  fi
  "$tigerbeetle_bin" start --addresses="127.0.0.1:$port" --cache-grid="$tigerbeetle_cache_grid" "$data" \
    > "$tigerbeetle_dir/replica.log" 2>&1 &
  tigerbeetle_pid=$!
  started=""
  for _ in $(seq 1 $((tigerbeetle_start_timeout_s * 10))); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then started=yes; break; fi
    kill -0 "$tigerbeetle_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$started" ]; then
    tigerbeetle_skip_reason="the replica did not start: $(tail -3 "$tigerbeetle_dir/replica.log")"
    stop_tigerbeetle
    return 2
  fi
  export TB_ADDRESSES="127.0.0.1:$port" TB_CLUSTER_ID=0
  echo "TigerBeetle $tigerbeetle_version replica on $TB_ADDRESSES ($tigerbeetle_bin, data in $tigerbeetle_dir)"
}

stop_tigerbeetle() {
  if [ -n "$tigerbeetle_pid" ]; then
    kill -TERM "$tigerbeetle_pid" 2>/dev/null
    wait "$tigerbeetle_pid" 2>/dev/null
    tigerbeetle_pid=""
  fi
  if [ -n "$tigerbeetle_dir" ]; then rm -rf "$tigerbeetle_dir"; tigerbeetle_dir=""; fi
  unset TB_ADDRESSES TB_CLUSTER_ID
}
