#!/usr/bin/env bash
# One Python virtual environment for the Python-side tools: schemathesis (pinned) for the
# conformance suite, pytest and the generated client's requirements for its smoke test.
set -euo pipefail
venv="$1"; schemathesis_version="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
stamp="$venv/.payagg-stamp"
want="schemathesis==$schemathesis_version $(cat "$root"/clients/python/requirements.txt 2>/dev/null | tr '\n' ' ')"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi
python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check "schemathesis==$schemathesis_version" pytest
if [ -f "$root/clients/python/requirements.txt" ]; then
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$root/clients/python/requirements.txt"
fi
echo "$want" > "$stamp"
echo "python venv ready: $venv"
