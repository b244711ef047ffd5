#!/usr/bin/env bash
# The hosted checkout page's tests drive Debian's Chromium (playwright-core, which downloads no
# browser). Installs the `chromium` package when it is missing: as root (CI runs as root) with
# apt-get; otherwise it says what to run. CHROMIUM_PATH names another browser binary instead.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
  exit 0
fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  [ -x "$candidate" ] && exit 0
done
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: the checkout page tests need Chromium. Install Debian's package as root:" >&2
  echo "  apt-get update && apt-get install -y chromium      (or set CHROMIUM_PATH to a Chromium binary)" >&2
  exit 1
fi
echo "installing Debian's chromium for the checkout page tests (apt-get)"
log="$(mktemp)"
if ! { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium; } >"$log" 2>&1; then
  tail -n 30 "$log" >&2
  echo "ensure-chromium: apt-get could not install chromium (log above)" >&2
  rm -f "$log"; exit 1
fi
rm -f "$log"
command -v chromium >/dev/null 2>&1 || { echo "ensure-chromium: chromium installed but not on PATH" >&2; exit 1; }
echo "chromium: $(chromium --version 2>/dev/null | head -n 1)"
