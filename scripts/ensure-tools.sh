#!/usr/bin/env bash
# Makes sure Node >= 22.12 and pnpm are on PATH. The system Node may be older (Node 20 is
# end-of-life): then Node 24 LTS comes from the npm registry into .tools/ (the Makefile puts
# .tools/node_modules/.bin first on PATH).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node_ok() {
  command -v node >/dev/null 2>&1 && node -e '
    const [major, minor] = process.versions.node.split(".").map(Number);
    process.exit(major > 22 || (major === 22 && minor >= 12) ? 0 : 1)'
}
if ! node_ok; then
  echo "system node $(node -v 2>/dev/null || echo missing) is older than 22.12: installing Node 24 into .tools/"
  npm i --prefix "$root/.tools" --no-audit --no-fund node@24 >/dev/null
  export PATH="$root/.tools/node_modules/.bin:$PATH"
  node_ok || { echo "Node 24 install failed" >&2; exit 1; }
fi
if ! command -v pnpm >/dev/null 2>&1; then
  echo "installing pnpm (corepack does not work here)"
  npm i -g pnpm@12 >/dev/null
fi
