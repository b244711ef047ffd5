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
#
# Cluster mode (docs/operations.md "TigerBeetle cluster", decision 0580), run directly:
#   scripts/tigerbeetle.sh cluster 3 [DIR]
# formats 3 (or 1 or 6) replicas of a new cluster with a random id on free loopback ports, starts
# them, prints TB_ADDRESSES and TB_CLUSTER_ID for the service, and runs until Ctrl-C. With DIR the
# data files, logs, addresses and cluster id are kept there, and the same command later starts the
# same cluster again on them (a replica lost and restarted by hand: `tigerbeetle start` with the
# printed addresses on its data file); without DIR everything goes to a temp dir deleted at exit.

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

# Cluster mode: see the top of this file.
tigerbeetle_cluster_pids=()
tigerbeetle_cluster_dir=""
tigerbeetle_cluster_keep=""
# Seconds for every replica of a cluster to accept connections: each first opens its ~1 GiB data
# file (10-20 s on two busy cores; a three-replica start was seen to take 47 s under load).
tigerbeetle_cluster_start_timeout_s=180

# Free loopback ports below the kernel's ephemeral range: a port inside it could be taken by an
# outgoing connection while its replica is down, and the replica could not restart on it.
tigerbeetle_free_ports() {
  node -e '
    const net = require("net"); const fs = require("fs");
    let top = 32768; try { top = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || top; } catch {}
    const want = Number(process.argv[1]); const ports = [];
    const tryOne = () => { if (ports.length === want) { console.log(ports.join(" ")); return; }
      const port = 20000 + Math.floor(Math.random() * (top - 20000));
      if (ports.includes(port)) return tryOne();
      const s = net.createServer(); s.once("error", tryOne); s.listen(port, "127.0.0.1", () => s.close(() => { ports.push(port); tryOne(); })); };
    tryOne();' "$1"
}

start_tigerbeetle_cluster() {
  local count="${1:-3}" dir="${2:-}" ports i data addresses port started
  case "$count" in 1|3|6) ;; *) tigerbeetle_skip_reason="replica count must be 1, 3 or 6, got $count"; return 2 ;; esac
  find_tigerbeetle || return $?
  if [ -n "$dir" ]; then
    mkdir -p "$dir"; tigerbeetle_cluster_keep=yes
  else
    dir="$(mktemp -d "${TMPDIR:-/tmp}/payagg-tigerbeetle-cluster.XXXXXX")"
  fi
  tigerbeetle_cluster_dir="$(cd "$dir" && pwd)"
  dir="$tigerbeetle_cluster_dir"
  # A kept cluster keeps its id and addresses: every replica and client must name the same ones.
  [ -f "$dir/cluster-id" ] || od -An -N6 -tu8 /dev/urandom | tr -d ' ' > "$dir/cluster-id"
  if [ ! -f "$dir/addresses" ]; then
    ports="$(tigerbeetle_free_ports "$count")"
    echo "$ports" | tr ' ' '\n' | sed 's/^/127.0.0.1:/' | paste -sd, - > "$dir/addresses"
  fi
  TB_CLUSTER_ID="$(cat "$dir/cluster-id")"; addresses="$(cat "$dir/addresses")"
  for i in $(seq 0 $((count - 1))); do
    data="$dir/${TB_CLUSTER_ID}_$i.tigerbeetle"
    [ -f "$data" ] && continue
    if ! "$tigerbeetle_bin" format --cluster="$TB_CLUSTER_ID" --replica="$i" --replica-count="$count" "$data" > "$dir/format-$i.log" 2>&1; then
      tigerbeetle_skip_reason="formatting replica $i failed: $(tail -3 "$dir/format-$i.log")"
      stop_tigerbeetle_cluster; return 2
    fi
  done
  for i in $(seq 0 $((count - 1))); do
    "$tigerbeetle_bin" start --addresses="$addresses" --cache-grid="$tigerbeetle_cache_grid" "$dir/${TB_CLUSTER_ID}_$i.tigerbeetle" \
      >> "$dir/replica-$i.log" 2>&1 &
    tigerbeetle_cluster_pids+=($!)
  done
  for port in $(echo "$addresses" | tr ',' '\n' | sed 's/.*://'); do
    started=""
    for _ in $(seq 1 $((tigerbeetle_cluster_start_timeout_s * 10))); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then started=yes; break; fi
      sleep 0.1
    done
    if [ -z "$started" ]; then
      tigerbeetle_skip_reason="a replica on port $port did not start: $(tail -3 "$dir"/replica-*.log)"
      stop_tigerbeetle_cluster; return 2
    fi
  done
  export TB_ADDRESSES="$addresses" TB_CLUSTER_ID
  echo "TigerBeetle $tigerbeetle_version cluster $TB_CLUSTER_ID, $count replicas, data and logs in $dir"
  echo "  TB_ADDRESSES=$TB_ADDRESSES TB_CLUSTER_ID=$TB_CLUSTER_ID"
}

stop_tigerbeetle_cluster() {
  local pid
  for pid in "${tigerbeetle_cluster_pids[@]}"; do kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  tigerbeetle_cluster_pids=()
  if [ -n "$tigerbeetle_cluster_dir" ] && [ -z "$tigerbeetle_cluster_keep" ]; then rm -rf "$tigerbeetle_cluster_dir"; fi
  tigerbeetle_cluster_dir=""
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  case "${1:-}" in
    cluster)
      trap stop_tigerbeetle_cluster EXIT
      trap 'exit 130' INT TERM
      if ! start_tigerbeetle_cluster "${2:-3}" "${3:-}"; then echo "scripts/tigerbeetle.sh: $tigerbeetle_skip_reason" >&2; exit 1; fi
      echo "Running until Ctrl-C."
      wait
      ;;
    *)
      echo "usage: scripts/tigerbeetle.sh cluster [1|3|6] [DIR]   (or source it: start_tigerbeetle / stop_tigerbeetle)" >&2
      exit 2
      ;;
  esac
fi
