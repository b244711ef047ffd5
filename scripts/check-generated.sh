#!/usr/bin/env bash
# Fails when the committed generated code differs from what spec/ generates now.
# Runs scripts/generate.sh, then compares packages/contract and clients/python with git:
# modified or deleted tracked files, and new files git does not know about, are all drift.
set -euo pipefail

repository_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repository_dir"
generated_paths=(packages/contract clients/python)

./scripts/generate.sh >/dev/null

drift=0
if ! git diff --quiet --exit-code -- "${generated_paths[@]}"; then
  echo "Generated code differs from the committed files:" >&2
  git --no-pager diff --stat -- "${generated_paths[@]}" >&2
  drift=1
fi
# Files generated now but never committed (ignored files such as the .venv are not listed).
untracked="$(git ls-files --others --exclude-standard -- "${generated_paths[@]}")"
if [[ -n "$untracked" ]]; then
  untracked_count="$(printf '%s\n' "$untracked" | wc -l)"
  echo "Generated files that are not committed ($untracked_count; the first 40):" >&2
  printf '%s\n' "$untracked" | head -n 40 | sed 's/^/  /' >&2
  drift=1
fi
if [[ "$drift" -ne 0 ]]; then
  echo "Run scripts/generate.sh and commit the result (generated code is never edited by hand)." >&2
  exit 1
fi
echo "generated code is up to date with spec/"
