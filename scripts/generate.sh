#!/usr/bin/env bash
# Regenerates everything that is generated from spec/ — and only that:
#   packages/contract/src/{merchant,partner}.ts   openapi-typescript (version from the lockfile)
#   clients/python/                               openapi-generator `python` (jar version pinned
#                                                 in openapitools.json), from spec/merchant.yaml
#   clients/python/partner/                       the same generator, from spec/partner.yaml: the
#                                                 partner wallet family's client, payagg_partner_client
# The output is deterministic (no timestamps, no absolute paths), so running this twice changes
# nothing and scripts/check-generated.sh can diff it against the committed files.
set -euo pipefail

repository_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repository_dir"
export PATH="$repository_dir/.tools/node_modules/.bin:$repository_dir/node_modules/.bin:$PATH"

python_client_dir="clients/python"
python_package_name="payagg_client"

work_dir="$(mktemp -d)"
trap 'rm -rf "$work_dir"' EXIT

echo "==> packages/contract: openapi-typescript"
(cd packages/contract && node scripts/generate.ts)

echo "==> clients/python: openapi-generator $(node -p "require('./openapitools.json')['generator-cli'].version") (python)"
# The python generator's OpenAPI 3.1 support is beta: it is fed a bundled copy of the spec with
# the few constructs it cannot handle rewritten (see clients/tools/prepare-python-spec.ts).
redocly bundle spec/merchant.yaml --ext json --output "$work_dir/merchant.bundled.json" >"$work_dir/bundle.log" 2>&1 \
  || { cat "$work_dir/bundle.log"; exit 1; }
node clients/tools/prepare-python-spec.ts "$work_dir/merchant.bundled.json" "$work_dir/merchant.python.json"

# Remove what the previous run generated (listed in .openapi-generator/FILES) so that files of
# operations or schemas deleted from the spec do not linger. Hand-written files are never listed.
if [[ -f "$python_client_dir/.openapi-generator/FILES" ]]; then
  while IFS= read -r generated_file; do
    [[ -n "$generated_file" ]] && rm -f -- "$python_client_dir/$generated_file"
  done <"$python_client_dir/.openapi-generator/FILES"
fi
rm -rf -- "$python_client_dir/$python_package_name" "$python_client_dir/docs"

spec_version="$(node -p "require('$work_dir/merchant.python.json').info.version")"
openapi-generator-cli generate \
  --generator-name python \
  --input-spec "$work_dir/merchant.python.json" \
  --output "$python_client_dir" \
  --package-name "$python_package_name" \
  --additional-properties "projectName=payagg-client,packageVersion=$spec_version,hideGenerationTimestamp=true" \
  >"$work_dir/python.log" 2>&1 \
  || { cat "$work_dir/python.log"; exit 1; }
echo "generated $python_client_dir ($(wc -l <"$python_client_dir/.openapi-generator/FILES") files)"

# The partner wallet family (spec/partner.yaml): its own package, payagg_partner_client, in
# clients/python/partner (generated the same way; its .openapi-generator-ignore is hand-written).
partner_client_dir="$python_client_dir/partner"
partner_package_name="payagg_partner_client"
redocly bundle spec/partner.yaml --ext json --output "$work_dir/partner.bundled.json" >"$work_dir/bundle-partner.log" 2>&1 \
  || { cat "$work_dir/bundle-partner.log"; exit 1; }
node clients/tools/prepare-python-spec.ts "$work_dir/partner.bundled.json" "$work_dir/partner.python.json"
if [[ -f "$partner_client_dir/.openapi-generator/FILES" ]]; then
  while IFS= read -r generated_file; do
    [[ -n "$generated_file" ]] && rm -f -- "$partner_client_dir/$generated_file"
  done <"$partner_client_dir/.openapi-generator/FILES"
fi
rm -rf -- "$partner_client_dir/$partner_package_name" "$partner_client_dir/docs"
partner_spec_version="$(node -p "require('$work_dir/partner.python.json').info.version")"
openapi-generator-cli generate \
  --generator-name python \
  --input-spec "$work_dir/partner.python.json" \
  --output "$partner_client_dir" \
  --package-name "$partner_package_name" \
  --additional-properties "projectName=payagg-partner-client,packageVersion=$partner_spec_version,hideGenerationTimestamp=true" \
  >"$work_dir/python-partner.log" 2>&1 \
  || { cat "$work_dir/python-partner.log"; exit 1; }
echo "generated $partner_client_dir ($(wc -l <"$partner_client_dir/.openapi-generator/FILES") files)"
