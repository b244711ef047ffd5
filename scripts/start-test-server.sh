# Sourced: starts the service on the embedded default in a fresh data folder on a free port,
# waits for /healthz, creates a merchant and a partner through the CLI and exports PAYAGG_BASE_URL,
# PAYAGG_API_KEY, PAYAGG_API_SECRET, PAYAGG_PARTNER_API_KEY. stop_test_server stops it (and its PostgreSQL).
test_server_dir="$(mktemp -d /tmp/payagg-test-server.XXXXXX)"
test_server_port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
DATA_DIR="$test_server_dir" PORT="$test_server_port" RATE_LIMIT_PER_SECOND=0 \
  node services/api/src/main.ts > "$test_server_dir/server.log" 2>&1 &
test_server_pid=$!
stop_test_server() {
  kill -TERM "$test_server_pid" 2>/dev/null
  wait "$test_server_pid" 2>/dev/null
  rm -rf "$test_server_dir"
}
test_server_ready=""
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$test_server_port/healthz" >/dev/null 2>&1; then test_server_ready=yes; break; fi
  kill -0 "$test_server_pid" 2>/dev/null || break
  sleep 0.5
done
if [ -z "$test_server_ready" ]; then
  echo "server did not become healthy; its log:" >&2; cat "$test_server_dir/server.log" >&2
  stop_test_server; false
else
  creds="$(DATA_DIR="$test_server_dir" ./payagg merchants create --name "Test Suite Merchant" --scopes full --json)"
  export PAYAGG_BASE_URL="http://127.0.0.1:$test_server_port/v1"
  export PAYAGG_API_KEY="$(node -e 'console.log(JSON.parse(process.argv[1]).api_key)' "$creds")"
  export PAYAGG_API_SECRET="$(node -e 'console.log(JSON.parse(process.argv[1]).api_secret)' "$creds")"
  export PAYAGG_MERCHANT_ID="$(node -e 'console.log(JSON.parse(process.argv[1]).merchant_id)' "$creds")"
  export PAYAGG_DATA_DIR="$test_server_dir"
  # A partner of the partner wallet family (/api/v1/partner) and its X-API-Key.
  partner_creds="$(DATA_DIR="$test_server_dir" ./payagg partners create --name "Test Suite Partner" --json)"
  export PAYAGG_PARTNER_API_KEY="$(node -e 'console.log(JSON.parse(process.argv[1]).api_key)' "$partner_creds")"
  echo "test server on $PAYAGG_BASE_URL (merchant $PAYAGG_MERCHANT_ID)"
fi
