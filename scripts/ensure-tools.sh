#!/usr/bin/env bash
# Installs the project's own pinned toolchain into .tools/: Node (the version in .node-version)
# and pnpm (package.json's exact "engines.pnpm"; not "packageManager": see docs/decisions), both from the npm registry. Nothing
# here reads or writes a global location, so a machine's own Node or pnpm (or their absence)
# changes nothing: the Makefile and ./payagg put .tools/node_modules/.bin first on PATH.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/.tools"
node_version="$(tr -d ' \n' < "$root/.node-version")"
pnpm_version="$(sed -nE 's/^ *"pnpm": *"([0-9.]+)".*/\1/p' "$root/package.json")" # engines.pnpm
[ -n "$node_version" ] && [ -n "$pnpm_version" ] || { echo "ensure-tools: cannot read the pinned versions" >&2; exit 1; }
want="node@$node_version pnpm@$pnpm_version"
stamp="$tools/.payagg-stamp"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$tools/node_modules/.bin/node" ] && [ -x "$tools/node_modules/.bin/pnpm" ]; then
  exit 0
fi
echo "installing the pinned toolchain into .tools/: $want"
mkdir -p "$tools"
# A package.json of its own keeps npm from walking up to the workspace's. Both packages need their
# install scripts (node's fetches the platform binary); npm 11 warns that they are not in an
# allowScripts policy, and a stricter npm would skip them: this policy names them, pinned.
printf '{"name":"payagg-tools","private":true,"allowScripts":{"node@%s":true,"pnpm@%s":true}}\n' "$node_version" "$pnpm_version" > "$tools/package.json"
# npm itself may be run by any Node the machine has; it only downloads packages here.
npm i --prefix "$tools" --no-audit --no-fund --no-save --loglevel=error "node@$node_version" "pnpm@$pnpm_version" >/dev/null
PATH="$tools/node_modules/.bin:$PATH"
[ "$(node -v)" = "v$node_version" ] || { echo "ensure-tools: node in .tools is $(node -v), wanted v$node_version" >&2; exit 1; }
[ "$(pnpm -v)" = "$pnpm_version" ] || { echo "ensure-tools: pnpm in .tools is $(pnpm -v), wanted $pnpm_version" >&2; exit 1; }
echo "$want" > "$stamp"
